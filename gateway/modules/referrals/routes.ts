import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { giftEndpoints as endpoints } from '#api/endpoints/gifts.ts';
import { route } from '#gateway/http/route.ts';
import { Codes } from '#api/codes.ts';
import { sandboxJoinedBody } from '#api/referral.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { validate } from '#gateway/http/validate.ts';
import { accounts } from '#gateway/db/schema/index.ts';
import { findAccountByPhone, findMemberShell } from '#gateway/modules/accounts/queries.ts';
import { referralScreen, sendInvitation } from './service.ts';

/** §7 referral/send and the /home/referral screen in one read (issue 12 §4, ADR 037). */
export function referralRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.sendReferral, member, async (c) => {
    const result = await sendInvitation(c.get('deps'), {
      accountId: c.get('account').id,
      phoneNumber: c.req.valid('json').phoneNumber,
      lang: c.get('lang'),
    });
    return ok(c, result);
  });

  route(app, endpoints.referralScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const accountId = c.get('account').id;
    const [shell, referral] = await Promise.all([
      findMemberShell(db, accountId, now),
      referralScreen(db, accountId, now),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, { shell, referral });
  });

  return app;
}

/** Sandbox only: moves a member's joining moment back, so the deal's 14 days can be tried (demos, e2e). */
export function referralSandboxRoutes() {
  const app = new Hono<AppEnv>();
  app.put('/referral/joined', validate('json', sandboxJoinedBody), async (c) => {
    const { phoneNumber, daysAgo } = c.req.valid('json');
    const { db, clock } = c.get('deps');
    const account = await findAccountByPhone(db, phoneNumber);
    if (!account) throw new ApiError(404, Codes.NOT_FOUND);
    const createdAt = new Date(clock.now().getTime() - daysAgo * 86_400_000);
    await db.update(accounts).set({ createdAt }).where(eq(accounts.id, account.id));
    return ok(c, { phoneNumber, joinedAt: createdAt.toISOString() });
  });
  return app;
}
