import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import { createInterface } from 'node:readline';

// Issue 36 §7 (ADR 086, 089): the OCR engines run in a child process, never in the gateway's. A
// terminated worker thread's memory is not all given back to the system (PaddleOCR's thread left
// ≈ 220 MB in the gateway, tesseract's ≈ 50 MB once collected); a process that exits gives all of it
// back. This is the one plumbing for every engine: the child's body is sent as source (`node -e`:
// the gateway is bundled, so no file of its own sits beside it), gets nothing of the gateway's
// environment but its engines' settings, and answers numbered requests with its CPU and memory.

/** A process's CPU seconds since it started and its resident memory (bytes), as of its last answer. */
export type Usage = { cpuSeconds: number; rss: number };

/**
 * An engine as the child runs it: given its settings, it starts loading its model (`ready`) and
 * answers requests (`run`). Its source is sent to the child, so it may use no import and no
 * `require` (the bundler renames it): only its arguments and `process.getBuiltinModule`.
 */
export type EngineBody<Settings, Request, Answer> = (
  settings: Settings,
  kit: EngineKit,
) => {
  ready: Promise<unknown>;
  run: (request: Request) => Promise<Answer>;
};

/** An ONNX model loaded by ONNX Runtime: run on named input tensors, its outputs by name. */
export type OnnxSession = { run: (feeds: object) => Promise<Record<string, { dims: number[]; data: Float32Array }>> };
/** ONNX Runtime as the engines use it: its tensor. */
export type OnnxRuntime = { Tensor: new (type: 'float32', data: Float32Array, dims: number[]) => unknown };
/**
 * ADR 107: the package the PaddleOCR engines run their models in, ONNX Runtime's native CPU build
 * (≈ 3× the recognizer's speed of its WebAssembly build, onnxruntime-web, on one thread alike).
 */
const ONNX_RUNTIME = 'onnxruntime-node';
/**
 * What more than one engine needs, given to each in the child: `onnx` loads ONNX Runtime (ONNX_RUNTIME,
 * resolved once by the gateway) and starts loading the model at `modelPath`, to run on one thread (the
 * child has one core's work, issue 36 §7).
 */
export type EngineKit = {
  onnx: (modelPath: string) => { ort: OnnxRuntime; session: Promise<OnnxSession> };
};
/** An engine's body and its settings (its model's path and the like: plain JSON). */
export type Engine = { body: EngineBody<never, never, unknown>; settings: unknown };

/**
 * The child's side: the engines by name, each started on its first request or at once when named
 * in `load`; every answer carries the process's usage. The gateway gone (the channel closed), the
 * child exits.
 */
function serve(bodies: Record<string, EngineBody<unknown, unknown, unknown>>) {
  const { settings, load, ortPath } = JSON.parse(process.env.INBODY_OCR ?? '{}') as {
    settings: Record<string, unknown>;
    load: string[];
    ortPath: string;
  };
  process.on('disconnect', () => process.exit(0));
  const kit: EngineKit = {
    onnx: (modelPath) => {
      const { createRequire: requireFrom } = process.getBuiltinModule('node:module');
      const ort = requireFrom(ortPath)(ortPath) as OnnxRuntime & {
        InferenceSession: { create: (model: Uint8Array, options: object) => Promise<OnnxSession> };
      };
      const model = process.getBuiltinModule('node:fs').readFileSync(modelPath);
      return {
        ort,
        session: ort.InferenceSession.create(model, {
          executionProviders: ['cpu'],
          graphOptimizationLevel: 'all',
          // One thread within an operator and one across operators: nothing runs beside the call.
          intraOpNumThreads: 1,
          interOpNumThreads: 1,
        }),
      };
    },
  };
  const started = new Map<string, ReturnType<EngineBody<unknown, unknown, unknown>>>();
  const engine = (name: string) => {
    let e = started.get(name);
    if (!e) {
      e = bodies[name](settings[name], kit);
      // A model that fails to load fails each request that needs it (run awaits `ready`).
      e.ready.catch(() => undefined);
      started.set(name, e);
    }
    return e;
  };
  const usage = () => {
    const cpu = process.cpuUsage();
    return { cpuSeconds: (cpu.user + cpu.system) / 1e6, rss: process.memoryUsage.rss() };
  };
  process.on('message', ({ id, name, request }: { id: number; name: string; request: unknown }) => {
    void (async () => engine(name).run(request))().then(
      (result) => process.send?.({ id, result, usage: usage() }),
      (error: unknown) => process.send?.({ id, error: String(error), usage: usage() }),
    );
  });
  for (const name of load) engine(name);
}

