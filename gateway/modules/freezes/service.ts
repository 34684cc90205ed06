import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq } from 'drizzle-orm';
import { Codes } from '#api/codes.ts';
import {
  freezeAllowanceDays,
  type FreezeChoice,
  type FreezeContract,
  type FreezeDetail,
  type FreezePreview,
  type FreezeScreen,
} from '#api/freeze.ts';
import { PaymentLocations, PaymentMethods } from '#api/membership.ts';
import { formatDate } from '#api/format.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import {
  clubs,
  contracts,
  freezeContracts,
  freezeOptions,
  paymentPlans,
  payments,
  transactions,
} from '#gateway/db/schema/index.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { findOwnContract, listContracts, toContract, type ContractRow } from '#gateway/modules/memberships/queries.ts';
import { checkPayChoice, type PayChoice, type PurchaseContext } from '#gateway/modules/payments/choice.ts';
import { lockAccount } from '#gateway/modules/accounts/queries.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { expireStalePayments, settlePaymentIn } from '#gateway/modules/payments/settle.ts';
import { shownPayment } from '#gateway/modules/payments/shown.ts';
import { startPayment } from '#gateway/modules/payments/start.ts';
import {
  allowanceUsedBy,
  blockerCode,
  freezeBlocker,
  freezeDates,
  freezeStatus,
  frozenDaysBy,
  startWindow,
  unfreezeOn,
} from './rules.ts';
import { moveMembershipEnd } from './payable.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

// Freezing a membership (issue 12 §1, ADR 036): asked with a preview, paid through the one payment
// path (settlePayment calls settleFreezeIn), cancelled while unpaid, ended early by the member.
// Every change runs in one transaction with the member's account row locked, as a purchase does.

type FreezeRow = typeof freezeContracts.$inferSelect;

const freezeNotFound = () => new ApiError(404, Codes.FREEZE_NOT_FOUND);

/** The durations on offer, shortest first (general/freeze-price). */
export const listFreezeOptions = (db: Executor) =>
  db
    .select({ days: freezeOptions.days, price: freezeOptions.price })
    .from(freezeOptions)
    .where(eq(freezeOptions.isActive, true))
    .orderBy(asc(freezeOptions.days));

const toFreeze = (
  row: FreezeRow,
  names: { planNameVi: string; planNameEn: string; clubNameVi: string; clubNameEn: string },
  today: string,
): FreezeContract => ({
  freezeContractId: row.id,
  contractId: row.contractId,
  status: freezeStatus(row, today),
  days: row.days,
  price: row.price,
  startDate: row.startDate,
  endDate: row.endDate,
  frozenDays: frozenDaysBy(row, today),
  createdAt: row.createdAt.toISOString(),
  paidAt: row.paidAt?.toISOString() ?? null,
  unfrozenAt: row.unfrozenAt?.toISOString() ?? null,
  closedAt: row.closedAt?.toISOString() ?? null,
  closedReason: row.closedReason,
  ...names,
});

/** A freeze still to be reckoned with: unpaid, or paid and not over. */
const isOpen = (row: FreezeRow, today: string) =>
  row.paymentState === 'WAITFORPAYMENT' || ['FUTURE', 'CURRENT'].includes(freezeStatus(row, today));

/** Everything the rules need about one of the caller's memberships; undefined when it is not theirs. */
async function membershipFacts(db: Executor, accountId: number, contractId: number, today: string) {
  const join = await findOwnContract(db, accountId, contractId);
  if (!join) return undefined;
  const contract = toContract(join, today);
  const rows = await db
    .select()
    .from(freezeContracts)
    .where(eq(freezeContracts.contractId, contractId))
    .orderBy(desc(freezeContracts.id));
  const allowanceDays = freezeAllowanceDays({
    type: join.plan.type,
    duration: { value: join.plan.durationValue, unit: join.plan.durationUnit },
  });
  const used = rows.reduce((sum, row) => sum + allowanceUsedBy({ ...row, unfrozen: row.unfrozenAt !== null }), 0);
  const allowanceLeft = Math.max(0, allowanceDays - used);
  const open = rows.find((row) => isOpen(row, today)) ?? null;
  const blocker = freezeBlocker({
    allowanceDays,
    allowanceLeft,
    isGift: join.contract.isGift,
    contractStatus: contract.status,
    hasOpenFreeze: open !== null,
    today,
    membershipEnd: join.contract.endDate,
  });
  const names = {
    planNameVi: contract.paymentPlan.planNameVi,
    planNameEn: contract.paymentPlan.planNameEn,
    clubNameVi: join.club.nameVi,
    clubNameEn: join.club.nameEn,
  };
  return {
    join,
    contract,
    allowanceDays,
    allowanceLeft,
    open,
    blocker,
    names,
    window: startWindow(today, join.contract.endDate),
  };
}
type MembershipFacts = NonNullable<Awaited<ReturnType<typeof membershipFacts>>>;

