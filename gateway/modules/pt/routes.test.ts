import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { ptPackageSchema, ptTrainerSchema } from '#api/pt.ts';
import { accounts, clubs, ptPackages, ptTrainers, ptWorkingHours } from '#gateway/db/schema/index.ts';
import { TRAINERS_PER_CLUB } from '#gateway/db/seed-pt.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { publicRead } from '#tests/support/public-read.ts';

// Issue 13 §1 (ADR 044): the public reads of PT packages and of a club's trainers.
let gw: TestGateway;
let clubIds: number[];
beforeAll(async () => {
  gw = await startTestGateway();
  clubIds = (
    await gw.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.isActive, true)).orderBy(asc(clubs.id))
  ).map((c) => c.id);
});
afterAll(() => gw.close());

const get = (path: string) => publicRead(gw, path);

test('every active club sells its packages: sessions within a validity, a price, a price a session, one silver starter', async () => {
  const all = ptPackageSchema.array().parse(await get('/api/v1/global/pt-packages'));
  expect(new Set(all.map((p) => p.clubId))).toEqual(new Set(clubIds));
  const first = ptPackageSchema.array().parse(await get(`/api/v1/global/club/${String(clubIds[0])}/pt-packages`));
  expect(first).toEqual(all.filter((p) => p.clubId === clubIds[0]));
  expect(first.map((p) => [p.sessions, p.validityDays])).toEqual([
    [4, 30],
    [10, 60],
    [24, 120],
    [48, 240],
  ]);
  expect(first.filter((p) => p.isSilver).map((p) => p.sessions)).toEqual([4]);
  for (const p of all) expect(p.pricePerSession).toBe(Math.round(p.price / p.sessions));
  // A bigger package costs less a session.
  for (let i = 1; i < first.length; i++) expect(first[i].pricePerSession).toBeLessThan(first[i - 1].pricePerSession);
});

test('a package taken off sale, or a closed club, is not listed; an unknown or malformed club is not found', async () => {
  const [pkg] = await gw.db
    .select()
    .from(ptPackages)
    .where(eq(ptPackages.clubId, clubIds[1]))
    .orderBy(asc(ptPackages.sortOrder))
    .limit(1);
  await gw.db.update(ptPackages).set({ isActive: false }).where(eq(ptPackages.id, pkg.id));
  const listed = ptPackageSchema.array().parse(await get(`/api/v1/global/club/${String(clubIds[1])}/pt-packages`));
  expect(listed.map((p) => p.id)).not.toContain(pkg.id);
  await gw.db.update(ptPackages).set({ isActive: true }).where(eq(ptPackages.id, pkg.id));

  await gw.db.update(clubs).set({ isActive: false }).where(eq(clubs.id, clubIds[2]));
  try {
    const all = ptPackageSchema.array().parse(await get('/api/v1/global/pt-packages'));
    expect(all.some((p) => p.clubId === clubIds[2])).toBe(false);
    for (const path of [
      `/api/v1/global/club/${String(clubIds[2])}/pt-packages`,
      `/api/v1/global/club/${String(clubIds[2])}/pts`,
    ]) {
      expect((await gw.call('GET', path)).status, path).toBe(404);
    }
  } finally {
    await gw.db.update(clubs).set({ isActive: true }).where(eq(clubs.id, clubIds[2]));
  }
  for (const club of ['999999', 'abc', '1.5', '-1', '99999999999999999999']) {
    for (const what of ['pt-packages', 'pts']) {
      const res = await gw.call('GET', `/api/v1/global/club/${club}/${what}`);
      expect(res.status, `${club} ${what}`).toBe(404);
    }
  }
});

