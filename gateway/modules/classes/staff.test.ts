import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { classAttendanceResultSchema, classCancelResultSchema, staffClassesSchema } from '#api/staff-classes.ts';
import { hhmm, vietnamDay, vietnamMinute } from '#api/vietnam-time.ts';
import {
  accounts,
  classBookings,
  classSessions,
  noticeOutbox,
  staffActions,
  visits,
} from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { instructorPhone } from '#gateway/db/seed-classes.ts';
import { classSessionIn } from '#tests/support/classes.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { memberWithPlan } from '#tests/support/membership.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';

// Issue 17 "Classes" (ADR 051): the desk's day of classes, attendance, and cancelling a class.
let gw: TestGateway;
let club0: { id: number };
let club1: { id: number };
let employee: string;
let gm: string;
let otherClub: string;
let leader: string;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

beforeAll(async () => {
  gw = await startTestGateway();
  club0 = await clubAt(gw, 0);
  club1 = await clubAt(gw, 1);
  employee = await staffLogin(gw, DEMO_STAFF_PHONE);
  gm = await staffLogin(gw, DEMO_MANAGER_PHONE);
  otherClub = await staffLogin(gw, instructorPhone(2));
  const [row] = await gw.db
    .insert(accounts)
    .values({ phoneNumber: randomPhone(), accountType: 'LEADER', fullName: 'Trưởng CLB', clubId: club0.id })
    .returning();
  leader = await staffLogin(gw, row.phoneNumber);
});
afterAll(() => gw.close());

/** A member with a paid CLASSIC membership of club 0. */
const member = () => memberWithPlan(gw, club0.id);

/** A one-off session of club 0 (or another) starting this long from the gateway's now. */
const sessionIn = (startsIn: number, capacity = 10, clubId = club0.id) =>
  classSessionIn(gw, clubId, startsIn, capacity);

const book = (token: string, sessionId: number, joinWaitlist = false) =>
  gw.call('POST', `/api/v1/member/classes/${String(sessionId)}/booking`, { token, json: { joinWaitlist } });
const bookingOf = async (sessionId: number, accountId: number) =>
  (
    await gw.db
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.sessionId, sessionId), eq(classBookings.accountId, accountId)))
  )[0];
const mark = (token: string, bookingId: number | string, json: unknown) =>
  gw.call('PUT', `/api/v1/staff/class-booking/${String(bookingId)}/attendance`, { token, json });
const cancelClass = (token: string, sessionId: number | string, json: unknown) =>
  gw.call('PUT', `/api/v1/staff/class-session/${String(sessionId)}/cancel`, { token, json });
const auditOf = (action: string, subjectId: number) =>
  gw.db
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.action, action), eq(staffActions.subjectId, subjectId)));
const standing = async (token: string) =>
  (await gw.call('GET', '/api/v1/member/class-standing', { token })).body.data as { strikes: number };

