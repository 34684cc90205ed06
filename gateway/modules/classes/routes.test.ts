import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CLASS_SCHEDULE_DAYS } from '#api/classes.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import { classBookings, classSessions, notifications, visits } from '#gateway/db/schema/index.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { classSessionIn } from '#tests/support/classes.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { freezeMemberships, memberWithPlan } from '#tests/support/membership.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';

let gw: TestGateway;
let club0: { id: number };
let club1: { id: number };

beforeAll(async () => {
  gw = await startTestGateway();
  club0 = await clubAt(gw, 0);
  club1 = await clubAt(gw, 1);
});
afterAll(() => gw.close());

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A member with a paid membership of club 0 (CLASSIC opens that club only). */
const member = (planType: 'CLASSIC' | 'BLACK_CARD' = 'CLASSIC') => memberWithPlan(gw, club0.id, planType);

/** The id of a one-off session of club 0 (or another), starting this long from the gateway's now. */
const sessionIn = async (startsIn: number, capacity = 10, clubId = club0.id) =>
  (await classSessionIn(gw, clubId, startsIn, capacity)).id;

const book = (token: string, sessionId: number, joinWaitlist = false) =>
  gw.call('POST', `/api/v1/member/classes/${String(sessionId)}/booking`, { token, json: { joinWaitlist } });
const cancel = (token: string, bookingId: number) =>
  gw.call('PUT', `/api/v1/member/class-bookings/${String(bookingId)}/cancel`, { token });
const detail = async (sessionId: number, token?: string) =>
  (await gw.call('GET', `/api/v1/global/classes/${String(sessionId)}`, { token })).body.data;

