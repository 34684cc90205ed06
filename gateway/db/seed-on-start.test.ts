import { sql } from 'drizzle-orm';
import { afterEach, expect, test } from 'vitest';
import { openDatabase, type DatabaseHandle } from './client.ts';
import { accounts } from './schema/index.ts';
import { seedOnStart } from './seed.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 9 "Demo data is seeded into any empty database": only the sandbox gets it at start.
let handle: DatabaseHandle | undefined;
afterEach(() => handle?.close());

const accountCount = async (h: DatabaseHandle) =>
  (await h.db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0].n;

test('an empty production database (SANDBOX=false) stays empty: no GM with a known phone, no coupons', async () => {
  handle = await openDatabase({ kind: 'pglite', migrationsDir: 'gateway/db/migrations' });
  expect(await seedOnStart(handle.db, false)).toBe('not seeded: not the sandbox');
  expect(await accountCount(handle)).toBe(0);
});

// Seeding the whole demo data: once over 60 s on PGlite beside the journeys (a clean-clone CI run, passed on its retry).
test('an empty sandbox database gets the demo data once', { timeout: timeLimit(180_000) }, async () => {
  handle = await openDatabase({ kind: 'pglite', migrationsDir: 'gateway/db/migrations' });
  expect(await seedOnStart(handle.db, true)).toBe('seeded');
  expect(await accountCount(handle)).toBeGreaterThan(0);
  expect(await seedOnStart(handle.db, true)).toBe('not empty');
});