/** The preview: exactly what paying for this choice will do, or the refusal it would get. */
function previewOf(
  facts: MembershipFacts,
  options: { days: number; price: number }[],
  choice: FreezeChoice,
): FreezePreview {
  if (facts.blocker) throw new ApiError(409, blockerCode[facts.blocker]);
  const option = options.find((o) => o.days === choice.days);
  if (!option) throw new ApiError(400, Codes.FREEZE_DURATION_INVALID, { fieldErrors: { days: ['invalid'] } });
  if (
    choice.startDate < facts.window.earliest ||
    choice.startDate > facts.window.latest ||
    Number.isNaN(Date.parse(`${choice.startDate}T00:00:00Z`))
  ) {
    throw new ApiError(400, Codes.FREEZE_START_INVALID, { fieldErrors: { startDate: ['invalid'] } });
  }
  if (option.days > facts.allowanceLeft) throw new ApiError(409, Codes.FREEZE_ALLOWANCE_EXCEEDED);
  const dates = freezeDates(choice.startDate, option.days, facts.join.contract.endDate);
  return {
    days: option.days,
    price: option.price,
    startDate: dates.startDate,
    endDate: dates.endDate,
    membershipEndDate: facts.join.contract.endDate,
    newMembershipEndDate: dates.newMembershipEndDate,
    allowanceLeftAfter: facts.allowanceLeft - option.days,
  };
}

/** The current membership that runs longest (the home card's), or null: what "freeze my membership" means without an id. */
export async function currentMembershipId(db: Executor, accountId: number, now: Date) {
  const { contracts: current } = await listContracts(db, accountId, { status: 'CURRENT' }, now, vietnamDay(now));
  return current.sort((a, b) => b.endDate.localeCompare(a.endDate))[0]?.contractId ?? null;
}

/** GET /member/contract/{id}/freeze-preview. */
export async function previewFreeze(
  db: Executor,
  accountId: number,
  contractId: number,
  choice: FreezeChoice,
  now: Date,
) {
  const today = vietnamDay(now);
  const facts = await membershipFacts(db, accountId, contractId, today);
  if (!facts) throw new ApiError(404, Codes.NOT_FOUND);
  return previewOf(facts, await listFreezeOptions(db), choice);
}

/** GET /member/screens/freeze/{contractId}: the rules as they stand, and the preview when the query carries a choice. */
export async function freezeScreen(
  db: Executor,
  accountId: number,
  contractId: number,
  choice: FreezeChoice | null,
  now: Date,
): Promise<FreezeScreen> {
  const today = vietnamDay(now);
  const [facts, options] = await Promise.all([
    membershipFacts(db, accountId, contractId, today),
    listFreezeOptions(db),
  ]);
  if (!facts) throw new ApiError(404, Codes.NOT_FOUND);
  let preview: FreezePreview | null = null;
  let previewError: string | null = null;
  if (choice && !facts.blocker) {
    try {
      preview = previewOf(facts, options, choice);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      previewError = String(error.code);
    }
  }
  return {
    contract: facts.contract,
    options,
    earliestStartDate: facts.window.earliest,
    latestStartDate: facts.window.latest,
    allowanceDays: facts.allowanceDays,
    allowanceLeft: facts.allowanceLeft,
    blocker: facts.blocker,
    open: facts.open && toFreeze(facts.open, facts.names, today),
    preview,
    previewError,
  };
}

type RequestBody = FreezeChoice & { paymentMethodGroupId: 1 | 2 | 3; savedCardId?: number | null };

