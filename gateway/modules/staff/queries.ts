import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PaymentEvent, WaitingCashContract } from '#contract/staff.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accounts, clubs, contracts, freezeContracts, paymentEvents, paymentPlans, payments } from '#gateway/db/schema/index.ts';

/** The signed-in staff member: GM works at every club (clubId null), the others at theirs. */
export type Staff = { id: number; accountType: 'EMPLOYEE' | 'LEADER' | 'GM'; clubId: number | null };

export async function loadStaff(db: Executor, accountId: number): Promise<Staff> {
  const [row] = await db.select({ id: accounts.id, accountType: accounts.accountType, clubId: accounts.clubId }).from(accounts).where(eq(accounts.id, accountId));
  return { id: row.id, accountType: row.accountType as Staff['accountType'], clubId: row.clubId };
}

/** May this staff member act on a contract of this club? */
export const worksAt = (staff: Staff, clubId: number) => staff.accountType === 'GM' || staff.clubId === clubId;

/** A club restriction for EMPLOYEE/LEADER (one that matches nothing when they have no club); for a GM the club chosen, else none. */
const clubFilter = (staff: Staff, column: typeof contracts.clubId, chosen?: number): SQL | undefined =>
  staff.accountType === 'GM' ? (chosen === undefined ? undefined : eq(column, chosen)) : staff.clubId === null ? sql`false` : eq(column, staff.clubId);

/** A pending cash payment of the contract… */
const pendingCash = and(eq(payments.contractId, contracts.id), eq(payments.provider, 'cash'), eq(payments.status, 'PENDING'));
/** …for an unpaid membership, or for an unpaid freeze (its membership is paid). */
const cashIsDue = or(and(eq(contracts.paymentState, 'WAITFORPAYMENT'), isNull(payments.freezeContractId)), eq(freezeContracts.paymentState, 'WAITFORPAYMENT'));

/** Unpaid contracts with a cash payment waiting at the counter, newest first (one row per contract). */
export async function waitingCashContracts(db: Executor, staff: Staff, phoneNumber?: string): Promise<WaitingCashContract[]> {
  const rows = await db
    .select({
      contractId: contracts.id,
      createdAt: payments.createdAt,
      phoneNumber: accounts.phoneNumber,
      fullName: accounts.fullName,
      clubId: clubs.id,
      clubNameVi: clubs.nameVi,
      clubNameEn: clubs.nameEn,
      planNameVi: paymentPlans.nameVi,
      planNameEn: paymentPlans.nameEn,
      amount: payments.amount,
      reference: payments.reference,
      freezeContractId: payments.freezeContractId,
      freezeDays: freezeContracts.days,
    })
    .from(contracts)
    .innerJoin(payments, pendingCash)
    .leftJoin(freezeContracts, eq(freezeContracts.id, payments.freezeContractId))
    .innerJoin(accounts, eq(accounts.id, contracts.accountId))
    .innerJoin(clubs, eq(clubs.id, contracts.clubId))
    .innerJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .where(and(cashIsDue, clubFilter(staff, contracts.clubId), phoneNumber ? eq(accounts.phoneNumber, phoneNumber) : undefined))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(200);
  const seen = new Set<string>();
  const key = (row: (typeof rows)[number]) => (row.freezeContractId === null ? `c${String(row.contractId)}` : `f${String(row.freezeContractId)}`);
  return rows
    .filter((row) => !seen.has(key(row)) && seen.add(key(row)))
    .map((row) => ({
      contractId: row.contractId,
      freezeContractId: row.freezeContractId,
      createdAt: row.createdAt.toISOString(),
      member: { phoneNumber: row.phoneNumber, fullName: row.fullName },
      club: { id: row.clubId, nameVi: row.clubNameVi, nameEn: row.clubNameEn },
      planNameVi: row.freezeDays === null ? row.planNameVi : `Bảo lưu ${String(row.freezeDays)} ngày · ${row.planNameVi}`,
      planNameEn: row.freezeDays === null ? row.planNameEn : `Freeze of ${String(row.freezeDays)} days · ${row.planNameEn}`,
      amount: row.amount,
      reference: row.reference,
    }));
}

