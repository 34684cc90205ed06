import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { createWorker, type Worker } from 'tesseract.js';
import { createLineReader, type GreyCrop, type LineReader, type LineText, type Usage } from './line-reader.ts';
import type { OcrLine } from './parse.ts';

// Issue 14 (ADR 042): tesseract runs in its own worker threads, never on the event loop. A few
// long-lived workers (loading the model costs a second), a short queue in front of them (a photo
// beyond it is refused at once: 429), and a time limit per photo (the worker is then killed and
// replaced: a stuck recognition cannot hold a slot).

const require = createRequire(import.meta.url);
// The English model ships inside an npm package: nothing is downloaded at run time (ARCHITECTURE).
const ENG_DATA = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
/** Workers with nothing to do for this long are stopped (their threads hold ~100 MB each; a minute after the last photo the gateway is back under 350 MB, issue 36 §7). */
const IDLE_MS = 30_000;

export class OcrBusyError extends Error {
  constructor() {
    super('every OCR worker is busy and the queue is full');
    this.name = 'OcrBusyError';
  }
}
export class OcrTimeoutError extends Error {
  constructor(ms: number) {
    super(`OCR took longer than ${String(ms)} ms`);
    this.name = 'OcrTimeoutError';
  }
}

export type OcrPoolOptions = { workers: number; queue: number; timeoutMs: number };
/** `digits`: only digits and "/" may be read (ADR 084: the score's large print, read "DY" for 59). */
export type RecognizeOptions = { digits?: boolean };
/** Reads one prepared image; tests may give their own (a slow one, to fill the queue). */
export type Recognize = (image: Buffer, options?: RecognizeOptions) => Promise<OcrLine[]>;
/** Reads crops of the page, each one line, with the second engine (ADR 086: PaddleOCR's recognizer). */
export type ReadLines = (crops: GreyCrop[]) => Promise<LineText[]>;
export type OcrPool = {
  recognize: Recognize;
  readLines: ReadLines;
  /** The second engine's process: CPU seconds since it started, its memory (zeros when none runs). */
  secondEngineUsage: () => Usage;
  /** Starts every thread now (a photo is on its way, ADR 085); they stop again after the idle time. */
  warm: () => void;
  /** Threads started (running or idle), not yet stopped. */
  started: () => number;
  close: () => Promise<void>;
  stats: () => { running: number; waiting: number };
};

/** One fewer thread than the machine has cores (the event loop keeps one), at least one. */
export const defaultOcrWorkers = () => Math.max(1, availableParallelism() - 1);

async function tesseractWorker(): Promise<Worker> {
  return createWorker('eng', 1, { langPath: ENG_DATA, gzip: true, cacheMethod: 'none' });
}

async function linesOf(worker: Worker, image: Buffer, options: RecognizeOptions = {}): Promise<OcrLine[]> {
  if (options.digits) await worker.setParameters({ tessedit_char_whitelist: '0123456789/' });
  const { data } = await worker
    .recognize(image, {}, { text: true, blocks: true })
    .finally(() => (options.digits ? worker.setParameters({ tessedit_char_whitelist: '' }) : undefined));
  return (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({
        text: line.text.trim(),
        words: line.words.map((w) => ({ text: w.text, confidence: w.confidence })),
        box: line.bbox,
      })),
    ),
  );
}

/**
 * A pool over `run`: at most `workers` at once, `queue` waiting, each limited to `timeoutMs`.
 * `run` gets the slot's number; `reset` is called with it after a time-out.
 */