/** POST /member/contract/{contractId}/freeze → 1042 {freeze, payment, existing}. */
export async function requestFreeze(ctx: PurchaseContext, contractId: number, body: RequestBody) {
  await expireStalePayments(ctx.db, ctx.now, ctx.accountId);
  try {
    return await ctx.db.transaction((tx) => requestIn(tx, ctx, contractId, body));
  } catch (error) {
    // Only if two requests slipped past the account lock: the second answers with the first's freeze.
    if (!isUniqueViolation(error)) throw error;
    return ctx.db.transaction((tx) => requestIn(tx, ctx, contractId, body));
  }
}

async function requestIn(tx: Executor, ctx: PurchaseContext, contractId: number, body: RequestBody) {
  await lockAccount(tx, ctx.accountId);
  const today = vietnamDay(ctx.now);
  const facts = await membershipFacts(tx, ctx.accountId, contractId, today);
  if (!facts) throw new ApiError(404, Codes.NOT_FOUND);
  const choice: PayChoice = { method: body.paymentMethodGroupId, savedCardId: body.savedCardId };
  // The same request again (a double tap, a retry): the same freeze, its open attempt.
  if (
    facts.open?.paymentState === 'WAITFORPAYMENT' &&
    facts.open.days === body.days &&
    facts.open.startDate === body.startDate
  ) {
    const savedCard = await checkPayChoice(tx, ctx.accountId, choice);
    if (!(await openFreezePayment(tx, facts.open.id)))
      await openAttempt(tx, ctx, facts.join.contract, facts.open, choice, savedCard);
    return answer(tx, ctx, facts.open.id, true);
  }
  const preview = previewOf(facts, await listFreezeOptions(tx), body);
  const savedCard = await checkPayChoice(tx, ctx.accountId, choice);
  const isCash = choice.method === PaymentMethods.CASH;
  const [freeze] = await tx
    .insert(freezeContracts)
    .values({
      accountId: ctx.accountId,
      contractId,
      days: preview.days,
      price: preview.price,
      startDate: preview.startDate,
      endDate: preview.endDate,
      paymentState: 'WAITFORPAYMENT',
      createdAt: ctx.now,
    })
    .returning();
  await tx.insert(transactions).values({
    contractId,
    freezeContractId: freeze.id,
    accountId: ctx.accountId,
    type: 'FREEZE_CONTRACT',
    paymentMethod: choice.method,
    paymentLocation: isCash ? PaymentLocations.COUNTER : PaymentLocations.ONLINE,
    amount: preview.price,
    status: 'WAITFORPAYMENT',
    createdAt: ctx.now,
  });
  if (preview.price === 0) {
    // A free duration (staff may price one at 0): settled now, through the one settle path.
    const reference = `FREE${String(contractId)}F${String(freeze.id)}${randomBytes(3).toString('hex').toUpperCase()}`;
    const [free] = await tx
      .insert(payments)
      .values({
        contractId,
        freezeContractId: freeze.id,
        accountId: ctx.accountId,
        method: choice.method,
        provider: 'free',
        reference,
        amount: 0,
        status: 'PENDING',
        createdAt: ctx.now,
      })
      .returning();
    await settlePaymentIn(
      tx,
      { paymentId: free.id, amount: 0, providerTransactionId: reference, paidAt: ctx.now },
      ctx.now,
    );
    return answer(tx, ctx, freeze.id, false);
  }
  await startPayment(tx, ctx.config, {
    contract: facts.join.contract,
    method: choice.method,
    lang: ctx.lang,
    clientIp: ctx.clientIp,
    now: ctx.now,
    savedCard,
    freeze: { id: freeze.id, price: freeze.price },
  });
  return answer(tx, ctx, freeze.id, false);
}

async function openFreezePayment(db: Executor, freezeId: number) {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.freezeContractId, freezeId), eq(payments.status, 'PENDING')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

