import sharp, { type Sharp } from 'sharp';
import { checkSheet, isUsable, type CheckedSheet, type PageRead } from './checks.ts';
import type { DetectLines, ReadLines, Recognize } from './ocr-pool.ts';
import { findPage, flatten, otsu, type PageFound, type Quad, type Raster } from './page-finder.ts';
import { inbodyCoreFields } from '#api/inbody-fields.ts';
import { boxPlaces, modelOf, placedReadings, readCrop, type Box, type BoxField } from './layout.ts';
import { greySpread, measureGrey, NO_PRINT_SPREAD, type PhotoMeasures } from './photo-quality.ts';
import { deblurWithin } from './deblur.ts';
import { deblurSigma, estimateBlur } from './blur-estimate.ts';
import { secondReading } from './second-reading.ts';
import { sharpOf, type PipelineImage } from '#gateway/modules/media/image.ts';
import { detectedReading, type PagePart } from './detected-reading.ts';
import { parseSheet, scoreLineOf, scoreOutOf100, type OcrLine, type ParsedSheet, type Reading } from './parse.ts';

// Issue 14 (ADR 042): a phone photo of a printed InBody sheet → values the sheet vouches for.
// The photo has been decoded, oriented (EXIF) and re-encoded by the upload pipeline already.
// Here: find the paper (the large bright area) and crop the desk away, measure the text lines'
// slant and turn it level, grey, divide out uneven light (shadows), stretch contrast and bring
// the page to the width tesseract reads 8-point print best at; tesseract binarises (Otsu).

/** The paper's width handed to OCR: ~200 dpi for an A4 sheet. */
const OCR_WIDTH = 1700;
/**
 * ADR 091: a page fewer than SMALL_PAGE px across in the photo, in a soft photo (photo-quality.ts's
 * sharpness below SOFT_PHOTO; clean photos measure 2,200–4,500), is read at SMALL_OCR_WIDTH.
 */
const SMALL_PAGE = 950;
const SOFT_PHOTO = 500;
const SMALL_OCR_WIDTH = 1200;
/**
 * ADR 094: the Gaussian deviation (px of the photo as sent) a soft photo's page is deconvolved by
 * before it is flattened when its border gives no measure (ADR 097), and Richardson–Lucy's
 * iterations (measured on the tuning part).
 */
const PHOTO_BLUR = 1.1;
const DEBLUR_STEPS = 10;
/** The bounding box of four corners. */
const boxOf = (corners: Quad) => ({
  left: Math.min(...corners.map((p) => p.x)),
  top: Math.min(...corners.map((p) => p.y)),
  right: Math.max(...corners.map((p) => p.x)),
  bottom: Math.max(...corners.map((p) => p.y)),
});
/** The side the paper and the slant are looked for at. */
const PROBE_SIDE = 600;
const MAX_SLANT = 12;
/**
 * A PNG handed between two steps (the old path's paper) is encoded at zlib's fastest level (ADR 084):
 * at the default level, encoding the 1700 × 4500 px stacked page took ≈ 0.6 s of CPU, a fifth of a
 * photo's time. The OCR takes no PNG since ADR 110 (`pgmOf`).
 */
const QUICK_PNG = { compressionLevel: 1, adaptiveFiltering: false } as const;

/** `parts`: where a stacked page's header, left and right columns lie (columnsStacked; ADR 091 reads the core rows by them). */
type Grey = { data: Buffer; width: number; height: number; parts?: PagePart[] };

