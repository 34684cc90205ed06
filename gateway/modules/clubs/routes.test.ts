import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cityWithClubsSchema, clubSchema, paymentMethodGroupSchema } from '#api/clubs.ts';
import { cities, clubs, paymentMethodGroups } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { publicRead } from '#tests/support/public-read.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const cityList = cityWithClubsSchema.array();
const clubList = clubSchema.array();

const get = (path: string) => publicRead(gw, path);

/** Active clubs per city id, straight from the database. */
async function activeCountsByCity() {
  const rows = await gw.db
    .select({ cityId: clubs.cityId, n: sql<number>`count(*)::int` })
    .from(clubs)
    .where(eq(clubs.isActive, true))
    .groupBy(clubs.cityId);
  return new Map(rows.map((r) => [r.cityId, r.n]));
}

// Tests that change the data come last; these first ones read the seed as it is.

test('have-clubs lists every city with active clubs, with the right counts, most clubs first', async () => {
  const list = cityList.parse(await get('/api/v1/general/city/have-clubs'));
  const counts = await activeCountsByCity();
  expect(list.length).toBe(counts.size);
  expect(list.length).toBeGreaterThan(1);
  for (const city of list) expect(city.clubCount).toBe(counts.get(city.id));
  for (let i = 1; i < list.length; i++) expect(list[i - 1].clubCount).toBeGreaterThanOrEqual(list[i].clubCount);
  const [hcm] = await gw.db.select().from(cities).where(eq(cities.slug, 'ho-chi-minh'));
  expect(list.find((c) => c.id === hcm.id)).toEqual({
    id: hcm.id,
    nameVi: 'TP. Hồ Chí Minh',
    nameEn: 'Ho Chi Minh City',
    clubCount: counts.get(hcm.id),
  });
});

test('clubs lists every active club with its city, position and hotline', async () => {
  const list = clubList.parse(await get('/api/v1/general/clubs'));
  const active = await gw.db.select().from(clubs).where(eq(clubs.isActive, true)).orderBy(asc(clubs.id));
  expect(list.map((c) => c.id).sort((a, b) => a - b)).toEqual(active.map((c) => c.id));
  const allCities = await gw.db.select().from(cities);
  for (const club of list) {
    const row = active.find((r) => r.id === club.id)!;
    const city = allCities.find((c) => c.id === row.cityId)!;
    expect(club).toEqual({
      id: row.id,
      nameVi: row.nameVi,
      nameEn: row.nameEn,
      address: row.address,
      districtName: row.districtName,
      cityId: city.id,
      cityNameVi: city.nameVi,
      cityNameEn: city.nameEn,
      latitude: row.latitude,
      longitude: row.longitude,
      hotline: row.hotline,
      isActive: true,
    });
    // Somewhere in Vietnam.
    expect(club.latitude).toBeGreaterThan(8);
    expect(club.latitude).toBeLessThan(24);
    expect(club.longitude).toBeGreaterThan(102);
    expect(club.longitude).toBeLessThan(110);
  }
  // Grouped by city.
  const cityOrder = list.map((c) => c.cityId);
  expect(cityOrder).toEqual([...cityOrder].sort((a, b) => a - b));
  // isActive=true says the same as no filter.
  expect(await get('/api/v1/general/clubs?isActive=true')).toEqual(list);
});

test('cityId keeps only that city’s clubs; a city with no clubs gives an empty list', async () => {
  const counts = await activeCountsByCity();
  for (const [cityId, n] of counts) {
    const list = clubList.parse(await get(`/api/v1/general/clubs?cityId=${cityId}`));
    expect(list).toHaveLength(n);
    for (const club of list) expect(club.cityId).toBe(cityId);
  }
  const [empty] = await gw.db
    .insert(cities)
    .values({ slug: 'can-tho', nameVi: 'Cần Thơ', nameEn: 'Can Tho' })
    .returning();
  expect(await get(`/api/v1/general/clubs?cityId=${empty.id}`)).toEqual([]);
  expect(await get('/api/v1/general/clubs?cityId=999999999')).toEqual([]);
  // A city without clubs is not offered.
  const offered = cityList.parse(await get('/api/v1/general/city/have-clubs'));
  expect(offered.map((c) => c.id)).not.toContain(empty.id);
});

test.each([
  ['cityId=abc', 'cityId'],
  ['cityId=0', 'cityId'],
  ['cityId=-1', 'cityId'],
  ['cityId=1.5', 'cityId'],
  ['cityId=', 'cityId'],
  ['cityId=1e3', 'cityId'],
  ['cityId=9999999999', 'cityId'],
  ['cityId=1&cityId=2', 'cityId'],
  ['isActive=yes', 'isActive'],
  ['isActive=1', 'isActive'],
  ['isActive=TRUE', 'isActive'],
])('clubs?%s → 400 code 2 with an error on %s', async (query, field) => {
  const res = await gw.call('GET', `/api/v1/general/clubs?${query}`, { lang: 'en' });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(2);
  expect(res.body.data.fieldErrors[field]).toEqual([expect.any(String)]);
  expect(Object.keys(res.body.data.fieldErrors)).toEqual([field]);
});