async function openAttempt(
  tx: Executor,
  ctx: PurchaseContext,
  membership: ContractRow,
  freeze: FreezeRow,
  choice: PayChoice,
  savedCard: { id: number; token: string } | null,
) {
  await tx
    .update(payments)
    .set({ status: 'FAIL' })
    .where(and(eq(payments.freezeContractId, freeze.id), eq(payments.status, 'PENDING')));
  const isCash = choice.method === PaymentMethods.CASH;
  await tx
    .update(transactions)
    .set({ paymentMethod: choice.method, paymentLocation: isCash ? PaymentLocations.COUNTER : PaymentLocations.ONLINE })
    .where(eq(transactions.freezeContractId, freeze.id));
  return startPayment(tx, ctx.config, {
    contract: membership,
    method: choice.method,
    lang: ctx.lang,
    clientIp: ctx.clientIp,
    now: ctx.now,
    savedCard,
    freeze: { id: freeze.id, price: freeze.price },
  });
}

/** The freeze as it now stands; its detail carries the attempt just opened (the newest, or the one that paid it). */
async function answer(tx: Executor, ctx: PurchaseContext, freezeId: number, existing: boolean) {
  return { freeze: await freezeDetail(tx, ctx.accountId, freezeId, ctx.now), existing };
}

/** Locks one of the caller's freezes (404 169 otherwise) and the membership it pauses. */
async function lockOwnFreeze(tx: Executor, accountId: number, freezeId: number) {
  const [freeze] = await tx
    .select()
    .from(freezeContracts)
    .where(and(eq(freezeContracts.id, freezeId), eq(freezeContracts.accountId, accountId)))
    .for('update');
  if (!freeze) throw freezeNotFound();
  const [membership] = await tx.select().from(contracts).where(eq(contracts.id, freeze.contractId)).for('update');
  return { freeze, membership };
}

/** POST /member/freeze-contract/{id}/payment: pay an unpaid freeze another way, or again (same method → the open attempt). */
export async function payFreeze(ctx: PurchaseContext, freezeId: number, choice: PayChoice) {
  await expireStalePayments(ctx.db, ctx.now, ctx.accountId);
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.accountId);
    const { freeze, membership } = await lockOwnFreeze(tx, ctx.accountId, freezeId);
    if (freeze.paymentState !== 'WAITFORPAYMENT') throw new ApiError(409, Codes.VALIDATION);
    const savedCard = await checkPayChoice(tx, ctx.accountId, choice);
    const open = await openFreezePayment(tx, freezeId);
    const same = open && open.method === choice.method && (open.savedCardId ?? null) === (savedCard?.id ?? null);
    if (!same) await openAttempt(tx, ctx, membership, freeze, choice, savedCard);
    return answer(tx, ctx, freezeId, false);
  });
}

/** PUT /member/freeze-contract/{id}/cancel: an unpaid freeze is withdrawn (FAIL); a paid one is ended by unfreeze. */
export async function cancelFreeze(ctx: PurchaseContext, freezeId: number) {
  await expireStalePayments(ctx.db, ctx.now, ctx.accountId);
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.accountId);
    const { freeze } = await lockOwnFreeze(tx, ctx.accountId, freezeId);
    if (freeze.paymentState === 'PAID') throw new ApiError(409, Codes.VALIDATION);
    if (freeze.paymentState === 'WAITFORPAYMENT') {
      await tx
        .update(payments)
        .set({ status: 'FAIL' })
        .where(and(eq(payments.freezeContractId, freezeId), eq(payments.status, 'PENDING')));
      await tx.update(transactions).set({ status: 'FAIL' }).where(eq(transactions.freezeContractId, freezeId));
      await tx
        .update(freezeContracts)
        .set({ paymentState: 'FAIL', closedAt: ctx.now, closedReason: 'cancelled' })
        .where(eq(freezeContracts.id, freezeId));
    }
    return freezeDetail(tx, ctx.accountId, freezeId, ctx.now);
  });
}

/**
 * PUT /member/freeze-contract/{id}/unfreeze → 1043: a paid freeze ends today (or never begins); the
 * days not frozen come back as membership days (no refund, ADR 036). 170 when nothing is left to end.
 */
