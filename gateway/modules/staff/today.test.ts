import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { ptTrainerSchema } from '#api/pt.ts';
import { staffClassesSchema } from '#api/staff-classes.ts';
import { staffMeSchema, staffTodaySchema, staffTrialsSchema, type StaffToday } from '#api/staff.ts';
import { addDays, vietnamDay, vietnamDayStart, vietnamInstant } from '#api/vietnam-time.ts';
import { accounts, classSessions, feedback, freeSessions, payments, ptBookings } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { instructorPhone } from '#gateway/db/seed-classes.ts';
import { trainerPhone } from '#gateway/db/seed-pt.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubTrainers } from '#tests/support/pt.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';

// Issue 18: the staff start page (GET /staff/today) and the Trials page (GET /staff/trials) in one
// read each, scoped as the separate reads they replace (ADR 049).
let gw: TestGateway;
let club1: number;
let club2: number;
let club3: number;
const tokens = {} as Record<
  'EMPLOYEE' | 'EMPLOYEE_OTHER_CLUB' | 'PT' | 'LEADER' | 'LEADER_CLUB3' | 'GM' | 'MEMBER',
  string
>;

beforeAll(async () => {
  gw = await startTestGateway();
  club1 = (await clubAt(gw, 0)).id;
  club3 = (await clubAt(gw, 2)).id;
  const leaders = await gw.db
    .insert(accounts)
    .values([
      { phoneNumber: randomPhone(), accountType: 'LEADER', fullName: 'Trưởng CLB', clubId: club1 },
      { phoneNumber: randomPhone(), accountType: 'LEADER', fullName: 'Trưởng CLB 3', clubId: club3 },
    ])
    .returning();
  tokens.MEMBER = (await gw.signUp()).token;
  tokens.EMPLOYEE = await staffLogin(gw, DEMO_STAFF_PHONE);
  // The class instructors of the second club are its EMPLOYEEs (seed-classes.ts).
  tokens.EMPLOYEE_OTHER_CLUB = await staffLogin(gw, instructorPhone(2));
  tokens.PT = await staffLogin(gw, trainerPhone(0));
  tokens.LEADER = await staffLogin(gw, leaders[0].phoneNumber);
  tokens.LEADER_CLUB3 = await staffLogin(gw, leaders[1].phoneNumber);
  tokens.GM = await staffLogin(gw, DEMO_MANAGER_PHONE);
  club2 = staffMeSchema.parse(
    (await gw.call('GET', '/api/v1/staff/me', { token: tokens.EMPLOYEE_OTHER_CLUB })).body.data,
  ).clubId!;
  expect(new Set([club1, club2, club3]).size).toBe(3);
});
afterAll(() => gw.close());

