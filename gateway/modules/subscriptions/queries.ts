import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { Codes } from '#api/codes.ts';
import { isSubscriptionPlan, PaymentLocations, PaymentMethods } from '#api/membership.ts';
import type { Subscription } from '#api/subscription.ts';
import { addDays } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import {
  cardRequests,
  clubs,
  contracts,
  paymentPlans,
  savedCards,
  subscriptionPeriods,
  subscriptions,
  transactions,
} from '#gateway/db/schema/index.ts';
import type { SubscriptionStatus } from '#gateway/db/schema/index.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { pricePlan } from '#gateway/modules/plans/pricing.ts';
import { billingDate, cancelDeadline, graceEnd, periodOf, type Period } from './rules.ts';

// Reading a subscription and the arithmetic every writer shares (ADR 038).

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type PeriodRow = typeof subscriptionPeriods.$inferSelect;
type PlanRow = typeof paymentPlans.$inferSelect;

export const LIVE: SubscriptionStatus[] = ['ACTIVE', 'PAST_DUE', 'CANCELLING'];
export const isLive = (status: SubscriptionStatus) => LIVE.includes(status);

export const notFound = () => new ApiError(404, Codes.NOT_FOUND);

/** A renewal month's price: the plan's monthly price without a joining fee or a coupon (the first month's coupon is not repeated). */
export const monthlyPrice = (plan: PlanRow) => pricePlan(plan, { isNewMember: false }).price;

/** The month after the last paid one, kept on the anchor's calendar when it follows on (rules.ts). */
export function followingPeriod(
  sub: Pick<SubscriptionRow, 'anchorDate' | 'periodNumber'>,
  paidEnd: string,
): Period & { anchor: string; n: number } {
  const start = addDays(paidEnd, 1);
  const onCalendar = periodOf(sub.anchorDate, sub.periodNumber + 1);
  if (onCalendar.start === start) return { ...onCalendar, anchor: sub.anchorDate, n: sub.periodNumber + 1 };
  return { ...periodOf(start, 0), anchor: start, n: 0 };
}

/** The caller's subscription by id, locked; someone else's is not found. */
export async function lockOwnSubscription(tx: Executor, accountId: number, id: number) {
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, accountId)))
    .for('update');
  if (!sub) throw notFound();
  return sub;
}

export async function findOwnSubscription(db: Executor, accountId: number, id: number) {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.id, id), eq(subscriptions.accountId, accountId)));
  if (!sub) throw notFound();
  return sub;
}

/** The member's live subscription, else the latest one. */
export async function latestSubscription(db: Executor, accountId: number) {
  const [sub] = await db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.accountId, accountId))
    .orderBy(
      sql`case when ${subscriptions.status} in ('ACTIVE', 'PAST_DUE', 'CANCELLING') then 0 else 1 end`,
      desc(subscriptions.id),
    )
    .limit(1);
  return sub;
}

export async function dueRenewal(db: Executor, subscriptionId: number) {
  const [period] = await db
    .select()
    .from(subscriptionPeriods)
    .where(and(eq(subscriptionPeriods.subscriptionId, subscriptionId), eq(subscriptionPeriods.state, 'DUE')));
  return period;
}

/** The Black Card monthly plan of the subscription's club, when it sells one. */
export async function blackCardPlanOf(db: Executor, clubId: number) {
  const [plan] = await db
    .select()
    .from(paymentPlans)
    .where(
      and(
        eq(paymentPlans.clubId, clubId),
        eq(paymentPlans.type, 'BLACK_CARD_SUBSCRIPTION'),
        eq(paymentPlans.isActive, true),
      ),
    )
    .limit(1);
  return plan;
}

/** Why this subscription cannot be upgraded now (751), or null. */
export function upgradeRefusal(sub: SubscriptionRow, plan: PlanRow, black: PlanRow | undefined) {
  if (sub.status !== 'ACTIVE' || plan.type !== 'SUBSCRIPTION' || sub.pendingPlanId !== null || !black)
    return Codes.CANNOT_UPGRADE;
  return null;
}

