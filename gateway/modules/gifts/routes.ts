import { Hono } from 'hono';
import { giftEndpoints as endpoints } from '#api/endpoints/gifts.ts';
import { route } from '#gateway/http/route.ts';
import { Codes } from '#api/codes.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';
import { findMemberShell } from '#gateway/modules/accounts/queries.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { currentGift } from '#gateway/modules/accounts/gift.ts';
import { activateGift, experienceAvailable, giftClubs, takeExperience } from './service.ts';

/** §3 Member gift (issue 12 §3, ADR 035): the header's gift, activating it, the experience pass, and the /gift screen in one read. */
export function giftRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.current, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await currentGift(db, c.get('account').id, clock.now()));
  });

  route(app, endpoints.experience, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await takeExperience(db, c.get('account').id, clock.now()));
  });

  route(app, endpoints.activate, member, async (c) => {
    const deps = c.get('deps');
    const giftId = idParam(c, 'memberGiftId', () => new ApiError(404, Codes.GIFT_NOT_FOUND));
    const result = await activateGift(
      deps.db,
      c.get('account').id,
      giftId,
      c.req.valid('json').paymentPlanId,
      deps.clock.now(),
    );
    // The notice was queued with the contract (ADR 016); a repeat queued nothing.
    if (!result.existing) await deliverNoticesNow(deps);
    return ok(c, result, Codes.GIFT_ACTIVATED);
  });

  route(app, endpoints.screen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const accountId = c.get('account').id;
    const [shell, clubs, experience] = await Promise.all([
      findMemberShell(db, accountId, now),
      giftClubs(db),
      experienceAvailable(db, accountId),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    // The screen's gift is the header's (the shell read it): they never disagree.
    return ok(c, { shell, gift: { gift: shell.gift, clubs, experienceAvailable: experience } });
  });

  return app;
}
