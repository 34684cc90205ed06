import { data, redirect } from 'react-router';
import { z } from 'zod';
import { pick, telHref } from '#app/account/account.server.ts';
import { bankAppLinks } from '#app/payments/bank-deeplinks.ts';
import {
  idParam,
  loadCards,
  notFoundAs404,
  parseMethodChoice,
  paymentView,
  qrSvg,
} from '#app/payments/payment.server.ts';
import { webConfig } from '#app/server/config.server.ts';
import { readForm } from '#app/server/form.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { freezeDetailRead } from './freeze.read.server.ts';
import type { ReadArgs } from '#app/server/member-read.server.ts';
export { freezeQuery } from './freeze-query.ts';
import type { Lang } from '#api/codes.ts';
import { codeMessages } from '#api/codes.ts';
import type { FreezeContract, FreezeDetail, FreezeScreen } from '#api/freeze.ts';
import { formatDate, formatDateTimeSeconds, formatVnd } from '#api/format.ts';
import { freezeEndpoints } from '#api/endpoints/freezes.ts';

// Views and actions of the freeze pages (issue 12 §1, ADR 036). Formatted here, on the server: the
// browser gets ready text and no date or money code.

type Args = Parameters<typeof gatewayClient>[0];

export function freezeScreenView(screen: FreezeScreen, lang: Lang) {
  const { contract, preview } = screen;
  return {
    contractId: contract.contractId,
    planName: pick(lang, contract.paymentPlan.planNameVi, contract.paymentPlan.planNameEn),
    clubName: contract.paymentPlan.isBlackCard ? null : pick(lang, contract.club.nameVi, contract.club.nameEn),
    endDate: formatDate(contract.endDate),
    options: screen.options.map((o) => ({
      days: o.days,
      price: formatVnd(o.price, lang),
      withinAllowance: o.days <= screen.allowanceLeft,
    })),
    earliest: screen.earliestStartDate,
    latest: screen.latestStartDate,
    earliestText: formatDate(screen.earliestStartDate),
    latestText: formatDate(screen.latestStartDate),
    allowanceDays: screen.allowanceDays,
    allowanceLeft: screen.allowanceLeft,
    blocker: screen.blocker,
    openId: screen.open?.freezeContractId ?? null,
    openWaiting: screen.open?.status === 'WAITFORPAYMENT',
    preview: preview && {
      days: preview.days,
      startDate: preview.startDate,
      range: { from: formatDate(preview.startDate), to: formatDate(preview.endDate) },
      newEnd: formatDate(preview.newMembershipEndDate),
      price: formatVnd(preview.price, lang),
      allowanceLeftAfter: preview.allowanceLeftAfter,
    },
    previewError: screen.previewError ? (codeMessages[screen.previewError]?.[lang] ?? null) : null,
  };
}
export type FreezeScreenView = ReturnType<typeof freezeScreenView>;

/** A freeze as its pages show it: the badge tells an expired request from a withdrawn one. */
export function freezeView(f: FreezeContract | FreezeDetail, lang: Lang) {
  return {
    id: f.freezeContractId,
    contractId: f.contractId,
    status: f.status,
    badge: f.status === 'FAIL' && f.closedReason === 'expired' ? ('EXPIRED' as const) : f.status,
    days: f.days,
    price: formatVnd(f.price, lang),
    from: formatDate(f.startDate),
    to: formatDate(f.endDate),
    frozenDays: f.frozenDays,
    planName: pick(lang, f.planNameVi, f.planNameEn),
    clubName: pick(lang, f.clubNameVi, f.clubNameEn),
  };
}

