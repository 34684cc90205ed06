import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { createWorker as tesseractWorker, Worker } from 'tesseract.js';
import { detectIn, detectorEngine, type TextBox } from './line-detector.ts';
import { lineEngine, readLinesIn, type GreyCrop, type LineText } from './line-reader.ts';
import { startOcrProcess, type Engine, type EngineBody, type OcrProcess, type Usage } from './ocr-process.ts';
import type { OcrLine } from './parse.ts';

// Issue 14 (ADR 042): tesseract never runs on the event loop. A few long-lived engines (loading the
// model costs a second), a short queue in front of them (a photo beyond it is refused at once: 429),
// and a time limit per photo (the engine's process is then killed and replaced: a stuck recognition
// cannot hold a slot). Issue 36 §7 (ADR 089): each runs in a child process (ocr-process.ts), started
// on the first photo or when one is on its way (ADR 085) and ended when idle: the gateway at rest holds
// no engine and gets all its memory back.

const require = createRequire(import.meta.url);
// The English model ships inside an npm package: nothing is downloaded at run time (ARCHITECTURE).
const ENG_DATA = path.join(path.dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
/** Engines with nothing to do for this long are stopped (a minute after the last photo the gateway is back under 350 MB, issue 36 §7). */
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

/** `idleMs`: how long engines with nothing to do are kept (30 s; tests shorten it). */
export type OcrPoolOptions = { workers: number; queue: number; timeoutMs: number; idleMs?: number };
/** `digits`: only digits and "/" may be read (ADR 084: the score's large print, read "DY" for 59). */
export type RecognizeOptions = { digits?: boolean };
/** Reads one prepared image (a grey PGM, ADR 110); tests may give their own (a slow one, to fill the queue). */
export type Recognize = (image: Buffer, options?: RecognizeOptions) => Promise<OcrLine[]>;
/** Reads crops of the page, each one line, with the second engine (ADR 086: PaddleOCR's recognizer). */
export type ReadLines = (crops: GreyCrop[]) => Promise<LineText[]>;
/** Finds the text boxes of a (flat) page with PaddleOCR's detector (ADR 091), in the page's pixels. */
export type DetectLines = (page: GreyCrop) => Promise<TextBox[]>;
export type OcrPool = {
  recognize: Recognize;
  readLines: ReadLines;
  detectLines: DetectLines;
  /** The engines' processes: CPU seconds of all of them since the pool was made, the memory of those running. */
  processUsage: () => Usage;
  /** Starts every engine now (a photo is on its way, ADR 085); they stop again after the idle time. */
  warm: () => void;
  /** Tesseract's engines started (running or idle), not yet stopped. */
  started: () => number;
  close: () => Promise<void>;
  stats: () => { running: number; waiting: number };
};

/** One fewer thread than the machine has cores (the event loop keeps one), at least one. */
export const defaultOcrWorkers = () => Math.max(1, availableParallelism() - 1);

/**
 * ADR 096: tesseract 5 reads every line whose mean confidence is below `invert_threshold` (0.7)
 * a second time, inverted (for white print on dark). The sheets print dark on light, and on a hard
 * photo most lines are read unsure: the page's LSTM work was done nearly twice for nothing. 0: never.
 * ADR 110: the images come as PGMs, which carry no resolution; the page and its crops are at 200 dpi.
 */
export const TESSERACT_SETTINGS = { invert_threshold: '0', user_defined_dpi: '200' } as const;

/**
 * Tesseract as its process runs it (ocr-process.ts; its source is sent there, so no import): a
 * tesseract.js worker set with `parameters`, and for each image the lines with their words'
 * confidences and boxes.
 */
const tesseract: EngineBody<
  { tesseractPath: string; langPath: string; parameters: Record<string, string> },
  { image: Uint8Array; digits: boolean },
  OcrLine[]
> = ({ tesseractPath, langPath, parameters }) => {
  const { createRequire: requireFrom } = process.getBuiltinModule('node:module');
  const { createWorker } = requireFrom(tesseractPath)(tesseractPath) as { createWorker: typeof tesseractWorker };
  const started: Promise<Worker> = createWorker('eng', 1, { langPath, gzip: true, cacheMethod: 'none' }).then(
    async (worker) => {
      await worker.setParameters(parameters);
      return worker;
    },
  );
  return {
    ready: started,
    run: async ({ image, digits }) => {
      const worker = await started;
      if (digits) await worker.setParameters({ tessedit_char_whitelist: '0123456789/' });
      const { data } = await worker
        .recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, { text: true, blocks: true })
        .finally(() => (digits ? worker.setParameters({ tessedit_char_whitelist: '' }) : undefined));
      return (data.blocks ?? []).flatMap((block) =>
        block.paragraphs.flatMap((paragraph) =>
          paragraph.lines.map((line) => ({
            text: line.text.trim(),
            words: line.words.map((w) => ({ text: w.text, confidence: w.confidence })),
            box: line.bbox,
          })),
        ),
      );
    },
  };
};

