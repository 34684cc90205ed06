import { and, asc, desc, eq, getTableColumns, isNull, sql, type SQL } from 'drizzle-orm';
import {
  isAllClubPlan,
  unbookedReasons,
  type UnbookedTransfer,
  type Contract,
  type ContractDetail,
  type ContractStatus,
  type Receipt,
  type Transaction,
} from '#api/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { preparedFor } from '#gateway/db/prepared.ts';
import { cachePerDatabase, contractsScope, readVersionsOf, type ReadVersions } from '#gateway/db/read-cache.ts';
import {
  clubs,
  contracts,
  coupons,
  freezeContracts,
  memberGifts,
  paymentEvents,
  paymentPlans,
  payments,
  transactions,
} from '#gateway/db/schema/index.ts';
import { toPayment, type PaymentRow } from '#gateway/modules/payments/start.ts';
import { pricePlan } from '#gateway/modules/plans/pricing.ts';

// What a member reads about their contracts, transactions and receipts (§3). Every query is
// scoped to the caller's account: another member's id is simply not found.

export type ContractRow = typeof contracts.$inferSelect;

/** Money received for a contract and not booked, with the attempt it was meant for. */
export type UnbookedRow = UnbookedTransfer & { contractId: number; paymentId: number };
type UnbookedJson = { paymentId: number; amount: number; createdAt: string; outcome: string; needsReview: boolean };

/**
 * Transfers that reached one of the contract's payment attempts and were not booked (wrong amount,
 * late, paid twice): the payment events staff review (ADR 021), oldest first, as JSON in the
 * contract's own row, so a list of contracts is one statement whatever its length (issue 18).
 */
const unbookedOfContract = sql<UnbookedJson[]>`(
  select coalesce(json_agg(json_build_object(
    'paymentId', p.id, 'amount', e.amount, 'createdAt', e.created_at, 'outcome', e.outcome, 'needsReview', e.needs_review
  ) order by e.id), '[]'::json)
  from ${paymentEvents} e join ${payments} p on p.id = e.payment_id
  where p.contract_id = ${contracts.id} and p.freeze_contract_id is null and e.outcome in (${sql.join(
    unbookedReasons.map((reason) => sql.raw(`'${reason}'`)),
    sql`, `,
  )}))`;

/** When the contract's earliest open attempt lapses (null: none open, or cash with no end). */
const pendingUntilOfContract = sql<Date | null>`(
  select min(p.expires_at) from ${payments} p where p.contract_id = ${contracts.id} and p.freeze_contract_id is null and p.status = 'PENDING'
)`.mapWith((value: Date | string) => new Date(value));

/** A paid freeze of a membership: its first and last frozen day (ADR 036). */
export type FreezePeriod = { id: number; startDate: string; endDate: string };

/**
 * The membership's paid freezes that froze (or will freeze) at least one day, by start: whether it
 * is frozen on a day is a fact of the dates, derived at read time (no job flips a flag).
 */
const freezesOfContract = sql<FreezePeriod[]>`(
  select coalesce(json_agg(json_build_object('id', f.id, 'startDate', f.start_date, 'endDate', f.end_date) order by f.start_date), '[]'::json)
  from ${freezeContracts} f
  where f.contract_id = ${contracts.id} and f.payment_state = 'PAID' and f.end_date >= f.start_date
)`;

/** The freeze that covers `day`, else the next one to come (for the header card), else null. */
export function freezeOn(freezes: FreezePeriod[], day: string) {
  return freezes.find((f) => f.startDate <= day && f.endDate >= day) ?? freezes.find((f) => f.startDate > day) ?? null;
}

/**
 * Of its club and plan, a contract's readers need names, the hotline, the receiving account, the
 * duration and the prices; not the plan's sales texts (most of a row's bytes, parsed on every read).
 */
