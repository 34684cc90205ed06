import { data, redirect } from 'react-router';
import { z } from 'zod';
import { pick, telHref, webMediaUrl } from '#app/account/account.server.ts';
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
import { ptContractRead } from './pt.read.server.ts';
import type { ReadArgs } from '#app/server/member-read.server.ts';
import type { Lang } from '#api/codes.ts';
import { ptEndpoints } from '#api/endpoints/pt.ts';
import { formatDate, formatDateTimeSeconds, formatVnd } from '#api/format.ts';
import type { EContract, PtBooking, PtClub, PtContract, PtContractDetail, PtPackage, PtTrainer } from '#api/pt.ts';
import { validationMessage } from '#api/validation-messages.ts';
import { hhmm } from '#api/vietnam-time.ts';
import { readBoundedForm } from '#app/server/upload.server.ts';

// Views and actions of the PT pages (issue 13, ADR 044–045). Formatted here, on the server: the
// browser gets ready text and no date or money code.

type Args = Parameters<typeof gatewayClient>[0];

/** A PT contract as its cards and pages show it: the badge tells a declined or withdrawn one from one used up. */
export function ptContractView(c: PtContract, lang: Lang) {
  return {
    id: c.ptContractId,
    ptId: c.ptId,
    clubId: c.clubId,
    status: c.status,
    badge:
      c.closedReason === 'rejected'
        ? ('REJECTED' as const)
        : c.closedReason === 'cancelled'
          ? ('CANCELLED' as const)
          : c.status,
    packageName: pick(lang, c.packageNameVi, c.packageNameEn),
    clubName: pick(lang, c.clubNameVi, c.clubNameEn),
    trainerName: c.trainerName,
    trainerAvatarUrl: webMediaUrl(c.trainerAvatarUrl),
    sessions: c.sessions,
    sessionsLeft: c.sessionsLeft,
    validityDays: c.validityDays,
    price: formatVnd(c.price, lang),
    from: c.startDate ? formatDate(c.startDate) : null,
    to: c.endDate ? formatDate(c.endDate) : null,
    /** Where the card leads: the payment page while unpaid, the detail page after. */
    href:
      c.status === 'WAITPTCONFIRM' || c.status === 'WAITFORPAYMENT'
        ? `/pt/payment/result/${String(c.ptContractId)}`
        : `/history/pt/${String(c.ptContractId)}`,
  };
}
export type PtContractView = ReturnType<typeof ptContractView>;

/** A trainer's card: rating, years, languages, and the week at the club as "T2 06:00–12:00, 16:00–21:00" lines. */
export function trainerView(trainer: PtTrainer, lang: Lang) {
  const days = new Map<number, string[]>();
  for (const h of trainer.workingHours)
    days.set(h.weekday, [...(days.get(h.weekday) ?? []), `${hhmm(h.startMinute)}–${hhmm(h.endMinute)}`]);
  return {
    id: trainer.ptId,
    name: trainer.fullName,
    avatarUrl: webMediaUrl(trainer.avatarUrl),
    bio: pick(lang, trainer.bioVi, trainer.bioEn),
    specialities: lang === 'en' ? trainer.specialitiesEn : trainer.specialitiesVi,
    certificates: trainer.certificates,
    years: trainer.yearsOfExperience,
    languages: trainer.languages,
    rating:
      trainer.ratingAverage === null ? null : { average: trainer.ratingAverage.toFixed(1), count: trainer.ratingCount },
    week: [...days.entries()].map(([weekday, spans]) => ({ weekday, spans: spans.join(', ') })),
  };
}
export type TrainerView = ReturnType<typeof trainerView>;

export const clubView = (club: PtClub, lang: Lang) => ({
  id: club.id,
  name: pick(lang, club.nameVi, club.nameEn),
  address: `${club.address}, ${club.districtName}`,
  access: club.access,
});
export type ClubView = ReturnType<typeof clubView>;

export const packageView = (p: PtPackage, lang: Lang) => ({
  id: p.id,
  name: pick(lang, p.nameVi, p.nameEn),
  sessions: p.sessions,
  validityDays: p.validityDays,
  price: formatVnd(p.price, lang),
  perSession: formatVnd(p.pricePerSession, lang),
  isSilver: p.isSilver,
});

