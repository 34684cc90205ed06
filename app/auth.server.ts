import { redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import type { SessionGrant } from '#contract/auth.ts';
import { type AppSession, getSession } from './session.server.ts';

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
  for (const key of ['otpPhone', 'otpSentAt', 'verifyToken'] as const) session.unset(key);
  session.set('token', grant.token);
  session.set('accountId', grant.profile.id);
  session.set('accountType', grant.profile.accountType);
  // The account's saved language wins at sign-in (issue: the switch persists across sign-in).
  session.set('lang', grant.profile.lang);
}

/** Only same-site paths: "//host" and "/\host" are open redirects (security.md, RR advisories). */
export function safeRedirectPath(value: unknown, fallback = '/home') {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) {
    return fallback;
  }
  return value;
}

/** 0100123456 → "0100 123 456", as Vietnamese numbers are read aloud; no-break spaces keep it on one line. */
export const formatPhone = (phone: string) => phone.replace(/^(\d{4})(\d{3})(\d{3})$/, '$1\u00a0$2\u00a0$3');
