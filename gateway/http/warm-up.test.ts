import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { warmHomeReads } from '#gateway/modules/memberships/home.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { GATEWAY_WARM_UP_PATHS, warmGateway } from './warm-up.ts';

// ADR 068: /readyz says 503 "warming" until the warm-up's reads have run.
let gw: TestGateway;
let warm = false;
beforeAll(async () => {
  gw = await startTestGateway({ warm: () => warm });
});
afterAll(() => gw.close());

test('/readyz: 503 warming, then ready once warmed; every warm-up path answers', async () => {
  const before = await gw.call('GET', '/readyz');
  expect(before.status).toBe(503);
  expect(before.body).toEqual({ status: 'warming' });

  const done = await warmGateway(gw.app, { rounds: 2 });
  expect(done).toMatchObject({ sent: 2 * GATEWAY_WARM_UP_PATHS.length, failed: 0 });
  warm = true;

  const after = await gw.call('GET', '/readyz');
  expect(after.status).toBe(200);
  expect(after.body).toEqual({ status: 'ready' });
});

// ADR 088: a member's home read with a token no one has (401 is what it should answer) and the
// home's own statements for no account, several rounds at a time.
test("the member's reads: 401 for the unknown token, the home's statements for no one, rounds in lanes", async () => {
  let inFlight = 0;
  let most = 0;
  let reads = 0;
  const done = await warmGateway(gw.app, {
    rounds: 6,
    lanes: 3,
    memberReads: async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      reads++;
      await warmHomeReads(gw.db, gw.clock.now());
      inFlight--;
    },
  });
  expect(done).toMatchObject({ sent: 6 * (GATEWAY_WARM_UP_PATHS.length + 2), failed: 0 });
  expect(reads).toBe(6);
  expect(most).toBeGreaterThan(1);
  expect(most).toBeLessThanOrEqual(3);
});

test("the home's statements for no account: nothing written for it, the same answer as before", async () => {
  const count = async () =>
    (
      (await gw.db.execute(
        sql`select (select count(*) from accounts)::int + (select count(*) from contracts)::int + (select count(*) from class_bookings)::int as n`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n;
  const before = await count();
  await warmHomeReads(gw.db, gw.clock.now());
  await warmHomeReads(gw.db, gw.clock.now());
  expect(await count()).toBe(before);
});

test('a member read that fails counts as failed; the warm-up still ends', async () => {
  const done = await warmGateway(gw.app, {
    rounds: 2,
    paths: [],
    memberReads: () => Promise.reject(new Error('no database')),
  });
  expect(done).toMatchObject({ sent: 4, failed: 2 });
});