describe('the timetable', () => {
  test('today at a club, by start time, from the weekly schedules; public; the member sees their booking', async () => {
    const today = vietnamDay(gw.clock.now());
    const res = await gw.call('GET', `/api/v1/global/classes?clubId=${String(club0.id)}&date=${today}`);
    expect(res.status).toBe(200);
    const sessions = res.body.data as {
      startsAt: string;
      club: { id: number };
      spotsLeft: number;
      capacity: number;
      myBooking: unknown;
      classType: { nameVi: string };
    }[];
    expect(sessions.length).toBeGreaterThanOrEqual(4);
    expect(sessions.every((s) => s.club.id === club0.id && s.myBooking === null && s.spotsLeft <= s.capacity)).toBe(
      true,
    );
    expect(sessions.map((s) => s.startsAt)).toEqual([...sessions.map((s) => s.startsAt)].sort());
    // The last of the 14 days has sessions too; the day after has none yet.
    const last = new Date(gw.clock.now().getTime() + (CLASS_SCHEDULE_DAYS - 1) * 24 * HOUR);
    const lastDay = await gw.call('GET', `/api/v1/global/classes?clubId=${String(club0.id)}&date=${vietnamDay(last)}`);
    expect(lastDay.body.data.length).toBeGreaterThanOrEqual(4);
    const types = await gw.call('GET', '/api/v1/general/class-types');
    expect(types.body.data.map((t: { slug: string }) => t.slug)).toEqual(
      expect.arrayContaining(['yoga', 'zumba', 'body-pump', 'boxing', 'cycling', 'pilates', 'hiit']),
    );
  });

  test('malformed filters and ids are 400/404, never 500', async () => {
    for (const query of [
      'date=2026-13',
      'clubId=-1',
      'clubId=abc',
      'limit=1000',
      'page=0',
      'classTypeId=99999999999',
      'date=%00',
    ]) {
      const res = await gw.call('GET', `/api/v1/global/classes?${query}`);
      expect(res.status, query).toBe(400);
    }
    expect((await gw.call('GET', '/api/v1/global/classes/abc')).status).toBe(404);
    expect((await gw.call('GET', '/api/v1/global/classes/99999999')).status).toBe(404);
    const m = await member();
    const session = await sessionIn(5 * HOUR);
    for (const json of [null, [], { joinWaitlist: 'yes' }, 'x']) {
      const res = await gw.call('POST', `/api/v1/member/classes/${String(session)}/booking`, { token: m.token, json });
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    const raw = await gw.call('POST', `/api/v1/member/classes/${String(session)}/booking`, {
      token: m.token,
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect((await cancel(m.token, 2_147_483_648)).status).toBe(404);
  });
});

describe('booking', () => {
  test('a spot inside the window; a double tap books once; the detail says so', async () => {
    const m = await member();
    const session = await sessionIn(5 * HOUR, 10);
    const [a, b] = await Promise.all([book(m.token, session), book(m.token, session)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.booking.bookingId).toBe(b.body.data.booking.bookingId);
    expect(a.body.data.booking).toMatchObject({ state: 'BOOKED', canCancel: true, waitlistPosition: null });
    const seen = await detail(session, m.token);
    expect(seen).toMatchObject({ spotsLeft: 9, myBooking: { state: 'BOOKED' } });
    expect(seen.classType.descriptionVi.length).toBeGreaterThan(10);
    expect((await detail(session)).myBooking).toBeNull(); // anonymous
    const rows = await gw.db.select().from(classBookings).where(eq(classBookings.sessionId, session));
    expect(rows).toHaveLength(1);
  });

  test('opens 48 h before and closes 30 min before the start', async () => {
    const m = await member();
    expect((await book(m.token, await sessionIn(49 * HOUR))).body.code).toBe('CLASS_BOOKING_NOT_OPEN');
    expect((await book(m.token, await sessionIn(47 * HOUR))).status).toBe(200);
    expect((await book(m.token, await sessionIn(29 * MINUTE))).body.code).toBe('CLASS_BOOKING_CLOSED');
    expect((await book(m.token, await sessionIn(-5 * MINUTE))).body.code).toBe('CLASS_BOOKING_CLOSED');
  });

  test('a class under way says STARTED, one that is over ENDED (issue 37), and neither can be booked', async () => {
    const m = await member();
    const underWay = await sessionIn(-5 * MINUTE);
    const over = await sessionIn(-5 * HOUR);
    expect((await detail(underWay, m.token)).bookingWindow).toBe('STARTED');
    expect((await detail(over, m.token)).bookingWindow).toBe('ENDED');
    const overDay = vietnamDay(new Date(gw.clock.now().getTime() - 5 * HOUR));
    const list = (await gw.call('GET', `/api/v1/global/classes?clubId=${String(club0.id)}&date=${overDay}`)).body
      .data as { id: number; bookingWindow: string }[];
    expect(list.find((s) => s.id === over)?.bookingWindow).toBe('ENDED');
    for (const session of [underWay, over]) {
      const res = await book(m.token, session);
      expect([res.status, res.body.code]).toEqual([409, 'CLASS_BOOKING_CLOSED']);
    }
  });

  test('only members whose membership opens the club, and not while frozen', async () => {
    const none = await gw.signUp();
    const res = await book(none.token, await sessionIn(3 * HOUR));
    expect([res.status, res.body.code]).toEqual([403, 'CLASS_NO_MEMBERSHIP']);
    const classic = await member('CLASSIC');
    expect((await book(classic.token, await sessionIn(3 * HOUR, 10, club1.id))).body.code).toBe('CLASS_WRONG_CLUB');
    const black = await member('BLACK_CARD'); // all clubs
    expect((await book(black.token, await sessionIn(3 * HOUR, 10, club1.id))).status).toBe(200);
    await freezeMemberships(gw, classic.id);
    expect((await book(classic.token, await sessionIn(3 * HOUR))).body.code).toBe('CLASS_FROZEN');
  });

  test('20 members booking the last spot at once: exactly one gets it, the others are told it is full', async () => {
    const session = await sessionIn(6 * HOUR, 3);
    const early = await Promise.all([member(), member()]);
    for (const m of early) expect((await book(m.token, session)).status).toBe(200);
    const racers = await Promise.all(Array.from({ length: 20 }, () => member()));
    const answers = await Promise.all(racers.map((m) => book(m.token, session)));
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.code === 'CLASS_FULL')).toHaveLength(19);
    const [row] = await gw.db.select().from(classSessions).where(eq(classSessions.id, session));
    expect(row.bookedCount).toBe(3);
    const booked = await gw.db
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.sessionId, session), eq(classBookings.status, 'BOOKED')));
    expect(booked).toHaveLength(3);
    // The table itself refuses more spots taken than the class has.
    await expect(
      gw.db.update(classSessions).set({ bookedCount: 4 }).where(eq(classSessions.id, session)),
    ).rejects.toThrow();
    // The same race for the waitlist: every one in line, each at their own place.
    const winner = racers[answers.findIndex((r) => r.status === 200)];
    const lineUp = [winner, ...racers.filter((m) => m !== winner).slice(0, 9)];
    const line = await Promise.all(lineUp.map((m) => book(m.token, session, true)));
    const places = line.map((r) => r.body.data.booking.waitlistPosition as number | null);
    expect(places.filter((p) => p === null)).toHaveLength(1); // the one who already had a spot
    expect(places.filter((p): p is number => p !== null).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    // …and the places read back afterwards are the same ones.
    const after = await Promise.all(
      lineUp.map(async (m) => (await detail(session, m.token)).myBooking.waitlistPosition as number | null),
    );
    expect(after).toEqual(places);
  });
});