export async function unfreeze(ctx: PurchaseContext, freezeId: number) {
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.accountId);
    const { freeze, membership } = await lockOwnFreeze(tx, ctx.accountId, freezeId);
    const today = vietnamDay(ctx.now);
    const ended = unfreezeOn(freeze, today);
    if (!ended) throw new ApiError(409, Codes.ACTIVE_FREEZE_NOT_FOUND);
    await tx
      .update(freezeContracts)
      .set({ endDate: ended.endDate, unfrozenAt: ctx.now })
      .where(eq(freezeContracts.id, freezeId));
    await moveMembershipEnd(tx, membership, -ended.returnedDays);
    const [after] = await tx
      .select({ endDate: contracts.endDate })
      .from(contracts)
      .where(eq(contracts.id, membership.id));
    await enqueueNotice(
      tx,
      ctx.accountId,
      notice(
        'freeze.ended',
        { end: formatDate(after.endDate) },
        { kind: 'MEMBERSHIP', link: `/history/freeze/${String(freezeId)}` },
      ),
      ctx.now,
    );
    return freezeDetail(tx, ctx.accountId, freezeId, ctx.now);
  });
}

function unfreezePreviewOf(freeze: FreezeRow, membershipEnd: string, today: string) {
  const ended = unfreezeOn(freeze, today);
  return (
    ended && { returnedDays: ended.returnedDays, newMembershipEndDate: addDays(membershipEnd, -ended.returnedDays) }
  );
}

const freezeSelect = (db: Executor) =>
  db
    .select({
      freeze: freezeContracts,
      planNameVi: paymentPlans.nameVi,
      planNameEn: paymentPlans.nameEn,
      club: clubs,
      membershipEndDate: contracts.endDate,
      membershipId: contracts.id,
    })
    .from(freezeContracts)
    .innerJoin(contracts, eq(contracts.id, freezeContracts.contractId))
    .innerJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .innerJoin(clubs, eq(clubs.id, contracts.clubId));

/** GET /member/freeze-contracts: the caller's freezes, newest first. */
export async function listFreezes(db: Executor, accountId: number, now: Date) {
  const today = vietnamDay(now);
  const rows = await freezeSelect(db)
    .where(eq(freezeContracts.accountId, accountId))
    .orderBy(desc(freezeContracts.createdAt), desc(freezeContracts.id));
  return rows.map((row) =>
    toFreeze(
      row.freeze,
      {
        planNameVi: row.planNameVi,
        planNameEn: row.planNameEn,
        clubNameVi: row.club.nameVi,
        clubNameEn: row.club.nameEn,
      },
      today,
    ),
  );
}

/** GET /member/freeze-contract/{id}: the freeze, its current or settling attempt, receipt and timeline. 404 169 for anyone else's. */
export async function freezeDetail(
  db: Executor,
  accountId: number,
  freezeId: number,
  now: Date,
): Promise<FreezeDetail> {
  const today = vietnamDay(now);
  const [row] = await freezeSelect(db).where(
    and(eq(freezeContracts.id, freezeId), eq(freezeContracts.accountId, accountId)),
  );
  if (!row) throw freezeNotFound();
  const { freeze, club } = row;
  const attempts = await db
    .select()
    .from(payments)
    .where(eq(payments.freezeContractId, freezeId))
    .orderBy(asc(payments.id));
  const { payment, receipt } = await shownPayment(db, attempts, club);
  const timeline: FreezeDetail['timeline'] = [{ kind: 'created', at: freeze.createdAt.toISOString() }];
  if (freeze.paidAt) timeline.push({ kind: 'paid', at: freeze.paidAt.toISOString() });
  if (freeze.paymentState === 'PAID') {
    if (freeze.endDate >= freeze.startDate) timeline.push({ kind: 'starts', at: freeze.startDate });
    if (freeze.unfrozenAt) timeline.push({ kind: 'unfrozen', at: freeze.unfrozenAt.toISOString() });
    else timeline.push({ kind: 'ends', at: freeze.endDate });
  }
  if (freeze.closedAt && freeze.closedReason)
    timeline.push({ kind: freeze.closedReason, at: freeze.closedAt.toISOString() });
  return {
    ...toFreeze(
      freeze,
      { planNameVi: row.planNameVi, planNameEn: row.planNameEn, clubNameVi: club.nameVi, clubNameEn: club.nameEn },
      today,
    ),
    membershipEndDate: row.membershipEndDate,
    unfreezePreview: unfreezePreviewOf(freeze, row.membershipEndDate, today),
    payment,
    timeline,
    receipt,
  };
}
