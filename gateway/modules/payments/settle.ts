import { and, eq, inArray, ne, notExists, sql, type SQL } from 'drizzle-orm';
import { PaymentLocations, PaymentMethods } from '#api/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { type contracts, type freezeContracts, payments, transactions } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { kindOf, payableKinds, type SettleInput, type SettleOutcome } from './kinds.ts';
import type { PaymentRow } from './start.ts';

// The only way money turns into what it buys (security.md "Money"): the bank webhook, the VNPAY
// IPN and the staff cash confirmation all call settlePayment. Everything happens in one database
// transaction with the payment row locked, so a replay or two providers racing change nothing twice.
// What the money buys settles itself, as its payable kind registered (ADR 072).

type PaymentsDeps = Pick<Deps, 'db' | 'push' | 'logger' | 'clock'>;

/** Locks and settles one payment. Call inside `db.transaction` or let it open one. */
export async function settlePaymentIn(tx: Executor, input: SettleInput, now: Date): Promise<SettleOutcome> {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for('update');
  if (!payment) throw new Error(`payment ${String(input.paymentId)} does not exist`);
  if (payment.status === 'SUCCESS') return { kind: 'already', contractId: payment.contractId };
  if (input.amount !== payment.amount)
    return { kind: 'wrong_amount', contractId: payment.contractId, expected: payment.amount };
  // What the money buys settles it (ADR 072): a membership, a freeze's fee, a PT package.
  return kindOf(payment).settleIn(tx, payment, input, now);
}

/**
 * The money movement itself, for every kind: the settling attempt becomes SUCCESS,
 * the other open `attempts` of the same thing are superseded, and its `fees` are paid by it.
 */
export async function bookPaymentIn(
  tx: Executor,
  payment: PaymentRow,
  input: SettleInput,
  which: { attempts: SQL | undefined; fees: SQL | undefined | null },
) {
  await tx
    .update(payments)
    .set({
      status: 'SUCCESS',
      paidAt: input.paidAt,
      providerTransactionId: input.providerTransactionId,
      confirmedBy: input.confirmedBy ?? null,
    })
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
 * Bank-QR and card attempts past their 15 minutes become EXPIRED; each kind then fails what they
 * left with no open attempt and no payment (a membership or a freeze with its transactions:
 * "expired unpaid requests become FAIL"). Cash waits at the counter and never expires here.
 * Returns how many payables failed.
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
    const expired = await tx.update(payments).set({ status: 'EXPIRED' }).where(due).returning();
    let failed = 0;
    for (const kind of payableKinds()) {
      const lapsed = expired.filter((payment) => kind.pays(payment));
      if (kind.expireIn && lapsed.length > 0) failed += await kind.expireIn(tx, lapsed, now);
    }
    return failed;
  });
}

/** A payable whose attempts can lapse: its table (rows with a payment state and why they closed) and the columns that point at it. */
export type LapsingPayable = {
  table: typeof contracts | typeof freezeContracts;
  paymentsColumn: typeof payments.contractId | typeof payments.freezeContractId;
  transactionsColumn: typeof transactions.contractId | typeof transactions.freezeContractId;
};

/**
 * A payable kind's `expireIn`: of the rows these lapsed attempts were for, those still WAITFORPAYMENT with no
 * PENDING payment left become FAIL, closed as expired, with their transactions ("expired unpaid requests become
 * FAIL"). Cash waits at the counter and never lapses. Returns how many failed.
 */
export async function failUnpaidIn(tx: Executor, payable: LapsingPayable, ids: number[], now: Date) {
  // Both tables have these columns under these names; drizzle writes the SQL from the table object it is given.
  const table = payable.table as typeof contracts;
  const failed = await tx
    .update(table)
    .set({ paymentState: 'FAIL', closedAt: now, closedReason: 'expired' })
    .where(
      and(
        inArray(table.id, [...new Set(ids)]),
        eq(table.paymentState, 'WAITFORPAYMENT'),
        notExists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payable.paymentsColumn, table.id), eq(payments.status, 'PENDING'))),
        ),
      ),
    )
    .returning({ id: table.id });
  if (failed.length > 0) {
    await tx
      .update(transactions)
      .set({ status: 'FAIL' })
      .where(
        inArray(
          payable.transactionsColumn,
          failed.map((row) => row.id),
        ),
      );
  }
  return failed.length;
}
