import { data } from 'react-router';
import { z } from 'zod';
import QRCode from 'qrcode';
import { bankByCode } from '#api/banks.ts';
import { isId } from '#api/clubs.ts';
import type { Lang } from '#api/codes.ts';
import { cardResultMessages, vnpayResponseMessages } from '#api/codes.ts';
import {
  type homePageContractsSchema,
  payContractBody,
  type Contract,
  type ContractStatus,
  type Payment,
  type Receipt,
  type SavedCard,
  type Transaction,
  type UnbookedTransfer,
} from '#api/membership.ts';
import { pick, telHref } from '#app/account/account.server.ts';
import { durationText, formatDate, formatDateTime, formatDateTimeSeconds, formatVnd } from '#api/format.ts';
import { GatewayError, gatewayClient, softRead } from '#app/server/gateway.server.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

// Views of contracts, receipts, transactions and cards for the payment, history and card pages.
// Everything is formatted here, on the server, so the browser gets ready text and no formatter code.

/** A path id (contract, card): anything that is not a positive number is a 404, never a gateway call. */
export function idParam(value: string | undefined): number {
  if (!value || !isId(value)) throw data(null, { status: 404 });
  return Number(value);
}

/** The contract has been paid: FUTURE, CURRENT or PAST (§4). */
export const isPaid = (status: ContractStatus) => status === 'CURRENT' || status === 'FUTURE' || status === 'PAST';

/** The badge of a contract: an ended unpaid one says whether the member cancelled it or it expired. */
export type ContractBadge = ContractStatus | 'CANCELLED' | 'EXPIRED';
function contractBadge(c: Pick<Contract, 'status' | 'closedReason'>): ContractBadge {
  if (c.status !== 'FAIL' || c.closedReason === null) return c.status;
  return c.closedReason === 'cancelled' ? 'CANCELLED' : 'EXPIRED';
}

/**
 * Money that arrived and was not booked, as the member reads it (issue 10): how much, when, and
 * why: another amount than due, after the request ended, or on a membership already paid.
 */
function unbookedView(u: UnbookedTransfer, c: Contract, lang: Lang) {
  const why = u.reason === 'wrong_amount' ? 'wrongAmount' : isPaid(c.status) ? 'paidTwice' : 'late';
  return {
    amount: formatVnd(u.amount, lang),
    receivedAt: formatDateTime(u.receivedAt),
    why,
    reviewed: u.reviewed,
  } as const;
}
export type UnbookedView = ReturnType<typeof unbookedView>;

export function contractView(c: Contract, lang: Lang) {
  return {
    id: c.contractId,
    status: c.status,
    planName: pick(lang, c.paymentPlan.planNameVi, c.paymentPlan.planNameEn),
    clubName: pick(lang, c.club.nameVi, c.club.nameEn),
    clubId: c.clubId,
    /** The paid freeze in effect or coming (ADR 036), for "frozen until" and its page. */
    freeze: c.freeze
      ? {
          id: c.freeze.freezeContractId,
          from: formatDate(c.freeze.startDate),
          to: formatDate(c.freeze.endDate),
          inEffect: c.isFrozen,
        }
      : null,
    allClubs: c.paymentPlan.isBlackCard,
    duration: durationText(c.paymentPlan.duration, lang),
    startDate: formatDate(c.startDate),
    endDate: formatDate(c.endDate),
    signDate: c.signDate ? formatDateTimeSeconds(c.signDate) : null,
    createdAt: formatDateTimeSeconds(c.createdAt),
    total: formatVnd(c.amounts.totalPayment, lang),
    method: c.paymentMethodGroupId,
    isFrozen: c.isFrozen,
    isGift: c.isGift,
    bonusDays: c.bonusDays,
    badge: contractBadge(c),
    hotline: c.club.hotline,
    hotlineHref: telHref(c.club.hotline),
    unbooked: c.unbooked.map((u) => unbookedView(u, c, lang)),
  };
}
export type ContractView = ReturnType<typeof contractView>;