/** §8 750: a member with a live subscription cannot start another. */
export async function hasLiveSubscription(db: Executor, accountId: number) {
  const [row] = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(and(eq(subscriptions.accountId, accountId), inArray(subscriptions.status, LIVE)))
    .limit(1);
  return Boolean(row);
}

/** Refuses a subscription plan's purchase when the member already has a live subscription (750). */
export async function requireMaySubscribe(db: Executor, accountId: number, planType: PlanRow['type']) {
  if (isSubscriptionPlan(planType) && (await hasLiveSubscription(db, accountId)))
    throw new ApiError(409, Codes.SUBSCRIPTION_EXISTS);
}

/**
 * A subscription's first month is paid by a saved card (a VNPAY token): that card is then charged
 * every month (ADR 038). A card typed on VNPAY's page (no token), a QR or cash would leave the
 * next months nothing to charge, so they are refused (issue 38 §2). A renewal month (it has its
 * period row) may be paid any way, from its pay link.
 */
export async function requireRecurringCard(
  db: Executor,
  planType: PlanRow['type'],
  contractId: number | null,
  savedCard: unknown,
) {
  if (!savedCard && (await paidBySavedCardOnly(db, planType, contractId)))
    throw new ApiError(400, Codes.SUBSCRIPTION_CARD_REQUIRED);
}

/** Whether a contract of this plan can be paid only with a saved card: a subscription's first month, not a renewal month. */
export async function paidBySavedCardOnly(db: Executor, planType: PlanRow['type'], contractId: number | null) {
  if (!isSubscriptionPlan(planType)) return false;
  if (contractId === null) return true;
  const [renewal] = await db
    .select({ id: subscriptionPeriods.id })
    .from(subscriptionPeriods)
    .where(eq(subscriptionPeriods.contractId, contractId));
  return !renewal;
}