/** The freeze's detail with its payment ready to show: for the result page and the history page. */
export async function freezeDetailView(detail: FreezeDetail, lang: Lang) {
  const payment = detail.payment ? paymentView(detail.payment, lang) : null;
  const qr = payment?.open ? detail.payment?.qr : null;
  return {
    freeze: freezeView(detail, lang),
    membershipEnd: formatDate(detail.membershipEndDate),
    /** Money arrived for it and waits for the club (another amount, late): no paying again until staff have looked. */
    held: detail.payment?.unbooked.some((u) => !u.reviewed) ?? false,
    unfreeze: detail.unfreezePreview && {
      days: detail.unfreezePreview.returnedDays,
      newEnd: formatDate(detail.unfreezePreview.newMembershipEndDate),
    },
    payment,
    qrSvg: qr ? await qrSvg(qr.payload) : null,
    bankApps: qr
      ? bankAppLinks({
          accountNumber: qr.accountNumber,
          bankCode: qr.bankCode,
          accountName: qr.accountName,
          amount: detail.payment!.amount,
          memo: qr.memo,
          returnUrl: `${webConfig.publicUrl}/membership/freeze/payment/result/${String(detail.freezeContractId)}`,
        })
      : [],
    hotline: detail.payment?.counter
      ? { text: detail.payment.counter.hotline, href: telHref(detail.payment.counter.hotline) }
      : null,
    timeline: detail.timeline.map((e) => ({
      kind: e.kind,
      at: /^\d{4}-\d{2}-\d{2}$/.test(e.at) ? formatDate(e.at) : formatDateTimeSeconds(e.at),
    })),
    receipt: detail.receipt && {
      paidAt: formatDateTimeSeconds(detail.receipt.paymentDate),
      transactionId: detail.receipt.transactionId,
      method: detail.receipt.paymentMethod,
      total: formatVnd(detail.receipt.totalPayment, lang),
    },
  };
}
export type FreezeDetailView = Awaited<ReturnType<typeof freezeDetailView>>;

/** The freeze read with the shell (ADR 077): for the result and history pages. 404 for another member's. */
export async function loadFreezeDetail(args: ReadArgs) {
  const freezeScreen = await freezeDetailRead.screen(args).catch(notFoundAs404);
  const lang = getLang(args.context);
  const view = await freezeDetailView(freezeScreen, lang);
  const waiting =
    view.freeze.status === 'WAITFORPAYMENT' || (view.freeze.status === 'FAIL' && view.freeze.badge === 'EXPIRED');
  return { ...view, cards: view.freeze.status === 'WAITFORPAYMENT' ? await loadCards(args) : [], waiting };
}

const intentSchema = z.enum(['request', 'pay', 'cancel', 'unfreeze']);

/**
 * The freeze pages' writes, by intent: request (the screen's Pay), pay (another way), cancel (an
 * unpaid request), unfreeze (end a paid freeze). Post/redirect/get with a toast; a refusal keeps
 * the member on the page with the gateway's message and what they chose.
 */
export async function freezeAction(args: Args & { params: { freezeId?: string } }) {
  const session = getSession(args.context);
  const t = getT(args.context);
  const form = await readForm(args.request);
  const intent = intentSchema.safeParse(form.get('intent'));
  if (!intent.success) throw data(null, { status: 400 });
  const call = gatewayClient(args);
  const resultOf = (id: number | string) => `/membership/freeze/payment/result/${String(id)}`;
  try {
    if (intent.data === 'request') {
      const contractId = idParam(String(form.get('contractId') ?? ''));
      const choice = parseMethodChoice(form.get('method'));
      if (!choice) return { error: t('contract.chooseMethod') };
      const days = Number(form.get('days'));
      const startDate = String(form.get('startDate') ?? '');
      const { data: made } = await call(freezeEndpoints.request, {
        params: { id: contractId },
        json: { ...choice, days, startDate },
      });
      return redirect(resultOf(made.freeze.freezeContractId));
    }
    const id = idParam(args.params.freezeId);
    if (intent.data === 'pay') {
      const choice = parseMethodChoice(form.get('method'));
      if (!choice) return { error: t('contract.chooseMethod') };
      await call(freezeEndpoints.pay, { params: { id }, json: choice });
      return redirect(resultOf(id));
    }
    if (intent.data === 'cancel') {
      await call(freezeEndpoints.cancel, { params: { id } });
      flashToast(session, { kind: 'success', text: t('freeze.requestCancelled') });
      return redirect(`/history/freeze/${id}`);
    }
    await call(freezeEndpoints.unfreeze, { params: { id } });
    flashToast(session, { kind: 'success', text: t('freeze.unfrozen') });
    return redirect(`/history/freeze/${id}`);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return { error: error.text };
  }
}
