import { Hono } from 'hono';
import { authEndpoints as endpoints } from '#api/endpoints/auth.ts';
import { route } from '#gateway/http/route.ts';
import { accountTypes } from '#api/account.ts';
import { Codes } from '#api/codes.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { ok } from '#gateway/http/envelope.ts';
import { findAccountByPhone } from '#gateway/modules/accounts/queries.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import { deviceTokenOf, knownDevice } from './devices.ts';
import { OTP_RULES } from './otp.ts';
import { revokeToken } from './tokens.ts';
import { sendOtp } from './otp.ts';
import { assertCustomer, changePhone, loginWithOtp, register, verifyPhone } from './service.ts';

/** §7 Auth: OTP sign-in and sign-up, phone change, sign-out. Profile and settings live in members/. */
export function authRoutes() {
  const app = new Hono<AppEnv>();

  route(app, endpoints.sendOtp, async (c) => {
    const { phoneNumber } = c.req.valid('json');
    const deps = c.get('deps');
    const account = await findAccountByPhone(deps.db, phoneNumber);
    // "This is a staff phone" (code 210) is an answer too: counted like a send, so staff phones cannot be listed fast.
    if (account && account.accountType !== 'MEMBER') {
      const allowed = await countHit(
        deps.db,
        `otp-send:ip:${c.get('clientIp')}`,
        hourWindow(deps.clock.now()),
        OTP_RULES.maxSendsPerIpPerHour,
      );
      if (!allowed) throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
    }
    assertCustomer(account);
    const sent = await sendOtp(deps, {
      phone: phoneNumber,
      purpose: 'login',
      clientIp: c.get('clientIp'),
      lang: account?.lang ?? c.get('lang'),
      deviceId: await knownDevice(deps.db, deviceTokenOf(c), account?.id),
    });
    return ok(c, sent, Codes.OTP_SENT);
  });

  route(app, endpoints.login, async (c) => {
    const { phoneNumber, otp } = c.req.valid('json');
    return ok(c, await loginWithOtp(c.get('deps'), phoneNumber, otp, deviceTokenOf(c)), Codes.SIGNED_IN);
  });

  route(app, endpoints.verifyPhone, async (c) => {
    const { phoneNumber, otp } = c.req.valid('json');
    return ok(c, await verifyPhone(c.get('deps'), phoneNumber, otp));
  });

  route(app, endpoints.register, async (c) => {
    return ok(c, await register(c.get('deps'), c.req.valid('json'), c.get('lang')), Codes.SIGNED_UP);
  });

  route(app, endpoints.sendNewPhoneOtp, requireAccount(), async (c) => {
    const { phoneNumber } = c.req.valid('json');
    const deps = c.get('deps');
    const holder = await findAccountByPhone(deps.db, phoneNumber);
    if (holder?.id === c.get('account').id) throw new ApiError(400, Codes.PHONE_IS_CURRENT);
    if (holder) throw new ApiError(409, Codes.PHONE_EXISTS);
    const sent = await sendOtp(deps, {
      phone: phoneNumber,
      purpose: 'change_phone',
      accountId: c.get('account').id,
      clientIp: c.get('clientIp'),
      lang: c.get('lang'),
    });
    return ok(c, sent, Codes.OTP_SENT);
  });

  route(app, endpoints.changePhone, requireAccount(), async (c) => {
    const { phoneNumber, otp } = c.req.valid('json');
    const profile = await changePhone(c.get('deps'), c.get('account').id, phoneNumber, otp);
    return ok(c, profile, Codes.PHONE_CHANGED);
  });

  // Any account revokes its own token: members here, the staff area's sign-out too (issue 17).
  route(app, endpoints.logout, requireAccount(accountTypes), async (c) => {
    const { db, clock } = c.get('deps');
    await revokeToken(db, c.get('account').tokenId, clock.now());
    return ok(c);
  });

  return app;
}
