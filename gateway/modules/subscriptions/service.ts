import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { Codes, type Lang } from '#api/codes.ts';
import { formatDate, formatVnd, smsVnd } from '#api/format.ts';
import type { ChangeCardBody } from '#api/subscription.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import {
  accounts,
  cardRequests,
  contracts,
  paymentPlans,
  payments,
  subscriptionPeriods,
  subscriptions,
  transactions,
} from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { consumeOtp, sendOtp } from '#gateway/modules/auth/otp.ts';
import { deliverNoticesNow, enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { vnpaySettings } from '#gateway/providers/card/settings.ts';
import { buildVnpayTokenCreateUrl } from '#gateway/providers/card/vnpay.ts';
import {
  blackCardPlanOf,
  dueRenewal,
  findOwnSubscription,
  hasLiveSubscription,
  latestSubscription,
  lockOwnSubscription,
  toSubscriptionView,
  upgradeRefusal,
  type SubscriptionRow,
} from './queries.ts';
import { bothTexts, notice } from '#gateway/modules/notifications/texts.ts';

// The member's actions on a subscription (issue 12 §2, ADR 038): cancel under the 4-day rule,
// upgrade to Black Card from the next month with an SMS code, and change the card that pays.

type ActionDeps = Pick<Deps, 'db' | 'clock' | 'push' | 'logger'>;

export const SUBSCRIPTION_LINK = '/home/your-plan';

export async function subscriptionView(db: Executor, sub: SubscriptionRow, now: Date) {
  return toSubscriptionView(db, sub, vietnamDay(now));
}

/** GET /member/contract/subscription/allow. */
export async function allowSubscription(db: Executor, accountId: number) {
  const live = await hasLiveSubscription(db, accountId);
  return { allowed: !live, code: live ? Codes.SUBSCRIPTION_EXISTS : null };
}

/** Withdraws an unpaid renewal month: its contract, open attempts and fee fail (cancelled). */
async function withdrawRenewalIn(tx: Executor, subscriptionId: number, now: Date) {
  const period = await dueRenewal(tx, subscriptionId);
  if (!period) return;
  const [contract] = await tx.select().from(contracts).where(eq(contracts.id, period.contractId)).for('update');
  await tx
    .update(subscriptionPeriods)
    .set({ state: 'CANCELLED', nextAttemptOn: null })
    .where(eq(subscriptionPeriods.id, period.id));
  if (contract.paymentState !== 'WAITFORPAYMENT') return;
  await tx
    .update(payments)
    .set({ status: 'FAIL' })
    .where(and(eq(payments.contractId, contract.id), eq(payments.status, 'PENDING')));
  await tx.update(transactions).set({ status: 'FAIL' }).where(eq(transactions.contractId, contract.id));
  await tx
    .update(contracts)
    .set({ paymentState: 'FAIL', closedAt: now, closedReason: 'cancelled' })
    .where(eq(contracts.id, contract.id));
}

/**
 * PUT /member/contract/subscription/{id}/cancel (ADR 038). ACTIVE: until 4 days before the paid
 * month's end it ends with that month; later, the next month (already being charged) is the last.
 * PAST_DUE: the unpaid month is withdrawn and access ends with the paid month.
 */
export async function cancelSubscription(deps: ActionDeps, accountId: number, id: number) {
  const now = deps.clock.now();
  const today = vietnamDay(now);
  const sub = await deps.db.transaction(async (tx) => {
    const locked = await lockOwnSubscription(tx, accountId, id);
    if (locked.status !== 'ACTIVE' && locked.status !== 'PAST_DUE')
      throw new ApiError(409, Codes.SUBSCRIPTION_NOT_CANCELLABLE);
    const view = await toSubscriptionView(tx, locked, today);
    const endsOn = view.cancel!.endsOn;
    if (locked.status === 'PAST_DUE') await withdrawRenewalIn(tx, locked.id, now);
    const status = endsOn < today ? 'CANCELLED' : 'CANCELLING';
    const [updated] = await tx
      .update(subscriptions)
      .set({ status, endsOn, cancelledAt: now, pendingPlanId: null })
      .where(eq(subscriptions.id, locked.id))
      .returning();
    await enqueueNotice(
      tx,
      accountId,
      notice('subscription.cancelled', { until: formatDate(endsOn) }, { kind: 'MEMBERSHIP', link: SUBSCRIPTION_LINK }),
      now,
    );
    return updated;
  });
  await deliverNoticesNow(deps);
  return subscriptionView(deps.db, sub, now);
}

async function requireUpgradable(db: Executor, sub: SubscriptionRow) {
  const [plan] = await db.select().from(paymentPlans).where(eq(paymentPlans.id, sub.paymentPlanId));
  const black = await blackCardPlanOf(db, sub.clubId);
  if (upgradeRefusal(sub, plan, black) !== null) throw new ApiError(409, Codes.CANNOT_UPGRADE);
  return black!;
}

/** POST /member/vnpay/subscription/{id}/black-card/otp: an SMS code to the member's own phone, for this upgrade only. */
export async function sendUpgradeCode(
  deps: Deps,
  input: { accountId: number; id: number; clientIp: string; lang: Lang },
) {
  const sub = await findOwnSubscription(deps.db, input.accountId, input.id);
  await requireUpgradable(deps.db, sub);
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, input.accountId));
  const { upgrade } = await toSubscriptionView(deps.db, sub, vietnamDay(deps.clock.now()));
  const approves =
    upgrade &&
    bothTexts('subscription.upgradeApproval', {
      plan: { vi: upgrade.plan.nameVi, en: upgrade.plan.nameEn },
      amount: { vi: smsVnd(upgrade.difference, 'vi'), en: smsVnd(upgrade.difference, 'en') },
      from: formatDate(upgrade.fromDate),
    });
  return sendOtp(deps, {
    phone: account.phoneNumber,
    purpose: 'subscription_upgrade',
    accountId: input.accountId,
    clientIp: input.clientIp,
    lang: input.lang,
    approves: approves ?? undefined,
  });
}

