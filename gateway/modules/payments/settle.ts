import { and, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { afterPlanWord, formatDate } from '#contract/format.ts';
import { isAllClubPlan, PaymentLocations, PaymentMethods, planTypes } from '#contract/membership.ts';
import { vietnamDay } from '#contract/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { contracts, freezeContracts, payments, paymentPlans, ratingRequests, transactions } from '#gateway/db/schema/index.ts';
import { settleFreezeIn } from '#gateway/modules/freezes/settle.ts';
import { grantFreeSessionsIn, planWindow } from '#gateway/modules/pt/free-sessions.ts';
import { settlePtContractIn } from '#gateway/modules/pt/settle.ts';
import type { PaymentRow } from './start.ts';
import type { Deps } from '#gateway/http/context.ts';
import { deliverNoticesNow, enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { rewardReferrerIn } from '#gateway/modules/referrals/service.ts';
import { subscriptionPaidIn } from '#gateway/modules/subscriptions/settle.ts';
import { membershipEnd, nextStartDate, type Period } from './dates.ts';

// The only way money turns into a membership (security.md "Money"): the bank webhook, the VNPAY
// IPN and the staff cash confirmation all call settlePayment. Everything happens in one database
// transaction with the payment row locked, so a replay or two providers racing change nothing twice.

export type SettleInput = {
  paymentId: number;
  /** What the provider says arrived, in VND. */
  amount: number;
  providerTransactionId: string;
  paidAt: Date;
  /** Staff account for cash. */
  confirmedBy?: number;
};

export type SettleOutcome =
  /** The contract is now paid (FUTURE or CURRENT). */
  | { kind: 'settled'; contractId: number | null; accountId: number }
  /** This payment was already settled: nothing changed. */
  | { kind: 'already'; contractId: number | null }
  /** The amount differs: nothing changed; staff must look. */
  | { kind: 'wrong_amount'; contractId: number | null; expected: number }
  /** The payment expired or failed, or the contract was paid another way: nothing changed; staff must look. */
  | { kind: 'late'; contractId: number | null };
// contractId: the membership paid or paused; null for a PT package (ADR 045).

type PaymentsDeps = Pick<Deps, 'db' | 'push' | 'logger' | 'clock'>;

/** Locks and settles one payment. Call inside `db.transaction` or let it open one. */
export async function settlePaymentIn(tx: Executor, input: SettleInput, now: Date): Promise<SettleOutcome> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
  if (!payment) throw new Error(`payment ${String(input.paymentId)} does not exist`);
  if (payment.status === 'SUCCESS') return { kind: 'already', contractId: payment.contractId };
  if (input.amount !== payment.amount) return { kind: 'wrong_amount', contractId: payment.contractId, expected: payment.amount };
  // A freeze's money (ADR 036): the freeze is what gets paid, the membership only moves.
  if (payment.freezeContractId !== null) return settleFreezeIn(tx, payment, input, now);
  // A PT package's money (ADR 045): the PT contract is what gets paid.
  if (payment.ptContractId !== null) return settlePtContractIn(tx, payment, input, now);
  if (payment.contractId === null) throw new Error(`payment ${String(payment.id)} pays nothing`);

  const [contract] = await tx.select().from(contracts).where(eq(contracts.id, payment.contractId)).for('update');
  if (payment.status !== 'PENDING' || contract.paymentState !== 'WAITFORPAYMENT') return { kind: 'late', contractId: contract.id };

  const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, contract.paymentPlanId));
  const today = vietnamDay(input.paidAt);
  // Paid later than planned (cash days later, a FUTURE date already passed): start no earlier than today.
  const covering = await coveringPeriods(tx, contract.accountId, contract.clubId, isAllClubPlan(plan.type), contract.id);
  const startDate = nextStartDate(today, covering);
  const endDate = membershipEnd(startDate, { value: plan.durationValue, unit: plan.durationUnit }, contract.bonusDays);

  await bookPaymentIn(tx, payment, input, {
    attempts: and(eq(payments.contractId, contract.id), isNull(payments.freezeContractId)),
    fees: and(eq(transactions.contractId, contract.id), isNull(transactions.freezeContractId)),
  });
  await tx
    .update(contracts)
    .set({
      paymentState: 'PAID',
      signedAt: input.paidAt,
      startDate,
      endDate,
      paymentMethodGroupId: payment.method,
      isCash: payment.method === PaymentMethods.CASH,
    })
    .where(eq(contracts.id, contract.id));
  await tx
    .insert(ratingRequests)
    .values({ accountId: contract.accountId, type: 'contract', contractId: contract.id, createdAt: now })
    .onConflictDoNothing();
  await rewardReferrerIn(tx, contract, now);
  // A month of a subscription (ADR 038): starts one, or makes a renewal the current month.
  await subscriptionPaidIn(tx, { ...contract, startDate, endDate }, plan, payment, now);
  // §9 (ADR 048): some plans give free PT sessions for the membership's first 14 days, once per member.
  await grantFreeSessionsIn(
    tx,
    { accountId: contract.accountId, clubId: contract.clubId, contractId: contract.id, source: 'PLAN', count: plan.freePtSessions, ...planWindow(startDate) },
    now,
  );
  // In this transaction: the member hears of it if and only if the membership is paid (ADR 016).
  await enqueueNotice(
    tx,
    contract.accountId,
    {
      kind: 'PAYMENT',
      titleVi: 'Thanh toán thành công',
      titleEn: 'Payment received',
      bodyVi: `Gói ${afterPlanWord(plan.nameVi)} của bạn đã được kích hoạt, bắt đầu từ ${formatDate(startDate)}.`,
      bodyEn: `Your ${plan.nameEn} membership is confirmed, starting ${formatDate(startDate)}.`,
      link: `/history/membership/${String(contract.id)}`,
    },
    now,
  );
  return { kind: 'settled', contractId: contract.id, accountId: contract.accountId };
}