describe('cancelling and the waitlist', () => {
  test('more than 2 h before: a free cancel moves the first in line up, who is told and may cancel free for an hour', async () => {
    const [a, b, c] = await Promise.all([member(), member(), member()]);
    const session = await sessionIn(2 * HOUR + 30 * MINUTE, 1);
    const aBooking = (await book(a.token, session)).body.data.booking.bookingId as number;
    expect((await book(b.token, session)).body.code).toBe('CLASS_FULL');
    expect((await book(b.token, session, true)).body.data.booking).toMatchObject({
      state: 'WAITLISTED',
      waitlistPosition: 1,
    });
    expect((await book(c.token, session, true)).body.data.booking).toMatchObject({
      state: 'WAITLISTED',
      waitlistPosition: 2,
    });

    const cancelled = await cancel(a.token, aBooking);
    expect(cancelled.body.data.booking).toMatchObject({ state: 'CANCELLED', canCancel: false });
    const bNow = (await detail(session, b.token)).myBooking;
    expect(bNow).toMatchObject({ state: 'BOOKED', promotedAt: expect.any(String) });
    expect((await detail(session, c.token)).myBooking).toMatchObject({ state: 'WAITLISTED', waitlistPosition: 1 });
    await deliverNoticesNow(gw);
    const told = await gw.db.select().from(notifications).where(eq(notifications.accountId, b.id));
    expect(
      told.some((n) => n.titleEn === 'You got a spot in the class' && n.link === `/class/${String(session)}`),
    ).toBe(true);

    // 40 min later fewer than 2 h remain, but B was moved up less than an hour ago: still free.
    gw.clock.advance(40 * MINUTE);
    expect((await detail(session, b.token)).myBooking.freeCancelUntil).not.toBeNull();
    expect((await cancel(b.token, bNow.bookingId)).body.data.booking.state).toBe('CANCELLED');
    // Under 2 h: nobody is moved up silently; C is told a spot is open and books it.
    expect((await detail(session, c.token)).myBooking).toMatchObject({ state: 'WAITLISTED' });
    expect((await detail(session)).spotsLeft).toBe(1);
    await deliverNoticesNow(gw);
    const open = await gw.db.select().from(notifications).where(eq(notifications.accountId, c.id));
    expect(open.some((n) => n.titleEn === 'A spot opened in a class you are waiting for')).toBe(true);
    expect((await book(c.token, session)).body.data.booking).toMatchObject({ state: 'BOOKED', waitlistPosition: null });
  });

  test('later than 2 h before is a late cancel; after the start nothing can be cancelled; cancelling twice answers the same', async () => {
    const m = await member();
    const session = await sessionIn(90 * MINUTE);
    const booking = (await book(m.token, session)).body.data.booking;
    expect(booking.freeCancelUntil).toBeNull();
    const first = await cancel(m.token, booking.bookingId);
    expect(first.body.data.booking.state).toBe('LATE_CANCELLED');
    expect((await cancel(m.token, booking.bookingId)).body.data.booking.state).toBe('LATE_CANCELLED');
    const standing = await gw.call('GET', '/api/v1/member/class-standing', { token: m.token });
    expect(standing.body.data).toMatchObject({ strikes: 1, blockedUntil: null });

    const started = await sessionIn(45 * MINUTE);
    const late = (await book(m.token, started)).body.data.booking.bookingId as number;
    gw.clock.advance(50 * MINUTE);
    const refused = await cancel(m.token, late);
    expect([refused.status, refused.body.code]).toEqual([409, 'CLASS_CANCEL_CLOSED']);
  });

  test('another member’s booking is not found; the list of bookings is the member’s own', async () => {
    const [owner, other] = await Promise.all([member(), member()]);
    const session = await sessionIn(4 * HOUR);
    const booking = (await book(owner.token, session)).body.data.booking.bookingId as number;
    expect((await cancel(other.token, booking)).status).toBe(404);
    expect((await gw.call('GET', '/api/v1/member/class-bookings', { token: other.token })).body.data).toEqual([]);
    const own = await gw.call('GET', '/api/v1/member/class-bookings', { token: owner.token });
    expect(own.body.data.map((s: { id: number }) => s.id)).toEqual([session]);
    expect((await detail(session, other.token)).myBooking).toBeNull();
    expect((await gw.call('POST', `/api/v1/member/classes/${String(session)}/booking`, { json: {} })).status).toBe(401);
  });
});