export type OcrProcess = {
  /** Sends `request` to the engine `name`; rejects when the engine fails or the process stops. */
  call: <Answer>(name: string, request: unknown) => Promise<Answer>;
  usage: () => Usage;
  /** The process has exited (crashed, killed): it answers nothing more. */
  stopped: () => boolean;
  /** Ends the process; resolves once it has exited (its memory is given back). */
  close: () => Promise<void>;
};

/** Starts a child process that can run `engines`, those in `load` loading their models at once. */
export function startOcrProcess(engines: Record<string, Engine>, load: string[]): OcrProcess {
  const bodies = Object.entries(engines)
    .map(([name, engine]) => `${JSON.stringify(name)}: ${engine.body.toString()}`)
    .join(',\n');
  const settings = Object.fromEntries(Object.entries(engines).map(([name, engine]) => [name, engine.settings]));
  // `__name`: a transform that keeps function names (tsx, esbuild's keepNames) wraps them in it.
  const source = `var __name = (f) => f;\n(${serve.toString()})({${bodies}})`;
  const child = spawn(process.execPath, ['-e', source], {
    // Its standard output is the engines' chatter (tesseract's "Line cannot be recognized!!"); its
    // errors go through `forwardErrors`.
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    // Typed arrays and buffers go across as they are (structured clone), not as JSON.
    serialization: 'advanced',
    // Nothing of the gateway's environment (its database URL, secrets): only what the engines need.
    env: {
      INBODY_OCR: JSON.stringify({ settings, load, ortPath: createRequire(import.meta.url).resolve(ONNX_RUNTIME) }),
    },
  });
  forwardErrors(child.stderr);
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
  const waiting = new Map<number, { resolve: (answer: unknown) => void; reject: (e: Error) => void }>();
  let next = 0;
  let usage: Usage = { cpuSeconds: 0, rss: 0 };
  let stopped: Error | undefined;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = (error: Error) => {
    stopped ??= error;
    for (const w of waiting.values()) w.reject(stopped);
    waiting.clear();
  };
  child.on('message', (message: { id: number; result?: unknown; error?: string; usage: Usage }) => {
    usage = message.usage;
    const w = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) w?.reject(new Error(message.error));
    else w?.resolve(message.result);
  });
  child.on('error', stop);
  child.on('exit', (code, signal) =>
    stop(new Error(`the OCR process stopped (${signal ?? `exit code ${String(code)}`})`)),
  );
  return {
    call: <Answer>(name: string, request: unknown) => {
      if (stopped) return Promise.reject(stopped);
      const id = next++;
      return new Promise<Answer>((resolve, reject) => {
        waiting.set(id, { resolve: resolve as (answer: unknown) => void, reject });
        busy();
        try {
          child.send({ id, name, request });
        } catch (error) {
          // A request that cannot be sent (not cloneable) waits for no answer.
          waiting.delete(id);
          throw error;
        }
      }).finally(() => {
        if (!waiting.size) idle();
      });
    },
    usage: () => usage,
    stopped: () => stopped !== undefined,
    close: async () => {
      busy();
      // Never started (spawn failed: 'error', no 'exit'): nothing to wait for.
      if (child.pid === undefined) return;
      // SIGKILL: it holds nothing to save, and a stuck or stopped process ends all the same.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * What tesseract writes to its standard error about every photo, not about a fault: a photo without
 * a resolution of ≥ 70 dpi in its header (phones write 72 or none), its own estimate, a line or a
 * page with no text, a box too narrow to read (a speck the layout's boxes cut). One line a photo would drown the gateway's log.
 */
export const ENGINE_CHATTER =
  /^(Warning: Invalid resolution \d+ dpi|Estimating resolution as \d+|Line cannot be recognized|Empty page|Detected \d+ diacritics|Image too small to scale)/;

/** The child's standard error, line by line, in the gateway's, marked as the OCR's; chatter dropped. */
function forwardErrors(stderr: Readable | null) {
  if (!stderr) return;
  // A log never keeps the gateway running.
  (stderr as Readable & { unref?: () => void }).unref?.();
  createInterface({ input: stderr, crlfDelay: Infinity }).on('line', (line) => {
    if (line.trim() !== '' && !ENGINE_CHATTER.test(line)) console.error(`inbody ocr: ${line}`);
  });
}
