import type { Context, MiddlewareHandler } from 'hono';
import { Codes } from '#api/codes.ts';
import { findUnstorableText } from '#api/text.ts';
import { validationMessage } from '#api/validation.ts';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';
import { ipnAnswer } from '#gateway/modules/payments/vnpay-ipn.ts';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Signed bank data is money received: kept with NUL stripped after its signature is checked (bank-routes.ts). */
const STRIPPED_PATHS = new Set(['/api/v1/payment/bank/casso', '/api/v1/payment/bank/sepay']);
const VNPAY_IPN_PATH = '/api/v1/payment/vnpay/ipn';

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The first field of the path, query or body holding text PostgreSQL cannot store ("" for the path itself). */
async function unstorableField(c: Context<AppEnv>): Promise<string | undefined> {
  const url = new URL(c.req.url);
  if (findUnstorableText(safeDecode(url.pathname)) !== undefined) return '';
  const query: Record<string, string[]> = {};
  for (const [key, value] of url.searchParams) (query[key] ??= []).push(value);
  const inQuery = findUnstorableText(query);
  if (inQuery !== undefined) return inQuery.replace(/\.\d+$/, '');
  if (!BODY_METHODS.has(c.req.method)) return undefined;
  const type = c.req.header('content-type')?.toLowerCase() ?? '';
  // Multipart stays with its handler (uploads have their own size limit); no handler stores its text fields.
  if (type.startsWith('multipart/')) return undefined;
  // Read once, then put back: a later reader (a route's body limit, its form parser) reads it again.
  const text = await c.req.raw.text();
  c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers: c.req.raw.headers, body: text });
  if (text.includes('\u0000')) return '';
  if (type.startsWith('application/x-www-form-urlencoded')) {
    const form: Record<string, string[]> = {};
    for (const [key, value] of new URLSearchParams(text)) (form[key] ??= []).push(value);
    return findUnstorableText(form)?.replace(/\.\d+$/, '');
  }
  try {
    return findUnstorableText(JSON.parse(text) as unknown);
  } catch {
    return undefined; // not JSON: the route's own reader refuses it
  }
}

/**
 * Refuses NUL and lone surrogates in any text before a handler sees it (ADR 018): code 2 with a
 * field error for members and staff, RspCode 99 for VNPAY's IPN; signed bank webhooks pass (they strip).
 */
export function refuseUnstorableText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (STRIPPED_PATHS.has(c.req.path)) return next();
    const field = await unstorableField(c);
    if (field === undefined) return next();
    c.get('deps').logger.warn({ path: c.req.path, field, requestId: c.get('requestId') }, 'unstorable text refused');
    if (c.req.path === VNPAY_IPN_PATH) return c.json(ipnAnswer('99'), 200);
    throw new ApiError(400, Codes.VALIDATION, {
      fieldErrors: { [field]: [validationMessage('textUnstorable', c.get('lang'))] },
    });
  };
}
