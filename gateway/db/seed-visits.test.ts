import { gte, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { vietnamDayStart } from '#api/vietnam-time.ts';
import { freshDatabase } from '#tests/support/gateway.ts';
import type { DatabaseHandle } from './client.ts';
import { visits } from './schema/index.ts';
import { seedDatabase } from './seed.ts';

// The demo's visit history ends at the seed's moment in Vietnam: a system started at 06:30 there
// (23:30 UTC the day before) shows the morning's first visits as today's.
let handle: DatabaseHandle;
const now = new Date('2026-11-27T23:30:00Z'); // 06:30 on Saturday 28 November in Vietnam
beforeAll(async () => {
  handle = await freshDatabase();
  await seedDatabase(handle.db, now, { visitHistory: true });
});
afterAll(() => handle.close());

test('visits up to the seed’s moment, today in Vietnam included, none after it', async () => {
  const [today] = await handle.db
    .select({ n: sql<number>`count(*)::int`, last: sql<string>`max(${visits.checkedInAt})::text` })
    .from(visits)
    .where(gte(visits.checkedInAt, vietnamDayStart('2026-11-28')));
  expect(today.n).toBeGreaterThan(0); // from 05:00, the first hour with visits
  expect(Date.parse(today.last)).toBeLessThan(now.getTime());
});
