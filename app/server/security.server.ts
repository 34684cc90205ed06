import { randomFillSync } from 'node:crypto';

/**
 * A page's CSP nonce: 16 random bytes, base64. Taken from a pool that is filled from the system's
 * generator 64 nonces at a time (one `randomBytes` call a page was 1 % of the web server's CPU).
 */
export function newNonce() {
  if (noncePoolAt === noncePool.length) {
    randomFillSync(noncePool);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString('base64', noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}
const NONCE_BYTES = 16;
const noncePool = Buffer.alloc(NONCE_BYTES * 64);
let noncePoolAt = noncePool.length;

const isDev = process.env.NODE_ENV === 'development';

/**
 * A sandbox demo (SANDBOX=true, set by `npm start` and the tests; never by default): the app may
 * be framed by its own /try page, so a desktop visitor can try it at phone size (issue 10 §18).
 * A production server keeps every page unframeable.
 */
export const sandboxDemo = (env: Record<string, string | undefined> = process.env) =>
  env.SANDBOX === 'true' || env.SANDBOX === '1';
const framedBySelf = sandboxDemo();

/**
 * The card pay host (VNPAY, or the gateway's sandbox pay page): a payment form posted without
 * JavaScript is redirected there, and browsers hold redirects of a form post to form-action.
 * VNPAY_PAY_ORIGIN, else the origin of GATEWAY_URL (whose sandbox serves the pay page).
 */
export function vnpayPayOrigin(env: Record<string, string | undefined> = process.env): string {
  const raw = env.VNPAY_PAY_ORIGIN || env.GATEWAY_URL || 'http://127.0.0.1:4000';
  let url: URL | null = null;
  try {
    url = new URL(raw);
  } catch {
    // reported below
  }
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new Error(
      `VNPAY_PAY_ORIGIN must be an http(s) origin such as https://sandbox.vnpayment.vn (got ${JSON.stringify(raw)})`,
    );
  }
  return url.origin;
}

const payOrigin = vnpayPayOrigin();

/** The page CSP: scripts only by nonce (and what they load), nothing framed, no plugins. */
export function documentCsp(nonce: string, formTarget = payOrigin, frameSelf = framedBySelf) {
  return [
    "default-src 'self'",
    // Vite's dev server injects styles and a websocket; production needs neither.
    `script-src 'nonce-${nonce}' 'strict-dynamic'${isDev ? " 'unsafe-eval'" : ''}`,
    `style-src 'self' ${isDev ? "'unsafe-inline'" : `'nonce-${nonce}'`}`,
    "img-src 'self' data: blob:",
    `connect-src 'self'${isDev ? ' ws: wss:' : ''}`,
    "font-src 'self'",
    // The service worker (ADR 009): 'strict-dynamic' is no rule for workers in every browser.
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self' ${formTarget}`,
    frameSelf ? "frame-ancestors 'self'" : "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response carries (ARCHITECTURE §7, security.md "Headers"). */
export function baseSecurityHeaders(secure: boolean, frameSelf = framedBySelf): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': frameSelf ? 'SAMEORIGIN' : 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=()',
    ...(secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
