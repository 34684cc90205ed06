import { data, redirect } from 'react-router';
import { z } from 'zod';
import { pick } from '#app/account/account.server.ts';
import { safePayUrl } from '#app/payments/payment.server.ts';
import { readForm } from '#app/server/form.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { webConfig } from '#app/server/config.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import type { Lang } from '#api/codes.ts';
import { formatDate, formatVnd } from '#api/format.ts';
import type { SavedCard } from '#api/membership.ts';
import { changeCardBody, upgradeBody, type Subscription } from '#api/subscription.ts';
import { validationMessage } from '#api/validation-messages.ts';

// The subscription as the pages show it (dates DD/MM/YYYY, money with the dong sign), and the
// forms: cancel, send the upgrade code, upgrade, change the card. Plain forms with PRG.

type Args = Parameters<typeof gatewayClient>[0];

const day = (iso: string) => formatDate(`${iso}T12:00:00+07:00`);

import { SUBSCRIPTION_CARD, VERIFY_UPGRADE, YOUR_PLAN } from './paths.ts';
import { subscriptionEndpoints } from '#api/endpoints/subscriptions.ts';

export function subscriptionView(sub: Subscription, lang: Lang) {
  const vnd = (amount: number) => formatVnd(amount, lang);
  const plan = (p: Subscription['plan']) => ({ name: pick(lang, p.nameVi, p.nameEn), price: vnd(p.price) });
  return {
    id: sub.id,
    status: sub.status,
    club: pick(lang, sub.club.nameVi, sub.club.nameEn),
    plan: plan(sub.plan),
    periodStart: day(sub.periodStart),
    periodEnd: day(sub.periodEnd),
    nextBilling:
      sub.nextBillingDate && sub.nextAmount !== null
        ? { date: day(sub.nextBillingDate), amount: vnd(sub.nextAmount) }
        : null,
    card: sub.card ? { number: sub.card.cardNumber, bank: sub.card.bankCode, cardType: sub.card.cardType } : null,
    autoCharge: sub.autoCharge,
    cardChangePending: sub.cardChangePending,
    endsOn: sub.endsOn ? day(sub.endsOn) : null,
    cancel: sub.cancel
      ? {
          deadline: day(sub.cancel.deadline),
          endsOn: day(sub.cancel.endsOn),
          beforeDeadline: sub.cancel.beforeDeadline,
          pastDue: sub.status === 'PAST_DUE',
        }
      : null,
    renewal: sub.renewal
      ? {
          contractId: sub.renewal.contractId,
          start: day(sub.renewal.periodStart),
          end: day(sub.renewal.periodEnd),
          amount: vnd(sub.renewal.amount),
          retryOn: sub.renewal.nextAttemptOn && sub.autoCharge ? day(sub.renewal.nextAttemptOn) : null,
          lastCode: sub.renewal.lastResponseCode,
          graceEnds: day(sub.renewal.graceEndsOn),
        }
      : null,
    upgrade: sub.upgrade
      ? { ...plan(sub.upgrade.plan), difference: vnd(sub.upgrade.difference), from: day(sub.upgrade.fromDate) }
      : null,
    pendingUpgrade: sub.pendingUpgrade
      ? { ...plan(sub.pendingUpgrade.plan), from: day(sub.pendingUpgrade.fromDate) }
      : null,
  };
}
export type SubscriptionView = ReturnType<typeof subscriptionView>;

export const cardLine = (card: SavedCard) => ({
  id: card.id,
  number: card.cardNumber,
  bank: card.bankCode,
  cardType: card.cardType,
});

/** The cancel form on /home/your-plan: the gateway applies the 4-day rule the page stated; a toast says the last day. */
export async function cancelAction(args: Args) {
  const session = getSession(args.context);
  const form = await readForm(args.request);
  const id = String(form.get('subscriptionId') ?? '');
  if (form.get('intent') !== 'cancel-subscription' || !/^\d{1,9}$/.test(id)) return redirect(YOUR_PLAN);
  try {
    const { data: sub } = await gatewayClient(args)(subscriptionEndpoints.cancel, { params: { id } });
    flashToast(session, {
      kind: 'success',
      text: getT(args.context)('subscription.cancelled', { date: day(sub.endsOn ?? sub.periodEnd) }),
    });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    flashToast(session, { kind: 'error', text: error.text });
  }
  return redirect(YOUR_PLAN);
}

const upgradeForm = z.object({
  intent: z.enum(['send', 'upgrade']),
  subscriptionId: z.string().regex(/^\d{1,9}$/),
  otpCode: z.string().max(200).optional(),
});

export type UpgradeActionData = { otpCode: string; error: string };

/**
 * The verify-upgrade page: "send" texts the code and comes back with ?sent=1 (PRG); "upgrade"
 * checks §5's 4-digit rule here first (its exact message), then the gateway's 209 / OTP_NOT_VALID /
 * 751 beside the field, keeping what was typed; success goes to the plan with 1103's toast.
 */
export async function upgradeAction(args: Args) {
  const session = getSession(args.context);
  const lang = getLang(args.context);
  const form = await readForm(args.request);
  const parsed = upgradeForm.safeParse(Object.fromEntries(form));
  if (!parsed.success) return redirect(VERIFY_UPGRADE);
  const { intent, subscriptionId, otpCode = '' } = parsed.data;
  const call = gatewayClient(args);
  if (intent === 'send') {
    try {
      const sent = await call(subscriptionEndpoints.upgradeOtp, { params: { id: subscriptionId } });
      flashToast(session, { kind: 'success', text: sent.message });
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      flashToast(session, { kind: 'error', text: error.text });
    }
    return redirect(`${VERIFY_UPGRADE}?sent=1`);
  }
  const refuse = (error: string) => data<UpgradeActionData>({ otpCode, error }, { status: 400 });
  const body = upgradeBody.safeParse({ otpCode });
  if (!body.success) return refuse(validationMessage(body.error.issues[0]?.message ?? 'otpInvalid', lang));
  try {
    const done = await call(subscriptionEndpoints.upgrade, { params: { id: subscriptionId }, json: body.data });
    flashToast(session, { kind: 'success', text: done.message });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return refuse(error.text);
  }
  return redirect(YOUR_PLAN);
}

export type CardChangeData = { payUrl: string | null; error: string | null };

/** The subscription-card page: VNPAY's token page, back to this page's return route (an answer with the URL, as saved cards do: the CSP's form-action). */
export async function changeCardAction(args: Args) {
  const lang = getLang(args.context);
  const form = await readForm(args.request);
  const id = String(form.get('subscriptionId') ?? '');
  const returnUrl = `${webConfig.publicUrl}${SUBSCRIPTION_CARD}/vnpay-return`;
  const body = changeCardBody.safeParse({
    cancelUrl: returnUrl,
    returnUrl,
    locale: lang,
    cardType: form.get('cardType') ?? undefined,
  });
  if (!/^\d{1,9}$/.test(id) || !body.success)
    return data<CardChangeData>({ payUrl: null, error: validationMessage('invalid', lang) }, { status: 400 });
  try {
    const { data: started } = await gatewayClient(args)(subscriptionEndpoints.changeCard, {
      params: { id },
      json: body.data,
    });
    return data<CardChangeData>({ payUrl: safePayUrl(started.payUrl), error: null });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return data<CardChangeData>({ payUrl: null, error: error.text }, { status: 400 });
  }
}