test("a club's trainers: profiles in both languages, a drawn avatar, the rating, and their week at this club only", async () => {
  const trainers = ptTrainerSchema.array().parse(await get(`/api/v1/global/club/${String(clubIds[0])}/pts`));
  expect(trainers).toHaveLength(TRAINERS_PER_CLUB);
  for (const t of trainers) {
    expect(t.fullName.length).toBeGreaterThan(3);
    expect(t.specialitiesVi.length).toBe(t.specialitiesEn.length);
    expect(t.yearsOfExperience).toBeGreaterThanOrEqual(2);
    expect(t.ratingAverage).not.toBeNull();
    expect(t.ratingAverage!).toBeGreaterThanOrEqual(1);
    expect(t.ratingAverage!).toBeLessThanOrEqual(5);
    expect(t.workingHours.length).toBeGreaterThan(0);
    for (const h of t.workingHours) {
      expect(
        h.weekday >= 1 && h.weekday <= 7 && h.startMinute >= 0 && h.startMinute < h.endMinute && h.endMinute <= 1440,
      ).toBe(true);
    }
    // The avatar is a real image served by the media route.
    const avatar = await gw.app.request(t.avatarUrl!);
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('content-type')).toBe('image/webp');
    expect((await avatar.arrayBuffer()).byteLength).toBeGreaterThan(200);
  }
  // Best rated first.
  const averages = trainers.map((t) => t.ratingAverage!);
  expect([...averages].sort((a, b) => b - a)).toEqual(averages);
  // Another club's trainers are not this club's.
  const other = ptTrainerSchema.array().parse(await get(`/api/v1/global/club/${String(clubIds[1])}/pts`));
  expect(other.some((t) => trainers.some((u) => u.ptId === t.ptId))).toBe(false);

  // A trainer who also works a shift at the second club is listed there with that shift only.
  const [moving] = trainers;
  await gw.db.insert(ptWorkingHours).values({
    trainerAccountId: moving.ptId,
    clubId: clubIds[1],
    weekday: 7,
    startMinute: 14 * 60,
    endMinute: 18 * 60,
  });
  const there = ptTrainerSchema.array().parse(await get(`/api/v1/global/club/${String(clubIds[1])}/pts`));
  expect(there.find((t) => t.ptId === moving.ptId)?.workingHours).toEqual([
    { weekday: 7, startMinute: 14 * 60, endMinute: 18 * 60 },
  ]);

  // A trainer who left is listed nowhere.
  await gw.db.update(ptTrainers).set({ isActive: false }).where(eq(ptTrainers.accountId, moving.ptId));
  const after = ptTrainerSchema.array().parse(await get(`/api/v1/global/club/${String(clubIds[0])}/pts`));
  expect(after.map((t) => t.ptId)).not.toContain(moving.ptId);
  await gw.db.update(ptTrainers).set({ isActive: true }).where(eq(ptTrainers.accountId, moving.ptId));
});

test('the database refuses impossible hours, ratings and packages', async () => {
  const [trainer] = await gw.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.accountType, 'PT')))
    .limit(1);
  const bad = [
    () =>
      gw.db
        .insert(ptWorkingHours)
        .values({ trainerAccountId: trainer.id, clubId: clubIds[0], weekday: 8, startMinute: 600, endMinute: 700 }),
    () =>
      gw.db
        .insert(ptWorkingHours)
        .values({ trainerAccountId: trainer.id, clubId: clubIds[0], weekday: 1, startMinute: 700, endMinute: 700 }),
    () =>
      gw.db
        .insert(ptWorkingHours)
        .values({ trainerAccountId: trainer.id, clubId: clubIds[0], weekday: 1, startMinute: 1300, endMinute: 1500 }),
    () => gw.db.update(ptTrainers).set({ ratingSum: 51, ratingCount: 10 }).where(eq(ptTrainers.accountId, trainer.id)),
    () =>
      gw.db
        .insert(ptPackages)
        .values({ clubId: clubIds[0], nameVi: 'x', nameEn: 'x', sessions: 0, validityDays: 30, price: 1 }),
  ];
  for (const [i, attempt] of bad.entries()) await expect(attempt(), String(i)).rejects.toThrow();
});
