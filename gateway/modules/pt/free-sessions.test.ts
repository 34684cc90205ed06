import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Codes } from '#api/codes.ts';
import { freeSessionScreenSchema, freeSessionsInfoSchema } from '#api/pt.ts';
import { DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import {
  accounts,
  clubs,
  freeSessions,
  ptBookings,
  ptDaysOff,
  ptWorkingHours,
  staffActions,
} from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubTrainers } from '#tests/support/pt.ts';
import { buyAndPay, plansOf } from '#tests/support/membership.ts';
import { randomPhone } from '#tests/support/phones.ts';
import { staffLogin } from '#tests/support/staff.ts';

// Issue 13 §4 (ADR 048): trial sessions. A year-long plan gives two free sessions for the first 14
// days, the experience pass one on its day; the gateway picks a free trainer, the club may propose
// a time the member accepts or rejects, and the database keeps trainers from double booking.
let gw: TestGateway;
let clubId: number;
let otherClubId: number;
let staffToken: string;
let trainers: { id: number; phone: string }[];
beforeAll(async () => {
  gw = await startTestGateway();
  [{ id: clubId }, { id: otherClubId }] = await gw.db
    .select({ id: clubs.id })
    .from(clubs)
    .where(eq(clubs.isActive, true))
    .orderBy(asc(clubs.id))
    .limit(2);
  trainers = await clubTrainers(gw, clubId);
  staffToken = await staffLogin(gw, DEMO_STAFF_PHONE);
});
afterAll(() => gw.close());

const yearPlan = async (club = clubId) =>
  (await plansOf(gw, club)).find((p) => p.durationUnit === 'month' && p.durationValue === 12 && p.type === 'CLASSIC')!;

/** A member who bought a Classic 12 months at the club (two free sessions). */
async function newMember() {
  const m = await gw.signUp();
  await buyAndPay(gw, m.token, (await yearPlan()).id);
  return m;
}