/** PUT /member/vnpay/subscription/{id}/black-card/upgrade {otpCode} → 1103: Black Card from the next month not yet made. */
export async function upgradeToBlackCard(deps: Deps, input: { accountId: number; id: number; otpCode: string }) {
  const sub = await findOwnSubscription(deps.db, input.accountId, input.id);
  await requireUpgradable(deps.db, sub);
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, input.accountId));
  await consumeOtp(deps, {
    phone: account.phoneNumber,
    purpose: 'subscription_upgrade',
    code: input.otpCode,
    accountId: input.accountId,
  });
  const now = deps.clock.now();
  const updated = await deps.db.transaction(async (tx) => {
    const locked = await lockOwnSubscription(tx, input.accountId, input.id);
    const black = await requireUpgradable(tx, locked);
    const [row] = await tx
      .update(subscriptions)
      .set({ pendingPlanId: black.id })
      .where(eq(subscriptions.id, locked.id))
      .returning();
    const view = await toSubscriptionView(tx, row, vietnamDay(now));
    const pending = view.pendingUpgrade!;
    await enqueueNotice(
      tx,
      input.accountId,
      notice(
        'subscription.upgraded',
        {
          from: formatDate(pending.fromDate),
          plan: { vi: pending.plan.nameVi, en: pending.plan.nameEn },
          price: { vi: formatVnd(pending.plan.price, 'vi'), en: formatVnd(pending.plan.price, 'en') },
        },
        { kind: 'MEMBERSHIP', link: SUBSCRIPTION_LINK },
      ),
      now,
    );
    return row;
  });
  await deliverNoticesNow(deps);
  return subscriptionView(deps.db, updated, now);
}

const sameOrigin = (url: string, origin: string) => {
  try {
    return new URL(url).origin === origin;
  } catch {
    return false;
  }
};

/**
 * PUT /member/vnpay/subscription/{id}/change-card: VNPAY's token_create page, as adding a card;
 * when its IPN saves the card, the subscription charges it (subscriptionCardSavedIn). The return
 * and cancel URLs must be the web app's (the origin of VNPAY_CARD_RETURN_URL): no open redirect.
 */
export async function startCardChange(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { accountId: number; id: number; body: ChangeCardBody; clientIp: string },
) {
  const settings = vnpaySettings(deps.config);
  const origin = new URL(settings.cardReturnUrl).origin;
  const fieldErrors: Record<string, string[]> = {};
  if (!sameOrigin(input.body.returnUrl, origin)) fieldErrors.returnUrl = ['urlInvalid'];
  if (!sameOrigin(input.body.cancelUrl, origin)) fieldErrors.cancelUrl = ['urlInvalid'];
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const sub = await lockOwnSubscription(tx, input.accountId, input.id);
    if (sub.status !== 'ACTIVE' && sub.status !== 'PAST_DUE' && sub.status !== 'CANCELLING')
      throw new ApiError(409, Codes.SUBSCRIPTION_CLOSED);
    if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, Codes.VALIDATION, { fieldErrors });
    const reference = `VS${String(input.accountId)}${randomBytes(6).toString('hex').toUpperCase()}`;
    const [request] = await tx
      .insert(cardRequests)
      .values({
        accountId: input.accountId,
        reference,
        cardType: input.body.cardType,
        status: 'PENDING',
        createdAt: now,
      })
      .returning();
    await tx.update(subscriptions).set({ cardRequestId: request.id }).where(eq(subscriptions.id, sub.id));
    const payUrl = buildVnpayTokenCreateUrl({
      ...settings,
      returnUrl: input.body.returnUrl,
      cancelUrl: input.body.cancelUrl,
      txnRef: reference,
      appUserId: String(input.accountId),
      cardType: input.body.cardType,
      locale: input.body.locale,
      clientIp: input.clientIp,
      createdAt: now,
    });
    return { payUrl };
  });
} /** The member's newest subscription as its screen shows it, or null. */
export async function currentSubscription(db: Executor, accountId: number, now: Date) {
  const sub = await latestSubscription(db, accountId);
  return sub ? subscriptionView(db, sub, now) : null;
}
