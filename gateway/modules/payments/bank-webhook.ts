// Money arriving by bank transfer (ADR 010): a webhook message (Casso or SePay, already
// authenticated and read by providers/bank-transfer) becomes one payment_events row and, when
// its memo, account and amount match an open VietQR payment, a paid contract — in ONE database
// transaction, so a crash leaves neither a settled payment without its event nor an event
// claiming money that was not booked. A repeated message id changes nothing. Money that does not
// fit (wrong amount, late, unknown memo) is stored with needs_review for staff: never silently
// accepted, never dropped.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterPlanWord, formatDateTime, formatVnd } from '#api/format.ts';
import type { Executor } from '#gateway/db/client.ts';
import {
  clubs,
  contracts,
  paymentEvents,
  payments,
  ptContracts,
  type PaymentEventOutcome,
} from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { findTransferMemos } from '#gateway/providers/bank-transfer/memo.ts';
import type { IncomingTransfer } from '#gateway/providers/bank-transfer/transfer.ts';
import { deliverNoticesNow, enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { kindOf, type SettleOutcome } from './kinds.ts';
import { settlePaymentIn } from './settle.ts';
import { bothTexts, notice } from '#gateway/modules/notifications/texts.ts';

export type TransferResult = {
  externalId: string;
  /** The stored event (the earlier one for a duplicate). */
  eventId: number;
  outcome: PaymentEventOutcome;
  /** This id was seen before: nothing changed. */
  duplicate: boolean;
  contractId: number | null;
};

/** Account numbers as banks write them: spaces, dots and dashes vary. */
const normalizeAccount = (account: string) => account.replace(/[\s.-]/g, '').toUpperCase();

/** A membership's (or its freeze's) payment names the contract; a PT package's names the PT contract. */
type Candidate = { paymentId: number; contractId: number | null; ptContractId: number | null };

/**
 * The VietQR payment this transfer pays: a memo found in its text whose payment belongs to a club
 * receiving on this account. Null when there is no memo, no such payment, or more than one.
 */
async function findPayment(tx: Executor, transfer: IncomingTransfer): Promise<Candidate | null> {
  const memos = findTransferMemos(transfer.description);
  if (memos.length === 0) return null;
  const rows = await tx
    .select({
      paymentId: payments.id,
      contractId: payments.contractId,
      ptContractId: payments.ptContractId,
      account: clubs.bankAccountNumber,
    })
    .from(payments)
    .leftJoin(contracts, eq(contracts.id, payments.contractId))
    .leftJoin(ptContracts, eq(ptContracts.id, payments.ptContractId))
    .innerJoin(clubs, eq(clubs.id, sql`coalesce(${contracts.clubId}, ${ptContracts.clubId})`))
    .where(and(eq(payments.provider, 'vietqr'), inArray(payments.reference, memos)));
  const account = normalizeAccount(transfer.accountNumber);
  const matches = rows.filter((row) => row.account !== null && normalizeAccount(row.account) === account);
  return matches.length === 1
    ? { paymentId: matches[0].paymentId, contractId: matches[0].contractId, ptContractId: matches[0].ptContractId }
    : null;
}

/** What a settle outcome means for the event: only a settled payment needs nobody. */
function eventOutcome(outcome: SettleOutcome): { outcome: PaymentEventOutcome; needsReview: boolean } {
  switch (outcome.kind) {
    case 'settled':
      return { outcome: 'matched', needsReview: false };
    case 'wrong_amount':
      return { outcome: 'wrong_amount', needsReview: true };
    // 'already': this payment was settled by an earlier transfer, so this is money paid twice.
    case 'already':
    case 'late':
      return { outcome: 'late', needsReview: true };
  }
}

/**
 * The member hears of money that reached their payment but could not be booked (issue 10, ADR 021):
 * what arrived and when, why it was not booked, that the club will call, and not to pay again.
 * Queued in the transaction that records the event, like every notice (ADR 016).
 */
async function tellMemberOfUnbooked(
  tx: Executor,
  candidate: Candidate,
  outcome: SettleOutcome,
  amount: number,
  receivedAt: Date,
) {
  const paid = await whatWasPaid(tx, candidate);
  if (!paid) return;
  const when = formatDateTime(receivedAt);
  const why =
    outcome.kind === 'wrong_amount'
      ? bothTexts('payments.unbooked.wrongAmount', {
          due: { vi: formatVnd(paid.total, 'vi'), en: formatVnd(paid.total, 'en') },
        })
      : outcome.kind === 'already' || paid.alreadyPaid
        ? bothTexts('payments.unbooked.alreadyPaid', { noun: paid.noun })
        : bothTexts('payments.unbooked.requestEnded');
  await enqueueNotice(
    tx,
    paid.accountId,
    notice(
      'payments.unbooked',
      {
        amount: { vi: formatVnd(amount, 'vi'), en: formatVnd(amount, 'en') },
        when,
        plan: { vi: afterPlanWord(paid.nameVi), en: paid.nameEn },
        noun: paid.noun,
        why,
      },
      { kind: 'PAYMENT', link: paid.link },
    ),
    receivedAt,
  );
}

/** What the payment is for, as the member knows it: its kind says (ADR 072). */
async function whatWasPaid(tx: Executor, candidate: Candidate) {
  const [payment] = await tx.select().from(payments).where(eq(payments.id, candidate.paymentId));
  return kindOf(payment).describeIn(tx, payment);
}

/** Records one transfer and settles the payment it matches. Safe to call again with the same message. */
export async function receiveBankTransfer(
  deps: Pick<Deps, 'db' | 'clock' | 'push' | 'logger'>,
  transfer: IncomingTransfer,
): Promise<TransferResult> {
  const now = deps.clock.now();
  const base = { externalId: transfer.externalId, duplicate: false };
  const { result, notified } = await deps.db.transaction(async (tx) => {
    // Claim the message id first: a replay (or a concurrent second delivery, which waits here for
    // the first to commit) inserts nothing and leaves everything as the first delivery made it.
    const [claimed] = await tx
      .insert(paymentEvents)
      .values({
        provider: transfer.provider,
        externalId: transfer.externalId,
        amount: transfer.amount,
        description: transfer.description.slice(0, 2000),
        outcome: transfer.incoming ? 'unmatched' : 'ignored',
        needsReview: transfer.incoming,
        raw: transfer.raw ?? {},
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!claimed) {
      const [earlier] = await tx
        .select({ id: paymentEvents.id, outcome: paymentEvents.outcome, paymentId: paymentEvents.paymentId })
        .from(paymentEvents)
        .where(and(eq(paymentEvents.provider, transfer.provider), eq(paymentEvents.externalId, transfer.externalId)));
      const contractId = earlier.paymentId === null ? null : await contractOf(tx, earlier.paymentId);
      return {
        result: { ...base, eventId: earlier.id, outcome: earlier.outcome, duplicate: true, contractId },
        notified: false,
      };
    }
    // Money leaving the account is none of ours to match.
    if (!transfer.incoming)
      return {
        result: { ...base, eventId: claimed.id, outcome: 'ignored' as const, contractId: null },
        notified: false,
      };

    const candidate = await findPayment(tx, transfer);
    if (!candidate)
      return {
        result: { ...base, eventId: claimed.id, outcome: 'unmatched' as const, contractId: null },
        notified: false,
      };

    // The bank's booking time (never in the future) decides the start date; without one, now.
    const paidAt = transfer.bookedAt && transfer.bookedAt <= now ? transfer.bookedAt : now;
    const outcome = await settlePaymentIn(
      tx,
      {
        paymentId: candidate.paymentId,
        amount: transfer.amount,
        providerTransactionId: transfer.bankReference ?? `${transfer.provider}-${transfer.externalId}`,
        paidAt,
      },
      now,
    );
    const mapped = eventOutcome(outcome);
    await tx
      .update(paymentEvents)
      .set({ ...mapped, paymentId: candidate.paymentId })
      .where(eq(paymentEvents.id, claimed.id));
    if (mapped.needsReview) await tellMemberOfUnbooked(tx, candidate, outcome, transfer.amount, now);
    return {
      result: { ...base, eventId: claimed.id, outcome: mapped.outcome, contractId: candidate.contractId },
      notified: outcome.kind === 'settled' || mapped.needsReview,
    };
  });
  if (notified) await deliverNoticesNow(deps);
  if (result.outcome !== 'matched' && result.outcome !== 'ignored' && !result.duplicate) {
    deps.logger.warn(
      { provider: transfer.provider, externalId: transfer.externalId, outcome: result.outcome },
      'bank transfer needs review',
    );
  }
  return result;
}

async function contractOf(tx: Executor, paymentId: number) {
  const [row] = await tx.select({ contractId: payments.contractId }).from(payments).where(eq(payments.id, paymentId));
  return row?.contractId ?? null;
}
