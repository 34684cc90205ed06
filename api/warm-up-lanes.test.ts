import { expect, test } from 'vitest';
import { inLanes } from './warm-up-lanes.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

test('runs every round once, never more than `lanes` at a time', async () => {
  let running = 0;
  let most = 0;
  let done = 0;
  await inLanes({ rounds: 17, lanes: 4 }, async () => {
    running++;
    most = Math.max(most, running);
    await tick();
    running--;
    done++;
  });
  expect(done).toBe(17);
  expect(most).toBe(4);
});

test('starts no round once stop() says so, and runs one lane when there are no rounds', async () => {
  let done = 0;
  await inLanes(
    { rounds: 50, lanes: 3 },
    async () => {
      await tick();
      done++;
    },
    () => done >= 5,
  );
  expect(done).toBeGreaterThanOrEqual(5);
  expect(done).toBeLessThan(5 + 3);
  let ran = 0;
  await inLanes({ rounds: 0, lanes: 8 }, () => Promise.resolve(void ran++));
  expect(ran).toBe(0);
});
