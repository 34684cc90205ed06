import { mean3x3, regionsOf } from './grid.ts';

// Issue 36 §1 (ADR 042): the sheet's four corners on any background, and the page warped flat.
// The paper is the large bright, colourless region (wood, skin and most desks are coloured or
// dark): a mask of "paperness" (brightness less saturation, Otsu), closed so print does not hole
// it, its largest 4-connected region, that region's convex hull cut down to the four corners that
// keep the most area. The photo is then mapped onto an upright page by the homography of those
// corners (bilinear). A region that touches the photo's edge is a sheet cut off ('partial'); no
// region of a sheet's size and shape is 'none' (the caller then reads the whole photo).
// ADR 090: the sheet's edges are looked for first (`findPageByEdges`, below); the bright region is
// the fallback for a sheet whose four edges do not all show.

import { warpGrey } from './warp-wasm.ts';

export type Point = { x: number; y: number };
/** Corners in the order top-left, top-right, bottom-right, bottom-left. */
export type Quad = [Point, Point, Point, Point];
export type PageFound = 'found' | 'partial' | 'none';
export type PageFinding = { page: PageFound; corners: Quad | null };
/** An image of `channels` bytes a pixel, rows top to bottom. */
export type Raster = { data: Uint8Array; width: number; height: number; channels: number };

/** The 3×3 homography (row-major, h[8] = 1) mapping each `from` point onto its `to` point. */
export function homography(from: Quad, to: Quad): number[] {
  // Eight equations in eight unknowns, solved by Gaussian elimination with partial pivoting.
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i];
    const { x: u, y: v } = to[i];
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  for (let c = 0; c < 8; c++) {
    let pivot = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[pivot][c])) pivot = r;
    [a[c], a[pivot]] = [a[pivot], a[c]];
    if (Math.abs(a[c][c]) < 1e-12) throw new Error('degenerate quad');
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let k = c; k < 9; k++) a[r][k] -= f * a[c][k];
    }
  }
  return [...a.map((row, i) => row[8] / row[i]), 1];
}

export const project = (h: number[], { x, y }: Point): Point => {
  const w = h[6] * x + h[7] * y + h[8];
  return { x: (h[0] * x + h[1] * y + h[2]) / w, y: (h[3] * x + h[4] * y + h[5]) / w };
};

/**
 * Channel `c` of the image `data` (`sw` × `sh` pixels of `channels` bytes, rows top to bottom) at
 * (sx, sy), between pixels (bilinear; pixel centres at integers). The caller keeps the point within
 * [0, sw − 1] × [0, sh − 1]; on the last row or column the neighbour beyond is the pixel itself.
 */
export function bilinear(
  data: Uint8Array,
  sw: number,
  sh: number,
  channels: number,
  c: number,
  sx: number,
  sy: number,
): number {
  const x0 = Math.floor(sx);
  const y0 = Math.floor(sy);
  const x1 = Math.min(sw - 1, x0 + 1);
  const y1 = Math.min(sh - 1, y0 + 1);
  const fx = sx - x0;
  const fy = sy - y0;
  const top = data[(y0 * sw + x0) * channels + c] * (1 - fx) + data[(y0 * sw + x1) * channels + c] * fx;
  const bottom = data[(y1 * sw + x0) * channels + c] * (1 - fx) + data[(y1 * sw + x1) * channels + c] * fx;
  return top * (1 - fy) + bottom * fy;
}

/**
 * The page `corners` (in the grey source) warped onto an upright `width` × `height` page: each pixel
 * the source's at the homography's point (bilinear), white outside. ADR 113: in WebAssembly
 * (warp-wasm.ts), the same to the bit as the JavaScript it replaced, in ≈ 0.6 of its time.
 */
