import { expect, test } from 'vitest';
import { createPool, OcrBusyError, OcrTimeoutError } from './ocr-pool.ts';

// Issue 14 (ADR 042): the pool's limits, with a stand-in for tesseract.
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('at most `workers` run at once, `queue` wait, the rest are refused at once', async () => {
  let running = 0;
  let most = 0;
  const pool = createPool({ workers: 2, queue: 1, timeoutMs: 1000 }, async () => {
    most = Math.max(most, ++running);
    await sleep(50);
    running--;
    return 'read';
  });
  const results = await Promise.allSettled([1, 2, 3, 4].map(() => pool.submit(Buffer.alloc(1))));
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected']);
  expect((results[3] as PromiseRejectedResult).reason).toBeInstanceOf(OcrBusyError);
  expect(most).toBe(2);
  expect(pool.stats()).toEqual({ running: 0, waiting: 0 });
});

test('a run over the time limit is abandoned, its slot reset and given to the next', async () => {
  const resets: number[] = [];
  const pool = createPool(
    { workers: 1, queue: 1, timeoutMs: 30 },
    async (_slot, input) => {
      await sleep(input[0] === 1 ? 200 : 5);
      return input[0];
    },
    async (slot) => {
      resets.push(slot);
    },
  );
  const [slow, quick] = await Promise.allSettled([pool.submit(Buffer.from([1])), pool.submit(Buffer.from([2]))]);
  expect(slow.status === 'rejected' && slow.reason).toBeInstanceOf(OcrTimeoutError);
  expect(quick).toEqual({ status: 'fulfilled', value: 2 });
  expect(resets).toEqual([0]);
});
