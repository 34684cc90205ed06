import { vietnamDateTime } from '#api/vietnam-time.ts';

// What a bank webhook reports, whichever service (Casso, SePay) sent it: the matching in
// modules/payments/bank-webhook.ts works on this shape only.

export type BankWebhookProvider = 'casso' | 'sepay';

export type IncomingTransfer = {
  provider: BankWebhookProvider;
  /** The service's own id for the bank transaction: the dedupe key. */
  externalId: string;
  /** Money in (true) or out of the club's account. */
  incoming: boolean;
  /** Whole VND, positive. */
  amount: number;
  /** The transfer text as the bank passed it on: where the memo is looked for. */
  description: string;
  /** The receiving (club) account. */
  accountNumber: string;
  /** When the bank booked it; null when the service did not say or said it unreadably. */
  bookedAt: Date | null;
  /** The bank's reference (shown to staff and stored as the provider transaction id). */
  bankReference: string | null;
  /** The message item as received, kept for staff. */
  raw: unknown;
};

/**
 * A bank's booking time: "2025-02-12 15:57:00" is Vietnam local time (UTC+7, what Casso and
 * SePay send); an ISO instant with an offset is taken as is. Anything else is null.
 */
export function parseBankTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const local = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2})?)$/.exec(text.trim());
  const date = local
    ? new Date(`${local[1]}T${local[2]}+07:00`)
    : /(Z|[+-]\d{2}:?\d{2})$/.test(text.trim())
      ? new Date(text.trim())
      : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

/** "YYYY-MM-DD HH:mm:ss" in Vietnam time, the way the banking services write it. */
export function formatBankTime(date: Date): string {
  return vietnamDateTime(date);
}