export function flatten(
  source: { data: Uint8Array; width: number; height: number },
  corners: Quad,
  width: number,
  height: number,
): Raster {
  const page: Quad = [
    { x: 0, y: 0 },
    { x: width - 1, y: 0 },
    { x: width - 1, y: height - 1 },
    { x: 0, y: height - 1 },
  ];
  return { data: warpGrey(source, homography(page, corners), width, height), width, height, channels: 1 };
}

/** Otsu's threshold of grey values: the level that best splits them into two classes. */
export function otsu(values: Uint8Array): number {
  const histogram = new Float64Array(256);
  for (const v of values) histogram[v]++;
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * histogram[i];
  let sumB = 0;
  let weightB = 0;
  let best = -1;
  let threshold = 128;
  for (let t = 0; t < 256; t++) {
    weightB += histogram[t];
    if (weightB === 0) continue;
    const weightF = values.length - weightB;
    if (weightF === 0) break;
    sumB += t * histogram[t];
    const between = weightB * weightF * (sumB / weightB - (sum - sumB) / weightF) ** 2;
    if (between > best) [best, threshold] = [between, t];
  }
  return threshold;
}

/** Paperness of each pixel of an RGB raster: bright and colourless is high. */
export function paperness({ data, width, height, channels }: Raster): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) {
    const r = data[i * channels];
    const g = data[i * channels + 1];
    const b = data[i * channels + 2];
    const max = Math.max(r, g, b);
    const min = Math.min(r, g, b);
    out[i] = Math.max(0, Math.min(255, (r + g + b) / 3 - 1.5 * (max - min)));
  }
  return out;
}

/** Dilation then erosion by a square of side 2r+1 (separable: rows, then columns). */
function close(mask: Uint8Array, width: number, height: number, r: number): Uint8Array {
  const pass = (src: Uint8Array, value: number) => {
    const tmp = new Uint8Array(src.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let hit = false;
        for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r) && !hit; k++)
          hit = src[y * width + k] === value;
        tmp[y * width + x] = hit ? value : 1 - value;
      }
    const out = new Uint8Array(src.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let hit = false;
        for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r) && !hit; k++)
          hit = tmp[k * width + x] === value;
        out[y * width + x] = hit ? value : 1 - value;
      }
    return out;
  };
  return pass(pass(mask, 1), 0);
}

/** The largest 4-connected region of ones: its pixels' indices. */
function largestRegion(mask: Uint8Array, width: number, height: number): number[] {
  let best: number[] = [];
  for (const region of regionsOf(width, height, (i) => mask[i] !== 0)) if (region.length > best.length) best = region;
  return best;
}