async function today(token: string, query = '') {
  const res = await gw.call('GET', `/api/v1/staff/today${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return staffTodaySchema.parse(res.body.data);
}

async function trials(token: string) {
  const res = await gw.call('GET', '/api/v1/staff/trials', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return staffTrialsSchema.parse(res.body.data);
}

const list = async (token: string, path: string) => {
  const res = await gw.call('GET', path, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as unknown[];
};

/** What the page counted before issue 18, from the separate reads. */
async function separately(token: string, clubId: number | null): Promise<StaffToday> {
  const classes =
    clubId === null
      ? null
      : staffClassesSchema.parse(
          (await gw.call('GET', `/api/v1/staff/classes?clubId=${String(clubId)}`, { token })).body.data,
        );
  return {
    cashWaiting: (await list(token, '/api/v1/staff/contracts/waiting')).length,
    trialsWaiting: (await list(token, '/api/v1/staff/free-sessions')).length,
    feedbackNew: (await list(token, '/api/v1/staff/feedback?state=NEW')).length,
    classesToday: classes ? classes.sessions.filter((s) => s.cancelledAt === null).length : null,
  };
}

/** A member's trial session at a club, valid from `from` days from today for 14 days (negative: over). */
async function freeSession(clubId: number, from = 0) {
  const member = await gw.signUp();
  const day = vietnamDay(gw.clock.now());
  const [row] = await gw.db
    .insert(freeSessions)
    .values({
      accountId: member.profile.id,
      clubId,
      contractId: 1,
      source: 'PLAN',
      ordinal: 1,
      validFrom: addDays(day, from),
      validUntil: addDays(day, from + 13),
    })
    .returning();
  return { ...row, member };
}

/** A booking of a trial session in this status, on a day of its own far ahead (no trainer or day clash). */
let bookingDay = 200;
async function bookTrial(
  session: { id: number; accountId: number; clubId: number },
  status: 'WAITCUSCONFIRM' | 'BOOKED' | 'COMPLETED',
) {
  const [trainer] = await clubTrainers(gw, session.clubId);
  const day = addDays(vietnamDay(gw.clock.now()), bookingDay++);
  const startsAt = vietnamInstant(day, 600);
  const endsAt = new Date(startsAt.getTime() + 3_600_000);
  await gw.db.insert(ptBookings).values({
    freeSessionId: session.id,
    accountId: session.accountId,
    trainerAccountId: trainer.id,
    clubId: session.clubId,
    day,
    afterMinute: 600,
    startsAt,
    endsAt,
    startEpochMinute: startsAt.getTime() / 60_000,
    endEpochMinute: endsAt.getTime() / 60_000,
    status,
  });
}

const newFeedback = (clubId: number, count = 1, state: 'NEW' | 'HANDLED' = 'NEW') =>
  gw.db.insert(feedback).values(
    Array.from({ length: count }, (_, i) => ({
      source: 'PUBLIC' as const,
      clubId,
      type: 'MACHINE' as const,
      rate: 3,
      comment: `Máy chạy số ${String(i + 1)} hỏng`,
      state,
      ...(state === 'HANDLED' ? { reply: 'Đã sửa', handledAt: gw.clock.now() } : {}),
    })),
  );

/** A class at the club on a Vietnam day (0: today) at 00:01, made like the club's others; cancelled if asked. */
async function classAt(clubId: number, dayOffset: number, cancelled = false) {
  const [model] = await gw.db.select().from(classSessions).where(eq(classSessions.clubId, clubId)).limit(1);
  const startsAt = vietnamInstant(addDays(vietnamDay(gw.clock.now()), dayOffset), 1);
  await gw.db.insert(classSessions).values({
    clubId,
    classTypeId: model.classTypeId,
    instructorAccountId: model.instructorAccountId,
    roomId: model.roomId,
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    capacity: 10,
    ...(cancelled ? { cancelledAt: gw.clock.now(), cancelReason: 'Huấn luyện viên bị ốm' } : {}),
  });
}

describe('GET /staff/today', () => {
  test('each desk role counts what the separate reads listed (cash, trials, new feedback, today’s classes)', async () => {
    // Today's sessions are made by the first read of either kind.
    await gw.call('GET', `/api/v1/staff/classes?clubId=${String(club1)}`, { token: tokens.GM });
    await freeSession(club1);
    await newFeedback(club1);
    await openUnpaidContract(gw, {
      accountId: (await gw.signUp()).profile.id,
      method: PaymentMethods.CASH,
      clubId: club1,
    });
    expect(await today(tokens.EMPLOYEE)).toEqual(await separately(tokens.EMPLOYEE, club1));
    expect(await today(tokens.LEADER)).toEqual(await separately(tokens.LEADER, club1));
    expect(await today(tokens.EMPLOYEE_OTHER_CLUB)).toEqual(await separately(tokens.EMPLOYEE_OTHER_CLUB, club2));
    // A GM: every club, and no classes until they choose a club.
    const gm = await today(tokens.GM);
    expect(gm).toEqual(await separately(tokens.GM, null));
    expect(gm.classesToday).toBeNull();
    const mine = await today(tokens.EMPLOYEE);
    expect(mine.cashWaiting).toBeGreaterThan(0);
    expect(mine.trialsWaiting).toBeGreaterThan(0);
    expect(mine.feedbackNew).toBeGreaterThan(0);
    const live = await gw.db
      .select({ id: classSessions.id })
      .from(classSessions)
      .where(
        and(
          eq(classSessions.clubId, club1),
          gte(classSessions.startsAt, vietnamDayStart(vietnamDay(gw.clock.now()))),
          lt(classSessions.startsAt, vietnamDayStart(addDays(vietnamDay(gw.clock.now()), 1))),
          isNull(classSessions.cancelledAt),
        ),
      );
    expect(mine.classesToday).toBe(live.length);
    expect(await today(tokens.GM, `?clubId=${String(club1)}`)).toEqual({ ...mine, classesToday: live.length });
  });

  test('what is added at club 1 counts there and at the GM’s, never at another club', async () => {
    const reads = async () => ({
      employee: await today(tokens.EMPLOYEE),
      leader: await today(tokens.LEADER),
      other: await today(tokens.EMPLOYEE_OTHER_CLUB),
      gm: await today(tokens.GM),
      gmClub1: await today(tokens.GM, `?clubId=${String(club1)}`),
      gmClub2: await today(tokens.GM, `?clubId=${String(club2)}`),
    });
    const before = await reads();

    // Cash: one membership with two open cash slips counts once.
    const opened = await openUnpaidContract(gw, {
      accountId: (await gw.signUp()).profile.id,
      method: PaymentMethods.CASH,
      clubId: club1,
    });
    const [slip] = await gw.db
      .select()
      .from(payments)
      .where(and(eq(payments.contractId, opened.contract.id), eq(payments.provider, 'cash')));
    const { id: _id, ...copy } = slip;
    await gw.db.insert(payments).values({ ...copy, reference: `${slip.reference}B` });
    // Trials: two waiting (free, proposed); not one booked, one done, one over.
    await freeSession(club1);
    await bookTrial(await freeSession(club1), 'WAITCUSCONFIRM');
    await bookTrial(await freeSession(club1), 'BOOKED');
    await bookTrial(await freeSession(club1), 'COMPLETED');
    await freeSession(club1, -20);
    // Feedback: one new; not one answered.
    await newFeedback(club1);
    await newFeedback(club1, 1, 'HANDLED');
    // Classes: one today; not one cancelled, nor tomorrow's.
    await classAt(club1, 0);
    await classAt(club1, 0, true);
    await classAt(club1, 1);

    const after = await reads();
    const plus = { cashWaiting: 1, trialsWaiting: 2, feedbackNew: 1, classesToday: 1 };
    const grown = (
      was: StaffToday,
      classes: number | null = was.classesToday === null ? null : was.classesToday + 1,
    ) => ({
      cashWaiting: was.cashWaiting + plus.cashWaiting,
      trialsWaiting: was.trialsWaiting + plus.trialsWaiting,
      feedbackNew: was.feedbackNew + plus.feedbackNew,
      classesToday: classes,
    });
    expect(after.employee).toEqual(grown(before.employee));
    expect(after.leader).toEqual(grown(before.leader));
    expect(after.gmClub1).toEqual(grown(before.gmClub1));
    expect(after.gm).toEqual(grown(before.gm, null));
    expect(after.other).toEqual(before.other);
    expect(after.gmClub2).toEqual(before.gmClub2);
    // The separate reads agree.
    expect(after.employee).toEqual(await separately(tokens.EMPLOYEE, club1));
  });

  test('new feedback is counted to one more than the inbox’s page (the page says "50+")', async () => {
    const base = (await today(tokens.LEADER_CLUB3)).feedbackNew;
    expect(base).toBeLessThan(50);
    await newFeedback(club3, 50 - base);
    expect((await today(tokens.LEADER_CLUB3)).feedbackNew).toBe(50);
    await newFeedback(club3, 20);
    expect((await today(tokens.LEADER_CLUB3)).feedbackNew).toBe(51);
    expect((await today(tokens.GM, `?clubId=${String(club3)}`)).feedbackNew).toBe(51);
  });

  test('who may read it: the desk roles; another club named is 403, a GM’s unknown club counts nothing', async () => {
    expect((await gw.call('GET', '/api/v1/staff/today')).status).toBe(401);
    for (const token of [tokens.PT, tokens.MEMBER]) {
      const res = await gw.call('GET', '/api/v1/staff/today', { token });
      expect([res.status, res.body.code]).toEqual([403, 6]);
    }
    for (const token of [tokens.EMPLOYEE, tokens.LEADER]) {
      const res = await gw.call('GET', `/api/v1/staff/today?clubId=${String(club2)}`, { token });
      expect([res.status, res.body.code]).toEqual([403, 6]);
    }
    expect(await today(tokens.EMPLOYEE, `?clubId=${String(club1)}`)).toEqual(await today(tokens.EMPLOYEE));
    expect(await today(tokens.GM, '?clubId=2000000000')).toEqual({
      cashWaiting: 0,
      trialsWaiting: 0,
      feedbackNew: 0,
      classesToday: 0,
    });
  });

  test.each([
    'clubId=abc',
    'clubId=0',
    'clubId=-1',
    'clubId=1.5',
    'clubId=',
    'clubId=99999999999',
    `clubId=1&clubId=2`,
    'clubId=%00',
  ])('?%s is 400, never a 500', async (query) => {
    for (const token of [tokens.EMPLOYEE, tokens.GM]) {
      const res = await gw.call('GET', `/api/v1/staff/today?${query}`, { token });
      expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([400, 2]);
    }
  });
});

describe('GET /staff/trials', () => {
  const trainersOf = async (clubId: number) =>
    (await list(tokens.MEMBER, `/api/v1/global/club/${String(clubId)}/pts`))
      .map((t) => ptTrainerSchema.parse(t))
      .map(({ ptId, fullName }) => ({ clubId, ptId, fullName }));

  test('the sessions /staff/free-sessions lists and the trainers of their clubs, each club’s in the members’ order', async () => {
    await freeSession(club1);
    await freeSession(club2);
    for (const token of [tokens.EMPLOYEE, tokens.LEADER, tokens.EMPLOYEE_OTHER_CLUB, tokens.GM]) {
      const screen = await trials(token);
      expect(screen.sessions).toEqual(await list(token, '/api/v1/staff/free-sessions'));
      const clubIds = [...new Set(screen.sessions.map((s) => s.clubId))].sort((a, b) => a - b);
      expect(screen.trainers).toEqual((await Promise.all(clubIds.map(trainersOf))).flat());
    }
    const employee = await trials(tokens.EMPLOYEE);
    expect(new Set(employee.sessions.map((s) => s.clubId))).toEqual(new Set([club1]));
    expect(new Set(employee.trainers.map((t) => t.clubId))).toEqual(new Set([club1]));
    expect(employee.trainers.length).toBeGreaterThan(0);
    // Another club's sessions and trainers are not the desk's.
    const other = await trials(tokens.EMPLOYEE_OTHER_CLUB);
    expect(other.sessions.every((s) => s.clubId === club2)).toBe(true);
    expect(other.trainers.every((t) => t.clubId === club2)).toBe(true);
    const gm = await trials(tokens.GM);
    expect(new Set(gm.trainers.map((t) => t.clubId))).toEqual(new Set([club1, club2]));
  });

  test('a club with nothing waiting: no sessions, no trainers', async () => {
    const leader3 = await trials(tokens.LEADER_CLUB3);
    expect(leader3).toEqual({ sessions: [], trainers: [] });
  });

  test('who may read it; a query it does not take changes nothing', async () => {
    expect((await gw.call('GET', '/api/v1/staff/trials')).status).toBe(401);
    for (const token of [tokens.PT, tokens.MEMBER]) {
      const res = await gw.call('GET', '/api/v1/staff/trials', { token });
      expect([res.status, res.body.code]).toEqual([403, 6]);
    }
    const res = await gw.call('GET', `/api/v1/staff/trials?clubId=${String(club2)}&page=x`, { token: tokens.EMPLOYEE });
    expect(res.status).toBe(200);
    expect(staffTrialsSchema.parse(res.body.data)).toEqual(await trials(tokens.EMPLOYEE));
  });
});
