import { and, eq } from 'drizzle-orm';
import { isSubscriptionPlan } from '#api/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { contracts, type paymentPlans, subscriptionPeriods, subscriptions } from '#gateway/db/schema/index.ts';
import type { PaymentRow } from '#gateway/modules/payments/start.ts';
import { followingPeriod } from './queries.ts';

// Called by settlePaymentIn once a membership contract is paid, in its transaction (ADR 038):
// a renewal month's money makes that month the subscription's current one; a first month of a
// subscription plan starts a subscription with the card that paid it. Lock order: payment,
// contract (settlePaymentIn), then the subscription, as the renewal job's lapse takes them.

type Paid = Pick<
  typeof contracts.$inferSelect,
  'id' | 'accountId' | 'clubId' | 'paymentPlanId' | 'isGift' | 'startDate' | 'endDate'
>;
type Plan = Pick<typeof paymentPlans.$inferSelect, 'type'>;

export async function subscriptionPaidIn(tx: Executor, paid: Paid, plan: Plan, payment: PaymentRow, now: Date) {
  const [period] = await tx
    .select()
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.contractId, paid.id), eq(subscriptionPeriods.state, 'DUE')))
    .for('update');
  if (period) {
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.id, period.subscriptionId))
      .for('update');
    const [previous] = await tx
      .select({ endDate: contracts.endDate })
      .from(contracts)
      .where(eq(contracts.id, sub.currentContractId));
    const planned = followingPeriod(sub, previous.endDate);
    // Paid on time, the month keeps the subscription's calendar; paid late, it starts the day it was paid and a new calendar begins there.
    const onTime = paid.startDate === period.periodStart;
    const month = onTime
      ? { start: period.periodStart, end: period.periodEnd, anchor: planned.anchor, n: planned.n }
      : { start: paid.startDate, end: paid.endDate, anchor: paid.startDate, n: 0 };
    if (month.end !== paid.endDate)
      await tx.update(contracts).set({ endDate: month.end }).where(eq(contracts.id, paid.id));
    await tx
      .update(subscriptionPeriods)
      .set({ state: 'PAID', periodStart: month.start, periodEnd: month.end })
      .where(eq(subscriptionPeriods.id, period.id));
    await tx
      .update(subscriptions)
      .set({
        currentContractId: paid.id,
        paymentPlanId: paid.paymentPlanId,
        anchorDate: month.anchor,
        periodNumber: month.n,
        status: sub.status === 'CANCELLING' ? 'CANCELLING' : 'ACTIVE',
        // The card that paid by link becomes the card of the next renewals when there was none.
        savedCardId: sub.savedCardId ?? payment.savedCardId,
      })
      .where(eq(subscriptions.id, sub.id));
    return;
  }
  if (!isSubscriptionPlan(plan.type) || paid.isGift) return;
  // The first month. A member who somehow paid a second subscription plan keeps it as a plain month (one live subscription, 750).
  const [sub] = await tx
    .insert(subscriptions)
    .values({
      accountId: paid.accountId,
      clubId: paid.clubId,
      paymentPlanId: paid.paymentPlanId,
      savedCardId: payment.savedCardId,
      currentContractId: paid.id,
      anchorDate: paid.startDate,
      periodNumber: 0,
      status: 'ACTIVE',
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!sub) return;
  await tx.insert(subscriptionPeriods).values({
    subscriptionId: sub.id,
    periodStart: paid.startDate,
    periodEnd: paid.endDate,
    paymentPlanId: paid.paymentPlanId,
    contractId: paid.id,
    state: 'PAID',
    createdAt: now,
  });
}

/** Called when VNPAY confirms a new card (token_create's IPN): a subscription waiting for it now charges it (change-card). */
export async function subscriptionCardSavedIn(tx: Executor, cardRequestId: number, savedCardId: number) {
  await tx
    .update(subscriptions)
    .set({ savedCardId, recurringId: null, agreementCardId: null, agreementAskedAt: null, cardRequestId: null })
    .where(eq(subscriptions.cardRequestId, cardRequestId));
}
