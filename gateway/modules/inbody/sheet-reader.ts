import sharp, { type Sharp } from 'sharp';
import { checkSheet, isUsable, type CheckedSheet } from './checks.ts';
import type { Recognize } from './ocr-pool.ts';
import { parseSheet, type ParsedSheet } from './parse.ts';

// Issue 14 (ADR 042): a phone photo of a printed InBody sheet → values the sheet vouches for.
// The photo has been decoded, oriented (EXIF) and re-encoded by the upload pipeline already.
// Here: find the paper (the large bright area) and crop the desk away, measure the text lines'
// slant and turn it level, grey, divide out uneven light (shadows), stretch contrast and bring
// the page to the width tesseract reads 8-point print best at; tesseract binarises (Otsu).

/** The paper's width handed to OCR: ~200 dpi for an A4 sheet. */
const OCR_WIDTH = 1700;
/** The side the paper and the slant are looked for at. */
const PROBE_SIDE = 600;
const MAX_SLANT = 12;

type Grey = { data: Buffer; width: number; height: number };

/** Otsu's threshold of a grey image. */
function otsu({ data }: Grey): number {
  const histogram = new Array<number>(256).fill(0);
  for (const v of data) histogram[v]++;
  const total = data.length;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i];
  let sumB = 0;
  let weightB = 0;
  let best = 0;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    weightB += histogram[t];
    if (weightB === 0) continue;
    const weightF = total - weightB;
    if (weightF === 0) break;
    sumB += t * histogram[t];
    const between = weightB * weightF * (sumB / weightB - (sum - sumB) / weightF) ** 2;
    if (between > best) {
      best = between;
      threshold = t;
    }
  }
  return threshold;
}

/** The bounding box of the rows and columns that are mostly bright: the paper on a darker desk. */
export function paperBox(grey: Grey): { left: number; top: number; width: number; height: number } {
  const { data, width, height } = grey;
  const t = otsu(grey);
  const rows = new Array<number>(height).fill(0);
  const cols = new Array<number>(width).fill(0);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (data[y * width + x] > t) {
        rows[y]++;
        cols[x]++;
      }
  const span = (counts: number[], across: number) => {
    const inside = counts.map((c) => c > across * 0.35);
    const first = inside.indexOf(true);
    const last = inside.lastIndexOf(true);
    return first < 0 ? [0, counts.length - 1] : [first, last];
  };
  const [top, bottom] = span(rows, width);
  const [left, right] = span(cols, height);
  // A crop of less than a quarter of the photo is a misjudged paper: keep the whole photo.
  if ((bottom - top) * (right - left) < width * height * 0.25) return { left: 0, top: 0, width, height };
  return { left, top, width: right - left + 1, height: bottom - top + 1 };
}

/** The slant of the text lines in degrees: the angle whose rows of dark pixels are most uneven (projection profile). */
export function slantOf(grey: Grey): number {
  const { data, width, height } = grey;
  const t = otsu(grey);
  const xs: number[] = [];
  const ys: number[] = [];
  // Every pixel (every other row would favour 0° by aliasing); the outer 5 % (paper edges, desk) is left out.
  for (let y = Math.floor(height * 0.05); y < height * 0.95; y++)
    for (let x = Math.floor(width * 0.05); x < width * 0.95; x++)
      if (data[y * width + x] < t) {
        xs.push(x - width / 2);
        ys.push(y - height / 2);
      }
  const score = (degrees: number) => {
    const a = (degrees * Math.PI) / 180;
    const sin = Math.sin(a);
    const cos = Math.cos(a);
    // Rows of the turned page, offset so every index is positive (|row| ≤ the half-diagonal).
    const offset = Math.ceil(Math.hypot(width, height) / 2) + 1;
    const bins = new Int32Array(offset * 2 + 1);
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i] * cos - xs[i] * sin) + offset]++;
    let s = 0;
    for (const n of bins) s += n * n;
    return s;
  };
  let best = 0;
  let bestScore = -1;
  for (let d = -MAX_SLANT; d <= MAX_SLANT; d += 1) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  for (let d = best - 0.75; d <= best + 0.75; d += 0.25) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return best;
}

const greyAt = async (image: Sharp, side: number): Promise<Grey> => {
  const { data, info } = await image.clone().resize({ width: side, height: side, fit: 'inside' }).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** The page ready for OCR: paper only, level, grey, even light, full contrast, ~200 dpi. PNG. */
export async function prepareSheet(bytes: Buffer): Promise<Buffer> {
  const source = sharp(bytes).greyscale();
  const { width = 0, height = 0 } = await source.metadata();
  const probe = await greyAt(source, PROBE_SIDE);
  const box = paperBox(probe);
  const scale = width / probe.width;
  const crop = {
    left: Math.max(0, Math.floor(box.left * scale)),
    top: Math.max(0, Math.floor(box.top * scale)),
    width: Math.min(width - Math.floor(box.left * scale), Math.ceil(box.width * scale)),
    height: Math.min(height - Math.floor(box.top * scale), Math.ceil(box.height * scale)),
  };
  const paper = await sharp(bytes).extract(crop).greyscale().png().toBuffer();
  const slant = slantOf(await greyAt(sharp(paper), PROBE_SIDE));
  let level = sharp(paper);
  if (Math.abs(slant) >= 0.25) level = level.rotate(-slant, { background: '#ffffff' });
  const { data, info } = await level.resize({ width: OCR_WIDTH }).greyscale().raw().toBuffer({ resolveWithObject: true });
  // The light across the page: the page shrunk until print vanishes, blurred, and grown back.
  // (Separate pipelines: sharp applies one resize per pipeline.)
  const small = await sharp(data, { raw: { width: info.width, height: info.height, channels: 1 } })
    .resize({ width: Math.max(8, Math.round(info.width / 24)) })
    .blur(1.5)
    .png()
    .toBuffer();
  const light = await sharp(small).resize({ width: info.width, height: info.height, fit: 'fill' }).greyscale().raw().toBuffer();
  const even = Buffer.alloc(data.length);
  for (let i = 0; i < data.length; i++) even[i] = Math.min(255, Math.round((data[i] * 245) / Math.max(1, light[i])));
  return sharp(even, { raw: { width: info.width, height: info.height, channels: 1 } }).normalise().withMetadata({ density: 200 }).png().toBuffer();
}

export type SheetReading = CheckedSheet & { parsed: ParsedSheet; usable: boolean };

/** Reads a sheet photo (already re-encoded by the upload pipeline) with the given OCR. */
export async function readSheet(bytes: Buffer, recognize: Recognize): Promise<SheetReading> {
  const lines = await recognize(await prepareSheet(bytes));
  const parsed = parseSheet(lines);
  const checked = checkSheet(parsed);
  return { ...checked, parsed, usable: isUsable(checked) };
}
