import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '#gateway/db/client.ts';
import {
  accounts,
  cardRequests,
  paymentEvents,
  payments,
  savedCards,
  type PaymentEventOutcome,
} from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { vnpaySettings } from '#gateway/providers/card/settings.ts';
import {
  hasValidVnpaySignature,
  isVnpaySuccess,
  maskCardNumber,
  readVnpayResult,
  type VnpayResult,
  type VnpParams,
} from '#gateway/providers/card/vnpay.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { cardSavedIn, type SettleOutcome } from './kinds.ts';
import { failPayment, settlePaymentIn } from './settle.ts';

// The VNPAY IPN: the only message that changes a card payment's state (notes/providers.md,
// ADR 011). Every answer is VNPAY's {RspCode, Message}; a replay finds the state already moved
// and the event already stored, so it changes nothing and answers 02.

export type IpnCode = '00' | '01' | '02' | '04' | '97' | '99';
export type IpnAnswer = { RspCode: IpnCode; Message: string };

const ipnMessages: Record<IpnCode, string> = {
  '00': 'Confirm Success',
  '01': 'Order not found',
  '02': 'Order already confirmed',
  '04': 'Invalid amount',
  '97': 'Invalid Checksum',
  '99': 'Unknown error',
};
export const ipnAnswer = (code: IpnCode): IpnAnswer => ({ RspCode: code, Message: ipnMessages[code] });

type IpnDeps = Pick<Deps, 'db' | 'push' | 'logger' | 'clock' | 'config'>;

type EventFacts = { provider: 'vnpay'; externalId: string; description: string; raw: VnpParams; createdAt: Date };
type EventOutcome = { paymentId: number | null; amount: number; outcome: PaymentEventOutcome; needsReview: boolean };

/** Stores the message once per (TxnRef, TransactionNo, ResponseCode); a replay inserts nothing. */
async function record(db: Executor, facts: EventFacts, outcome: EventOutcome) {
  await db
    .insert(paymentEvents)
    .values({ ...facts, ...outcome })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.externalId] });
}

/** Declined, but the bank may have debited the member (07 suspected fraud, 04 reversed): staff must look. */
const moneyMayHaveMoved = (result: VnpayResult) =>
  result.responseCode === '07' || result.transactionStatus === '04' || result.transactionStatus === '07';

/** What each settle outcome is recorded as, and what VNPAY is answered. */
const IPN_OUTCOMES: Record<
  SettleOutcome['kind'],
  { event: { outcome: PaymentEventOutcome; needsReview: boolean }; rspCode: '00' | '02' | '04' }
> = {
  settled: { event: { outcome: 'matched', needsReview: false }, rspCode: '00' },
  already: { event: { outcome: 'ignored', needsReview: false }, rspCode: '02' },
  wrong_amount: { event: { outcome: 'wrong_amount', needsReview: true }, rspCode: '04' },
  late: { event: { outcome: 'late', needsReview: true }, rspCode: '02' },
};

export async function handleVnpayIpn(deps: IpnDeps, params: VnpParams): Promise<IpnAnswer> {
  const settings = vnpaySettings(deps.config);
  if (!hasValidVnpaySignature(settings.hashSecret, params)) {
    deps.logger.warn({ txnRef: params.vnp_TxnRef ?? params.vnp_txn_ref }, 'VNPAY IPN with a bad signature');
    return ipnAnswer('97');
  }
  const result = readVnpayResult(params);
  const now = deps.clock.now();
  const { vnp_SecureHash: _hash, vnp_secure_hash: _snakeHash, ...raw } = params;
  const facts: EventFacts = {
    provider: 'vnpay',
    externalId: `${result.txnRef}:${result.transactionNo}:${result.responseCode}`,
    description: `${result.responseCode}/${result.transactionStatus} ${result.orderInfo}`.slice(0, 500),
    raw,
    createdAt: now,
  };
  if (!result.txnRef || result.tmnCode !== settings.tmnCode) {
    await record(deps.db, facts, {
      paymentId: null,
      amount: result.amount ?? 0,
      outcome: 'unmatched',
      needsReview: false,
    });
    return ipnAnswer('01');
  }

  const [payment] = await deps.db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, 'vnpay'), eq(payments.reference, result.txnRef)));
  if (!payment) {
    const [request] = await deps.db.select().from(cardRequests).where(eq(cardRequests.reference, result.txnRef));
    if (request) return settleCardRequest(deps, request.id, result, facts);
    await record(deps.db, facts, {
      paymentId: null,
      amount: result.amount ?? 0,
      outcome: 'unmatched',
      needsReview: isVnpaySuccess(result),
    });
    return ipnAnswer('01');
  }

  const base = { paymentId: payment.id, amount: result.amount ?? 0 };
  if (result.amount !== payment.amount) {
    await record(deps.db, facts, { ...base, outcome: 'wrong_amount', needsReview: true });
    return ipnAnswer('04');
  }
  const success = isVnpaySuccess(result);
  if (payment.status !== 'PENDING') {
    // Money for an attempt that expired, failed or was superseded: never accepted silently.
    const late = success && payment.status !== 'SUCCESS';
    await record(deps.db, facts, { ...base, outcome: late ? 'late' : 'ignored', needsReview: late });
    return ipnAnswer('02');
  }
  if (!success) {
    // VNPAY expects 00 once the merchant has recorded the result, a declined one included.
    await failPayment(
      deps.db,
      payment.id,
      result.responseCode && result.responseCode !== '00' ? result.responseCode : '99',
    );
    await record(deps.db, facts, { ...base, outcome: 'declined', needsReview: moneyMayHaveMoved(result) });
    return ipnAnswer('00');
  }
  // The event is written in the settlement's transaction: of copies arriving together, the one
  // that settles holds the payment's lock until its 'matched' row is in, so it is the one recorded.
  const { answer, settled } = await deps.db.transaction(async (tx) => {
    const outcome = await settlePaymentIn(
      tx,
      {
        paymentId: payment.id,
        amount: payment.amount,
        providerTransactionId: result.transactionNo,
        paidAt: result.payDate ?? now,
      },
      now,
    );
    const { event, rspCode } = IPN_OUTCOMES[outcome.kind];
    await record(tx, facts, { ...base, ...event });
    return { answer: ipnAnswer(rspCode), settled: outcome.kind === 'settled' };
  });
  if (settled) await deliverNoticesNow(deps);
  return answer;
}

