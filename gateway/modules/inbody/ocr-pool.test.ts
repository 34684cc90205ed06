import { expect, test } from 'vitest';
import sharp from 'sharp';
import { createOcrPool, createPool, OcrBusyError, OcrTimeoutError } from './ocr-pool.ts';

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

test(
  'a photo timed out while its tesseract worker starts leaves no rejection unhandled',
  { timeout: 60_000 },
  async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    const pool = createOcrPool({ workers: 1, queue: 0, timeoutMs: 50 });
    try {
      const blank = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      await expect(pool.recognize(blank)).rejects.toBeInstanceOf(OcrTimeoutError);
      // The worker finishes starting after the time-out; the abandoned run must not use it once it is terminated.
      await new Promise((resolve) => setTimeout(resolve, 8_000));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', record);
      await pool.close();
    }
  },
);

test(
  'warm starts the threads before a photo comes (ADR 085); the photo is read by the started thread, no second start',
  { timeout: 60_000 },
  async () => {
    const pool = createOcrPool({ workers: 1, queue: 0, timeoutMs: 30_000 });
    try {
      expect(pool.started()).toBe(0);
      pool.warm();
      pool.warm();
      expect(pool.started()).toBe(1);
      const blank = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      await expect(pool.recognize(blank)).resolves.toEqual([]);
      expect(pool.started()).toBe(1);
    } finally {
      await pool.close();
    }
    expect(pool.started()).toBe(0);
  },
);