/**
 * The money movement itself, for a membership or a freeze: the settling attempt becomes SUCCESS,
 * the other open `attempts` of the same thing are superseded, and its `fees` are paid by it.
 */
export async function bookPaymentIn(tx: Executor, payment: PaymentRow, input: SettleInput, which: { attempts: SQL | undefined; fees: SQL | undefined | null }) {
  await tx
    .update(payments)
    .set({ status: 'SUCCESS', paidAt: input.paidAt, providerTransactionId: input.providerTransactionId, confirmedBy: input.confirmedBy ?? null })
    .where(eq(payments.id, payment.id));
  await tx
    .update(payments)
    .set({ status: 'FAIL' })
    .where(and(which.attempts, ne(payments.id, payment.id), eq(payments.status, 'PENDING')));
  // null: no fee rows (a PT package's money is its payment alone, ADR 045).
  if (which.fees === null) return;
  await tx
    .update(transactions)
    .set({
      status: 'SUCCESS',
      paidAt: input.paidAt,
      paymentId: payment.id,
      paymentMethod: payment.method,
      paymentLocation: payment.method === PaymentMethods.CASH ? PaymentLocations.COUNTER : PaymentLocations.ONLINE,
    })
    .where(which.fees);
}

/** The member's paid memberships that open the same club (same club, or all-club on either side). */
export async function coveringPeriods(tx: Executor, accountId: number, clubId: number, allClub: boolean, exceptContractId: number): Promise<Period[]> {
  const rows = await tx
    .select({ start: contracts.startDate, end: contracts.endDate })
    .from(contracts)
    .innerJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .where(
      and(
        eq(contracts.accountId, accountId),
        eq(contracts.paymentState, 'PAID'),
        ne(contracts.id, exceptContractId),
        allClub ? undefined : or(eq(contracts.clubId, clubId), inArray(paymentPlans.type, planTypes.filter(isAllClubPlan))),
      ),
    );
  return rows;
}