/** §3 Receipts; "successful" when a payment date exists, otherwise "pending" (§4). */
export function receiptView(r: Receipt, lang: Lang) {
  return {
    clubName: pick(lang, r.clubNameVi, r.clubNameEn),
    allClubs: r.allClubs,
    membershipName: pick(lang, r.membershipNameVi, r.membershipNameEn),
    paid: r.paymentDate !== null,
    paymentDate: r.paymentDate ? formatDateTimeSeconds(r.paymentDate) : null,
    transactionId: r.transactionId,
    duration: durationText(r.duration, lang),
    membershipFee: formatVnd(r.membershipFee, lang),
    startupFee: formatVnd(r.startupFee, lang),
    promoDiscount: r.promoDiscount > 0 ? formatVnd(-r.promoDiscount, lang) : null,
    planDiscount: r.planDiscount > 0 ? formatVnd(-r.planDiscount, lang) : null,
    referral: r.referralInfo ? { code: r.referralInfo.referralCode, days: r.referralInfo.bonusDays } : null,
    total: formatVnd(r.totalPayment, lang),
    startDate: formatDate(r.startDate),
    endDate: formatDate(r.endDate),
    method: r.paymentMethod,
  };
}
export type ReceiptView = ReturnType<typeof receiptView>;

export function transactionView(t: Transaction, lang: Lang) {
  return {
    id: t.transactionId,
    contractId: t.contractId,
    freezeContractId: t.freezeContractId,
    type: t.type,
    status: t.status,
    amount: formatVnd(t.amount, lang),
    method: t.paymentMethod,
    date: formatDateTimeSeconds(t.paymentDate ?? t.createdAt),
    paid: t.paymentDate !== null,
    planName: pick(lang, t.planNameVi, t.planNameEn),
    clubName: pick(lang, t.club.nameVi, t.club.nameEn),
    reference: t.reference,
    badge:
      t.status === 'FAIL' && t.closedReason ? (t.closedReason === 'cancelled' ? 'CANCELLED' : 'EXPIRED') : t.status,
  };
}
export type TransactionView = ReturnType<typeof transactionView>;