export function createPool<T, Input = Buffer>(
  options: OcrPoolOptions,
  run: (slot: number, input: Input) => Promise<T>,
  reset: (slot: number) => Promise<void> = () => Promise.resolve(),
) {
  const free = Array.from({ length: options.workers }, (_, i) => i);
  const waiting: ((slot: number) => void)[] = [];
  const acquire = (): Promise<number> => {
    const slot = free.shift();
    if (slot !== undefined) return Promise.resolve(slot);
    if (waiting.length >= options.queue) return Promise.reject(new OcrBusyError());
    return new Promise((resolve) => waiting.push(resolve));
  };
  const release = (slot: number) => {
    const next = waiting.shift();
    if (next) next(slot);
    else free.push(slot);
  };
  async function submit(input: Input): Promise<T> {
    const slot = await acquire();
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    const running = run(slot, input);
    // After a time-out the abandoned run rejects when its worker is killed: that is expected.
    running.catch(() => undefined);
    try {
      return await Promise.race([
        running,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => {
            timedOut = true;
            reject(new OcrTimeoutError(options.timeoutMs));
          }, options.timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
      if (timedOut) await reset(slot).catch(() => undefined);
      release(slot);
    }
  }
  return { submit, stats: () => ({ running: options.workers - free.length, waiting: waiting.length }) };
}

/** The tesseract pool: workers started on first use and stopped after a minute idle. */
export function createOcrPool(options: OcrPoolOptions): OcrPool {
  const workers = new Map<number, Promise<Worker>>();
  let idle: NodeJS.Timeout | undefined;
  // ADR 086: the second engine's thread starts with the pool and stops with it (its model holds ≈ 200 MB).
  let lineReader: LineReader | undefined;
  const lineReaderNow = () => (lineReader ??= createLineReader());
  const stopAll = async () => {
    const all = [...workers.values()];
    workers.clear();
    const reader = lineReader;
    lineReader = undefined;
    await Promise.all([
      reader?.close().catch(() => undefined),
      ...all.map(async (w) => (await w.catch(() => undefined))?.terminate().catch(() => undefined)),
    ]);
  };
  const workerFor = (slot: number) => {
    let worker = workers.get(slot);
    if (!worker) {
      worker = tesseractWorker();
      worker.catch(() => workers.delete(slot));
      workers.set(slot, worker);
    }
    return worker;
  };
  const pool = createPool<OcrLine[], { image: Buffer; options?: RecognizeOptions }>(
    options,
    async (slot, { image, options: read }) => {
      const starting = workerFor(slot);
      const worker = await starting;
      // Timed out while the worker was starting (loading the model takes seconds under load): the reset has already
      // let go of it and terminates it. A recognize on a terminated tesseract worker fails inside tesseract.js in a
      // promise nobody holds (its send is async): an unhandled rejection. So the abandoned run stops here.
      if (workers.get(slot) !== starting) throw new OcrTimeoutError(options.timeoutMs);
      return linesOf(worker, image, read);
    },
    async (slot) => {
      const worker = workers.get(slot);
      workers.delete(slot);
      await (await worker)?.terminate();
    },
  );
  const stopWhenIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (pool.stats().running === 0) void stopAll();
    }, IDLE_MS);
    idle.unref();
  };
  return {
    recognize: async (image, read) => {
      clearTimeout(idle);
      try {
        return await pool.submit({ image, options: read });
      } finally {
        stopWhenIdle();
      }
    },
    readLines: async (crops) => {
      clearTimeout(idle);
      const reader = lineReaderNow();
      try {
        return await reader.read(crops);
      } catch (error) {
        // A reader that failed (its thread died) is dropped: the next photo starts another.
        if (lineReader === reader) lineReader = undefined;
        void reader.close().catch(() => undefined);
        throw error;
      } finally {
        stopWhenIdle();
      }
    },
    warm: () => {
      // workerFor keeps the start's failure to itself (the slot is freed); the next photo starts it again.
      for (let slot = 0; slot < options.workers; slot++) void workerFor(slot);
      lineReaderNow();
      if (pool.stats().running === 0) stopWhenIdle();
    },
    started: () => workers.size,
    secondEngineUsage: () => lineReader?.usage() ?? { cpuSeconds: 0, rss: 0 },
    close: stopAll,
    stats: pool.stats,
  };
}

const pools = new Map<string, OcrPool>();

/** The process's pool for these settings (one per configuration, shared by every request). */
export function sharedOcrPool(options: OcrPoolOptions): OcrPool {
  const key = JSON.stringify(options);
  let pool = pools.get(key);
  if (!pool) {
    pool = createOcrPool(options);
    pools.set(key, pool);
  }
  return pool;
}

/** Every shared pool's sheets being read and waiting (the gateway's /metrics). */
export function ocrPoolStats() {
  let running = 0;
  let waiting = 0;
  for (const pool of pools.values()) {
    const s = pool.stats();
    running += s.running;
    waiting += s.waiting;
  }
  return { running, waiting };
}

export async function closeOcrPools() {
  const all = [...pools.values()];
  pools.clear();
  await Promise.all(all.map((p) => p.close()));
}