/** A renewal month's contract: unpaid, the monthly price as its one fee. */
export async function insertMonthContract(
  tx: Executor,
  sub: SubscriptionRow,
  plan: PlanRow,
  period: Period,
  now: Date,
) {
  const price = monthlyPrice(plan);
  const [contract] = await tx
    .insert(contracts)
    .values({
      accountId: sub.accountId,
      clubId: sub.clubId,
      paymentPlanId: plan.id,
      paymentState: 'WAITFORPAYMENT',
      startDate: period.start,
      endDate: period.end,
      paymentMethodGroupId: PaymentMethods.CARD,
      isCash: false,
      originalPrice: plan.originalPrice,
      membershipDiscount: plan.originalPrice - price,
      joiningFee: 0,
      joiningFeeDiscount: 0,
      totalPayment: price,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!contract) return null;
  await tx.insert(transactions).values({
    contractId: contract.id,
    accountId: sub.accountId,
    type: 'MEMBERSHIP_FEE',
    amount: price,
    paymentMethod: PaymentMethods.CARD,
    paymentLocation: PaymentLocations.ONLINE,
    status: 'WAITFORPAYMENT',
    createdAt: now,
  });
  return contract;
}

const planBrief = (plan: PlanRow) => ({
  id: plan.id,
  type: plan.type,
  nameVi: plan.nameVi,
  nameEn: plan.nameEn,
  price: monthlyPrice(plan),
});

/** The member's view (§3 Subscription, ADR 038): dates, card, what cancelling would do, the renewal and the upgrade on offer. */
export async function toSubscriptionView(db: Executor, sub: SubscriptionRow, today: string): Promise<Subscription> {
  const [[club], [paid], plans, period, card, request] = await Promise.all([
    db.select().from(clubs).where(eq(clubs.id, sub.clubId)),
    db.select().from(contracts).where(eq(contracts.id, sub.currentContractId)),
    db
      .select()
      .from(paymentPlans)
      .where(inArray(paymentPlans.id, [sub.paymentPlanId, ...(sub.pendingPlanId ? [sub.pendingPlanId] : [])])),
    dueRenewal(db, sub.id),
    sub.savedCardId
      ? db
          .select()
          .from(savedCards)
          .where(eq(savedCards.id, sub.savedCardId))
          .then((r) => r[0])
      : undefined,
    sub.cardRequestId
      ? db
          .select()
          .from(cardRequests)
          .where(eq(cardRequests.id, sub.cardRequestId))
          .then((r) => r[0])
      : undefined,
  ]);
  const plan = plans.find((p) => p.id === sub.paymentPlanId)!;
  const pending = sub.pendingPlanId ? plans.find((p) => p.id === sub.pendingPlanId) : undefined;
  const renewalContract = period
    ? (await db.select().from(contracts).where(eq(contracts.id, period.contractId)))[0]
    : undefined;
  const following = followingPeriod(sub, paid.endDate);
  const live = isLive(sub.status);
  // What renews next: the unpaid month if one is open, else the month after the last paid one (not after a cancellation's end).
  const renewsNext =
    live && !period && !(sub.status === 'CANCELLING' && sub.endsOn !== null && following.start > sub.endsOn);
  const nextPlan = pending ?? plan;
  const upgradeFrom = period ? followingPeriod(sub, period.periodEnd).start : following.start;
  const black = sub.status === 'ACTIVE' && !pending ? await blackCardPlanOf(db, sub.clubId) : undefined;
  const cancellable = sub.status === 'ACTIVE' || sub.status === 'PAST_DUE';
  const cancelEndsOn =
    period && sub.status === 'ACTIVE'
      ? period.periodEnd
      : today <= cancelDeadline(paid.endDate) || sub.status === 'PAST_DUE'
        ? paid.endDate
        : following.end;
  return {
    id: sub.id,
    status: sub.status,
    club: { id: club.id, nameVi: club.nameVi, nameEn: club.nameEn },
    plan: planBrief(plan),
    currentContractId: paid.id,
    periodStart: paid.startDate,
    periodEnd: paid.endDate,
    nextBillingDate: renewsNext ? billingDate(paid.endDate) : (period?.nextAttemptOn ?? null),
    nextPeriodStart: renewsNext ? following.start : (period?.periodStart ?? null),
    nextAmount: renewsNext ? monthlyPrice(nextPlan) : (renewalContract?.totalPayment ?? null),
    card:
      card && !card.deletedAt
        ? { id: card.id, cardNumber: card.cardNumber, bankCode: card.bankCode, cardType: card.cardType }
        : null,
    autoCharge:
      card && !card.deletedAt && sub.agreementCardId !== card.id
        ? null
        : Boolean(sub.recurringId && card && !card.deletedAt),
    cardChangePending: request?.status === 'PENDING',
    endsOn: sub.status === 'CANCELLING' || sub.status === 'CANCELLED' ? (sub.endsOn ?? paid.endDate) : null,
    cancel: cancellable
      ? { deadline: cancelDeadline(paid.endDate), endsOn: cancelEndsOn, beforeDeadline: cancelEndsOn === paid.endDate }
      : null,
    renewal:
      period && renewalContract
        ? {
            contractId: renewalContract.id,
            periodStart: period.periodStart,
            periodEnd: period.periodEnd,
            amount: renewalContract.totalPayment,
            attempts: period.attempts,
            nextAttemptOn: period.nextAttemptOn,
            graceEndsOn: graceEnd(addDays(period.periodStart, -1)),
            lastResponseCode: period.lastResponseCode,
          }
        : null,
    upgrade:
      black && upgradeRefusal(sub, plan, black) === null
        ? { plan: planBrief(black), difference: monthlyPrice(black) - monthlyPrice(plan), fromDate: upgradeFrom }
        : null,
    pendingUpgrade: pending ? { plan: planBrief(pending), fromDate: upgradeFrom } : null,
  };
}
