import { readdirSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import sharp from 'sharp';
import { createPool, OcrBusyError, OcrTimeoutError, type OcrPool, type OcrPoolOptions } from './ocr-pool.ts';
import { withPool } from '#tests/support/ocr-pool.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

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
  { timeout: timeLimit(60_000) },
  async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    await withPool({ workers: 1, queue: 0, timeoutMs: 50 }, async (pool) => {
      process.on('unhandledRejection', record);
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
      }
    });
  },
);

test(
  'warm starts the threads before a photo comes (ADR 085); the photo is read by the started thread, no second start',
  { timeout: timeLimit(60_000) },
  async () => {
    const closed = await withPool({ workers: 1, queue: 0, timeoutMs: 30_000 }, async (pool) => {
      expect(pool.started()).toBe(0);
      pool.warm();
      pool.warm();
      expect(pool.started()).toBe(1);
      const blank = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      await expect(pool.recognize(blank)).resolves.toEqual([]);
      expect(pool.started()).toBe(1);
    });
    expect(closed.started()).toBe(0);
  },
);

// Issue 36 §7 (ADR 089): the engines run in a child process of their own; the gateway's memory comes back when it ends.
/** This process's OCR processes (Linux: /proc), those not yet reaped included, exited ones not. */
function ocrProcesses(): number[] {
  const children = readdirSync('/proc/self/task').flatMap((task) =>
    readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
  );
  return children.filter((pid) => {
    try {
      return readFileSync(`/proc/${String(pid)}/environ`, 'utf8').includes('INBODY_OCR=');
    } catch {
      return false; // gone meanwhile
    }
  });
}
const threads = () => readdirSync('/proc/self/task').length;
const blankPng = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
/** A page's line as the second engine gets it: white with a dark bar. */
const crop = () => {
  const data = new Uint8Array(200 * 40).fill(255);
  data.fill(0, 200 * 15, 200 * 25);
  return { data, width: 200, height: 40 };
};

test(
  'warm starts one OCR process with both engines and no thread in this one; the photo and the second reading are read there',
  { timeout: timeLimit(60_000) },
  async () => {
    const blank = await blankPng();
    const before = threads();
    const closed = await withPool({ workers: 1, queue: 0, timeoutMs: 30_000 }, async (pool) => {
      expect(ocrProcesses()).toEqual([]);
      pool.warm();
      await expect(pool.recognize(blank)).resolves.toEqual([]);
      // tesseract.js's worker thread (and the model's memory) is in the child, not here. (Fewer is
      // possible: a loaded CI runner once ended three of sharp's or V8's idle helpers meanwhile.)
      expect(threads()).toBeLessThanOrEqual(before);
      const [pid] = ocrProcesses();
      expect(ocrProcesses()).toEqual([pid]);
      await expect(pool.readLines([crop()])).resolves.toHaveLength(1);
      expect(ocrProcesses()).toEqual([pid]);
      expect(pool.processUsage().cpuSeconds).toBeGreaterThan(0);
    });
    expect(ocrProcesses()).toEqual([]);
    expect(closed.processUsage().rss).toBe(0);
  },
);

/**
 * A pool whose OCR process has read a photo; `lose` makes it lose that process (given its pid) in
 * one way; the next photo must then be read by a fresh process, the lost one gone.
 */
async function losingItsProcess(
  options: Partial<OcrPoolOptions>,
  lose: (pool: OcrPool, pid: number, blank: Buffer) => Promise<void>,
) {
  const blank = await blankPng();
  await withPool({ workers: 1, queue: 0, timeoutMs: 30_000, ...options }, async (pool) => {
    await expect(pool.recognize(blank)).resolves.toEqual([]);
    const [lost] = ocrProcesses();
    expect(lost).toBeGreaterThan(0);
    await lose(pool, lost, blank);
    expect(pool.started()).toBe(0);
    await expect(pool.recognize(blank)).resolves.toEqual([]);
    await expect(pool.readLines([crop()])).resolves.toHaveLength(1);
    expect(ocrProcesses()).toHaveLength(1);
    expect(ocrProcesses()).not.toContain(lost);
  });
}

test(
  'idle for the idle time, the OCR process ends; the next photo starts another',
  { timeout: timeLimit(60_000) },
  () =>
    losingItsProcess({ idleMs: 500 }, async () => {
      await expect.poll(ocrProcesses, { timeout: timeLimit(10_000) }).toEqual([]);
    }),
);

test(
  'a photo over the time limit has its OCR process killed (even a stuck one) and the next photo gets a fresh one',
  { timeout: timeLimit(120_000) },
  () =>
    // The gateway's own limit (INBODY_OCR_TIMEOUT_MS): the fresh process's start counts against it too,
    // and on CI's busy 2 cores (journeys and both database runs beside this) 8 s was once too short.
    losingItsProcess({ timeoutMs: 20_000 }, async (pool, pid, blank) => {
      // A process that answers nothing more: stopped, it ignores SIGTERM too.
      process.kill(pid, 'SIGSTOP');
      await expect(pool.recognize(blank)).rejects.toBeInstanceOf(OcrTimeoutError);
      expect(ocrProcesses()).toEqual([]);
    }),
);

test(
  'an OCR process that crashes fails the photo it was reading at once; the next photo gets a fresh one',
  { timeout: timeLimit(60_000) },
  () =>
    losingItsProcess({}, async (pool, pid, blank) => {
      process.kill(pid, 'SIGSTOP');
      const reading = pool.recognize(blank);
      process.kill(pid, 'SIGKILL');
      await expect(reading).rejects.toThrow(/OCR process stopped/);
    }),
);

/** A label and value printed dark on light, and below it another printed light on a dark band. */
const darkAndLightPrint = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="260">
        <rect width="900" height="260" fill="#fff"/>
        <text x="40" y="80" font-family="DejaVu Sans" font-size="44" fill="#000">Protein 12.3 kg</text>
        <rect y="140" width="900" height="90" fill="#000"/>
        <text x="40" y="205" font-family="DejaVu Sans" font-size="44" fill="#fff">Minerals 4.56 kg</text>
      </svg>`,
    ),
  )
    .greyscale()
    .png()
    .toBuffer();

test(
  'ADR 096: tesseract reads a line once, never again inverted: dark print is read, print light on dark is not',
  { timeout: timeLimit(60_000) },
  async () => {
    await withPool({ workers: 1, queue: 0, timeoutMs: 30_000 }, async (pool) => {
      const text = (await pool.recognize(await darkAndLightPrint())).map((l) => l.text).join(' | ');
      expect(text).toContain('Protein 12.3');
      expect(text).not.toContain('4.56');
    });
  },
);
