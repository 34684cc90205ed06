import { Hono, type Context } from 'hono';
import { checkInEndpoints as endpoints } from '#api/endpoints/check-in.ts';
import { deviceIdSchema } from '#api/check-in.ts';
import { Codes } from '#api/codes.ts';
import { staffAccountTypes } from '#api/staff.ts';
import { z } from 'zod';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, validationError } from '#gateway/http/errors.ts';
import { route } from '#gateway/http/route.ts';
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

const deviceParam = z.object({ deviceId: deviceIdSchema });

/** Issue 11 §1 (ADR 032): member devices that draw check-in codes, the door scan, the member's visits. */
export function checkInRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();
  const staffOnly = requireAccount(staffAccountTypes);

  route(app, endpoints.registerDevice, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await registerDevice(db, c.get('account').id, c.req.valid('json').label, clock.now()), Codes.OK);
  });

  route(app, endpoints.devices, member, async (c) => ok(c, await listDevices(c.get('deps').db, c.get('account').id)));

  route(app, endpoints.revokeDevice, member, async (c) => {
    const { db, clock } = c.get('deps');
    // A malformed id is code 2 with the field error.
    const param = deviceParam.safeParse(c.req.param());
    if (!param.success) throw validationError(param.error, c.get('lang'));
    await revokeDevice(db, c.get('account').id, param.data.deviceId, clock.now());
    return ok(c, null);
  });

  route(app, endpoints.code, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await currentCode(db, c.get('account').id, c.req.valid('query').deviceId, clock.now()));
  });

  route(app, endpoints.visits, member, async (c) =>
    ok(c, await listVisits(c.get('deps').db, c.get('account').id, c.req.valid('query'))),
  );

  route(app, endpoints.scan, staffOnly, async (c) =>
    ok(c, await checkIn(c.get('deps'), c.get('account').id, c.req.valid('json'))),
  );

  // A member without their phone (ADR 049): found by phone number, checked in on the staff member's word.
  // Both count against the staff member's hourly phone lookups, so the desk cannot list members.
  const phoneLookup = async (c: Context<AppEnv>) => {
    const { db, clock } = c.get('deps');
    const allowed = await countHit(
      db,
      `staff-member-lookup:account:${String(c.get('account').id)}`,
      hourWindow(clock.now()),
      MAX_MEMBER_LOOKUPS_PER_STAFF_PER_HOUR,
    );
    if (!allowed) throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
  };

  // Counted once the request is valid (a malformed one is code 2 and not a lookup).
  route(app, endpoints.memberAtDesk, staffOnly, async (c) => {
    await phoneLookup(c);
    return ok(c, await memberAtDesk(c.get('deps'), c.get('account').id, c.req.valid('query')));
  });

  route(app, endpoints.manual, staffOnly, async (c) => {
    await phoneLookup(c);
    return ok(c, await manualCheckIn(c.get('deps'), c.get('account').id, c.req.valid('json')));
  });

  return app;
}
