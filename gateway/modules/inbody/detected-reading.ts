import { modelOf, placedReadings, type BoxField } from './layout.ts';
import { linesOf, type TextBox, type TextLine } from './line-detector.ts';
import type { GreyCrop, LineText } from './line-reader.ts';
import type { DetectLines, ReadLines } from './ocr-pool.ts';
import { parseSheet, type OcrLine, type Reading } from './parse.ts';
import { asOcrLine, cropOf, labelledSeconds } from './second-reading.ts';
import { mean3x3 } from './grid.ts';

// Issue 36 §2 (ADR 091): a page tesseract read poorly (blurred: few or no line boxes) read by
// PaddleOCR alone: its detector finds the text boxes (line-detector.ts), its recognizer reads them
// (line-reader.ts), and the lines go through the same label and layout parsing as tesseract's. What
// it reads is a `second` reading: checks.ts confirms a value only where the sheet's arithmetic or
// both engines agree (issue 36 §4).

/** The rows of the page where the core values stand (a part of the stacked page: header, left column, right column). */
export type PagePart = { top: number; height: number };

/**
 * Where the core values are on the stacked page (sheet-reader.ts `columnsStacked`): the header's
 * first rows (the model's name), the upper half of the left column (the composition, Muscle-Fat and
 * Obesity boxes come first on the 270 and the 570) and the top of the right column (the InBody
 * Score box). A page not stacked (no gutter found, or a column without ink): its upper part.
 */
export function coreRows(parts: PagePart[] | undefined, height: number): [number, number][] {
  // A column with no ink found (its part a row or two high): the page is taken as not stacked.
  if (parts?.length !== 3 || parts.some((p) => p.height < height * 0.05)) return [[0, height * 0.6]];
  const [header, left, right] = parts;
  return [
    [header.top, header.top + header.height * 0.4],
    [left.top, left.top + left.height * 0.5],
    [right.top, right.top + right.height * 0.25],
  ];
}

/** A text box lower than this share of the page's tall boxes is small print (ranges, scales): not read. */
const SMALL_PRINT = 0.55;

/**
 * A Muscle-Fat or Obesity bar whitened out of a text box that holds it and its value (the detector
 * joins them: the bar runs up to the value). The crop is tight around its print, so the value's bold
 * digits are dark through much of its height too (second-reading.ts `withoutBars` would take them
 * with the bar): a column is the bar's while its dark rows are the bar's own (the same top and
 * count as the band's first columns), from the band's start rightwards.
 */
export function barCut(crop: GreyCrop): GreyCrop {
  const { data, width, height } = crop;
  const top = new Int32Array(width).fill(-1);
  const count = new Int32Array(width);
  for (let x = 0; x < width; x++)
    for (let y = 0; y < height; y++)
      if (data[y * width + x] < 128) {
        if (top[x] < 0) top[x] = y;
        count[x]++;
      }
  // The band: a run of at least two heights of columns dark through a third of the height.
  let start = -1;
  for (let x = 0, run = 0; x < width; x++) {
    run = count[x] >= height * 0.3 ? run + 1 : 0;
    if (run >= height * 2) {
      start = x - run + 1;
      break;
    }
  }
  if (start < 0) return crop;
  const probe = Array.from({ length: Math.round(height) }, (_, i) => start + i);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const barTop = median(probe.map((x) => top[x]));
  const barCount = median(probe.map((x) => count[x]));
  let end = start;
  while (
    end < width &&
    Math.abs(count[end] - barCount) <= Math.max(2, height * 0.12) &&
    Math.abs(top[end] - barTop) <= Math.max(2, height * 0.1)
  )
    end++;
  const out = Uint8Array.from(data);
  // The bar's blurred end: a few columns more.
  const last = Math.min(width, end + Math.round(height * 0.1));
  for (let y = 0; y < height; y++) out.fill(255, y * width + Math.max(0, start - 2), y * width + last);
  return { data: out, width, height };
}

/**
 * A blurred crop made smaller (0.6) and sharpened (unsharp mask: the crop less its 3 × 3 mean, × 1.5):
 * measured on blurred pages' crops, the recognizer reads "71.7" for the bar's value it read "17" as cut.
 */