const TOKEN = /^[\w-]{8,128}$/;
const CARD_NUMBER = /^[0-9xX*]{8,19}$/;
const BANK_CODE = /^[A-Za-z0-9_]{2,20}$/;

/** token_create's result: a saved card for the member who asked, once. */
async function settleCardRequest(
  deps: IpnDeps,
  requestId: number,
  result: VnpayResult,
  facts: EventFacts,
): Promise<IpnAnswer> {
  return deps.db.transaction(async (tx) => {
    const [request] = await tx.select().from(cardRequests).where(eq(cardRequests.id, requestId)).for('update');
    const base = { paymentId: null, amount: 0 };
    if (request.status !== 'PENDING') {
      await record(tx, facts, { ...base, outcome: 'ignored', needsReview: false });
      return ipnAnswer('02');
    }
    const cardNumber = result.cardNumber.replace(/[\s-]/g, '');
    if (!isVnpaySuccess(result) || !TOKEN.test(result.token) || !CARD_NUMBER.test(cardNumber)) {
      const code = result.responseCode && result.responseCode !== '00' ? result.responseCode : '99';
      await tx.update(cardRequests).set({ status: 'FAIL', responseCode: code }).where(eq(cardRequests.id, request.id));
      await record(tx, facts, { ...base, outcome: 'declined', needsReview: false });
      return ipnAnswer('00');
    }
    // One member's card changes at a time, so "exactly one default" holds under concurrent messages.
    await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, request.accountId)).for('update');
    const [existing] = await tx.select().from(savedCards).where(eq(savedCards.token, result.token));
    if (existing && existing.accountId !== request.accountId) {
      await tx.update(cardRequests).set({ status: 'FAIL', responseCode: '99' }).where(eq(cardRequests.id, request.id));
      await record(tx, facts, { ...base, outcome: 'unmatched', needsReview: true });
      return ipnAnswer('00');
    }
    const [{ active }] = await tx
      .select({ active: sql<number>`count(*)::int` })
      .from(savedCards)
      .where(
        and(eq(savedCards.accountId, request.accountId), isNull(savedCards.deletedAt), eq(savedCards.isDefault, true)),
      );
    const card = {
      cardNumber: maskCardNumber(cardNumber),
      bankCode: BANK_CODE.test(result.bankCode) ? result.bankCode.toUpperCase() : '',
      cardType: result.cardType === '01' || result.cardType === '02' ? result.cardType : request.cardType,
      isDefault: active === 0,
    };
    const [saved] = existing
      ? await tx
          .update(savedCards)
          .set({ ...card, isDefault: existing.isDefault || card.isDefault, deletedAt: null })
          .where(eq(savedCards.id, existing.id))
          .returning()
      : await tx
          .insert(savedCards)
          .values({ accountId: request.accountId, token: result.token, ...card, createdAt: facts.createdAt })
          .returning();
    await tx
      .update(cardRequests)
      .set({ status: 'SUCCESS', responseCode: result.responseCode, savedCardId: saved.id })
      .where(eq(cardRequests.id, request.id));
    await cardSavedIn(tx, request.id, saved.id);
    await record(tx, facts, { ...base, outcome: 'matched', needsReview: false });
    return ipnAnswer('00');
  });
}