const contractClubColumns = (({
  id: _id,
  slug: _slug,
  cityId: _city,
  latitude: _lat,
  longitude: _lng,
  isActive: _active,
  ...kept
}) => kept)(getTableColumns(clubs));
const contractPlanColumns = (({
  tagVi: _tv,
  tagEn: _te,
  sloganVi: _sv,
  sloganEn: _se,
  descriptionVi: _dv,
  descriptionEn: _de,
  isActive: _a,
  sortOrder: _o,
  ...kept
}) => kept)(getTableColumns(paymentPlans));

type ContractSelectRow = {
  contract: ContractRow;
  club: Omit<typeof clubs.$inferSelect, 'id' | 'slug' | 'cityId' | 'latitude' | 'longitude' | 'isActive'>;
  plan: Omit<
    typeof paymentPlans.$inferSelect,
    'tagVi' | 'tagEn' | 'sloganVi' | 'sloganEn' | 'descriptionVi' | 'descriptionEn' | 'isActive' | 'sortOrder'
  >;
  couponCode: string | null;
  /** The gift a gift contract came from (ADR 035): its title names the contract. */
  gift: { titleVi: string; titleEn: string } | null;
  unbooked: UnbookedJson[];
  pendingUntil: Date | null;
  freezes: FreezePeriod[];
};
type ContractJoin = Omit<ContractSelectRow, 'unbooked'> & { unbooked: UnbookedRow[] };

const toUnbookedRow = (contractId: number, row: UnbookedJson): UnbookedRow => ({
  contractId,
  paymentId: row.paymentId,
  amount: row.amount,
  receivedAt: new Date(row.createdAt).toISOString(),
  reason: row.outcome === 'wrong_amount' ? 'wrong_amount' : 'late',
  reviewed: !row.needsReview,
});

// PGlite and node-postgres both hand `json` back parsed.
const toJoin = (row: ContractSelectRow): ContractJoin => ({
  ...row,
  unbooked: row.unbooked.map((u) => toUnbookedRow(row.contract.id, u)),
});

const contractSelect = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      contract: contracts,
      club: contractClubColumns,
      plan: contractPlanColumns,
      couponCode: coupons.code,
      gift: { titleVi: memberGifts.titleVi, titleEn: memberGifts.titleEn },
      unbooked: unbookedOfContract,
      pendingUntil: pendingUntilOfContract,
      freezes: freezesOfContract,
    })
    .from(contracts)
    .innerJoin(clubs, eq(clubs.id, contracts.clubId))
    .innerJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .leftJoin(coupons, eq(coupons.id, contracts.couponId))
    .leftJoin(memberGifts, eq(memberGifts.contractId, contracts.id))
    .where(where)
    .orderBy(desc(contracts.createdAt), desc(contracts.id));

const selectContracts = async (db: Executor, where: SQL | undefined): Promise<ContractJoin[]> =>
  ((await contractSelect(db, where)) as ContractSelectRow[]).map(toJoin);

/** §4: unpaid and failed as stored; a paid contract is FUTURE, CURRENT or PAST by its Vietnam days. */
export function contractStatus(
  row: Pick<ContractRow, 'paymentState' | 'startDate' | 'endDate'>,
  today: string,
): ContractStatus {
  if (row.paymentState !== 'PAID') return row.paymentState;
  if (row.startDate > today) return 'FUTURE';
  if (row.endDate < today) return 'PAST';
  return 'CURRENT';
}

const publicUnbooked = ({ amount, receivedAt, reason, reviewed }: UnbookedRow): UnbookedTransfer => ({
  amount,
  receivedAt,
  reason,
  reviewed,
});

/** The unbooked money of one payment attempt, for the payment view. */
export const unbookedOfPayment = (rows: UnbookedRow[], paymentId: number) =>
  rows.filter((r) => r.paymentId === paymentId).map(publicUnbooked);

/** The days from `start` to `end`, both included. */
const daysOf = (start: string, end: string) =>
  Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;