export function sharpened(crop: GreyCrop): GreyCrop {
  const width = Math.max(1, Math.round(crop.width * SHRINK));
  const height = Math.max(1, Math.round(crop.height * SHRINK));
  const small = new Float32Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      // Area average of the crop's pixels under this one.
      const [x0, x1] = [Math.floor(x / SHRINK), Math.min(crop.width, Math.ceil((x + 1) / SHRINK))];
      const [y0, y1] = [Math.floor(y / SHRINK), Math.min(crop.height, Math.ceil((y + 1) / SHRINK))];
      let sum = 0;
      for (let yy = y0; yy < y1; yy++) for (let xx = x0; xx < x1; xx++) sum += crop.data[yy * crop.width + xx];
      small[y * width + x] = sum / Math.max(1, (x1 - x0) * (y1 - y0));
    }
  // In doubles, as the mask was measured.
  const mean = mean3x3(small, width, height, new Float64Array(width * height));
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++)
    out[i] = Math.max(0, Math.min(255, Math.round(small[i] + UNSHARP * (small[i] - mean[i]))));
  return { data: out, width, height };
}
const SHRINK = 0.6;
const UNSHARP = 1.5;

/** The margin a text box is cut with, as a share of its height (half of it above and below). */
const MARGIN = 0.3;

/** A text box cut from the page with its margin. */
const boxCrop = (page: GreyCrop, b: TextBox) => {
  const h = b.y1 - b.y0;
  return cropOf(page, {
    left: b.x0 - h * MARGIN,
    top: b.y0 - h * MARGIN * 0.5,
    width: b.x1 - b.x0 + h * MARGIN * 2,
    height: h * (1 + MARGIN),
  });
};

/** A line's boxes as read, joined left to right with a space (boxes read as nothing left out). */
function joined(parts: LineText[]): LineText {
  const line: LineText = { text: '', chars: [] };
  for (const part of parts) {
    if (!part.text.trim()) continue;
    if (line.chars.length) line.chars.push({ char: ' ', p: 1 });
    line.chars.push(...part.chars);
  }
  line.text = line.chars.map((c) => c.char).join('');
  return line;
}

export type DetectedReading = { lines: OcrLine[]; readings: Partial<Record<BoxField, Reading[]>> };

/**
 * The page read by PaddleOCR's detector and recognizer, in the rows `parts` says hold the core
 * values: each text box cut from the page (a Muscle-Fat or Obesity bar whitened out of it), read,
 * the boxes of a line joined left to right. The readings (by label, by place in a box placed by its
 * heading, the score as "NN/100") are all marked `second`.
 */
export async function detectedReading(
  page: GreyCrop,
  detect: DetectLines,
  readLines: ReadLines,
  parts?: PagePart[],
): Promise<DetectedReading> {
  const rows = coreRows(parts, page.height);
  const lines = linesOf(await detect(page)).filter((l) =>
    rows.some(([top, bottom]) => (l.box.y0 + l.box.y1) / 2 >= top && (l.box.y0 + l.box.y1) / 2 < bottom),
  );
  // Small print (ranges, the bars' scales, sub-labels, the table's column heads) holds no core value:
  // a box lower than SMALL_PRINT of the tall boxes' height (the upper quartile) is not read.
  const heights = lines.flatMap((l) => l.parts.map((b) => b.ink)).sort((a, b) => a - b);
  const tall = heights[Math.floor(heights.length * 0.75)] ?? 0;
  // Each box with a margin (the detector's box may cut a blurred first digit: "127" for 42.7).
  const crops = lines.map((line) =>
    line.parts
      .filter((b) => b.ink >= tall * SMALL_PRINT)
      .map((b) => barCut(boxCrop(page, b)))
      .filter((c) => c.width >= 8 && c.height >= 8),
  );
  const texts = await readLines(crops.flat().map(sharpened));
  let at = 0;
  const read = lines.map((line: TextLine, i) =>
    asOcrLine(joined(texts.slice(at, (at += crops[i].length))), {
      x0: Math.round(line.box.x0),
      y0: Math.round(line.box.y0),
      x1: Math.round(line.box.x1),
      y1: Math.round(line.box.y1),
    }),
  );
  const readings = labelledSeconds(read);
  const add = (field: BoxField, found: Reading[]) =>
    (readings[field] = [...(readings[field] ?? []), ...found.map((r) => ({ ...r, second: true }))]);
  const layout = parseSheet(read).layout;
  const model = layout === 'unknown' ? modelOf(read) : layout;
  for (const [field, found] of Object.entries(placedReadings(read, model, page.width, page.height)) as [
    BoxField,
    Reading[],
  ][])
    add(field, found);
  return { lines: read, readings };
}