/** The contract's detail with its payment ready to show: for the result page and the history page. */
export async function ptDetailView(detail: PtContractDetail, lang: Lang) {
  const payment = detail.payment ? paymentView(detail.payment, lang) : null;
  const qr = payment?.open ? detail.payment?.qr : null;
  return {
    contract: ptContractView(detail, lang),
    /** Money arrived for it and waits for the club (another amount, late): no paying again until staff have looked. */
    held: detail.payment?.unbooked.some((u) => !u.reviewed) ?? false,
    payment,
    qrSvg: qr ? await qrSvg(qr.payload) : null,
    bankApps: qr
      ? bankAppLinks({
          accountNumber: qr.accountNumber,
          bankCode: qr.bankCode,
          accountName: qr.accountName,
          amount: detail.payment!.amount,
          memo: qr.memo,
          returnUrl: `${webConfig.publicUrl}/pt/payment/result/${String(detail.ptContractId)}`,
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

/** The contract read with the shell (ADR 077): for the result and history pages. 404 for another member's. */
export async function loadPtDetail(args: ReadArgs) {
  const ptContractScreen = await ptContractRead.screen(args).catch(notFoundAs404);
  const view = await ptDetailView(ptContractScreen, getLang(args.context));
  return { ...view, cards: view.contract.status === 'WAITFORPAYMENT' ? await loadCards(args) : [] };
}

const intentSchema = z.enum(['register', 'pay', 'cancel']);

/**
 * The PT pages' writes, by intent: register (a package with the page's trainer), pay (a method for
 * an accepted contract), cancel (an unpaid one). Post/redirect/get; a refusal keeps the member on the
 * page with the gateway's message and what they chose.
 */
export async function ptAction(args: Args & { params: { ptContractId?: string; ptId?: string } }) {
  const session = getSession(args.context);
  const t = getT(args.context);
  const form = await readForm(args.request);
  const intent = intentSchema.safeParse(form.get('intent'));
  if (!intent.success) throw data(null, { status: 400 });
  const call = gatewayClient(args);
  const resultOf = (id: number | string) => `/pt/payment/result/${String(id)}`;
  try {
    if (intent.data === 'register') {
      const ptId = idParam(args.params.ptId);
      const packageId = String(form.get('ptPackageId') ?? '');
      if (!/^\d{1,9}$/.test(packageId)) return { error: t('pt.choosePackage'), ptPackageId: null };
      const { data: made } = await call(ptEndpoints.register, { params: { ptPackageId: packageId, ptId } });
      return redirect(resultOf(made.ptContractId));
    }
    const id = idParam(args.params.ptContractId);
    if (intent.data === 'pay') {
      const choice = parseMethodChoice(form.get('method'));
      if (!choice) return { error: t('pt.chooseMethod'), ptPackageId: null };
      await call(ptEndpoints.pay, { params: { ptContractId: id }, json: choice });
      return redirect(resultOf(id));
    }
    await call(ptEndpoints.cancel, { params: { ptContractId: id } });
    flashToast(session, { kind: 'success', text: t('pt.cancelled') });
    return redirect('/pt');
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return { error: error.text, ptPackageId: String(form.get('ptPackageId') ?? '') || null };
  }
}

/** A PT booking card (§3): day, times, trainer, state with its icon, and what the member may do. */
export const bookingView = (b: PtBooking, lang: Lang) => ({
  id: b.bookingId,
  status: b.status,
  date: formatDate(b.date),
  time: `${b.startTime}–${b.endTime}`,
  trainerName: b.trainerName,
  clubName: pick(lang, b.clubNameVi, b.clubNameEn),
  rating: b.rating,
  canCancel: b.canCancel,
  canRate: b.canRate,
  /** A trial session (ADR 048): its answers go through the free session. */
  freeSessionId: b.freeSessionId,
  canAnswer: b.canAnswer,
});
export type BookingView = ReturnType<typeof bookingView>;

const bookingIntent = z.enum(['book', 'cancel', 'rate', 'accept', 'reject']);

/** A trial session's answers (ADR 048), by intent. */
const freeSessionAnswers = {
  cancel: ptEndpoints.cancelFreeSession,
  accept: ptEndpoints.acceptFreeSession,
  reject: ptEndpoints.rejectFreeSession,
};

/**
 * The writes of /pt/booking and /pt/free-session: book a start (a package's session, or a trial one
 * by `freeSessionId`), cancel a waiting booking, rate a completed one, accept or reject the club's
 * proposed trial time. A refusal keeps the choice and says why, on the card it concerns.
 */
export async function bookingAction(args: Args) {
  const session = getSession(args.context);
  const t = getT(args.context);
  const form = await readForm(args.request);
  const intent = bookingIntent.safeParse(form.get('intent'));
  if (!intent.success) throw data(null, { status: 400 });
  const call = gatewayClient(args);
  const field = (name: string) => String(form.get(name) ?? '');
  const freeSessionId = field('freeSessionId');
  if (freeSessionId && !/^\d{1,9}$/.test(freeSessionId)) throw data(null, { status: 400 });
  const here = new URL(args.request.url);
  try {
    if (intent.data === 'book') {
      const [contract, date, minute] = [field('ptContractId'), field('date'), field('afterMinute')];
      if (!/^\d{1,4}$/.test(minute)) return { error: t('pt.booking.chooseTime'), afterMinute: null, bookingId: null };
      if ((!freeSessionId && !/^\d{1,9}$/.test(contract)) || !/^\d{4}-\d{2}-\d{2}$/.test(date))
        throw data(null, { status: 400 });
      const json = { date, afterMinute: Number(minute) };
      if (freeSessionId) {
        await call(ptEndpoints.bookFreeSession, { params: { freeSessionId }, json });
        flashToast(session, { kind: 'success', text: t('pt.booking.requested') });
        return redirect(here.pathname + here.search);
      }
      await call(ptEndpoints.book, { params: { ptContractId: contract }, json });
      flashToast(session, { kind: 'success', text: t('pt.booking.requested') });
      return redirect(`/pt/booking?contract=${contract}&date=${date}`);
    }
    const id = field('bookingId');
    if (!/^\d{1,9}$/.test(id)) throw data(null, { status: 400 });
    if (intent.data === 'accept' || intent.data === 'reject' || (intent.data === 'cancel' && freeSessionId)) {
      if (!freeSessionId) throw data(null, { status: 400 });
      await call(freeSessionAnswers[intent.data], { params: { freeSessionId } });
      flashToast(session, {
        kind: 'success',
        text: t(
          intent.data === 'cancel'
            ? 'pt.booking.cancelled'
            : intent.data === 'accept'
              ? 'pt.trial.accepted'
              : 'pt.trial.rejected',
        ),
      });
    } else if (intent.data === 'cancel') {
      await call(ptEndpoints.cancelBooking, { params: { bookingId: id } });
      flashToast(session, { kind: 'success', text: t('pt.booking.cancelled') });
    } else {
      const rating = field('rating');
      if (!/^[1-5]$/.test(rating))
        return { error: t('pt.booking.chooseStars'), afterMinute: null, bookingId: Number(id) };
      await call(ptEndpoints.rateBooking, { params: { bookingId: id }, json: { rating: Number(rating) } });
      flashToast(session, { kind: 'success', text: t('pt.booking.thanks') });
    }
    return redirect(here.pathname + here.search);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return {
      error: error.text,
      afterMinute: field('afterMinute') || null,
      bookingId: /^\d{1,9}$/.test(field('bookingId')) ? Number(field('bookingId')) : null,
    };
  }
}

/** An e-contract as its pages show it (ADR 047). */
export const eContractView = (c: EContract, lang: Lang) => ({
  id: c.eContractId,
  ptContractId: c.ptContractId,
  status: c.status,
  packageName: pick(lang, c.packageNameVi, c.packageNameEn),
  title: c.title,
  sections: c.sections,
  documentSha256: c.documentSha256,
  createdAt: formatDate(c.createdAt.slice(0, 10)),
  signedAt: c.signedAt ? formatDateTimeSeconds(c.signedAt) : null,
  signerName: c.signerName,
  needsFullName: c.needsFullName,
});
export type EContractView = ReturnType<typeof eContractView>;

const signIntent = z.enum(['otp', 'sign']);

/**
 * /pt/contract/{id}/preview/sign's writes: send the code (intent=otp), or sign (intent=sign) with
 * the full name, the code, the agreement tick and the drawn mark if any. A refusal keeps what was
 * typed (the pad keeps its strokes: the page is not reloaded with JavaScript).
 */
export async function signAction(args: Args & { params: { eContractId?: string } }) {
  const session = getSession(args.context);
  const t = getT(args.context);
  const id = idParam(args.params.eContractId);
  const { formData: form, tooLarge } = await readBoundedForm(args.request, 160 * 1024);
  if (tooLarge) throw data(null, { status: 413 });
  const intent = signIntent.safeParse(form.get('intent'));
  if (!intent.success) throw data(null, { status: 400 });
  const call = gatewayClient(args);
  const fullName = String(form.get('fullName') ?? '').trim();
  const kept = { fullName, otpSent: intent.data === 'otp' || form.get('otpSent') === '1' };
  try {
    if (intent.data === 'otp') {
      await call(ptEndpoints.eContractOtp, { params: { id } });
      return {
        ...kept,
        otpSent: true,
        notice: t('pt.eContract.codeSent'),
        error: null,
        fieldErrors: {} as Record<string, string>,
      };
    }
    const fieldErrors: Record<string, string> = {};
    if (fullName.length < 2 || fullName.length > 100)
      fieldErrors.fullName = validationMessage(fullName ? 'invalid' : 'required', getLang(args.context));
    const otp = String(form.get('otp') ?? '').trim();
    if (!/^\d{4,6}$/.test(otp))
      fieldErrors.otp = validationMessage(otp ? 'invalid' : 'required', getLang(args.context));
    if (form.get('agree') !== 'on') fieldErrors.agree = t('pt.eContract.mustAgree');
    if (Object.keys(fieldErrors).length > 0) return { ...kept, notice: null, error: null, fieldErrors };
    const drawn = String(form.get('signaturePng') ?? '').replace(/^data:image\/png;base64,/, '');
    await call(ptEndpoints.eContractSign, {
      params: { id },
      json: { documentSha256: String(form.get('documentSha256') ?? ''), otp, fullName, signaturePng: drawn || null },
    });
    flashToast(session, { kind: 'success', text: t('pt.eContract.signed') });
    return redirect(`/pt/contract/${String(id)}/preview`);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return { ...kept, notice: null, error: error.text, fieldErrors: {} as Record<string, string> };
  }
}