export function toContract(
  { contract, club, plan, couponCode, gift, unbooked, freezes }: ContractJoin,
  today: string,
): Contract {
  const freeze = freezeOn(freezes, today);
  // A gift contract is named by its gift and lasts the gift's days, whatever plan it rides on (ADR 035).
  const duration = contract.isGift
    ? { value: daysOf(contract.startDate, contract.endDate), unit: 'day' as const }
    : { value: plan.durationValue, unit: plan.durationUnit };
  return {
    contractId: contract.id,
    status: contractStatus(contract, today),
    clubId: contract.clubId,
    isFrozen: freeze !== null && freeze.startDate <= today,
    freeze: freeze && { freezeContractId: freeze.id, startDate: freeze.startDate, endDate: freeze.endDate },
    isGift: contract.isGift,
    paymentPlanId: contract.paymentPlanId,
    startDate: contract.startDate,
    endDate: contract.endDate,
    signDate: contract.signedAt?.toISOString() ?? null,
    createdAt: contract.createdAt.toISOString(),
    club: { nameVi: club.nameVi, nameEn: club.nameEn, hotline: club.hotline },
    paymentPlan: {
      type: plan.type,
      isBlackCard: isAllClubPlan(plan.type),
      planNameVi: gift?.titleVi ?? plan.nameVi,
      planNameEn: gift?.titleEn ?? plan.nameEn,
      duration,
    },
    paymentMethodGroupId: contract.paymentMethodGroupId,
    isCash: contract.isCash,
    amounts: {
      originalPrice: contract.originalPrice,
      membershipDiscount: contract.membershipDiscount,
      joiningFee: contract.joiningFee,
      joiningFeeDiscount: contract.joiningFeeDiscount,
      totalPayment: contract.totalPayment,
    },
    promotionCode: couponCode,
    referralCode: contract.referralCode,
    bonusDays: contract.bonusDays,
    closedAt: contract.closedAt?.toISOString() ?? null,
    closedReason: contract.closedReason,
    unbooked: unbooked.map(publicUnbooked),
  };
}

export type ContractFilters = {
  clubId?: number;
  isFrozen?: boolean;
  isGift?: boolean;
  paymentPlanId?: number;
  status?: ContractStatus;
};

/** Every contract of a member with its club, plan, coupon and unbooked money, newest first (a hot read: prepared, ADR 026). */
const contractsOfAccountStatement = preparedFor((db) =>
  contractSelect(db, eq(contracts.accountId, sql.placeholder('accountId'))).prepare('contracts_of_account'),
);

/** A member's contract rows as last read, while their read version holds (ADR 056). */
const contractRowsCache = cachePerDatabase<number, ContractJoin[]>(10_000);

/**
 * Every contract of a member, newest first. `cached` (the member's own hot reads, outside a
 * transaction): one small statement for the version, the rows from the cache when it holds; or
 * the versions a statement already read before this call (the shell's, on GET /member/home).
 */
async function contractsOfAccount(
  db: Executor,
  accountId: number,
  cached: boolean | ReadVersions,
): Promise<ContractJoin[]> {
  const read = async () =>
    ((await contractsOfAccountStatement(db).execute({ accountId })) as ContractSelectRow[]).map(toJoin);
  if (!cached) return read();
  const versions = cached === true ? await readVersionsOf(db, contractsScope(accountId)) : cached;
  const version = `${versions.scope}/${versions.catalog}`;
  const cache = contractRowsCache(db);
  const known = cache.get(accountId, version);
  if (known) return known;
  const rows = await read();
  cache.set(accountId, version, rows);
  return rows;
}

/**
 * The member's contracts, newest first, filtered, in one statement. A member has a handful: they
 * are read whole and filtered here (status is derived, so it always was filtered here).
 * `lapsed`: an open payment attempt of a listed contract is past its end (the caller expires it).
 */
export async function listContracts(
  db: Executor,
  accountId: number,
  filters: ContractFilters,
  now: Date,
  today: string,
  { cached = false }: { cached?: boolean | ReadVersions } = {},
) {
  const rows = (await contractsOfAccount(db, accountId, cached)).filter(
    ({ contract }) =>
      (filters.clubId === undefined || contract.clubId === filters.clubId) &&
      (filters.isGift === undefined || contract.isGift === filters.isGift) &&
      (filters.paymentPlanId === undefined || contract.paymentPlanId === filters.paymentPlanId),
  );
  const lapsed = rows.some((row) => row.pendingUntil !== null && row.pendingUntil <= now);
  // Status and frozenness are derived from today, so they are filtered after.
  const all = rows
    .map((row) => toContract(row, today))
    .filter(
      (c) =>
        (filters.status === undefined || c.status === filters.status) &&
        (filters.isFrozen === undefined || c.isFrozen === filters.isFrozen),
    );
  return { contracts: all, lapsed };
}