describe('GET /staff/classes', () => {
  test("the desk's club today by default, by start; each session's bookings: spots by booking time, then the line in order", async () => {
    const session = await sessionIn(3 * HOUR, 2);
    const [a, b, c, d] = [await member(), await member(), await member(), await member()];
    expect((await book(a.token, session.id)).status).toBe(200);
    gw.clock.advance(1000);
    expect((await book(b.token, session.id)).status).toBe(200);
    gw.clock.advance(1000);
    expect((await book(c.token, session.id, true)).body.data.booking.state).toBe('WAITLISTED');
    gw.clock.advance(1000);
    expect((await book(d.token, session.id, true)).body.data.booking.state).toBe('WAITLISTED');

    for (const [token, query] of [
      [employee, ''],
      [leader, `?clubId=${String(club0.id)}`],
      [gm, `?clubId=${String(club0.id)}&date=${vietnamDay(gw.clock.now())}`],
    ] as const) {
      const res = await gw.call('GET', `/api/v1/staff/classes${query}`, { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const day = staffClassesSchema.parse(res.body.data);
      expect(day).toMatchObject({ date: vietnamDay(gw.clock.now()), clubId: club0.id });
      expect(day.sessions.map((s) => s.startsAt)).toEqual([...day.sessions.map((s) => s.startsAt)].sort());
      const mine = day.sessions.find((s) => s.id === session.id)!;
      // The room in English too (issue 38 §20): 'Studio', not 'Phòng Studio'.
      expect(mine.roomNameEn).toEqual(expect.any(String));
      expect(mine.roomNameEn).not.toMatch(/^Phòng/);
      expect(mine).toMatchObject({
        capacity: 2,
        bookedCount: 2,
        cancelledAt: null,
        roomName: expect.any(String),
        instructorName: expect.any(String),
        nameVi: expect.any(String),
        nameEn: expect.any(String),
      });
      expect(mine.bookings.map((x) => [x.member.id, x.status, x.waitlistPosition, x.attendance])).toEqual([
        [a.id, 'BOOKED', null, null],
        [b.id, 'BOOKED', null, null],
        [c.id, 'WAITLISTED', 1, null],
        [d.id, 'WAITLISTED', 2, null],
      ]);
      expect(mine.bookings[0].member.phoneNumber).toBe(a.phone);
    }
    // Another day: the seeded schedule's sessions, none of today's one-off.
    const tomorrow = vietnamDay(new Date(gw.clock.now().getTime() + 24 * HOUR));
    const next = staffClassesSchema.parse(
      (await gw.call('GET', `/api/v1/staff/classes?date=${tomorrow}`, { token: employee })).body.data,
    );
    expect(next.sessions.length).toBeGreaterThan(0);
    expect(next.sessions.some((s) => s.id === session.id)).toBe(false);
  });

  test("another club named by an EMPLOYEE or LEADER is 403; a GM names the club (400 without); another club's desk reads its own", async () => {
    expect(
      (await gw.call('GET', `/api/v1/staff/classes?clubId=${String(club0.id)}`, { token: otherClub })).body.code,
    ).toBe(6);
    expect((await gw.call('GET', `/api/v1/staff/classes?clubId=${String(club1.id)}`, { token: leader })).status).toBe(
      403,
    );
    const own = await gw.call('GET', '/api/v1/staff/classes', { token: otherClub });
    expect(own.body.data.clubId).toBe(club1.id);
    const noClub = await gw.call('GET', '/api/v1/staff/classes', { token: gm });
    expect([noClub.status, noClub.body.code, Object.keys(noClub.body.data.fieldErrors)]).toEqual([400, 2, ['clubId']]);
    expect(
      (await gw.call('GET', `/api/v1/staff/classes?clubId=${String(club1.id)}`, { token: gm })).body.data.clubId,
    ).toBe(club1.id);
    // A GM's club that does not exist reads an empty day.
    expect((await gw.call('GET', '/api/v1/staff/classes?clubId=999999', { token: gm })).body.data.sessions).toEqual([]);
  });

  test('malformed queries are 400, never 500', async () => {
    for (const query of [
      'date=2026-02-30',
      'date=2026-13-01',
      'date=26-1-1',
      'date=%00',
      'date=2026-11-21%00',
      'clubId=abc',
      'clubId=0',
      'clubId=-1',
      'clubId=99999999999',
      'clubId=%00',
    ]) {
      const res = await gw.call('GET', `/api/v1/staff/classes?${query}`, { token: gm });
      expect([res.status, res.body.code], query).toEqual([400, 2]);
    }
  });
});

describe('PUT /staff/class-booking/{id}/attendance', () => {
  test('from 30 min before the start to 24 h after the end; a change is audited with before and after; the same mark again writes nothing', async () => {
    const session = await sessionIn(2 * HOUR);
    const m = await member();
    await book(m.token, session.id);
    const booking = await bookingOf(session.id, m.id);

    const early = await mark(employee, booking.id, { attended: true });
    expect([early.status, early.body.code]).toEqual([409, 'CLASS_ATTENDANCE_CLOSED']);
    expect(await auditOf('class-booking.attendance', booking.id)).toEqual([]);

    gw.clock.advance(HOUR + 31 * MINUTE); // 29 min before the start
    const first = await mark(employee, booking.id, { attended: true });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const answered = classAttendanceResultSchema.parse(first.body.data);
    expect(answered).toMatchObject({
      sessionId: session.id,
      changed: true,
      booking: {
        id: booking.id,
        status: 'BOOKED',
        attendance: 'ATTENDED',
        attendanceMarkedAt: gw.clock.now().toISOString(),
      },
    });
    let rows = await auditOf('class-booking.attendance', booking.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      clubId: club0.id,
      subjectType: 'class-booking',
      before: { attendance: null },
      after: { attendance: 'ATTENDED' },
    });

    const again = await mark(employee, booking.id, { attended: true });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ changed: false, booking: { attendance: 'ATTENDED' } });
    expect(await auditOf('class-booking.attendance', booking.id)).toHaveLength(1);
    // The member sees it on their booking.
    expect(
      (await gw.call('GET', `/api/v1/global/classes/${String(session.id)}`, { token: m.token })).body.data.myBooking
        .state,
    ).toBe('ATTENDED');

    gw.clock.advance(2 * HOUR); // ended
    const changed = await mark(gm, booking.id, { attended: false });
    expect(changed.body.data).toMatchObject({ changed: true, booking: { attendance: 'NO_SHOW' } });
    rows = await auditOf('class-booking.attendance', booking.id);
    expect(rows.map((r) => [r.before, r.after])).toEqual([
      [{ attendance: null }, { attendance: 'ATTENDED' }],
      [{ attendance: 'ATTENDED' }, { attendance: 'NO_SHOW' }],
    ]);

    gw.clock.advance(24 * HOUR); // 24 h 29 min after the end
    const late = await mark(employee, booking.id, { attended: true });
    expect([late.status, late.body.code]).toEqual([409, 'CLASS_ATTENDANCE_CLOSED']);
    expect(await auditOf('class-booking.attendance', booking.id)).toHaveLength(2);
  });

  test('the mark decides strikes: NO_SHOW is one even after a check-in; ATTENDED clears a no-show the check-ins gave', async () => {
    const session = await sessionIn(3 * HOUR);
    const [came, away] = [await member(), await member()];
    await book(came.token, session.id);
    await book(away.token, session.id);
    gw.clock.advance(3 * HOUR + 5 * MINUTE);
    await gw.db
      .insert(visits)
      .values({ accountId: came.id, clubId: club0.id, timeStep: 0, checkedInAt: gw.clock.now() });
    gw.clock.advance(HOUR);
    expect((await standing(came.token)).strikes).toBe(0);
    expect((await standing(away.token)).strikes).toBe(1);
    const day = staffClassesSchema.parse(
      (await gw.call('GET', '/api/v1/staff/classes', { token: employee })).body.data,
    );
    const attendance = day.sessions
      .find((s) => s.id === session.id)!
      .bookings.map((b) => [b.member.id, b.attendance, b.attendanceMarkedAt]);
    expect(attendance).toEqual([
      [came.id, 'ATTENDED', null],
      [away.id, 'NO_SHOW', null],
    ]);

    expect((await mark(employee, (await bookingOf(session.id, came.id)).id, { attended: false })).status).toBe(200);
    expect((await mark(employee, (await bookingOf(session.id, away.id)).id, { attended: true })).status).toBe(200);
    expect((await standing(came.token)).strikes).toBe(1);
    expect((await standing(away.token)).strikes).toBe(0);
  });

  test('only a BOOKED spot (a waitlist place: CLASS_ATTENDANCE_NOT_BOOKED); another club is 404; a PT or member 403; malformed input 400/404', async () => {
    const session = await sessionIn(20 * MINUTE, 1);
    const [a, b] = [await member(), await member()];
    // Booking has closed 30 min before: put them in directly, a spot and a place in line.
    const [spot] = await gw.db
      .insert(classBookings)
      .values({ sessionId: session.id, accountId: a.id, status: 'BOOKED', createdAt: gw.clock.now() })
      .returning();
    await gw.db.update(classSessions).set({ bookedCount: 1 }).where(eq(classSessions.id, session.id));
    const [line] = await gw.db
      .insert(classBookings)
      .values({
        sessionId: session.id,
        accountId: b.id,
        status: 'WAITLISTED',
        createdAt: gw.clock.now(),
        waitlistedAt: gw.clock.now(),
      })
      .returning();

    const waitlisted = await mark(employee, line.id, { attended: true });
    expect([waitlisted.status, waitlisted.body.code]).toEqual([409, 'CLASS_ATTENDANCE_NOT_BOOKED']);
    expect((await mark(otherClub, spot.id, { attended: true })).status).toBe(404);
    expect((await mark(a.token, spot.id, { attended: true })).status).toBe(403);

    for (const id of ['abc', '0', '-1', '2147483648', '99999999'])
      expect((await mark(employee, id, { attended: true })).status, id).toBe(404);
    // A NUL in the path is refused at the door (ADR 018).
    expect((await mark(employee, '1%00', { attended: true })).status).toBe(400);
    for (const json of [null, {}, { attended: 'yes' }, { attended: 1 }, [], 'true']) {
      const res = await mark(employee, spot.id, json);
      expect([res.status, res.body.code], JSON.stringify(json)).toEqual([400, 2]);
    }
    const raw = await gw.call('PUT', `/api/v1/staff/class-booking/${String(spot.id)}/attendance`, {
      token: employee,
      body: '{"attended": tru',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(await auditOf('class-booking.attendance', spot.id)).toEqual([]);
    expect(await auditOf('class-booking.attendance', line.id)).toEqual([]);
  });
});

describe('PUT /staff/class-session/{id}/cancel', () => {
  test('one transaction: every spot and place in line cancelled free, spots back, one notice each, one audit row; a repeat answers already and writes nothing', async () => {
    const session = await sessionIn(5 * HOUR, 2);
    const [a, b, c] = [await member(), await member(), await member()];
    await book(a.token, session.id);
    await book(b.token, session.id);
    await book(c.token, session.id, true);
    const reason = 'Huấn luyện viên bị ốm, xin lỗi các bạn';

    const res = await cancelClass(employee, session.id, { reason: `  ${reason} ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = classCancelResultSchema.parse(res.body.data);
    expect(done).toMatchObject({
      outcome: 'cancelled',
      bookingsCancelled: 3,
      session: {
        id: session.id,
        bookedCount: 0,
        cancelledAt: gw.clock.now().toISOString(),
        cancelReason: reason,
        bookings: [],
      },
    });

    const rows = await gw.db.select().from(classBookings).where(eq(classBookings.sessionId, session.id));
    expect(rows.map((r) => [r.status, r.cancelledAt?.toISOString()])).toEqual(
      rows.map(() => ['CANCELLED', gw.clock.now().toISOString()]),
    );
    const notices = await gw.db
      .select()
      .from(noticeOutbox)
      .where(inArray(noticeOutbox.accountId, [a.id, b.id, c.id]));
    const cancelNotices = notices.filter((n) => n.content.titleEn === 'Class cancelled');
    expect(cancelNotices.map((n) => n.accountId).sort()).toEqual([a.id, b.id, c.id].sort());
    for (const n of cancelNotices) {
      expect(n.content.bodyVi).toContain(reason);
      expect(n.content.bodyEn).toContain(reason);
      expect(n.content.link).toBe('/class');
    }
    expect(cancelNotices[0].content.bodyEn).toContain(hhmm(vietnamMinute(session.startsAt)));
    // The members read it in their inbox, and their booking shows the club's cancel.
    const inbox = await gw.call('GET', '/api/v1/member/notifications', { token: a.token });
    expect(JSON.stringify(inbox.body.data)).toContain(reason);
    const view = (await gw.call('GET', `/api/v1/global/classes/${String(session.id)}`, { token: a.token })).body.data;
    expect(view).toMatchObject({ cancelled: true, spotsLeft: 2, myBooking: { state: 'CANCELLED' } });
    // No strike for anyone, and no booking back into a cancelled class.
    for (const m of [a, b, c]) expect((await standing(m.token)).strikes).toBe(0);
    const again = await book(a.token, session.id);
    expect([again.status, again.body.code]).toEqual([409, 'CLASS_CANCELLED']);

    const audit = await auditOf('class-session.cancel', session.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      clubId: club0.id,
      subjectType: 'class-session',
      after: { reason, bookedCount: 0, bookingsCancelled: 3 },
    });

    const repeat = await cancelClass(gm, session.id, { reason: 'Lý do khác' });
    expect(repeat.status).toBe(200);
    expect(classCancelResultSchema.parse(repeat.body.data)).toMatchObject({
      outcome: 'already',
      bookingsCancelled: 0,
      session: { cancelReason: reason },
    });
    expect(await auditOf('class-session.cancel', session.id)).toHaveLength(1);
    const after = await gw.db
      .select()
      .from(noticeOutbox)
      .where(inArray(noticeOutbox.accountId, [a.id, b.id, c.id]));
    expect(after.length).toBe(notices.length);
  });

  test('a started class cannot be cancelled (CLASS_CANCEL_CLOSED); another club 404; refused requests write nothing', async () => {
    const started = await sessionIn(-5 * MINUTE);
    const res = await cancelClass(employee, started.id, { reason: 'Mất điện' });
    expect([res.status, res.body.code]).toEqual([409, 'CLASS_CANCEL_CLOSED']);
    const later = await sessionIn(4 * HOUR);
    expect((await cancelClass(otherClub, later.id, { reason: 'Mất điện' })).status).toBe(404);
    for (const id of [started.id, later.id]) {
      expect(await auditOf('class-session.cancel', id)).toEqual([]);
      const [row] = await gw.db.select().from(classSessions).where(eq(classSessions.id, id));
      expect(row.cancelledAt).toBeNull();
    }
  });

  test('the reason: 1–300 characters PostgreSQL can store; malformed ids and JSON never 500', async () => {
    const session = await sessionIn(6 * HOUR);
    for (const json of [
      {},
      { reason: '' },
      { reason: '   ' },
      { reason: 'x'.repeat(301) },
      { reason: 'Mất\u0000điện' },
      { reason: 'a\uD800b' },
      { reason: 12 },
      null,
      [],
    ]) {
      const res = await cancelClass(employee, session.id, json);
      expect([res.status, res.body.code], JSON.stringify(json)).toEqual([400, 2]);
    }
    const raw = await gw.call('PUT', `/api/v1/staff/class-session/${String(session.id)}/cancel`, {
      token: employee,
      body: '{"reason":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    for (const id of ['abc', '0', '2147483648', '99999999'])
      expect((await cancelClass(employee, id, { reason: 'Mất điện' })).status, id).toBe(404);
    expect(await auditOf('class-session.cancel', session.id)).toEqual([]);
    const longest = await cancelClass(employee, session.id, { reason: 'đ'.repeat(300) });
    expect(longest.body.data.session.cancelReason).toHaveLength(300);
  });

  test('members booking at the moment of the cancel: none is left BOOKED in the cancelled class', async () => {
    for (let round = 0; round < 2; round++) {
      const session = await sessionIn(6 * HOUR, 30);
      const members = await Promise.all(Array.from({ length: 8 }, () => member()));
      const early = members.slice(0, 2);
      for (const m of early) await book(m.token, session.id);
      const [cancelled, ...booked] = await Promise.all([
        cancelClass(employee, session.id, { reason: 'Phòng tập bảo trì' }),
        ...members.slice(2).map((m) => book(m.token, session.id)),
      ]);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      for (const res of booked) expect([200, 409], JSON.stringify(res.body)).toContain(res.status);
      for (const res of booked.filter((r) => r.status === 409)) expect(res.body.code).toBe('CLASS_CANCELLED');
      const rows = await gw.db.select().from(classBookings).where(eq(classBookings.sessionId, session.id));
      expect(rows.filter((r) => r.status === 'BOOKED' || r.status === 'WAITLISTED')).toEqual([]);
      const [after] = await gw.db.select().from(classSessions).where(eq(classSessions.id, session.id));
      expect(after.bookedCount).toBe(0);
      // Whoever got a spot before the cancel was told of it.
      expect(cancelled.body.data.bookingsCancelled).toBe(rows.length);
      const told = await gw.db
        .select()
        .from(noticeOutbox)
        .where(
          inArray(
            noticeOutbox.accountId,
            rows.map((r) => r.accountId),
          ),
        );
      expect(new Set(told.filter((n) => n.content.titleEn === 'Class cancelled').map((n) => n.accountId)).size).toBe(
        rows.length,
      );
    }
  });
});
