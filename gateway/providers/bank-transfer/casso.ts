// Casso webhook v2 (notes/providers.md "Bank-transfer webhooks"): Casso reads the club's bank
// account and posts each transaction to us, signed with
//   X-Casso-Signature: t=<ms timestamp>,v1=<hex HMAC-SHA512(secret, t + "." + JSON of the body with keys sorted)>.
// This module speaks the protocol only (signing, checking, reading the body); matching the money
// to a payment is modules/payments/bank-webhook.ts's job.
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { MAX_VND } from '#api/format.ts';
import { constantTimeEqual } from './compare.ts';
import { parseBankTime, type IncomingTransfer } from './transfer.ts';

export const CASSO_SIGNATURE_HEADER = 'x-casso-signature';
/** A signature older (or further in the future) than this is refused: a captured message cannot be replayed later. */
export const CASSO_MAX_AGE_MS = 5 * 60_000;

/** Objects with their keys in code-point order, at every depth (arrays keep their order). */
export function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (value !== null && typeof value === 'object') {
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) sorted[key] = sortKeysDeep((value as Record<string, unknown>)[key]);
    return sorted;
  }
  return value;
}

/** The v1 value: hex HMAC-SHA512 over `t.` + the sorted JSON of the body. */
export function cassoSignature(secret: string, timestampMs: number, body: unknown): string {
  return createHmac('sha512', secret)
    .update(`${String(timestampMs)}.${JSON.stringify(sortKeysDeep(body))}`)
    .digest('hex');
}

/** The header a Casso delivery of `body` at `now` carries (the sandbox and the tests send it). */
export function cassoSignatureHeader(secret: string, body: unknown, now: Date): string {
  const t = now.getTime();
  return `t=${String(t)},v1=${cassoSignature(secret, t, body)}`;
}

export type CassoHeader = { timestampMs: number; v1: string };

/** Reads `t=…,v1=…`; null when the header is missing or not in that form. */
export function parseCassoSignatureHeader(header: string | undefined): CassoHeader | null {
  if (!header || header.length > 400) return null;
  const parts = new Map<string, string>();
  for (const part of header.split(',')) {
    const [key, ...rest] = part.trim().split('=');
    if (key && rest.length > 0 && !parts.has(key)) parts.set(key, rest.join('='));
  }
  const t = parts.get('t');
  const v1 = parts.get('v1');
  if (!t || !/^\d{10,16}$/.test(t) || !v1 || !/^[0-9a-fA-F]{128}$/.test(v1)) return null;
  return { timestampMs: Number(t), v1: v1.toLowerCase() };
}

export const isFreshCassoTimestamp = (header: CassoHeader, now: Date) =>
  Math.abs(now.getTime() - header.timestampMs) <= CASSO_MAX_AGE_MS;

/** Compares in constant time. */
export const hasValidCassoSignature = (secret: string, header: CassoHeader, body: unknown) =>
  constantTimeEqual(cassoSignature(secret, header.timestampMs, body), header.v1);

const transaction = z.object({
  id: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[\w.:-]{1,64}$/)]),
  reference: z.string().max(200).nullish(),
  description: z.string().max(2000).nullish(),
  /** Negative for money leaving the account. */
  amount: z.number().int().min(-MAX_VND, 'numberOutOfRange').max(MAX_VND, 'numberOutOfRange'),
  accountNumber: z.string().trim().min(1).max(40),
  transactionDateTime: z.string().max(40).nullish(),
});

/** The v2 body; `data` is one transaction, or (older deliveries) a list of them. */
export const cassoWebhookBody = z.object({
  error: z.number().int(),
  data: z.union([transaction, z.array(transaction).max(100)]),
});
export type CassoWebhookBody = z.infer<typeof cassoWebhookBody>;

/** The transactions of a checked body, in the shared shape. `raw` is the body as received (before zod), item by item. */
export function cassoTransfers(body: CassoWebhookBody, raw: unknown): IncomingTransfer[] {
  if (body.error !== 0) return [];
  const rawData = (raw as { data: unknown }).data;
  const items = Array.isArray(body.data) ? body.data : [body.data];
  const rawItems = Array.isArray(rawData) ? (rawData as unknown[]) : [rawData];
  return items.map((item, i) => ({
    provider: 'casso',
    externalId: String(item.id),
    incoming: item.amount > 0,
    amount: Math.abs(item.amount),
    description: item.description ?? '',
    accountNumber: item.accountNumber,
    bookedAt: parseBankTime(item.transactionDateTime),
    bankReference: item.reference || null,
    raw: rawItems[i],
  }));
}
