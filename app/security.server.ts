import { randomBytes } from 'node:crypto';

export const newNonce = () => randomBytes(16).toString('base64');

const isDev = process.env.NODE_ENV === 'development';

/** The page CSP: scripts only by nonce (and what they load), nothing framed, no plugins. */
export function documentCsp(nonce: string) {
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
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** Headers every response carries (ARCHITECTURE §7, security.md "Headers"). */
export function baseSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(self), geolocation=(self), microphone=()',
    ...(secure ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}
