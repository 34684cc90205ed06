import {
  createContext,
  createCookie,
  createCookieSessionStorage,
  type RouterContextProvider,
  type Session,
} from 'react-router';
import type { AccountType } from '#api/account.ts';
import type { OtpSent } from '#api/auth.ts';
import type { Lang } from '#api/codes.ts';
import { webConfig } from './config.server.ts';
import { withParseCache } from './cookie-cache.server.ts';

export type Toast = { kind: 'success' | 'error'; text: string; id?: string };

/** Everything the session cookie holds: the token stays on the server side of the page. */
export type SessionData = {
  token: string;
  accountId: number;
  accountType: AccountType;
  lang: Lang;
  /** The phone a code was sent to, and when the gateway allows the next send (epoch ms). */
  otpPhone: string;
  otpResendAt: number;
  /** The sign-up ticket of a verified phone with no account yet. */
  verifyToken: string;
  /** The gift whose hint popup was already shown once (§2 header). */
  giftHintSeen: number;
  /** §3 "saved coupon": the promo code the member last applied, until a purchase uses it. */
  savedCoupon: string;
  /** Issue 11: this browser's check-in device at the gateway (its key is in the page's IndexedDB). */
  checkInDeviceId: string;
  /** Issue 16 §2: a dismissed rating prompt stays away until then (epoch ms): the rest of the visit (ADR 039). */
  ratingPromptOffUntil: number;
  /** Issue 14: the InBody tab last opened (§2 "remembered"), so a reload renders it. */
  inbodyTab: 'summary' | 'detail' | 'history';
};
type FlashData = { toast: Toast };

export type AppSession = Session<SessionData, FlashData>;

export const sessionStorage = createCookieSessionStorage<SessionData, FlashData>({
  cookie: withParseCache(
    createCookie(webConfig.secure ? '__Host-gym_session' : 'gym_session', {
      httpOnly: true,
      sameSite: 'lax',
      secure: webConfig.secure,
      path: '/',
      secrets: webConfig.sessionSecrets,
      maxAge: 30 * 24 * 3600,
    }),
  ),
});

export const sessionContext = createContext<AppSession>();

/**
 * ADR 017: the gateway's device token for this phone, in its own signed HttpOnly cookie that
 * outlives sign-out and the 30-day session, so this phone stays a known device (exempt from
 * the lockout an attacker can cause for unknown ones).
 */
export const deviceCookie = withParseCache(
  createCookie(webConfig.secure ? '__Host-gym_device' : 'gym_device', {
    httpOnly: true,
    sameSite: 'lax',
    secure: webConfig.secure,
    path: '/',
    secrets: webConfig.sessionSecrets,
    // the longest a browser keeps a cookie (400 days)
    maxAge: 400 * 24 * 3600,
  }),
);

/** The device token this request came with, and one the gateway just issued (to be set). */
type DeviceState = { token?: string; issued?: string };
export const deviceContext = createContext<DeviceState>({});

export const getDeviceToken = (context: Readonly<RouterContextProvider>) => context.get(deviceContext).token;

/** Keeps the device token of a successful sign-in (the gateway sends one only for a new device). */
export function rememberDevice(context: Readonly<RouterContextProvider>, token: string | undefined) {
  if (token) context.set(deviceContext, { token, issued: token });
}

export const getSession = (context: Readonly<RouterContextProvider>) => context.get(sessionContext);

export function signOutSession(session: AppSession) {
  for (const key of [
    'token',
    'accountId',
    'accountType',
    'otpPhone',
    'otpResendAt',
    'verifyToken',
    'giftHintSeen',
    'savedCoupon',
  ] as const) {
    session.unset(key);
  }
}

/** A toast for the next page; its id makes two equal messages in a row show twice. */
/** Remembers when the gateway allows another code for this phone (it said so in its answer). */
export const rememberOtpSent = (session: AppSession, sent: OtpSent) =>
  session.set('otpResendAt', Date.now() + sent.resendAfterSeconds * 1000);

export const flashToast = (session: AppSession, toast: Omit<Toast, 'id'>) =>
  session.flash('toast', { ...toast, id: crypto.randomUUID().slice(0, 8) });