/** One of the member's contracts with its club and plan, or undefined. */
export async function findOwnContract(db: Executor, accountId: number, contractId: number) {
  const [row] = await selectContracts(db, and(eq(contracts.id, contractId), eq(contracts.accountId, accountId)));
  return row;
}

/** The latest attempt to pay a contract (any status), or undefined. */
export async function latestPayment(db: Executor, contractId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.contractId, contractId), isNull(payments.freezeContractId)))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/** The open (PENDING) attempt of a contract, newest first, or undefined. */
export async function openPayment(db: Executor, contractId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.contractId, contractId), isNull(payments.freezeContractId), eq(payments.status, 'PENDING')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

/** The part of the discount that came from the coupon: the price without it minus what was charged. */
function promoDiscountOf({ contract, plan }: ContractJoin) {
  if (contract.couponId === null) return 0;
  const without = pricePlan(plan, { isNewMember: contract.joiningFee > 0 });
  const discount = contract.membershipDiscount + contract.joiningFeeDiscount;
  return Math.max(0, Math.min(discount, without.totalPaymentFirst - contract.totalPayment));
}

/** §3 Receipt of one payment attempt: paid when paymentDate is set, otherwise pending. */
export function toReceipt(join: ContractJoin, payment: PaymentRow): Receipt {
  const { contract, club, plan } = join;
  const paid = payment.status === 'SUCCESS';
  const promoDiscount = promoDiscountOf(join);
  const discount = contract.membershipDiscount + contract.joiningFeeDiscount;
  return {
    clubNameVi: club.nameVi,
    clubNameEn: club.nameEn,
    allClubs: isAllClubPlan(plan.type),
    membershipNameVi: plan.nameVi,
    membershipNameEn: plan.nameEn,
    paymentDate: paid ? (payment.paidAt?.toISOString() ?? null) : null,
    // The bank memo for a transfer, VNPAY's transaction number once a card payment is confirmed.
    transactionId:
      paid && payment.provider === 'vnpay' && payment.providerTransactionId
        ? payment.providerTransactionId
        : payment.reference,
    duration: { value: plan.durationValue, unit: plan.durationUnit },
    membershipFee: contract.originalPrice,
    startupFee: contract.joiningFee,
    promoDiscount,
    referralInfo: contract.referralCode ? { referralCode: contract.referralCode, bonusDays: contract.bonusDays } : null,
    discount,
    planDiscount: discount - promoDiscount,
    totalPayment: contract.totalPayment,
    startDate: contract.startDate,
    endDate: contract.endDate,
    paymentMethod: payment.method,
  };
}

const receiptPayments = (rows: PaymentRow[]) => rows.filter((p) => p.status === 'SUCCESS' || p.status === 'PENDING');

type TransactionJoin = {
  transaction: typeof transactions.$inferSelect;
  club: { nameVi: string; nameEn: string };
  plan: { nameVi: string; nameEn: string };
  reference: string | null;
  closedReason: ContractRow['closedReason'];
};

const selectTransactions = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      transaction: transactions,
      club: { nameVi: clubs.nameVi, nameEn: clubs.nameEn },
      plan: { nameVi: paymentPlans.nameVi, nameEn: paymentPlans.nameEn },
      reference: payments.providerTransactionId,
      closedReason: contracts.closedReason,
    })
    .from(transactions)
    .innerJoin(contracts, eq(contracts.id, transactions.contractId))
    .innerJoin(clubs, eq(clubs.id, contracts.clubId))
    .innerJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .leftJoin(payments, eq(payments.id, transactions.paymentId))
    .where(where);