const info = async (token: string, date?: string) => {
  const res = await gw.call(
    'GET',
    `/api/v1/member/club/${String(clubId)}/free-sessions/info${date ? `?date=${date}` : ''}`,
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return freeSessionsInfoSchema.parse(res.body.data);
};
const book = (token: string, freeSessionId: number, json: { afterMinute: number; date?: string }) =>
  gw.call('POST', `/api/v1/member/free-session/${String(freeSessionId)}/booking`, { token, json });
const answer = (token: string, freeSessionId: number, verb: 'cancel' | 'accept' | 'reject') =>
  gw.call('PUT', `/api/v1/member/free-session/${String(freeSessionId)}/${verb}`, { token });

/** A day after today (in the window) with at least `n` starts at which a trainer is free. */
async function dayWithSlots(token: string, n = 2) {
  const first = await info(token);
  for (const day of first.days.slice(1)) {
    const i = await info(token, day);
    if (i.slots.length >= n) return { date: day, slots: i.slots, freeSessionId: i.nextFreeSessionId! };
  }
  throw new Error('no day with free trial starts');
}

describe('trial sessions (issue 13 §4, ADR 048)', () => {
  test('a year-long plan gives two sessions for its first 14 days, once per member; a 3-month plan none', async () => {
    const m = await newMember();
    const got = await info(m.token);
    expect([got.total, got.left]).toEqual([2, 2]);
    const [a, b] = got.sessions;
    expect(a).toMatchObject({ status: 'AVAILABLE', source: 'PLAN', booking: null });
    expect(Date.parse(a.validUntil) - Date.parse(a.validFrom)).toBe(13 * 24 * 3600_000);
    expect(got.nextFreeSessionId).toBe(a.freeSessionId);
    expect(b.freeSessionId).not.toBe(a.freeSessionId);
    expect(got.days.length).toBeGreaterThan(0);
    expect(got.days.every((d) => d >= a.validFrom && d <= a.validUntil)).toBe(true);
    // A second year bought later grants nothing more.
    await buyAndPay(gw, m.token, (await yearPlan(otherClubId)).id);
    const rows = await gw.db
      .select()
      .from(freeSessions)
      .where(eq(freeSessions.accountId, await accountOf(m.phone)));
    expect(rows).toHaveLength(2);

    const short = await gw.signUp();
    const threeMonths = (await plansOf(gw, clubId)).find((p) => p.durationUnit === 'month' && p.durationValue === 3)!;
    await buyAndPay(gw, short.token, threeMonths.id);
    expect(await info(short.token)).toMatchObject({ total: 0, left: 0, nextFreeSessionId: null, days: [], slots: [] });
    const count = await gw.call('GET', `/api/v1/member/club/${String(clubId)}/sessions/count`, { token: m.token });
    expect(count.body.data).toEqual({ clubId, ptSessionsLeft: 0, freeSessionsLeft: 2 });
  });

  test('book (1033) → a trainer of the club; one trial in the works (167); cancel (1035); trainer confirms → 458; completes; history', async () => {
    const m = await newMember();
    const { date, slots, freeSessionId } = await dayWithSlots(m.token);
    const made = await book(m.token, freeSessionId, { date, afterMinute: slots[0].afterMinute });
    expect([made.status, made.body.code], JSON.stringify(made.body)).toEqual([200, 1033]);
    expect(made.body.data).toMatchObject({
      status: 'WAITPTCONFIRM',
      freeSessionId,
      ptContractId: null,
      date,
      startTime: slots[0].time,
      canCancel: true,
    });
    const [row] = await gw.db
      .select()
      .from(ptBookings)
      .where(eq(ptBookings.id, made.body.data.bookingId as number));
    expect(trainers.map((t) => t.id)).toContain(row.trainerAccountId);

    const after = await info(m.token);
    expect(after).toMatchObject({ left: 1, nextFreeSessionId: null, slots: [] });
    const other = after.sessions.find((s) => s.freeSessionId !== freeSessionId)!;
    expect((await book(m.token, other.freeSessionId, { date, afterMinute: slots[1].afterMinute })).body.code).toBe(167);
    expect((await book(m.token, freeSessionId, { date, afterMinute: slots[1].afterMinute })).body.code).toBe(167);

    const cancelled = await answer(m.token, freeSessionId, 'cancel');
    expect([cancelled.body.code, cancelled.body.data.status]).toEqual([1035, 'CANCELLED']);
    expect((await answer(m.token, freeSessionId, 'cancel')).body.data.status).toBe('CANCELLED');
    expect((await info(m.token)).left).toBe(2);

    const again = await book(m.token, freeSessionId, { date, afterMinute: slots[1].afterMinute });
    expect(again.body.code).toBe(1033);
    const bookingId = again.body.data.bookingId as number;
    const [held] = await gw.db.select().from(ptBookings).where(eq(ptBookings.id, bookingId));
    const trainer = trainers.find((t) => t.id === held.trainerAccountId)!;
    const trainerToken = await staffLogin(gw, trainer.phone);
    const deskSees = async () => {
      const trials = (await gw.call('GET', '/api/v1/staff/trials', { token: staffToken })).body.data as {
        sessions: { freeSessionId: number; member: { phoneNumber: string }; booking: { trainerId: number } | null }[];
      };
      const today = (await gw.call('GET', '/api/v1/staff/today', { token: staffToken })).body.data as {
        trialsWaiting: number;
      };
      const mine = trials.sessions.filter((s) => s.member.phoneNumber === m.phone);
      return {
        mine: mine.map((s) => s.freeSessionId),
        trainers: mine.map((s) => s.booking?.trainerId),
        count: today.trialsWaiting,
      };
    };
    const waitingBefore = await deskSees();
    expect(waitingBefore.mine).toEqual([freeSessionId]);
    // The trainer the member got, for the desk's form to start from (issue 38 §17).
    expect(waitingBefore.trainers).toEqual([held.trainerAccountId]);
    expect(
      (await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/confirm`, { token: trainerToken })).body.data
        .status,
    ).toBe('BOOKED');
    // Issue 38 §17: booked, the first trial waits for nothing, and neither does the second while the member may not book it (167).
    const waitingAfter = await deskSees();
    expect(waitingAfter.mine).toEqual([]);
    expect(waitingAfter.count).toBe(waitingBefore.count - 1);
    expect((await answer(m.token, freeSessionId, 'cancel')).body.code).toBe(458);
    const agenda = await gw.call('GET', '/api/v1/staff/pt/bookings', { token: trainerToken });
    expect(agenda.body.data.find((b: { bookingId: number }) => b.bookingId === bookingId)).toMatchObject({
      freeSessionId,
      sessionsLeft: null,
    });
    const current = await gw.call('GET', '/api/v1/member/free-session/current', { token: m.token });
    expect(current.body.data.map((b: { bookingId: number }) => b.bookingId)).toEqual([bookingId]);
    // PT package lists do not show trial sessions.
    expect((await gw.call('GET', '/api/v1/member/booking/history', { token: m.token })).body.data).toEqual([]);

    gw.clock.set(new Date(held.startsAt.getTime() + 61 * 60_000));
    expect(
      (await gw.call('PUT', `/api/v1/staff/pt-booking/${String(bookingId)}/complete`, { token: trainerToken })).body
        .data.status,
    ).toBe('COMPLETED');
    const history = await gw.call('GET', `/api/v1/member/free-sessions/history?clubId=${String(clubId)}`, {
      token: m.token,
    });
    expect(history.body.data.map((b: { bookingId: number; status: string }) => [b.bookingId, b.status])).toEqual([
      [bookingId, 'COMPLETED'],
      [made.body.data.bookingId, 'CANCELLED'],
    ]);
    const done = await info(m.token);
    expect(done.sessions.find((s) => s.freeSessionId === freeSessionId)?.status).toBe('COMPLETED');
    expect(done.left).toBe(1);
    expect(
      (await book(m.token, freeSessionId, { date: done.days[2] ?? date, afterMinute: slots[0].afterMinute })).body.code,
    ).toBe(167);
  });

  test('the club proposes (WAITCUSCONFIRM); the member rejects (free again) or accepts (BOOKED); another club’s staff and another member: 404', async () => {
    const m = await newMember();
    const { date, slots, freeSessionId } = await dayWithSlots(m.token, 3);
    const trainer = trainers[0];
    const waiting = await gw.call('GET', '/api/v1/staff/free-sessions', { token: staffToken });
    expect(waiting.body.data.map((s: { freeSessionId: number }) => s.freeSessionId)).toContain(freeSessionId);

    const propose = (afterMinute: number, token = staffToken, id = freeSessionId) =>
      gw.call('POST', `/api/v1/staff/free-session/${String(id)}/propose`, {
        token,
        json: { date, afterMinute, ptId: trainer.id },
      });
    const free = async (afterMinute: number) => {
      const hours = await gw.db
        .select()
        .from(ptBookings)
        .where(
          and(
            eq(ptBookings.trainerAccountId, trainer.id),
            eq(ptBookings.day, date),
            eq(ptBookings.afterMinute, afterMinute),
          ),
        );
      return hours.every((h) => h.status === 'CANCELLED' || h.status === 'REJECTED');
    };
    const start = slots.find((s) => s.afterMinute >= 0)!.afterMinute;
    expect(await free(start)).toBe(true);
    const proposed = await propose(start);
    expect([proposed.status, proposed.body.data?.status], JSON.stringify(proposed.body)).toEqual([
      200,
      'WAITCUSCONFIRM',
    ]);
    expect(proposed.body.data).toMatchObject({ canAnswer: true, canCancel: false });
    expect((await info(m.token)).sessions.find((s) => s.freeSessionId === freeSessionId)?.status).toBe(
      'WAITCUSCONFIRM',
    );
    // The proposal holds the trainer's hour.
    expect((await propose(start, staffToken, (await info(m.token)).sessions[1].freeSessionId)).body.code).toBe(167);

    const stranger = await gw.signUp();
    expect((await answer(stranger.token, freeSessionId, 'accept')).status).toBe(404);
    expect((await answer(m.token, freeSessionId, 'reject')).body.data.status).toBe('REJECTED');
    expect((await info(m.token)).sessions.find((s) => s.freeSessionId === freeSessionId)?.status).toBe('AVAILABLE');

    const [other] = await gw.db
      .insert(accounts)
      .values({
        phoneNumber: randomPhone(),
        accountType: 'EMPLOYEE',
        fullName: 'Nhân viên CLB khác',
        clubId: otherClubId,
      })
      .returning();
    expect((await propose(start, await staffLogin(gw, other.phoneNumber))).status).toBe(404);

    const second = await propose(start);
    expect(second.body.data.status).toBe('WAITCUSCONFIRM');
    const accepted = await answer(m.token, freeSessionId, 'accept');
    expect([accepted.body.code, accepted.body.data.status]).toEqual([1000, 'BOOKED']);
    expect((await answer(m.token, freeSessionId, 'accept')).body.data.status).toBe('BOOKED');
    expect((await answer(m.token, freeSessionId, 'reject')).body.code).toBe(Codes.VALIDATION);
    expect((await propose(start + 60)).body.code).toBe(Codes.VALIDATION);
    // The audit log (ADR 049): the two proposals made, by the club's staff; the refused ones (167, 404, 409) none.
    const rows = await gw.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'free-session.propose'), eq(staffActions.subjectId, freeSessionId)))
      .orderBy(asc(staffActions.id));
    expect(rows.map((r) => [r.clubId, r.before, r.after])).toEqual([
      [
        clubId,
        null,
        {
          bookingId: proposed.body.data.bookingId,
          status: 'WAITCUSCONFIRM',
          ptId: trainer.id,
          date,
          afterMinute: start,
        },
      ],
      [
        clubId,
        null,
        { bookingId: second.body.data.bookingId, status: 'WAITCUSCONFIRM', ptId: trainer.id, date, afterMinute: start },
      ],
    ]);
  });

  test('members racing for one start get as many bookings as trainers are free then, never two for one trainer; one member’s 20 taps make one', async () => {
    const members = await Promise.all(Array.from({ length: 6 }, () => newMember()));
    const { date, slots } = await dayWithSlots(members[0].token);
    // The start most trainers work at, and who of them is free then.
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay() || 7;
    const hours = await gw.db
      .select()
      .from(ptWorkingHours)
      .where(and(eq(ptWorkingHours.clubId, clubId), eq(ptWorkingHours.weekday, weekday)));
    const off = new Set(
      (await gw.db.select().from(ptDaysOff).where(eq(ptDaysOff.day, date))).map((d) => d.trainerAccountId),
    );
    const held = await gw.db.select().from(ptBookings).where(eq(ptBookings.day, date));
    const freeAt = (m: number) =>
      new Set(
        hours
          .filter((h) => h.startMinute <= m && m + 60 <= h.endMinute && !off.has(h.trainerAccountId))
          .map((h) => h.trainerAccountId)
          .filter(
            (id) =>
              !held.some(
                (b) =>
                  b.trainerAccountId === id &&
                  ['WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED'].includes(b.status) &&
                  Math.abs(b.afterMinute - m) < 60,
              ),
          ),
      ).size;
    const start = slots.map((s) => s.afterMinute).sort((a, b) => freeAt(b) - freeAt(a))[0];
    const free = freeAt(start);
    expect(free).toBeGreaterThan(1);
    const sessionIds = await Promise.all(members.map(async (m) => (await info(m.token)).nextFreeSessionId!));
    const results = await Promise.all(
      members.map((m, i) => book(m.token, sessionIds[i], { date, afterMinute: start })),
    );
    const won = results.filter((r) => r.body.code === 1033);
    // Every free trainer got one (a member who met a taken trainer passed on to the next), the others 456.
    expect(won.length, JSON.stringify(results.map((r) => r.body.code))).toBe(Math.min(free, members.length));
    expect(results.filter((r) => r.body.code !== 1033).every((r) => r.body.code === 456)).toBe(true);
    const ids = (
      await gw.db
        .select()
        .from(ptBookings)
        .where(and(eq(ptBookings.day, date), eq(ptBookings.afterMinute, start), eq(ptBookings.status, 'WAITPTCONFIRM')))
    ).map((b) => b.trainerAccountId);
    expect(new Set(ids).size).toBe(ids.length);

    const tapper = await newMember();
    const open = await info(tapper.token, date);
    const taps = await Promise.all(
      Array.from({ length: 20 }, () =>
        book(tapper.token, open.nextFreeSessionId!, { date, afterMinute: open.slots[0].afterMinute }),
      ),
    );
    expect(taps.filter((r) => r.body.code === 1033)).toHaveLength(1);
    expect(new Set(taps.filter((r) => r.body.code !== 1033).map((r) => r.body.code))).toEqual(new Set([167]));
  });

  test('the experience pass gives one session on its day; refusals: outside the window 164, malformed 400, unknown 404', async () => {
    const m = await gw.signUp();
    const given = await gw.call('PUT', '/sandbox/gift', {
      json: {
        phoneNumber: m.phone,
        kind: 'EXPERIENCE',
        titleVi: 'Tập thử 1 ngày',
        titleEn: '1-day pass',
        descriptionVi: 'Quà',
        descriptionEn: 'Gift',
        expiresAt: null,
      },
    });
    expect(given.status, JSON.stringify(given.body)).toBe(200);
    const plan = (await plansOf(gw, clubId)).find((p) => p.type === 'CLASSIC')!;
    const activated = await gw.call('POST', `/api/v1/member/gift/${String(given.body.data.memberGiftId)}/contract`, {
      token: m.token,
      json: { paymentPlanId: plan.id },
    });
    expect(activated.status, JSON.stringify(activated.body)).toBe(200);
    const got = await info(m.token);
    expect(got).toMatchObject({ total: 1, left: 1 });
    expect(got.sessions[0]).toMatchObject({ source: 'EXPERIENCE', validFrom: got.sessions[0].validUntil });
    const id = got.sessions[0].freeSessionId;
    expect((await book(m.token, id, { date: '2099-01-01', afterMinute: 600 })).body.code).toBe(164);
    expect((await book(m.token, id, { afterMinute: 601 })).status).toBe(400);
    expect(
      (
        await gw.call('POST', `/api/v1/member/free-session/${String(id)}/booking`, {
          token: m.token,
          json: { afterMinute: 'x' },
        })
      ).status,
    ).toBe(400);
    expect(
      (await gw.call('POST', '/api/v1/member/free-session/abc/booking', { token: m.token, json: { afterMinute: 600 } }))
        .status,
    ).toBe(404);
    expect((await book(m.token, 2_000_000_000, { afterMinute: 600 })).status).toBe(404);
    const screen = freeSessionScreenSchema.parse(
      (await gw.call('GET', '/api/v1/member/screens/free-session', { token: m.token })).body.data,
    );
    expect(screen.clubs).toEqual([expect.objectContaining({ clubId, left: 1 })]);
    expect(screen.info?.clubId).toBe(clubId);
  });
});

async function accountOf(phone: string) {
  const [row] = await gw.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phoneNumber, phone));
  return row.id;
}