/** How many memberships and freezes waitingCashContracts lists (one each, however many slips), as one scalar query (GET /staff/today). */
export function waitingCashCount(db: Executor, staff: Staff, chosenClubId?: number) {
  return db
    .select({ n: sql<number>`count(distinct (${payments.contractId}, ${payments.freezeContractId}))::int` })
    .from(contracts)
    .innerJoin(payments, pendingCash)
    .leftJoin(freezeContracts, eq(freezeContracts.id, payments.freezeContractId))
    .where(and(cashIsDue, clubFilter(staff, contracts.clubId, chosenClubId)));
}

/**
 * The cash payment a confirmation applies to: the settled one if any (a repeat), else the open one;
 * a membership's own, one of its freezes' (ADR 036), or a PT package's (ADR 045).
 */
export type CashFor = { contractId: number; freezeContractId: number | null } | { ptContractId: number };

export async function cashPaymentOf(db: Executor, of: CashFor) {
  const which =
    'ptContractId' in of
      ? eq(payments.ptContractId, of.ptContractId)
      : and(eq(payments.contractId, of.contractId), of.freezeContractId === null ? isNull(payments.freezeContractId) : eq(payments.freezeContractId, of.freezeContractId));
  const [row] = await db
    .select()
    .from(payments)
    .where(and(which, eq(payments.provider, 'cash'), inArray(payments.status, ['PENDING', 'SUCCESS'])))
    .orderBy(sql`${payments.status} = 'SUCCESS' desc`, desc(payments.id))
    .limit(1);
  return row;
}

const accountNumberOfEvent = sql<string | null>`${paymentEvents.raw}->>'accountNumber'`;
const normalized = (value: SQL) => sql`upper(regexp_replace(${value}, '[[:space:].-]', '', 'g'))`;

/**
 * Events a staff member may see: a GM all; EMPLOYEE/LEADER those of their club's payments, and
 * unmatched money that arrived on their club's account.
 */
async function eventVisibility(db: Executor, staff: Staff): Promise<SQL | undefined> {
  if (staff.accountType === 'GM') return undefined;
  if (staff.clubId === null) return sql`false`;
  const [club] = await db.select({ account: clubs.bankAccountNumber }).from(clubs).where(eq(clubs.id, staff.clubId));
  const ownPayments = eq(contracts.clubId, staff.clubId);
  if (!club?.account) return ownPayments;
  return or(ownPayments, and(isNull(paymentEvents.paymentId), sql`${normalized(accountNumberOfEvent)} = ${normalized(sql`${club.account}`)}`));
}

export async function listPaymentEvents(
  db: Executor,
  staff: Staff,
  filter: { needsReview?: boolean; id?: number; limit: number },
): Promise<PaymentEvent[]> {
  const rows = await db
    .select({
      event: paymentEvents,
      accountNumber: accountNumberOfEvent,
      contractId: payments.contractId,
      clubId: contracts.clubId,
      reference: payments.reference,
      expectedAmount: payments.amount,
    })
    .from(paymentEvents)
    .leftJoin(payments, eq(payments.id, paymentEvents.paymentId))
    .leftJoin(contracts, eq(contracts.id, payments.contractId))
    .where(
      and(
        await eventVisibility(db, staff),
        filter.needsReview === undefined ? undefined : eq(paymentEvents.needsReview, filter.needsReview),
        filter.id === undefined ? undefined : eq(paymentEvents.id, filter.id),
      ),
    )
    .orderBy(desc(paymentEvents.createdAt), desc(paymentEvents.id))
    .limit(filter.limit);
  return rows.map(({ event, ...row }) => ({
    id: event.id,
    provider: event.provider,
    externalId: event.externalId,
    amount: event.amount,
    description: event.description,
    outcome: event.outcome,
    needsReview: event.needsReview,
    reviewedBy: event.reviewedBy,
    createdAt: event.createdAt.toISOString(),
    accountNumber: row.accountNumber,
    paymentId: event.paymentId,
    contractId: row.contractId,
    clubId: row.clubId,
    reference: row.reference,
    expectedAmount: row.expectedAmount,
  }));
}

/** The club whose receiving account a payment message names (money that matched no payment), if any. */
export async function clubOfAccountNumber(db: Executor, accountNumber: string | null): Promise<number | null> {
  if (!accountNumber) return null;
  const [row] = await db
    .select({ id: clubs.id })
    .from(clubs)
    .where(sql`${normalized(sql`${clubs.bankAccountNumber}`)} = ${normalized(sql`${accountNumber}`)}`)
    .orderBy(clubs.id)
    .limit(1);
  return row?.id ?? null;
}