/** The QR image as inline SVG, drawn on the server: no QR library reaches the browser. */
export function qrSvg(payload: string) {
  return QRCode.toString(payload, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/**
 * What a payment page's poll answers (LiveStatus): paid; held (money arrived but was not booked:
 * show what happens next); pending (keep waiting); over (the attempt ended: show it).
 */
export function pollState(payment: Payment | null, paid: boolean) {
  if (paid) return 'paid';
  if (payment?.unbooked.some((u) => !u.reviewed)) return 'held';
  return payment && isOpen(payment) ? 'pending' : 'over';
}

/** Which folded part of a payment page the no-JavaScript link asked to see (?open=…), see FoldedWithoutJs in app/ui/folded.tsx. */
export function unfoldedPart(request: Request) {
  const open = new URL(request.url).searchParams.get('open');
  return open === 'another' || open === 'cancel' || open === 'unfreeze' || open === 'book' ? open : null;
}

/** The QR as a PNG download: large, with a quiet zone, for banking apps' "scan from photo" (issue 10 §5). */
export async function qrPng(payload: string, filename: string) {
  const png = await QRCode.toBuffer(payload, { type: 'png', width: 720, margin: 4, errorCorrectionLevel: 'M' });
  return new Response(new Uint8Array(png), {
    headers: {
      'content-type': 'image/png',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** A payment attempt the member can still complete: pending and not past its expiry. */
export function isOpen(payment: Payment, now = Date.now()) {
  return payment.status === 'PENDING' && (payment.expiresAt === null || Date.parse(payment.expiresAt) > now);
}

/** The message for a card payment's VNPAY answer (vnp_ResponseCode, else vnp_TransactionStatus). */
export function cardMessage(code: string | null | undefined, lang: Lang): string | null {
  if (!code) return null;
  const message = Object.hasOwn(vnpayResponseMessages, code)
    ? vnpayResponseMessages[code]
    : Object.hasOwn(cardResultMessages, code)
      ? cardResultMessages[code]
      : vnpayResponseMessages['99'];
  return message[lang];
}

export function paymentView(p: Payment, lang: Lang) {
  const bank = p.qr ? bankByCode(p.qr.bankCode) : undefined;
  return {
    id: p.id,
    method: p.method,
    status: p.status,
    open: isOpen(p),
    amount: formatVnd(p.amount, lang),
    /** Digits only, for the copy button: banking apps want a plain number. */
    amountDigits: String(p.amount),
    expiresAt: p.expiresAt,
    expiresAtText: p.expiresAt ? formatDateTimeSeconds(p.expiresAt) : null,
    qr: p.qr
      ? {
          bankShortName: p.qr.bankShortName,
          bankName: bank?.name ?? p.qr.bankShortName,
          bankCode: p.qr.bankCode,
          accountNumber: p.qr.accountNumber,
          accountName: p.qr.accountName,
          memo: p.qr.memo,
        }
      : null,
    payUrl: p.payUrl ? safePayUrl(p.payUrl) : null,
    failMessage: p.method === 2 ? cardMessage(p.responseCode, lang) : null,
    counter: p.counter
      ? {
          clubName: pick(lang, p.counter.clubNameVi, p.counter.clubNameEn),
          address: p.counter.address,
          hotline: p.counter.hotline,
          hotlineHref: telHref(p.counter.hotline),
          reference: p.counter.reference ?? null,
        }
      : null,
  };
}
export type PaymentView = ReturnType<typeof paymentView>;

export function cardView(card: SavedCard) {
  const bank = bankByCode(card.bankCode);
  return {
    id: card.id,
    // Shown as the gateway masks it, grouped for reading: "970436******1234".
    number: card.cardNumber,
    last4: card.cardNumber.replace(/\D/g, '').slice(-4),
    bankCode: card.bankCode,
    bankName: bank?.shortName ?? card.bankCode,
    cardType: card.cardType,
    isDefault: card.isDefault,
    addedAt: formatDate(card.createdAt),
  };
}
export type CardView = ReturnType<typeof cardView>;

/** A gateway 404 (not found, or someone else's) is this page's 404. */
export function notFoundAs404(error: unknown): never {
  if (error instanceof GatewayError && error.status === 404) throw data(null, { status: 404 });
  throw error;
}

type Args = Parameters<typeof gatewayClient>[0];

/** The member's saved cards; a failing card service leaves the list empty (the other methods still work). */
export const loadCards = (args: Args) => softRead(() => loadCardsStrict(args), []);

/** Any successful answer body (the write's code is what matters). */
export const anything = z.unknown();

const methodChoice = z.union([
  z.enum(['1', '2', '3']).transform((v) => ({ paymentMethodGroupId: Number(v) })),
  z
    .string()
    .regex(/^card-[1-9]\d{0,8}$/)
    .transform((v) => ({ paymentMethodGroupId: 2, savedCardId: Number(v.slice(5)) })),
]);

/** The method radio of "pay another way": 1 QR, 2 new card, 3 cash, or card-{id} for a saved card. */
export function parseMethodChoice(value: FormDataEntryValue | null) {
  const choice = methodChoice.safeParse(value);
  const body = choice.success ? payContractBody.safeParse(choice.data) : null;
  return body?.success ? body.data : null;
}

/** The query VNPAY appended, passed on as it came (only vnp_ fields, so nothing else rides along). */
export function vnpayQuery(url: string) {
  const query = new URLSearchParams();
  for (const [key, value] of new URL(url).searchParams) if (key.startsWith('vnp_')) query.append(key, value);
  return query.toString();
}

/** The same fields as the query of the gateway's return endpoints. */
export const vnpayFields = (url: string) => Object.fromEntries(new URLSearchParams(vnpayQuery(url)));

/** The home header card (§2): frozen, member, waiting for payment, or not a member yet. */
export function homeCardView(home: z.infer<typeof homePageContractsSchema>, lang: Lang) {
  const waiting = home.waitingForPayment[0] ?? null;
  return {
    frozenUntil: home.frozenUntil ? formatDate(home.frozenUntil) : null,
    /** The freeze in effect, whose page ends it ("cancel freeze"). */
    frozenId: home.frozenUntil && home.current?.freeze ? home.current.freeze.freezeContractId : null,
    current: home.current ? contractView(home.current, lang) : null,
    nextFuture: home.future[0] ? contractView(home.future[0], lang) : null,
    waiting: waiting ? contractView(waiting, lang) : null,
  };
}
export type HomeCardView = ReturnType<typeof homeCardView>;

/** Only http(s) addresses leave this site (the pay URL comes from the gateway, but a page never trusts a URL blindly). */
export function safePayUrl(value: string) {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The saved-card pages: here a failing card service is the page's error, not an empty list. */
export async function loadCardsStrict(args: Args): Promise<CardView[]> {
  return (await gatewayClient(args)(membershipEndpoints.cards)).data.map(cardView);
}
