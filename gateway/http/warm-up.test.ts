import { afterAll, beforeAll, expect, test } from 'vitest';
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
