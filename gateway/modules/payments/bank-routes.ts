import { Hono, type Context } from 'hono';
import { paymentEndpoints as endpoints } from '#api/endpoints/payments.ts';
import { route } from '#gateway/http/route.ts';
import type { z } from 'zod';
import { Codes } from '#api/codes.ts';
import { stripUnstorableText } from '#api/text.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, validationError } from '#gateway/http/errors.ts';
import {
  CASSO_SIGNATURE_HEADER,
  cassoTransfers,
  cassoWebhookBody,
  hasValidCassoSignature,
  isFreshCassoTimestamp,
  parseCassoSignatureHeader,
} from '#gateway/providers/bank-transfer/casso.ts';
import { hasValidSepayApiKey, sepayTransfer, sepayWebhookBody } from '#gateway/providers/bank-transfer/sepay.ts';
import { bankWebhookSecret } from '#gateway/providers/bank-transfer/settings.ts';
import { receiveBankTransfer } from './bank-webhook.ts';

/** An unauthenticated message: 401, and nothing read or stored. */
function refused(c: Context<AppEnv>, provider: string, reason: string) {
  c.get('deps').logger.warn({ provider, reason, ip: c.get('clientIp') }, 'bank webhook refused');
  return new ApiError(401, Codes.PAYMENT_SIGNATURE_INVALID);
}

/** The body as JSON; malformed JSON is code 2, never a 500. */
async function readJson(c: Context<AppEnv>): Promise<unknown> {
  try {
    return JSON.parse(await c.req.text()) as unknown;
  } catch {
    throw new ApiError(400, Codes.VALIDATION);
  }
}

function parse<S extends z.ZodType>(c: Context<AppEnv>, schema: S, raw: unknown): z.infer<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw validationError(parsed.error, c.get('lang'));
  return parsed.data;
}

/** The bank webhooks (ADR 010): server-to-server, public, authenticated by the shared secret. */
export function bankWebhookRoutes() {
  const app = new Hono<AppEnv>();

  // Casso v2: the timestamp is checked before anything is read, the HMAC over the parsed body before it is trusted.
  route(app, endpoints.casso, async (c) => {
    const deps = c.get('deps');
    const header = parseCassoSignatureHeader(c.req.header(CASSO_SIGNATURE_HEADER));
    if (!header) throw refused(c, 'casso', 'missing or malformed signature header');
    if (!isFreshCassoTimestamp(header, deps.clock.now())) throw refused(c, 'casso', 'stale timestamp');
    let raw = await readJson(c);
    if (!hasValidCassoSignature(bankWebhookSecret(deps.config), header, raw))
      throw refused(c, 'casso', 'bad signature');
    raw = stripUnstorableText(raw); // after the signature, over the bytes as sent (ADR 018)
    const body = parse(c, cassoWebhookBody, raw);
    const results = [];
    for (const transfer of cassoTransfers(body, raw)) results.push(await receiveBankTransfer(deps, transfer));
    return ok(c, { results });
  });

  // SePay: Authorization: Apikey <key>; answers {"success":true} as SePay expects (else it retries).
  route(app, endpoints.sepay, async (c) => {
    const deps = c.get('deps');
    if (!hasValidSepayApiKey(c.req.header('authorization'), bankWebhookSecret(deps.config)))
      throw refused(c, 'sepay', 'bad api key');
    const raw = stripUnstorableText(await readJson(c)); // authenticated by key, not by the bytes (ADR 018)
    const body = parse(c, sepayWebhookBody, raw);
    await receiveBankTransfer(deps, sepayTransfer(body, raw));
    return c.json({ success: true }, 200);
  });

  return app;
}