const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Convex hull (Andrew's monotone chain), counter-clockwise in image coordinates' mirror. */
export function convexHull(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (p.length < 3) return p;
  const lower: Point[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2], lower[lower.length - 1], q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Point[] = [];
  for (let i = p.length - 1; i >= 0; i--) {
    const q = p[i];
    while (upper.length >= 2 && cross(upper[upper.length - 2], upper[upper.length - 1], q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

const area = (poly: Point[]) =>
  Math.abs(poly.reduce((s, p, i) => s + p.x * poly[(i + 1) % poly.length].y - poly[(i + 1) % poly.length].x * p.y, 0)) /
  2;

/** The hull cut down to four corners: the vertex whose removal loses the least area goes first. */
export function quadOfHull(hull: Point[]): Point[] {
  const poly = [...hull];
  while (poly.length > 4) {
    let least = Infinity;
    let at = 0;
    for (let i = 0; i < poly.length; i++) {
      const prev = poly[(i - 1 + poly.length) % poly.length];
      const next = poly[(i + 1) % poly.length];
      const loss = Math.abs(cross(prev, poly[i], next)) / 2;
      if (loss < least) [least, at] = [loss, i];
    }
    poly.splice(at, 1);
  }
  return poly;
}

/** Four points in the order top-left, top-right, bottom-right, bottom-left (a tilt of up to 45°). */
export function orderCorners(points: Point[]): Quad {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  // By angle around the centre, starting from the top-left quadrant.
  const sorted = [...points].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
  // atan2 from −π: the first point is the one left of the centre and above (or just below) it.
  let first = 0;
  let bestScore = Infinity;
  sorted.forEach((p, i) => {
    const score = p.x - cx + (p.y - cy);
    if (score < bestScore) [bestScore, first] = [score, i];
  });
  const q = [0, 1, 2, 3].map((k) => sorted[(first + k) % 4]);
  return [q[0], q[1], q[2], q[3]];
}

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * The sheet in an RGB raster (any size; a probe of ~500 px is enough): its corners in that
 * raster's pixels, and whether the whole sheet is in the photo.
 */
export function findPage(image: Raster): PageFinding {
  // ADR 090: the sheet's edges first (other papers around it, a shadow's gradient across them); a
  // sheet whose edges do not all show (cut by the photo's edge, a hand over a corner) by its paper.
  const edges = findPageByEdges(image);
  return edges ? { page: 'found', corners: edges } : findPageByMask(image);
}

/** The sheet as the largest bright, colourless region (ADR 042). */
function findPageByMask(image: Raster): PageFinding {
  const score = paperness(image);
  const first = otsu(score);
  const found = pageAt(image, score, first);
  if (found.page === 'found') return found;
  // Other papers under the sheet join it at the first threshold: the brightest of the bright (the sheet on top, lit) alone.
  const brighter = otsu(score.filter((v) => v > first));
  const second = brighter > first ? pageAt(image, score, brighter) : found;
  return second.page === 'found' || found.page === 'none' ? second : found;
}

function pageAt({ width, height }: Raster, score: Uint8Array, t: number): PageFinding {
  let mask: Uint8Array = new Uint8Array(width * height);
  for (let i = 0; i < mask.length; i++) mask[i] = score[i] > t ? 1 : 0;
  mask = close(mask, width, height, Math.max(2, Math.round(Math.max(width, height) / 120)));
  const region = largestRegion(mask, width, height);
  if (region.length < width * height * 0.12) return { page: 'none', corners: null };
  // Only the region's outline matters for its hull: the first and last pixel of each row.
  const rows = new Map<number, [number, number]>();
  let touches = 0;
  for (const i of region) {
    const x = i % width;
    const y = (i - x) / width;
    const r = rows.get(y);
    if (!r) rows.set(y, [x, x]);
    else rows.set(y, [Math.min(r[0], x), Math.max(r[1], x)]);
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) touches++;
  }
  const outline: Point[] = [];
  for (const [y, [a, b]] of rows)
    outline.push({ x: a, y }, { x: b + 1, y }, { x: a, y: y + 1 }, { x: b + 1, y: y + 1 });
  const hull = convexHull(outline);
  const quad = quadOfHull(hull);
  if (quad.length < 4) return { page: 'none', corners: null };
  const corners = orderCorners(quad);
  const quadArea = area(corners);
  // A sheet's shape: the quad covers its region (no hand or second paper glued to it), its sides
  // are those of a page seen at an angle, and it is no sliver of the photo.
  const [tl, tr, br, bl] = corners;
  const widthMean = (distance(tl, tr) + distance(bl, br)) / 2;
  const heightMean = (distance(tl, bl) + distance(tr, br)) / 2;
  const aspect = heightMean / widthMean;
  const fill = region.length / quadArea;
  const shaped = fill > 0.85 && aspect > 1.15 && aspect < 2.1 && quadArea > width * height * 0.12;
  if (!shaped) return { page: 'none', corners: null };
  // A sheet cut off by the photo's edge: more than a short stretch of its outline lies on it.
  const cut = touches > (width + height) * 0.04;
  return { page: cut ? 'partial' : 'found', corners };
}

// ---------------------------------------------------------------------------------------------
// Issue 36 §1, second way (ADR 090): the sheet's four edges as straight lines. On "other papers"
// (off-white sheets under it, a shadow's gradient across all of them) no brightness threshold
// separates the sheet from what lies under it, but its edges are still there: one long straight
// step from darker (outside) to brighter (the sheet). Gradients (Sobel) thinned to their ridges
// vote for lines (Hough, each pixel near its own gradient's direction); the lines that are such a
// step over a long run are the candidates; every pair of "across" and pair of "down" candidates
// makes a quad, scored by the length of its sides where the inside is brighter than the outside.

/** The luminance of an RGB raster, lightly smoothed (a 3×3 box): JPEG's blocks and paper grain out. */
function smoothGrey({ data, width, height, channels }: Raster): Float32Array {
  const grey = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++)
    grey[i] =
      channels >= 3
        ? 0.299 * data[i * channels] + 0.587 * data[i * channels + 1] + 0.114 * data[i * channels + 2]
        : data[i * channels];
  return mean3x3(grey, width, height, new Float32Array(width * height));
}

/** Each pixel's colour against its brightness: paper (and its shadow) is near 0, wood and skin are not. */
function tintOf({ data, width, height, channels }: Raster): Float32Array {
  const out = new Float32Array(width * height);
  if (channels < 3) return out;
  for (let i = 0; i < width * height; i++) {
    const r = data[i * channels];
    const g = data[i * channels + 1];
    const b = data[i * channels + 2];
    out[i] = (Math.max(r, g, b) - Math.min(r, g, b)) / Math.max(1, (r + g + b) / 3);
  }
  return out;
}

/** The brighter side of a step is paper only where it is nearly colourless (warm light on white paper ≈ 0.16). */
const PAPER_TINT = 0.3;

/** The grey and the tint of a probe, looked up with the image's bounds (−1 outside). */
type Probe = { grey: Float32Array; tint: Float32Array; width: number; height: number };
const greyAt = ({ grey, width, height }: Probe, x: number, y: number) => {
  const xi = Math.round(x);
  const yi = Math.round(y);
  return xi < 0 || yi < 0 || xi >= width || yi >= height ? -1 : grey[yi * width + xi];
};
const tintAt = ({ tint, width, height }: Probe, x: number, y: number) => {
  const xi = Math.round(x);
  const yi = Math.round(y);
  return xi < 0 || yi < 0 || xi >= width || yi >= height ? 1 : tint[yi * width + xi];
};
/** A step up of at least 8 grey levels from `out` to `into` (2–3 px each side of the point), into paper. */
function stepUp(probe: Probe, x: number, y: number, ux: number, uy: number): boolean | undefined {
  const inside = Math.max(greyAt(probe, x + ux * 2, y + uy * 2), greyAt(probe, x + ux * 3, y + uy * 3));
  const outside = Math.min(greyAt(probe, x - ux * 2, y - uy * 2), greyAt(probe, x - ux * 3, y - uy * 3));
  if (inside < 0 || outside < 0) return undefined;
  return inside - outside >= 8 && tintAt(probe, x + ux * 3, y + uy * 3) < PAPER_TINT;
}

type Line = { theta: number; rho: number; votes: number };

/** Lines (x cos θ + y sin θ = ρ) through the ridges of strong gradients, strongest first. */
function houghLines({ grey, tint, width, height }: Probe): Line[] {
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  const magnitude = new Float32Array(width * height);
  for (let y = 1; y < height - 1; y++)
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const a = grey[i - width - 1];
      const b = grey[i - width];
      const c = grey[i - width + 1];
      const d = grey[i - 1];
      const f = grey[i + 1];
      const g = grey[i + width - 1];
      const h = grey[i + width];
      const k = grey[i + width + 1];
      gx[i] = c + 2 * f + k - a - 2 * d - g;
      gy[i] = g + 2 * h + k - a - 2 * b - c;
      magnitude[i] = Math.hypot(gx[i], gy[i]);
    }
  const THETAS = 180;
  // A pixel votes for the lines within ±SPREAD° of its gradient's normal: an edge drawn in steps
  // of whole pixels (a page's side at an angle, not smoothed) turns its gradient by up to ±10°.
  const SPREAD = 5;
  const diagonal = Math.ceil(Math.hypot(width, height));
  const votes = new Float32Array(THETAS * (2 * diagonal + 1));
  const cos = Array.from({ length: THETAS }, (_, t) => Math.cos((t * Math.PI) / THETAS));
  const sin = Array.from({ length: THETAS }, (_, t) => Math.sin((t * Math.PI) / THETAS));
  // A step of 6 grey levels across the edge (Sobel of the 3 × 3 smoothed step ≈ 2.7 × 6).
  const strong = 16;
  for (let y = 2; y < height - 2; y++)
    for (let x = 2; x < width - 2; x++) {
      const i = y * width + x;
      const m = magnitude[i];
      if (m < strong) continue;
      // Thinned to the ridge across the edge (Canny's non-maximum suppression).
      const ux = gx[i] / m;
      const uy = gy[i] / m;
      const sx = Math.round(ux);
      const sy = Math.round(uy);
      if (m < magnitude[i + sy * width + sx] || m < magnitude[i - sy * width - sx]) continue;
      // Only a step up into paper votes (the gradient points to the brighter side): wood's grain,
      // a hand's edge against the desk, are no sheet's edge.
      if (tint[i + 2 * (sy * width + sx)] >= PAPER_TINT) continue;
      let angle = Math.atan2(uy, ux);
      if (angle < 0) angle += Math.PI;
      const t0 = Math.round((angle * THETAS) / Math.PI);
      for (let dt = -SPREAD; dt <= SPREAD; dt++) {
        const t = (((t0 + dt) % THETAS) + THETAS) % THETAS;
        const rho = Math.round(x * cos[t] + y * sin[t]) + diagonal;
        votes[t * (2 * diagonal + 1) + rho] += 1;
      }
    }
  const lines: Line[] = [];
  const span = 2 * diagonal + 1;
  const least = Math.min(width, height) * 0.12;
  for (let t = 0; t < THETAS; t++)
    for (let r = 1; r < span - 1; r++) {
      const v = votes[t * span + r];
      if (v < least) continue;
      let peak = true;
      for (let dt = -4; dt <= 4 && peak; dt++)
        for (let dr = -6; dr <= 6 && peak; dr++) {
          if (!dt && !dr) continue;
          const tt = (((t + dt) % THETAS) + THETAS) % THETAS;
          // θ wraps to θ − π with ρ negated.
          const rr = t + dt >= THETAS || t + dt < 0 ? span - 1 - (r + dr) : r + dr;
          if (rr < 0 || rr >= span) continue;
          const w = votes[tt * span + rr];
          if (w > v || (w === v && (dt < 0 || (dt === 0 && dr < 0)))) peak = false;
        }
      if (peak) lines.push({ theta: (t * Math.PI) / THETAS, rho: r - diagonal, votes: v });
    }
  return lines.sort((a, b) => b.votes - a.votes);
}

const meet = (a: Line, b: Line): Point | null => {
  const det = Math.cos(a.theta) * Math.sin(b.theta) - Math.sin(a.theta) * Math.cos(b.theta);
  if (Math.abs(det) < 1e-6) return null;
  return {
    x: (a.rho * Math.sin(b.theta) - b.rho * Math.sin(a.theta)) / det,
    y: (b.rho * Math.cos(a.theta) - a.rho * Math.cos(b.theta)) / det,
  };
};

/** How much of the side from a to b is a step up into the quad's paper (`inward`: the unit normal pointing in), 0–1. */
function stepAlong(probe: Probe, a: Point, b: Point, inward: Point): number {
  const n = Math.max(8, Math.round(distance(a, b) / 3));
  let hits = 0;
  for (let k = 1; k < n; k++) {
    const t = k / n;
    if (stepUp(probe, a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t, inward.x, inward.y)) hits++;
  }
  return hits / n;
}

/** The longest run of a line inside the image along which it is a step into paper (either way), as a share of the image's short side. */
function stepRun(probe: Probe, line: Line): number {
  const { width, height } = probe;
  const c = Math.cos(line.theta);
  const s = Math.sin(line.theta);
  const x0 = c * line.rho;
  const y0 = s * line.rho;
  const reach = Math.hypot(width, height);
  let best = 0;
  for (const sign of [1, -1]) {
    let run = 0;
    for (let t = -reach; t <= reach; t += 1) {
      const up = stepUp(probe, x0 - s * t, y0 + c * t, sign * c, sign * s);
      // A gap of a pixel or two (a letter touching the edge, JPEG) does not end the run.
      if (up) run++;
      else if (up === false) run = Math.max(0, run - 3);
      best = Math.max(best, run);
    }
  }
  return best / Math.min(width, height);
}

/** The sheet's corners found by its edges, or null. */
export function findPageByEdges(image: Raster): Quad | null {
  const { width, height } = image;
  const grey = smoothGrey(image);
  const probe: Probe = { grey, tint: tintOf(image), width, height };
  // The longest clean steps first: an edge of the sheet is one step along its whole side; the
  // print on papers around it (many short bars in a row) gathers votes too, but no long step.
  const lines = houghLines(probe)
    .slice(0, 60)
    .map((l) => ({ ...l, run: stepRun(probe, l) }))
    .filter((l) => l.run > 0.2)
    .sort((a, b) => b.run - a.run);
  // "Across" lines have a normal near the vertical (θ near 90°); "down" lines near the horizontal.
  const across = lines.filter((l) => Math.abs(l.theta - Math.PI / 2) < Math.PI / 4).slice(0, 14);
  const down = lines.filter((l) => Math.abs(l.theta - Math.PI / 2) >= Math.PI / 4).slice(0, 14);
  let best: { quad: Quad; score: number } | null = null;
  const photoArea = width * height;
  for (let i = 0; i < across.length; i++)
    for (let j = i + 1; j < across.length; j++)
      for (let k = 0; k < down.length; k++)
        for (let l = k + 1; l < down.length; l++) {
          const points = [
            meet(across[i], down[k]),
            meet(across[i], down[l]),
            meet(across[j], down[l]),
            meet(across[j], down[k]),
          ];
          if (points.some((p) => !p || p.x < -2 || p.y < -2 || p.x > width + 1 || p.y > height + 1)) continue;
          const corners = orderCorners(points as Point[]);
          const quadArea = area(corners);
          if (quadArea < photoArea * 0.12) continue;
          if (convexHull(corners).length < 4) continue;
          const [tl, tr, br, bl] = corners;
          const w = (distance(tl, tr) + distance(bl, br)) / 2;
          const h = (distance(tl, bl) + distance(tr, br)) / 2;
          if (h / w < 1.1 || h / w > 2.1) continue;
          const cx = (tl.x + tr.x + br.x + bl.x) / 4;
          const cy = (tl.y + tr.y + br.y + bl.y) / 4;
          let score = 0;
          let weakest = 1;
          for (let e = 0; e < 4; e++) {
            const a = corners[e];
            const b = corners[(e + 1) % 4];
            const len = distance(a, b);
            let nx = -(b.y - a.y) / len;
            let ny = (b.x - a.x) / len;
            if (nx * (cx - a.x) + ny * (cy - a.y) < 0) [nx, ny] = [-nx, -ny];
            const step = stepAlong(probe, a, b, { x: nx, y: ny });
            weakest = Math.min(weakest, step);
            // A side's length counts where it is a step, and counts against it where it is not.
            score += (step - 0.5) * len;
          }
          if (weakest < 0.6) continue;
          if (!best || score > best.score) best = { quad: corners, score };
        }
  return best?.quad ?? null;
}
