import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, visits } from '#gateway/db/schema/index.ts';
import { seedVisitHistory } from '#gateway/db/seed-visits.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';
import { busynessLevel, clubsBusyness } from './busyness.ts';

const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;

describe('the word for how busy a club is', () => {
  const usual = Array.from({ length: 24 }, (_, h) => (h === 18 ? 20 : 4)); // peak: 20 an hour → 30 in 90 min
  test.each([
    [0, 'quiet'],
    [10, 'quiet'],
    [11, 'normal'],
    [22, 'normal'],
    [23, 'busy'],
    [60, 'busy'],
  ])('%i inside against a usual peak of 30 is %s', (inside, level) => {
    expect(busynessLevel(inside, usual)).toBe(level);
  });
  test('a club with no history is judged on the number alone', () => {
    const none = Array.from({ length: 24 }, () => 0);
    expect([busynessLevel(3, none), busynessLevel(12, none), busynessLevel(40, none)]).toEqual([
      'quiet',
      'normal',
      'busy',
    ]);
  });
});

describe('GET /general/clubs/busyness', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  test('members inside now (the last 90 minutes) and the usual visits per hour of this weekday over 4 weeks', async () => {
    // 2026-11-21T03:00Z is 10:00 on a Saturday in Vietnam.
    gw.clock.set(new Date('2026-11-21T11:30:00Z')); // 18:30 in Vietnam
    const club = await clubAt(gw, 0);
    const other = await clubAt(gw, 1);
    const member = (await gw.signUp()).profile.id as number;
    const at = (ms: number) => ({
      accountId: member,
      clubId: club.id,
      timeStep: 0,
      checkedInAt: new Date(gw.clock.now().getTime() - ms),
    });
    await gw.db.insert(visits).values([
      // Each of the last 4 Saturdays: 8 visits at 18:xx, 2 at 07:xx; one on a Friday (another weekday: not counted).
      ...[1, 2, 3, 4].flatMap((w) => [
        ...Array.from({ length: 8 }, () => at(w * WEEK + 10 * 60_000)),
        ...Array.from({ length: 2 }, () => at(w * WEEK + 11 * HOUR)),
      ]),
      at(WEEK - 24 * HOUR),
      // Inside now: 5 in the last 90 minutes, 1 just before.
      ...Array.from({ length: 5 }, (_, i) => at((i + 1) * 10 * 60_000)),
      at(95 * 60_000),
    ]);
    const res = await gw.call('GET', '/api/v1/general/clubs/busyness');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const mine = res.body.data.find((b: { clubId: number }) => b.clubId === club.id);
    expect(mine).toMatchObject({ insideNow: 5, hour: 18 });
    expect(mine.usualByHour[18]).toBe(8);
    expect(mine.usualByHour[7]).toBe(2);
    expect(mine.usualByHour.reduce((a: number, b: number) => a + b, 0)).toBe(10);
    // Peak 8 an hour → 12 in 90 minutes; 5 inside is 0.42 of it.
    expect(mine.level).toBe('normal');
    expect(res.body.data.find((b: { clubId: number }) => b.clubId === other.id)).toMatchObject({
      insideNow: 0,
      level: 'quiet',
    });
  });

  test('the demo history: four weeks of visits for every club, the same on every fresh system', async () => {
    const now = gw.clock.now();
    await gw.db.delete(visits);
    await seedVisitHistory(gw.db, now);
    const [count] = await gw.db.select({ n: sql<number>`count(*)::int` }).from(visits);
    expect(count.n).toBeGreaterThan(5_000);
    const [future] = await gw.db
      .select({ n: sql<number>`count(*)::int` })
      .from(visits)
      .where(sql`${visits.checkedInAt} > ${now.toISOString()}`);
    expect(future.n).toBe(0);
    const all = await clubsBusyness(gw.db, now);
    expect(all.every((b) => Math.max(...b.usualByHour) > 0)).toBe(true);
    // Seeding again changes nothing.
    await seedVisitHistory(gw.db, now);
    const [again] = await gw.db.select({ n: sql<number>`count(*)::int` }).from(visits);
    expect(again.n).toBe(count.n);
    const [regular] = await gw.db.select().from(accounts).where(eq(accounts.phoneNumber, '0100050000'));
    expect(regular.fullName).toMatch(/^Nguyễn /);
  });
});