export const toTransaction = ({
  transaction: t,
  club,
  plan,
  reference,
  closedReason,
}: TransactionJoin): Transaction => ({
  transactionId: t.id,
  contractId: t.contractId,
  freezeContractId: t.freezeContractId,
  type: t.type,
  paymentType: t.paymentType,
  paymentMethod: t.paymentMethod,
  paymentLocation: t.paymentLocation,
  amount: t.amount,
  status: t.status,
  paymentDate: t.status === 'SUCCESS' ? (t.paidAt?.toISOString() ?? null) : null,
  createdAt: t.createdAt.toISOString(),
  club,
  planNameVi: plan.nameVi,
  planNameEn: plan.nameEn,
  reference,
  closedReason: t.status === 'FAIL' ? closedReason : null,
});

export async function listTransactions(db: Executor, accountId: number) {
  const rows = await selectTransactions(db, eq(transactions.accountId, accountId)).orderBy(
    desc(transactions.createdAt),
    desc(transactions.id),
  );
  return rows.map(toTransaction);
}

/** One of the member's transactions with the receipt of the payment that settled it (or the open one). */
export async function transactionDetail(db: Executor, accountId: number, transactionId: number) {
  const [row] = await selectTransactions(
    db,
    and(eq(transactions.id, transactionId), eq(transactions.accountId, accountId)),
  );
  if (!row) return undefined;
  // A freeze's fee: its receipt is on the freeze (GET /member/freeze-contract/{id}).
  if (row.transaction.freezeContractId !== null) return { ...toTransaction(row), receipt: null };
  const join = await findOwnContract(db, accountId, row.transaction.contractId);
  if (!join) return undefined;
  const payment = row.transaction.paymentId
    ? (await db.select().from(payments).where(eq(payments.id, row.transaction.paymentId)))[0]
    : await openPayment(db, join.contract.id);
  return { ...toTransaction(row), receipt: payment ? toReceipt(join, payment) : null };
}

/** GET /member/contract/{id}/detail. */
export async function contractDetail(
  db: Executor,
  join: ContractJoin,
  today: string,
  savedCardOnly: boolean,
): Promise<ContractDetail> {
  const contract = toContract(join, today);
  const txRows = await selectTransactions(
    db,
    and(eq(transactions.contractId, join.contract.id), isNull(transactions.freezeContractId)),
  ).orderBy(asc(transactions.id));
  const attempts = await db
    .select()
    .from(payments)
    .where(and(eq(payments.contractId, join.contract.id), isNull(payments.freezeContractId)))
    .orderBy(asc(payments.id));
  const open =
    join.contract.paymentState === 'WAITFORPAYMENT' ? attempts.filter((p) => p.status === 'PENDING').at(-1) : undefined;

  const timeline: ContractDetail['timeline'] = [{ kind: 'created', at: join.contract.createdAt.toISOString() }];
  if (join.contract.paymentState === 'PAID') {
    if (join.contract.signedAt) timeline.push({ kind: 'paid', at: join.contract.signedAt.toISOString() });
    timeline.push({ kind: 'starts', at: join.contract.startDate }, { kind: 'ends', at: join.contract.endDate });
  } else if (join.contract.paymentState === 'FAIL') {
    if (join.contract.closedAt && join.contract.closedReason) {
      timeline.push({ kind: join.contract.closedReason, at: join.contract.closedAt.toISOString() });
    } else {
      // Ended before the reason was recorded (migration 0005): the last attempt's end is the best guess.
      const last = attempts.at(-1);
      timeline.push({
        kind: 'failed',
        at: (last?.expiresAt ?? last?.createdAt ?? join.contract.createdAt).toISOString(),
      });
    }
  }
  return {
    ...contract,
    transactions: txRows.map(toTransaction),
    receipts: receiptPayments(attempts).map((p) => toReceipt(join, p)),
    timeline,
    payment: open ? toPayment(open, join.club, unbookedOfPayment(join.unbooked, open.id)) : null,
    savedCardOnly,
  };
}
