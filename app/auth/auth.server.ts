import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import type { SessionGrant } from '#api/auth.ts';
import { type AppSession, getSession } from '#app/server/session.server.ts';

/** Member pages: a signed-out visitor goes to /landing before any loader runs. */
export const requireMember: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (!getSession(context).get('token')) throw redirect('/landing');
  return next();
};

/** Pre-login pages send a signed-in member home. */
export function redirectIfSignedIn(context: Readonly<RouterContextProvider>) {
  if (getSession(context).get('token')) throw redirect('/home');
}

export function startMemberSession(session: AppSession, grant: SessionGrant) {
  for (const key of ['otpPhone', 'otpResendAt', 'verifyToken'] as const) session.unset(key);
  session.set('token', grant.token);
  session.set('accountId', grant.profile.id);
  session.set('accountType', grant.profile.accountType);
  // The account's saved language wins at sign-in (issue: the switch persists across sign-in).
  session.set('lang', grant.profile.lang);
}

/**
 * Only paths on this site. Browsers drop tabs and newlines inside URLs ("/\t/evil" is "//evil")
 * and read "/\\" as "//", so the value is resolved the way a browser would and must stay here.
 */
export function safeRedirectPath(value: unknown, fallback = '/home') {
  if (typeof value !== 'string' || !value.startsWith('/')) return fallback;
  // eslint-disable-next-line no-control-regex -- any control character is refused
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const base = 'https://app.invalid';
  try {
    const url = new URL(value, base);
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** 0100123456 → "0100 123 456", as Vietnamese numbers are read aloud; no-break spaces keep it on one line. */
export const formatPhone = (phone: string) => phone.replace(/^(\d{4})(\d{3})(\d{3})$/, '$1\u00a0$2\u00a0$3');