test('club detail answers one club, the same as in the list', async () => {
  const list = clubList.parse(await get('/api/v1/general/clubs'));
  for (const club of list) expect(clubSchema.parse(await get(`/api/v1/general/club/${club.id}/detail`))).toEqual(club);
});

test.each([['999999999'], ['0'], ['-1'], ['abc'], ['1.0'], ['01'], ['1e2'], ['9999999999999'], ['%20']])(
  'club/%s/detail → 404 NOT_FOUND',
  async (id) => {
    const res = await gw.call('GET', `/api/v1/general/club/${id}/detail`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  },
);

test('payment method groups: QR, CARD, CASH in order, names in both languages', async () => {
  const list = paymentMethodGroupSchema.array().parse(await get('/api/v1/general/payment-method/groups'));
  expect(list.map((g) => [g.id, g.code])).toEqual([
    [1, 'QR'],
    [2, 'CARD'],
    [3, 'CASH'],
  ]);
  for (const g of list) {
    expect(g.nameVi.trim()).not.toBe('');
    expect(g.nameEn.trim()).not.toBe('');
    expect(Object.keys(g).sort()).toEqual(['code', 'id', 'nameEn', 'nameVi']);
  }
});

test('payment method groups follow sortOrder and leave out inactive ones', async () => {
  await gw.db.update(paymentMethodGroups).set({ sortOrder: 0 }).where(eq(paymentMethodGroups.code, 'CASH'));
  await gw.db.update(paymentMethodGroups).set({ isActive: false }).where(eq(paymentMethodGroups.code, 'CARD'));
  const list = paymentMethodGroupSchema.array().parse(await get('/api/v1/general/payment-method/groups'));
  expect(list.map((g) => g.code)).toEqual(['CASH', 'QR']);
});

test('an inactive club is hidden by default, listed with isActive=false, still has a detail, and leaves the city counts', async () => {
  const before = cityList.parse(await get('/api/v1/general/city/have-clubs'));
  const [closed] = await gw.db.select().from(clubs).where(eq(clubs.isActive, true)).orderBy(asc(clubs.id)).limit(1);
  await gw.db.update(clubs).set({ isActive: false }).where(eq(clubs.id, closed.id));

  const active = clubList.parse(await get('/api/v1/general/clubs'));
  expect(active.map((c) => c.id)).not.toContain(closed.id);
  expect(clubList.parse(await get(`/api/v1/general/clubs?cityId=${closed.cityId}`)).map((c) => c.id)).not.toContain(
    closed.id,
  );

  const inactive = clubList.parse(await get('/api/v1/general/clubs?isActive=false'));
  expect(inactive.map((c) => c.id)).toEqual([closed.id]);
  expect(inactive[0].isActive).toBe(false);
  expect(await get(`/api/v1/general/clubs?isActive=false&cityId=${closed.cityId}`)).toEqual(inactive);
  const otherCity = before.find((c) => c.id !== closed.cityId)!;
  expect(await get(`/api/v1/general/clubs?isActive=false&cityId=${otherCity.id}`)).toEqual([]);

  expect(clubSchema.parse(await get(`/api/v1/general/club/${closed.id}/detail`))).toMatchObject({
    id: closed.id,
    isActive: false,
  });

  const after = cityList.parse(await get('/api/v1/general/city/have-clubs'));
  const count = (list: typeof before) => list.find((c) => c.id === closed.cityId)?.clubCount ?? 0;
  expect(count(after)).toBe(count(before) - 1);

  // Close every club of that city: the city is no longer offered.
  await gw.db
    .update(clubs)
    .set({ isActive: false })
    .where(and(eq(clubs.cityId, closed.cityId), eq(clubs.isActive, true)));
  const none = cityList.parse(await get('/api/v1/general/city/have-clubs'));
  expect(none.map((c) => c.id)).not.toContain(closed.cityId);
  expect(none).toHaveLength(before.length - 1);
});

test('the calls are public: a bad token is ignored, no 401', async () => {
  for (const path of [
    '/api/v1/general/city/have-clubs',
    '/api/v1/general/clubs',
    '/api/v1/general/payment-method/groups',
  ]) {
    const res = await gw.call('GET', path, { token: 'not-a-token' });
    expect(res.status, path).toBe(200);
  }
});
