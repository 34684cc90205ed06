import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { checkInDeviceBody, deviceIdSchema, staffCheckInBody, visitsQuery } from '#contract/check-in.ts';
import { Codes } from '#contract/codes.ts';
import { manualCheckInBody, staffAccountTypes, staffMemberQuery } from '#contract/staff.ts';
import { z } from 'zod';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { validate } from '#gateway/http/validate.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import {
  checkIn,
  currentCode,
  listDevices,
  listVisits,
  manualCheckIn,
  memberAtDesk,
  registerDevice,
  revokeDevice,
} from './service.ts';

/** Phone lookups at the desk (GET /staff/member, POST /staff/check-in/manual) per staff account per hour before 429. */
export const MAX_MEMBER_LOOKUPS_PER_STAFF_PER_HOUR = 120;

const deviceQuery = z.object({ deviceId: deviceIdSchema });
const deviceParam = z.object({ deviceId: deviceIdSchema });

/** Issue 11 §1 (ADR 032): member devices that draw check-in codes, the door scan, the member's visits. */
export function checkInRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();
  const staffOnly = requireAccount(staffAccountTypes);

  app.post('/member/check-in/devices', member, validate('json', checkInDeviceBody), async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await registerDevice(db, c.get('account').id, c.req.valid('json').label, clock.now()), Codes.OK);
  });

  app.get('/member/check-in/devices', member, async (c) =>
    ok(c, await listDevices(c.get('deps').db, c.get('account').id)),
  );

  app.delete('/member/check-in/devices/:deviceId', member, validate('param', deviceParam), async (c) => {
    const { db, clock } = c.get('deps');
    await revokeDevice(db, c.get('account').id, c.req.valid('param').deviceId, clock.now());
    return ok(c, null);
  });

  app.get('/member/check-in/code', member, validate('query', deviceQuery), async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await currentCode(db, c.get('account').id, c.req.valid('query').deviceId, clock.now()));
  });

  app.get('/member/check-ins', member, validate('query', visitsQuery), async (c) =>
    ok(c, await listVisits(c.get('deps').db, c.get('account').id, c.req.valid('query'))),
  );

  app.post('/staff/check-in', staffOnly, validate('json', staffCheckInBody), async (c) =>
    ok(c, await checkIn(c.get('deps'), c.get('account').id, c.req.valid('json'))),
  );

  // A member without their phone (ADR 049): found by phone number, checked in on the staff member's word.
  // Both count against the staff member's hourly phone lookups, so the desk cannot list members.
  const phoneLookup = createMiddleware<AppEnv>(async (c, next) => {
    const { db, clock } = c.get('deps');
    const allowed = await countHit(
      db,
      `staff-member-lookup:account:${String(c.get('account').id)}`,
      hourWindow(clock.now()),
      MAX_MEMBER_LOOKUPS_PER_STAFF_PER_HOUR,
    );
    if (!allowed) throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
    await next();
  });

  app.get('/staff/member', staffOnly, validate('query', staffMemberQuery), phoneLookup, async (c) =>
    ok(c, await memberAtDesk(c.get('deps'), c.get('account').id, c.req.valid('query'))),
  );

  app.post('/staff/check-in/manual', staffOnly, validate('json', manualCheckInBody), phoneLookup, async (c) =>
    ok(c, await manualCheckIn(c.get('deps'), c.get('account').id, c.req.valid('json'))),
  );

  return app;
}
