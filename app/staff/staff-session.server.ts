import {
  createContext,
  createCookie,
  createCookieSessionStorage,
  redirect,
  type MiddlewareFunction,
  type RouterContextProvider,
  type Session,
} from 'react-router';
import type { StaffSession } from '#api/staff.ts';
import { webConfig } from '#app/server/config.server.ts';
import { withParseCache } from '#app/server/cookie-cache.server.ts';
import { gatewayClient, type Caller } from '#app/server/gateway.server.ts';

/**
 * Issue 17: a staff member's sign-in lives in its own cookie, apart from a member's (the same
 * phone's browser may hold both). The token stays on the server side of the page, like a member's.
 */
export type StaffSessionData = {
  token: string;
  accountType: StaffSession['accountType'];
  fullName: string;
  /** The staff member's club; null for a GM (every club). */
  clubId: number | null;
  /** The phone a code was sent to, and when the gateway allows the next send (epoch ms). */
  otpPhone: string;
  otpResendAt: number;
};
export type StaffCookieSession = Session<StaffSessionData>;

/** A shift, not a month: a desk tablet left signed in asks again the next day. */
const STAFF_SESSION_SECONDS = 14 * 3600;

const staffSessionStorage = createCookieSessionStorage<StaffSessionData>({
  cookie: withParseCache(
    createCookie(webConfig.secure ? '__Host-gym_staff' : 'gym_staff', {
      httpOnly: true,
      sameSite: 'lax',
      secure: webConfig.secure,
      path: '/',
      secrets: webConfig.sessionSecrets,
      maxAge: STAFF_SESSION_SECONDS,
    }),
  ),
});

const staffSessionContext = createContext<StaffCookieSession>();

/** Loads the staff cookie for the /staff pages, and writes it back only when it changed. */
export const staffSessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const session = await staffSessionStorage.getSession(request.headers.get('Cookie'));
  const before = JSON.stringify(session.data);
  context.set(staffSessionContext, session);
  const response = await next();
  if (JSON.stringify(session.data) !== before)
    response.headers.append('Set-Cookie', await staffSessionStorage.commitSession(session));
  return response;
};

export const getStaffSession = (context: Readonly<RouterContextProvider>) => context.get(staffSessionContext);

/** The desk's pages: a signed-out visitor goes to the staff sign-in first. */
export const requireStaff: MiddlewareFunction<Response> = async ({ context }, next) => {
  if (!getStaffSession(context).get('token')) throw redirect('/staff/login');
  return next();
};

export function endStaffSession(session: StaffCookieSession) {
  for (const key of ['token', 'accountType', 'fullName', 'clubId', 'otpPhone', 'otpResendAt'] as const)
    session.unset(key);
}

/** The signed-in staff member as the pages need them (from the cookie: no gateway call). */
export function staffOf(context: Readonly<RouterContextProvider>) {
  const session = getStaffSession(context);
  return {
    fullName: session.get('fullName') ?? '',
    accountType: session.get('accountType') ?? 'EMPLOYEE',
    clubId: session.get('clubId') ?? null,
  };
}

/** The gateway, called with the staff member's token; a 401 signs them out and goes to /staff/login. */
export function staffGateway(args: Parameters<typeof gatewayClient>[0]) {
  const session = getStaffSession(args.context);
  const caller: Caller = {
    token: session.get('token'),
    signOut: () => endStaffSession(session),
    signInPath: '/staff/login',
  };
  return gatewayClient(args, caller);
}

/** The front desk's pages (cash, door): a trainer's account goes back to its own start page (ADR 049). */
export function requireDeskRole(context: Readonly<RouterContextProvider>) {
  const staff = staffOf(context);
  if (staff.accountType === 'PT') throw redirect('/staff');
  return staff;
}

/** The trainer's pages (agenda): the desk's accounts go back to their start page. */
export function requireTrainer(context: Readonly<RouterContextProvider>) {
  const staff = staffOf(context);
  if (staff.accountType !== 'PT') throw redirect('/staff');
  return staff;
}

/** The club managers' pages (the staff list): LEADER and GM; the others go back to their start page. */
export function requireManager(context: Readonly<RouterContextProvider>) {
  const staff = staffOf(context);
  if (staff.accountType !== 'LEADER' && staff.accountType !== 'GM') throw redirect('/staff');
  return staff;
}

/** The chain's settings: the GM only (the gateway refuses the others too, ADR 052). */
export function requireGm(context: Readonly<RouterContextProvider>) {
  const staff = staffOf(context);
  if (staff.accountType !== 'GM') throw redirect('/staff');
  return staff;
}