describe('strikes', () => {
  test('a check-in from 30 min before counts as attended; a booked class with no visit is a no-show; 3 strikes in 30 days block booking for 7 days', async () => {
    const m = await member();
    // Attended: a visit 20 min before the start.
    const came = await sessionIn(3 * HOUR);
    await book(m.token, came);
    gw.clock.advance(2 * HOUR + 40 * MINUTE);
    await gw.db.insert(visits).values({
      accountId: m.id,
      clubId: club0.id,
      timeStep: Math.floor(gw.clock.now().getTime() / 30_000),
      checkedInAt: gw.clock.now(),
    });
    expect((await detail(came, m.token)).myBooking.state).toBe('ATTENDED');

    // Two no-shows and a late cancel.
    for (let i = 0; i < 2; i++) {
      const missed = await sessionIn(3 * HOUR);
      await book(m.token, missed);
      gw.clock.advance(4 * HOUR + 10 * MINUTE);
      expect((await detail(missed, m.token)).myBooking.state).toBe('NO_SHOW');
    }
    expect((await gw.call('GET', '/api/v1/member/class-standing', { token: m.token })).body.data).toMatchObject({
      strikes: 2,
      blockedUntil: null,
    });
    const third = await sessionIn(90 * MINUTE);
    const late = (await book(m.token, third)).body.data.booking.bookingId as number;
    await cancel(m.token, late);
    const standing = (await gw.call('GET', '/api/v1/member/class-standing', { token: m.token })).body.data;
    expect(standing.strikes).toBe(3);
    expect(Date.parse(standing.blockedUntil) - gw.clock.now().getTime()).toBeGreaterThan(6.9 * 24 * HOUR);

    const refused = await book(m.token, await sessionIn(5 * HOUR));
    expect([refused.status, refused.body.code, refused.body.data?.blockedUntil]).toEqual([
      403,
      'CLASS_BLOCKED',
      standing.blockedUntil,
    ]);
    gw.clock.advance(7 * 24 * HOUR + MINUTE);
    expect((await book(m.token, await sessionIn(5 * HOUR))).status).toBe(200);
  });
});

