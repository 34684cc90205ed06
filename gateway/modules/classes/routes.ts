import { Hono } from 'hono';
import { classEndpoints as endpoints } from '#api/endpoints/classes.ts';
import { Codes } from '#api/codes.ts';
import { staffAccountTypes } from '#api/staff.ts';
import { validationMessage } from '#api/validation.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import { optionalAccount, requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { ok } from '#gateway/http/envelope.ts';
import { route } from '#gateway/http/route.ts';
import { idParam } from '#gateway/http/validate.ts';
import { accessClubs } from '#gateway/modules/club-access/queries.ts';
import { findMemberShell } from '#gateway/modules/accounts/queries.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { loadStaff } from '#gateway/modules/accounts/staff.ts';
import { scheduleDays } from './sessions.ts';
import { cancelClassSession, markAttendance, staffClassDay } from './staff.ts';
import {
  bookClass,
  cancelBooking,
  classDetail,
  classStanding,
  clubsForMember,
  listClassTypes,
  listClasses,
  todayClasses,
  upcomingBookings,
} from './service.ts';

/** Issue 11 §4 (ADR 034): the class timetable, a session's detail, booking and cancelling, and the /class screens in one read each. */
export function classRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  route(app, endpoints.list, optionalAccount(), async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await listClasses(db, c.req.valid('query'), c.get('maybeAccount')?.id ?? null, clock.now()));
  });

  route(app, endpoints.detail, optionalAccount(), async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await classDetail(db, idParam(c, 'sessionId'), c.get('maybeAccount')?.id ?? null, clock.now()));
  });

  route(app, endpoints.types, async (c) => ok(c, await listClassTypes(c.get('deps').db)));

  route(app, endpoints.book, member, async (c) =>
    ok(c, await bookClass(c.get('deps'), c.get('account').id, idParam(c, 'sessionId'), c.req.valid('json'))),
  );

  route(app, endpoints.cancelBooking, member, async (c) =>
    ok(c, await cancelBooking(c.get('deps'), c.get('account').id, idParam(c, 'bookingId'))),
  );

  route(app, endpoints.bookings, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await upcomingBookings(db, c.get('account').id, clock.now()));
  });

  route(app, endpoints.standing, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await classStanding(db, c.get('account').id, clock.now()));
  });

  // Issue 18: each /class screen in one read, the member's shell with it.
  route(app, endpoints.screen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const accountId = c.get('account').id;
    const query = c.req.valid('query');
    const days = scheduleDays(now);
    const date = query.date && days.includes(query.date) ? query.date : days[0];
    const mine = (await accessClubs(db, accountId, vietnamDay(now))).map((club) => club.id);
    const [shell, clubList, classTypes, standing] = await Promise.all([
      findMemberShell(db, accountId, now),
      clubsForMember(db, mine),
      listClassTypes(db),
      classStanding(db, accountId, now),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    const clubId = clubList.some((club) => club.id === query.clubId) ? query.clubId! : (clubList[0]?.id ?? null);
    const classTypeId = classTypes.some((type) => type.id === query.classTypeId) ? query.classTypeId! : null;
    const sessions =
      clubId === null
        ? []
        : await listClasses(
            db,
            { clubId, date, classTypeId: classTypeId ?? undefined, page: 1, limit: 50 },
            accountId,
            now,
          );
    return ok(c, {
      shell,
      classes: { clubs: clubList, clubId, classTypes, classTypeId, days, date, sessions, standing },
    });
  });

  route(app, endpoints.sessionScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const accountId = c.get('account').id;
    const [shell, session, standing] = await Promise.all([
      findMemberShell(db, accountId, now),
      classDetail(db, idParam(c, 'sessionId'), accountId, now),
      classStanding(db, accountId, now),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, { shell, class: { session, standing } });
  });

  route(app, endpoints.todayScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const accountId = c.get('account').id;
    const mine = (await accessClubs(db, accountId, vietnamDay(now))).map((club) => club.id);
    const [shell, sessions] = await Promise.all([
      findMemberShell(db, accountId, now),
      todayClasses(db, accountId, mine, now, 100),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, { shell, today: { sessions: sessions.sessions, hasClubs: mine.length > 0 } });
  });

  // Issue 17 "Classes" (ADR 051): the desk (EMPLOYEE/LEADER at their club, GM at any); a PT or member is 403.
  const desk = requireAccount(staffAccountTypes);

  route(app, endpoints.staffDay, desk, async (c) => {
    const { db, clock } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    const query = c.req.valid('query');
    let clubId: number;
    if (staff.accountType === 'GM') {
      if (query.clubId === undefined)
        throw new ApiError(400, Codes.VALIDATION, {
          fieldErrors: { clubId: [validationMessage('required', c.get('lang'))] },
        });
      clubId = query.clubId;
    } else {
      // A club named explicitly that is not theirs is 403, as at the door and in the audit log (ADR 049).
      if (staff.clubId === null || (query.clubId !== undefined && query.clubId !== staff.clubId))
        throw new ApiError(403, Codes.FORBIDDEN);
      clubId = staff.clubId;
    }
    const now = clock.now();
    return ok(c, await staffClassDay(db, clubId, query.date ?? vietnamDay(now), now));
  });

  route(app, endpoints.attendance, desk, async (c) => {
    const deps = c.get('deps');
    const staff = await loadStaff(deps.db, c.get('account').id);
    return ok(c, await markAttendance(deps, staff, idParam(c, 'id'), c.req.valid('json').attended));
  });

  route(app, endpoints.cancelSession, desk, async (c) => {
    const deps = c.get('deps');
    const staff = await loadStaff(deps.db, c.get('account').id);
    const result = await cancelClassSession(deps, staff, idParam(c, 'id'), c.req.valid('json').reason);
    await deliverNoticesNow(deps);
    return ok(c, result);
  });

  return app;
}