/**
 * The engines an OCR process can run: tesseract, the second engine (ADR 086) and its text detector
 * (ADR 091: loaded on its first page, not at the start: most photos never need it).
 */
let engineSet: Record<string, Engine> | undefined;
/** Made on the first process's start (package paths resolved, the recognizer's dictionary read), then kept. */
const engines = (): Record<string, Engine> =>
  (engineSet ??= {
    tesseract: {
      body: tesseract,
      settings: { tesseractPath: require.resolve('tesseract.js'), langPath: ENG_DATA, parameters: TESSERACT_SETTINGS },
    },
    lines: lineEngine(),
    detector: detectorEngine(),
  });

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

/**
 * The second engine runs in the process of tesseract's first slot (ADR 089: one process on the 2-core
 * machine, not one each: the same at rest, less at the peak, one Node start fewer).
 */
const LINES = 0;

/** The OCR pool: engines' processes started on first use (or `warm`) and stopped when idle. */
export function createOcrPool(options: OcrPoolOptions): OcrPool {
  const processes = new Map<number, OcrProcess>();
  let idle: NodeJS.Timeout | undefined;
  // Photos being read or waiting, second readings running: the idle stop waits for none.
  let busy = 0;
  // CPU seconds of the processes already ended.
  let pastCpu = 0;
  const end = (slot: number) => {
    const ocr = processes.get(slot);
    processes.delete(slot);
    if (!ocr) return Promise.resolve();
    pastCpu += ocr.usage().cpuSeconds;
    return ocr.close();
  };
  const stopAll = async () => {
    await Promise.all([...processes.keys()].map(end));
  };
  /** The slot's process, started (its models loading) when there is none or it has stopped (crashed, killed). */
  const processFor = (slot: number) => {
    const running = processes.get(slot);
    if (running && !running.stopped()) return running;
    if (running) void end(slot);
    const load = slot === LINES ? ['tesseract', 'lines'] : ['tesseract'];
    const ocr = startOcrProcess(engines(), load);
    processes.set(slot, ocr);
    return ocr;
  };
  const pool = createPool<OcrLine[], { image: Buffer; options?: RecognizeOptions }>(
    options,
    (slot, { image, options: read }) =>
      processFor(slot).call<OcrLine[]>('tesseract', { image, digits: read?.digits === true }),
    // Timed out: the process is killed (a stuck recognition with it); the slot's next photo starts another.
    (slot) => end(slot),
  );
  const stopWhenIdle = () => {
    clearTimeout(idle);
    idle = setTimeout(() => {
      if (busy === 0) void stopAll().then(collectGarbage);
    }, options.idleMs ?? IDLE_MS);
    idle.unref();
  };
  const using = async <T>(work: () => Promise<T>): Promise<T> => {
    clearTimeout(idle);
    busy++;
    try {
      return await work();
    } finally {
      busy--;
      stopWhenIdle();
    }
  };
  return {
    recognize: (image, read) => using(() => pool.submit({ image, options: read })),
    readLines: (crops) => using(() => readLinesIn(processFor(LINES), crops)),
    detectLines: (page) => using(() => detectIn(processFor(LINES), page)),
    warm: () => {
      for (let slot = 0; slot < options.workers; slot++) processFor(slot);
      if (busy === 0) stopWhenIdle();
    },
    started: () => [...processes.values()].filter((ocr) => !ocr.stopped()).length,
    processUsage: () => {
      const running = [...processes.values()].map((ocr) => ocr.usage());
      return {
        cpuSeconds: running.reduce((sum, u) => sum + u.cpuSeconds, pastCpu),
        rss: running.reduce((sum, u) => sum + u.rss, 0),
      };
    },
    close: stopAll,
    stats: pool.stats,
  };
}

let collect: NodeJS.GCFunction | undefined;
/**
 * A full garbage collection now. The photos' buffers and the start's garbage are dead once the pool
 * is idle, but V8 shrinks its heap only after a full collection, which an idle gateway may not run
 * for minutes (measured, ADR 089: 373 MB held 100 s after a photo, 232 MB after the collection).
 * `gc` without starting node with --expose-gc: taken from a context made while the flag is on.
 */
function collectGarbage() {
  if (!collect) {
    if (globalThis.gc) collect = globalThis.gc;
    else {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as NodeJS.GCFunction;
      setFlagsFromString('--no-expose-gc');
    }
  }
  collect();
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