/** The bounding box of the rows and columns that are mostly bright: the paper on a darker desk. */
export function paperBox(grey: Grey): { left: number; top: number; width: number; height: number } {
  const { data, width, height } = grey;
  const t = otsu(grey.data);
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
  const t = otsu(grey.data);
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
  const { data, info } = await image
    .clone()
    .resize({ width: side, height: side, fit: 'inside' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
};

/** CIE L* (0–100) of an sRGB grey level (0–255). */
function lightnessOf(grey: number): number {
  const c = grey / 255;
  const y = c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  return 116 * (y > 0.008856 ? Math.cbrt(y) : 7.787 * y + 16 / 116) - 16;
}
/** The sRGB grey level (0–255) of a lightness L* (0–100). */
function greyOfLightness(lightness: number): number {
  const f = (lightness + 16) / 116;
  const y = f ** 3 > 0.008856 ? f ** 3 : (f - 16 / 116) / 7.787;
  const c = y <= 0.0031308 ? 12.92 * y : 1.055 * y ** (1 / 2.4) - 0.055;
  return Math.max(0, Math.min(255, Math.round(c * 255)));
}
const LIGHTNESS = Float64Array.from({ length: 256 }, (_, grey) => lightnessOf(grey));
/** The share of a page's pixels darker than where its contrast is stretched from, and lighter than where it is stretched to. */
const DARKEST_SHARE = 0.02;
const LIGHTEST_SHARE = 0.01;

/**
 * ADR 102: the contrast of a grey page stretched as sharp's `normalise()` stretches it, as a table of
 * 256 greys applied in one pass (libvips converts every pixel to Lab and back: ≈ 190 ms a page). The
 * rule is measured, not documented (29 photos and gradients: its lower bound on all, its upper on 27):
 * sharp stretches linearly in lightness L* from the whole L* (rounded down) below which 2 % of the page
 * lies to one above the L* (rounded) above which 1 % lies, at most 100. On 24 prepared pages (white
 * always present: upper bound 100) the table gives sharp's result to ±1 grey level on every pixel.
 */
export function contrastStretched(page: Buffer, histogram: Float64Array): Buffer {
  const down = new Float64Array(101);
  const near = new Float64Array(101);
  for (let grey = 0; grey < 256; grey++) {
    down[Math.floor(LIGHTNESS[grey])] += histogram[grey];
    near[Math.round(LIGHTNESS[grey])] += histogram[grey];
  }
  const firstAbove = (counts: Float64Array, share: number) => {
    let seen = 0;
    for (let l = 0; l < 100; l++) if ((seen += counts[l]) / page.length > share) return l;
    return 100;
  };
  const darkest = firstAbove(down, DARKEST_SHARE);
  const lightest = Math.min(100, firstAbove(near, 1 - LIGHTEST_SHARE) + 1);
  if (lightest - darkest <= 1) return page;
  const scale = 100 / (lightest - darkest);
  const table = Uint8Array.from({ length: 256 }, (_, grey) => greyOfLightness((LIGHTNESS[grey] - darkest) * scale));
  const out = Buffer.alloc(page.length);
  for (let i = 0; i < page.length; i++) out[i] = table[page[i]];
  return out;
}

/**
 * A grey evened by its light (1–255): evened[light · 256 + grey] = min(255, round(grey · 245 / light)),
 * looked up rather than divided (ADR 113: a division less for each of a page's ≈ 4 million pixels).
 * Filled on the first page (≈ 2 ms), not when the gateway starts.
 */
let evened: Uint8Array | undefined;
const evenedTable = () =>
  (evened ??= Uint8Array.from({ length: 256 * 256 }, (_, i) =>
    Math.min(255, Math.round(((i & 255) * 245) / Math.max(1, i >> 8))),
  ));

/**
 * Uneven light divided out (the page shrunk until print vanishes, blurred, grown back bilinearly
 * row by row as it divides: ADR 102), contrast stretched.
 */
export async function evenLight(data: Uint8Array, width: number, height: number): Promise<Grey> {
  const small = await sharp(data, { raw: { width, height, channels: 1 } })
    .resize({ width: Math.max(8, Math.round(width / 24)) })
    .blur(1.5)
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width: sw, height: sh } = small.info;
  const light = small.data;
  const table = evenedTable();
  const even = Buffer.alloc(data.length);
  const histogram = new Float64Array(256);
  const row = new Float64Array(sw);
  // Each pixel's source column in the small light: its two neighbours and the weight of the right one.
  const left = new Int32Array(width);
  const right = new Int32Array(width);
  const weight = new Float64Array(width);
  for (let x = 0; x < width; x++) {
    const at = Math.min(sw - 1, Math.max(0, ((x + 0.5) * sw) / width - 0.5));
    left[x] = Math.floor(at);
    right[x] = Math.min(sw - 1, left[x] + 1);
    weight[x] = at - left[x];
  }
  for (let y = 0; y < height; y++) {
    const at = Math.min(sh - 1, Math.max(0, ((y + 0.5) * sh) / height - 0.5));
    const above = Math.floor(at) * sw;
    const below = Math.min(sh - 1, Math.floor(at) + 1) * sw;
    const wy = at - Math.floor(at);
    for (let x = 0; x < sw; x++) row[x] = light[above + x] * (1 - wy) + light[below + x] * wy;
    for (let x = 0, i = y * width; x < width; x++, i++) {
      const l = row[left[x]] * (1 - weight[x]) + row[right[x]] * weight[x];
      const v = table[((Math.round(l) || 1) << 8) | data[i]];
      even[i] = v;
      histogram[v]++;
    }
  }
  return { data: contrastStretched(even, histogram), width, height };
}

/**
 * An image as the OCR takes it (ADR 110): grey pixels in a binary PGM, their header before them and
 * nothing to encode or decode (a PNG of the stacked page cost ≈ 30 ms to encode and as much again to
 * decode in tesseract). A PGM carries no resolution: tesseract reads every image at the page's 200
 * dpi (TESSERACT_SETTINGS), as it read the PNGs' density.
 */
const pgmOf = ({ data, width, height }: { data: Uint8Array; width: number; height: number }): Buffer =>
  Buffer.concat([Buffer.from(`P5\n${String(width)} ${String(height)}\n255\n`, 'ascii'), data]);

/** A crop of the page (`cut`: the sharp steps that cut and size it) as the OCR takes it. */
const pgmCrop = async (cut: Sharp): Promise<Buffer> => {
  const { data, info } = await cut.toColourspace('b-w').raw().toBuffer({ resolveWithObject: true });
  return pgmOf({ data, width: info.width, height: info.height });
};

/**
 * The old page (issue 14, kept for the bench's comparison and as the fallback when no page is
 * found): the bright rows and columns cropped, the text's slant measured by projection and turned
 * level, ~200 dpi.
 */
export async function prepareByProjection(photo: PipelineImage): Promise<Grey> {
  const source = sharpOf(photo).greyscale();
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
  const paper = await sharpOf(photo).extract(crop).greyscale().png(QUICK_PNG).toBuffer();
  const slant = slantOf(await greyAt(sharp(paper), PROBE_SIDE));
  let level = sharp(paper);
  if (Math.abs(slant) >= 0.25) level = level.rotate(-slant, { background: '#ffffff' });
  const { data, info } = await level
    .resize({ width: OCR_WIDTH })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return evenLight(data, info.width, info.height);
}

/** The raw page as an image to cut from. */
const rawImage = ({ data, width, height }: Grey) => sharp(data, { raw: { width, height, channels: 1 } });

/** The old reader's page (the bench compares it). */
const projected = async (photo: PipelineImage): Promise<PreparedPage> => {
  const grey = await prepareByProjection(photo);
  return { image: pgmOf(grey), grey, page: 'none', corners: null };
};

/** Lets the event loop answer what waits before the next stretch of work. */
const breather = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The side the page's corners are looked for at. */
export const FINDER_SIDE = 520;

/**
 * The page handed to the OCR (`image`, PNG) and the same page raw (`grey`), which the boxes are cut
 * from without decoding it again; `measures`, the photo's brightness and sharpness where they were
 * measured on the way (a small page), so that an unreadable photo's reason does not measure again.
 */
export type PreparedPage = {
  image: Buffer;
  grey: Grey;
  page: PageFound;
  corners: Quad | null;
  measures?: PhotoMeasures;
  /** ADR 097: the page sharpened by its measured blur before it was flattened (checks.ts trusts its words less). */
  deconvolved?: boolean;
};

/**
 * Issue 36 §1: the page found by its four corners (page-finder.ts) and warped flat to 1700 px wide
 * at its own proportions (A4 1.41, Letter 1.29); when no sheet-shaped page is found, the old
 * projection path reads the whole photo. `'blank'`: nothing printed in the photo (`greySpread` under
 * NO_PRINT_SPREAD), nothing for the OCR to read.
 */
export async function prepareSheet(photo: PipelineImage): Promise<PreparedPage | 'blank'> {
  const probe = await sharpOf(photo)
    .resize({ width: FINDER_SIDE, height: FINDER_SIDE, fit: 'inside' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // A blank page, a wall: nothing printed, nothing to prepare or hand to the OCR (≈ 2 ms on the probe).
  if (greySpread({ data: probe.data, channels: probe.info.channels }) < NO_PRINT_SPREAD) return 'blank';
  // ADR 112: the photo in grey, decoded by sharp's threads while the page finder (plain JavaScript,
  // ≈ 40 ms as well) looks for its corners; not used when it finds none.
  const decoding = sharpOf(photo).greyscale().raw().toBuffer({ resolveWithObject: true });
  decoding.catch(() => undefined); // awaited below when a page is found; else its failure is nobody's
  // The page finder and the warp are plain JavaScript (≈ 0.1–0.3 s each): other requests are let through between them.
  await breather();
  const finding = findPage({
    data: probe.data,
    width: probe.info.width,
    height: probe.info.height,
    channels: probe.info.channels,
  });
  if (!finding.corners) {
    const grey = await prepareByProjection(photo);
    return { image: pgmOf(grey), grey, page: finding.page, corners: null };
  }
  const full = await decoding;
  const photoGrey = { data: full.data, width: full.info.width, height: full.info.height };
  const k = full.info.width / probe.info.width;
  const corners = finding.corners.map((p) => ({ x: p.x * k, y: p.y * k })) as Quad;
  const [tl, tr, br, bl] = corners;
  const across = (Math.hypot(tr.x - tl.x, tr.y - tl.y) + Math.hypot(br.x - bl.x, br.y - bl.y)) / 2;
  const down = (Math.hypot(bl.x - tl.x, bl.y - tl.y) + Math.hypot(br.x - tr.x, br.y - tr.y)) / 2;
  // Tilt shortens the far edge: the measured proportion is only near; paper comes in A4 or Letter.
  const aspect = Math.abs(down / across - 1.294) < Math.abs(down / across - 1.414) ? 1.294 : 1.414;
  await breather();
  // ADR 091: a page taken small in a soft photo holds no more detail at 1700 px than at
  // SMALL_OCR_WIDTH: read at that width (tesseract's time goes with the pixels). A sharp small page
  // keeps 1700 px (read at 1200, a clean one lost confirmed values). Measured on the grey photo
  // decoded above (ADR 096: not the JPEG decoded again), before the deconvolution changes it.
  const measuring = across < SMALL_PAGE ? measureGrey(photoGrey) : undefined;
  // ADR 112: the border's blur (plain JavaScript) measured while sharp shrinks the photo for the measures.
  const borderBlur = estimateBlur(photoGrey, corners);
  const measures = await measuring;
  const soft = measures !== undefined && measures.sharpness < SOFT_PHOTO;
  const ocrWidth = soft ? SMALL_OCR_WIDTH : OCR_WIDTH;
  // ADR 094, 097: the page deconvolved where it lies in the photo, before it is flattened, by the
  // blur its border measures when that is 0.7 px or more (blur-estimate.ts); else, or where the
  // border does not say, as before: a soft small page by PHOTO_BLUR, no other. Its iterations run in
  // worker threads in two bands at once (ADR 109), in WebAssembly (ADR 111: ≈ 0.2–0.3 s in all).
  const sigma = deblurSigma(borderBlur, soft ? PHOTO_BLUR : null);
  if (sigma !== null) await deblurWithin(photoGrey, boxOf(corners), sigma, DEBLUR_STEPS);
  const flat = await levelled(flatten(photoGrey, corners, ocrWidth, Math.round(ocrWidth * aspect)));
  await breather();
  const grey = columnsStacked(await evenLight(flat.data, flat.width, flat.height));
  return { image: pgmOf(grey), grey, page: finding.page, corners, measures, deconvolved: sigma !== null };
}

/** A flattened page's print slanted at least this much (degrees) is turned level. */
const RESIDUAL_SLANT = 1;

/**
 * ADR 101: a page flattened by corners a little off (on other papers, an edge of one taken for the
 * sheet's top) keeps its print slanted, and tesseract joins the rows it crosses (a mild tuning photo:
 * 5°, "Téng lugng nude (1) alg, a fx 8! king ma"). The slant is measured on the flat page as the old
 * path measures it (projection, `slantOf`, ≈ 10 ms on a 600 px copy) and turned level; a page flattened
 * right measures 0 and is left as it is.
 */
export async function levelled(flat: Raster): Promise<Raster> {
  const raw = { raw: { width: flat.width, height: flat.height, channels: 1 as const } };
  const slant = slantOf(await greyAt(sharp(flat.data, raw), PROBE_SIDE));
  if (Math.abs(slant) < RESIDUAL_SLANT) return flat;
  // (Separate pipelines: the turn, then back to the page's width.)
  const turned = await sharp(flat.data, raw)
    .rotate(-slant, { background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const level = await sharp(turned.data, {
    raw: { width: turned.info.width, height: turned.info.height, channels: turned.info.channels },
  })
    .resize({ width: flat.width })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: level.data, width: level.info.width, height: level.info.height, channels: 1 };
}

/**
 * Issue 36 §3: both models print two columns (the composition, bars and segmental lean on the
 * left; the InBody Score box, weight control, segmental fat and research parameters on the right).
 * Read as one page, tesseract joins a left row and a right row into one line ("Body Fat Mass 14.1
 * Basal Metabolic Rate 2083 kcal"). The gutter is the widest white band of columns in the middle
 * of the page below the header; the header, the left column and the right column are then stacked
 * one under the other, so every line holds one box's row. No gutter: the page as it is.
 */
export function columnsStacked(page: Grey): Grey {
  const { data, width, height } = page;
  const dark = (x: number, y: number) => data[y * width + x] < 110;
  const top = Math.round(height * 0.15);
  const bottom = Math.round(height * 0.95);
  const counts = new Array<number>(width).fill(0);
  for (let y = top; y < bottom; y += 2)
    for (let x = Math.round(width * 0.4); x < width * 0.8; x++) if (dark(x, y)) counts[x]++;
  let best: [number, number] = [0, 0];
  let start = -1;
  for (let x = Math.round(width * 0.4); x < width * 0.8; x++) {
    // Specks and a ruling's end are allowed: a few dark pixels in a column of the gutter.
    const white = counts[x] <= Math.max(2, (bottom - top) * 0.003);
    if (white && start < 0) start = x;
    if ((!white || x + 1 >= width * 0.8) && start >= 0) {
      if (x - start > best[1] - best[0]) best = [start, x];
      start = -1;
    }
  }
  if (best[1] - best[0] < width * 0.012) return page;
  const gutter = Math.round((best[0] + best[1]) / 2);
  // The header's rule crosses the gutter: the columns start below the first row met going up from
  // there that is dark across most of the gutter (ADR 084: a single dark pixel, a box's corner or a
  // speck, split the InBody Score box through its large digits).
  // The rule runs on into the right column too (within a few rows: the flattened page may lean a
  // little): a left column's heading band that reaches into the gutter above the columns' usual start
  // ends before the right column (a mild tuning photo: split at the band's dark lower edge, the InBody
  // Score box's title stayed in the header and its "59/100" went to the right column).
  const near = Math.max(1, Math.round(height * 0.004));
  const mostlyDark = (y: number, x0: number, x1: number, k = 0) => {
    let ink = 0;
    for (let x = x0; x < x1; x++) {
      let d = false;
      for (let yy = Math.max(0, y - k); yy <= Math.min(height - 1, y + k) && !d; yy++) d = dark(x, yy);
      if (d) ink++;
    }
    return ink >= (x1 - x0) * 0.6;
  };
  const rightSpan = Math.round(best[1] + (width - best[1]) * 0.8);
  let split = 0;
  for (let y = top; y > 0 && !split; y--)
    if (mostlyDark(y, best[0], best[1]) && mostlyDark(y, best[1], rightSpan, near)) split = y + 4;
  if (!split) split = top;
  const lastInk = (x0: number, x1: number) => {
    for (let y = height - 1; y > split; y--)
      for (let x = x0; x < x1; x += 2) if (dark(x, y)) return Math.min(height, y + 12);
    return split + 1;
  };
  const leftEnd = lastInk(0, gutter);
  const rightEnd = lastInk(gutter, width);
  const parts = [
    { left: 0, top: 0, width, height: split },
    { left: 0, top: split, width: gutter, height: leftEnd - split },
    { left: gutter, top: split, width: width - gutter, height: rightEnd - split },
  ];
  const gap = 30;
  const total = parts.reduce((h, p) => h + p.height + gap, 0);
  const stacked: PagePart[] = [];
  // Copied row by row (raw): no image is decoded or encoded between the steps (ADR 084).
  const out = Buffer.alloc(width * total, 255);
  let y = 0;
  for (const p of parts) {
    for (let row = 0; row < p.height; row++) {
      const from = (p.top + row) * width + p.left;
      data.copy(out, (y + row) * width, from, from + p.width);
    }
    stacked.push({ top: y, height: p.height });
    y += p.height + gap;
  }
  return { data: out, width, height: total, parts: stacked };
}

/**
 * Issue 36 §3/§4: the score is printed large ("90") beside a small "/100 Points", and tesseract
 * often loses the slash or the first digit. When no two-digit "NN/100" was read, the score's line is cut out, enlarged and read
 * again on its own; an "NN/100" read there is the score in its printed form.
 */
async function secondScoreReading(page: Grey, lines: OcrLine[], parsed: ParsedSheet, recognize: Recognize) {
  // A score of two digits read "NN/100" needs no second look; one digit lost one ("5/100" for 75).
  if (parsed.score.some((r) => r.outOf100 && r.value >= 10)) return;
  const line = scoreLineOf(lines);
  if (!line?.box) return;
  const { width, height } = page;
  const pad = Math.round((line.box.y1 - line.box.y0) * 0.4);
  // The large digits may stand above the line tesseract found ("DY" with their tops cut, ADR 084).
  const above = pad * 2;
  const left = Math.max(0, line.box.x0 - pad);
  const top = Math.max(0, line.box.y0 - above);
  const box = {
    left,
    top,
    width: Math.min(width - left, line.box.x1 - line.box.x0 + 2 * pad),
    height: Math.min(height - top, line.box.y1 - top + pad),
  };
  if (box.width < 8 || box.height < 8) return;
  const crop = await pgmCrop(
    rawImage(page)
      .extract(box)
      .resize({ width: box.width * 2 })
      .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' }),
  );
  const score = (read: OcrLine[]) => read.map(scoreOutOf100).find((r) => r && r.value >= 10 && r.value < 100);
  let again = score(await recognize(crop));
  // ADR 084: the large digits read as letters ("DY /100" for 59): read once more with digits only.
  // Whatever a whitelist reads is forced into digits, so it is offered, never a sure word.
  if (!again) {
    const digits = score(await recognize(crop, { digits: true }));
    if (digits) again = { ...digits, confidence: Math.min(digits.confidence, DIGITS_ONLY_CONFIDENCE) };
  }
  // The closer reading replaces a lone digit read from the same print ("5/100" for 75).
  if (again) parsed.score = [again, ...parsed.score.filter((r) => r.value >= 10)];
}

/**
 * ADR 091: tesseract's page read poorly: fewer than three of weight, SMM, PBF and fat mass read by
 * their labels at all (a blurred page where its segmentation placed few line boxes).
 */
function poorlyRead(parsed: ParsedSheet): boolean {
  // ADR 105: a value found by its place alone (parse.ts, offered at 0 %) was not read by its label.
  return inbodyCoreFields.filter((f) => f !== 'score' && parsed[f].some((r) => r.confidence > 0)).length < 3;
}

/**
 * The second engine's readings at least this sure go before tesseract's; below SECOND_GUESS, those
 * read by their label are dropped.
 */
const SECOND_SURE = 85;
const SECOND_GUESS = 60;

/**
 * ADR 086: the second engine's sure readings go before tesseract's; its unsure ones are kept in
 * `last`, to go after everything tesseract reads (a blurred "43.6" read "03.6" at 49 % is no better
 * guess). ADR 103: a value it read in its row of a placed box (`placed`, at 50 %: ADR 086 meant it
 * offered, and the 60 % bar dropped it) goes there too: on a page blurred past its small labels the
 * bold values are still read ("87.1" at 98 % under "wg"), and only their rows name them.
 */
function takeSecondReadings(
  parsed: ParsedSheet,
  second: Partial<Record<BoxField, Reading[]>>,
  last: [BoxField, Reading[]][],
) {
  for (const [field, readings] of Object.entries(second) as [BoxField, Reading[]][]) {
    parsed[field] = [...readings.filter((r) => r.confidence >= SECOND_SURE), ...parsed[field]];
    last.push([
      field,
      readings.filter((r) => r.confidence < SECOND_SURE && (r.confidence >= SECOND_GUESS || r.placed)),
    ]);
  }
}

/** The core fields the sheet's checks did not confirm. */
const doubtfulOf = (checked: CheckedSheet) => inbodyCoreFields.filter((f) => checked.confidence[f] !== 'confirmed');

/** A value read with digits only is never a sure word (checks.ts wants ≥ 85). */
const DIGITS_ONLY_CONFIDENCE = 50;

/** The boxes that hold the core fields, read again one by one where the whole page left one unconfirmed. */
const BOXES_READ_AGAIN: Partial<Record<Box, readonly string[]>> = {
  composition: ['weight', 'bodyFatMass'],
  muscleFat: ['weight', 'skeletalMuscleMass', 'bodyFatMass'],
  obesity: ['percentBodyFat'],
  score: ['score'],
};
/** The scales a box is read at, in turn until one gives its values (measured on the tuning part). */
const BOX_SCALES = { score: [0.7, 1], rows: [2] };

/**
 * Issue 36 §3: each box that holds a core value is cut out by its heading and read on its own
 * (layout.ts); what it says is added to the page's readings as a second, independent reading. A
 * score read there as "NN/100" goes first, and lone digits read on the page ("5/100") are dropped.
 */
async function boxesReadAgain(
  page: Grey,
  lines: OcrLine[],
  parsed: ParsedSheet,
  recognize: Recognize,
  doubtful: readonly string[],
) {
  const { width, height } = page;
  const model = parsed.layout === 'unknown' ? modelOf(lines) : parsed.layout;
  for (const place of boxPlaces(lines, width, height)) {
    // ADR 092: only the boxes that hold a core field still unconfirmed (the score alone: its box alone).
    if (!BOXES_READ_AGAIN[place.box]?.some((f) => doubtful.includes(f))) continue;
    const area = {
      left: place.left,
      top: place.top,
      width: place.right - place.left,
      height: place.bottom - place.top,
    };
    // Tesseract reads print of a certain height best: the score's large digits smaller, the boxes' small print larger.
    let reading: ReturnType<typeof readCrop> = {};
    for (const scale of BOX_SCALES[place.box === 'score' ? 'score' : 'rows']) {
      const crop = await pgmCrop(
        rawImage(page)
          .extract(area)
          .resize({ width: Math.round(area.width * scale), kernel: 'lanczos3' })
          .extend({ top: 20, bottom: 20, left: 20, right: 20, background: '#ffffff' }),
      );
      reading = readCrop(place.box, model, await recognize(crop));
      if (Object.keys(reading).length) break;
    }
    for (const [field, readings] of Object.entries(reading) as [BoxField, Reading[]][])
      parsed[field] =
        field === 'score'
          ? [...readings, ...parsed.score.filter((r) => r.value >= 10)]
          : [...parsed[field], ...readings];
  }
}

/**
 * ADR 112: `recognize` that starts `task` on its first call, when the page is handed to the OCR: the
 * OCR's one thread leaves the other core idle for a second or more then, while the page's preparation
 * before it wants both cores (the deconvolution's two bands). `done()` starts the task if the OCR
 * was never called (a blank photo) and gives its result.
 */
export function startedWithTheOcr<T>(
  recognize: Recognize,
  task: () => Promise<T>,
): { recognize: Recognize; done: () => Promise<T> } {
  let running: Promise<T> | undefined;
  const done = () => {
    if (!running) {
      running = task();
      running.catch(() => undefined); // awaited by `done()`'s caller; a photo refused first leaves it
    }
    return running;
  };
  return {
    recognize: (image, options) => {
      void done();
      return recognize(image, options);
    },
    done,
  };
}

export type SheetReading = CheckedSheet & {
  parsed: ParsedSheet;
  usable: boolean;
  page: PageFound;
  measures?: PhotoMeasures;
};

/** Reads a sheet photo, through the upload pipeline already (its decoded pixels, ADR 108, or the WebP kept), with the given OCR. */
export async function readSheet(
  photo: PipelineImage,
  recognize: Recognize,
  options: { reader?: 'page' | 'projection'; readLines?: ReadLines; detectLines?: DetectLines } = {},
): Promise<SheetReading> {
  const prepared = options.reader === 'projection' ? await projected(photo) : await prepareSheet(photo);
  if (prepared === 'blank') {
    const parsed = parseSheet([]);
    return { ...checkSheet(parsed), parsed, usable: false, page: 'none' };
  }
  const lines = await recognize(prepared.image);
  const parsed = parseSheet(lines);
  // The page's lines by their place in the layout (ADR 084): rows whose labels were lost.
  const model = parsed.layout === 'unknown' ? modelOf(lines) : parsed.layout;
  for (const [field, readings] of Object.entries(
    placedReadings(lines, model, prepared.grey.width, prepared.grey.height),
  ) as [BoxField, Reading[]][])
    parsed[field].push(...readings);
  // What checks.ts takes of the page: only whether it was deconvolved (ADR 097).
  const pageRead: PageRead = { deconvolved: prepared.deconvolved };
  let checked = checkSheet(parsed, pageRead);
  const unsure: [BoxField, Reading[]][] = [];
  // ADR 091: a page tesseract read poorly is read by PaddleOCR's detector and recognizer (instead
  // of tesseract's few lines read again); the boxes read again are placed by its lines' headings
  // where they place more boxes than tesseract's.
  let placing = lines;
  const { readLines, detectLines } = options;
  const paged = options.reader !== 'projection';
  const poor = paged && poorlyRead(parsed) && readLines && detectLines;
  if (poor) {
    const detected = await detectedReading(prepared.grey, detectLines, readLines, prepared.grey.parts).catch(
      () => undefined,
    );
    takeSecondReadings(parsed, detected?.readings ?? {}, unsure);
    const { width, height } = prepared.grey;
    if (detected && boxPlaces(detected.lines, width, height).length > boxPlaces(lines, width, height).length)
      placing = detected.lines;
    checked = checkSheet(parsed, pageRead);
  }
  // ADR 086: otherwise the second engine reads the rows of the core fields still unconfirmed.
  if (readLines && paged && !poor && doubtfulOf(checked).length) {
    const second = await secondReading(prepared.grey, lines, model, readLines, doubtfulOf(checked)).catch(() => ({}));
    takeSecondReadings(parsed, second, unsure);
    checked = checkSheet(parsed, pageRead);
  }
  if (doubtfulOf(checked).length) {
    await secondScoreReading(prepared.grey, placing, parsed, recognize);
    checked = checkSheet(parsed, pageRead);
  }
  if (doubtfulOf(checked).length) await boxesReadAgain(prepared.grey, placing, parsed, recognize, doubtfulOf(checked));
  for (const [field, readings] of unsure) parsed[field].push(...readings);
  checked = checkSheet(parsed, pageRead);
  return { ...checked, parsed, usable: isUsable(checked), page: prepared.page, measures: prepared.measures };
}