describe('screens', () => {
  test("/member/home's next class is the first BOOKED one of /member/class-bookings in every state of the member's bookings, never a waitlisted one (issue 37 §12; the shell's flag skips the read only when there is none)", async () => {
    const m = await member();
    type Listed = { id: number; myBooking: { state: string } | null };
    const upcoming = async () =>
      ((await gw.call('GET', '/api/v1/member/class-bookings', { token: m.token })).body.data as Listed[])
        .filter((s) => s.myBooking?.state === 'BOOKED')
        .map((s) => s.id);
    const next = async () =>
      (
        (await gw.call('GET', '/api/v1/member/home', { token: m.token })).body.data.classes.next as {
          id: number;
        } | null
      )?.id ?? null;
    const agree = async (expected: number | null) => {
      expect((await upcoming())[0] ?? null).toBe(expected);
      expect(await next()).toBe(expected);
    };
    await agree(null);

    // Booked, then cancelled.
    const later = await sessionIn(5 * HOUR);
    const booked = (await book(m.token, later)).body.data.booking as { bookingId: number };
    await agree(later);
    await cancel(m.token, booked.bookingId);
    await agree(null);

    // On a full class's waitlist: not a next class, nor before a booked one that comes later.
    const full = await sessionIn(4 * HOUR, 1);
    expect((await book((await member()).token, full)).status).toBe(200);
    expect((await book(m.token, full, true)).body.data.booking.state).toBe('WAITLISTED');
    await agree(null);
    const afterFull = await sessionIn(6 * HOUR);
    const bookedAfter = (await book(m.token, afterFull)).body.data.booking as { bookingId: number };
    await agree(afterFull);
    await cancel(m.token, bookedAfter.bookingId);
    await agree(null);

    // The club cancels it; a class under way counts until it ends.
    await gw.db.update(classSessions).set({ cancelledAt: gw.clock.now() }).where(eq(classSessions.id, full));
    await agree(null);
    const underWay = await sessionIn(-20 * MINUTE);
    await gw.db.insert(classBookings).values({ sessionId: underWay, accountId: m.id, status: 'BOOKED' });
    await agree(underWay);
    await gw.db
      .update(classSessions)
      .set({ endsAt: new Date(gw.clock.now().getTime() - MINUTE) })
      .where(eq(classSessions.id, underWay));
    await agree(null);
  });

  test('/member/screens/today-classes: a class under way is listed, one that ended is not (the lower bound on the start keeps the index range to a day)', async () => {
    const m = await member();
    const underWay = await sessionIn(-30 * MINUTE);
    const ended = await sessionIn(-2 * HOUR);
    const screen = await gw.call('GET', '/api/v1/member/screens/today-classes', { token: m.token });
    expect(screen.status).toBe(200);
    const ids = screen.body.data.today.sessions.map((s: { id: number }) => s.id);
    expect(ids).toContain(underWay);
    expect(ids).not.toContain(ended);
  });

  test('/member/screens/classes: the member’s club first, 14 days, the day’s sessions with their booking; /member/home has the next class', async () => {
    const m = await member();
    const session = await sessionIn(3 * HOUR);
    await book(m.token, session);
    const screen = await gw.call('GET', '/api/v1/member/screens/classes', { token: m.token });
    expect(screen.status).toBe(200);
    const { classes, shell } = screen.body.data;
    expect(shell.profile.id).toBe(m.id);
    expect(classes.clubs[0]).toMatchObject({ id: club0.id, mine: true });
    expect(classes.clubs.filter((c: { mine: boolean }) => c.mine)).toHaveLength(1);
    expect(classes.days).toHaveLength(CLASS_SCHEDULE_DAYS);
    expect(classes.clubId).toBe(club0.id);
    const otherClub = await gw.call(
      'GET',
      `/api/v1/member/screens/classes?clubId=${String(club1.id)}&date=${classes.days[2] as string}`,
      { token: m.token },
    );
    expect(otherClub.body.data.classes).toMatchObject({ clubId: club1.id, date: classes.days[2] });
    // A day outside the 14 is today.
    const far = await gw.call('GET', '/api/v1/member/screens/classes?date=2099-01-01', { token: m.token });
    expect(far.body.data.classes.date).toBe(classes.days[0]);

    const home = await gw.call('GET', '/api/v1/member/home', { token: m.token });
    expect(home.body.data.classes.next).toMatchObject({ id: session, myBooking: { state: 'BOOKED' } });
    const one = await gw.call('GET', `/api/v1/member/screens/class/${String(session)}`, { token: m.token });
    expect(one.body.data.class.session.myBooking.state).toBe('BOOKED');
    expect(one.body.data.class.standing.strikes).toBe(0);
  });
});