/** Freezes whose last open attempt lapsed become FAIL with their fee (as contracts do). */
async function failUnpaidFreezes(tx: Executor, freezeIds: number[], now: Date) {
  if (freezeIds.length === 0) return;
  const failed = await tx
    .update(freezeContracts)
    .set({ paymentState: 'FAIL', closedAt: now, closedReason: 'expired' })
    .where(
      and(
        inArray(freezeContracts.id, freezeIds),
        eq(freezeContracts.paymentState, 'WAITFORPAYMENT'),
        sql`not exists (select 1 from ${payments} p where p.freeze_contract_id = ${freezeContracts.id} and p.status = 'PENDING')`,
      ),
    )
    .returning({ id: freezeContracts.id });
  if (failed.length > 0) {
    await tx
      .update(transactions)
      .set({ status: 'FAIL' })
      .where(inArray(transactions.freezeContractId, failed.map((f) => f.id)));
  }
}

/**
 * Settles a payment in a transaction of its own, then delivers the notice it queued (ADR 016).
 * `inTx` runs in that transaction after the settling (the staff audit row, ADR 049).
 */
export async function settlePayment(
  deps: PaymentsDeps,
  input: SettleInput,
  inTx?: (tx: Executor, outcome: SettleOutcome) => Promise<void>,
): Promise<SettleOutcome> {
  const now = deps.clock.now();
  const outcome = await deps.db.transaction(async (tx) => {
    const settled = await settlePaymentIn(tx, input, now);
    if (inTx) await inTx(tx, settled);
    return settled;
  });
  if (outcome.kind === 'settled') await deliverNoticesNow(deps);
  return outcome;
}

/** A payment the provider reports as not completed (declined card, cancelled): the contract stays payable. */
export async function failPayment(db: Executor, paymentId: number, responseCode: string | null) {
  await db
    .update(payments)
    .set({ status: 'FAIL', responseCode })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'PENDING')));
}

/**
 * Bank-QR and card attempts past their 15 minutes become EXPIRED; a contract left with no open
 * attempt and no payment becomes FAIL with its transactions ("expired unpaid requests become FAIL").
 * Cash waits at the counter and never expires here. Returns how many contracts failed.
 * With `accountId`, only that member's attempts: what a member's own reads need; the 60 s sweep
 * in server.ts covers everyone.
 */
export async function expireStalePayments(db: Executor, now: Date, accountId?: number) {
  const due = and(
    eq(payments.status, 'PENDING'),
    sql`${payments.expiresAt} <= ${now.toISOString()}`,
    accountId === undefined ? undefined : eq(payments.accountId, accountId),
  );
  // Every member read asks this first: almost always nothing is due, and one indexed read answers
  // that without a write transaction (BEGIN, UPDATE, COMMIT: three round trips and a lock) — the
  // largest per-request cost of the member reads under load (issue 9 §5).
  const [any] = await db.select({ id: payments.id }).from(payments).where(due).limit(1);
  if (!any) return 0;
  return db.transaction(async (tx) => {
    // One sweep at a time across replicas (ADR 053): the one that waited reads after the other's
    // commit and finds nothing left, and two sweeps never lock the same rows in different orders.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('payment_expiry'))`);
    const expired = await tx
      .update(payments)
      .set({ status: 'EXPIRED' })
      .where(due)
      .returning({ contractId: payments.contractId, freezeContractId: payments.freezeContractId });
    await failUnpaidFreezes(tx, [...new Set(expired.flatMap((p) => (p.freezeContractId === null ? [] : [p.freezeContractId])))], now);
    // A PT package's lapsed attempt leaves it payable: the trainer's yes does not lapse (ADR 045).
    const candidates = [...new Set(expired.flatMap((p) => (p.freezeContractId === null && p.contractId !== null ? [p.contractId] : [])))];
    if (candidates.length === 0) return 0;
    const failed = await tx
      .update(contracts)
      .set({ paymentState: 'FAIL', closedAt: now, closedReason: 'expired' })
      .where(
        and(
          inArray(contracts.id, candidates),
          eq(contracts.paymentState, 'WAITFORPAYMENT'),
          sql`not exists (select 1 from ${payments} p where p.contract_id = ${contracts.id} and p.status = 'PENDING')`,
        ),
      )
      .returning({ id: contracts.id });
    if (failed.length > 0) {
      await tx
        .update(transactions)
        .set({ status: 'FAIL' })
        .where(inArray(transactions.contractId, failed.map((c) => c.id)));
    }
    return failed.length;
  });
}
