// SePay webhook (notes/providers.md "Bank-transfer webhooks"): one transaction per POST,
// authenticated with `Authorization: Apikey <key>`; SePay wants `{"success":true}` with a 2xx,
// and retries otherwise. Protocol only; matching is modules/payments/bank-webhook.ts's job.
import { z } from 'zod';
import { MAX_VND } from '#api/format.ts';
import { constantTimeEqual } from './compare.ts';
import { parseBankTime, type IncomingTransfer } from './transfer.ts';

/** True when the Authorization header is `Apikey <secret>` (scheme case-insensitive; compared in constant time). */
export function hasValidSepayApiKey(header: string | undefined, secret: string): boolean {
  const match = /^apikey\s+(\S{1,512})$/i.exec(header?.trim() ?? '');
  // Compare something either way, so a missing header costs the same as a wrong key.
  return constantTimeEqual(match?.[1] ?? '', secret) && match !== null;
}

export const sepayWebhookBody = z.object({
  id: z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^[\w.:-]{1,64}$/)]),
  gateway: z.string().max(100).nullish(),
  transactionDate: z.string().max(40).nullish(),
  accountNumber: z.string().trim().min(1).max(40),
  subAccount: z.string().max(40).nullish(),
  code: z.string().max(100).nullish(),
  content: z.string().max(2000).nullish(),
  transferType: z.enum(['in', 'out']),
  transferAmount: z.number().int().nonnegative().max(MAX_VND, 'numberOutOfRange'),
  accumulated: z.number().nullish(),
  referenceCode: z.string().max(200).nullish(),
  description: z.string().max(2000).nullish(),
});
export type SepayWebhookBody = z.infer<typeof sepayWebhookBody>;

export function sepayTransfer(body: SepayWebhookBody, raw: unknown): IncomingTransfer {
  return {
    provider: 'sepay',
    externalId: String(body.id),
    incoming: body.transferType === 'in' && body.transferAmount > 0,
    amount: body.transferAmount,
    // The memo is usually in `content`; some banks only leave it in the full description.
    description: [body.content, body.description].filter(Boolean).join(' | '),
    accountNumber: body.accountNumber,
    bookedAt: parseBankTime(body.transactionDate),
    bankReference: body.referenceCode || null,
    raw,
  };
}
