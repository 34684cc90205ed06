// Issue 36 §1 (ADR 042): the sheet's four corners on any background, and the page warped flat.
// The paper is the large bright, colourless region (wood, skin and most desks are coloured or
// dark): a mask of "paperness" (brightness less saturation, Otsu), closed so print does not hole
// it, its largest 4-connected region, that region's convex hull cut down to the four corners that
// keep the most area. The photo is then mapped onto an upright page by the homography of those
// corners (bilinear). A region that touches the photo's edge is a sheet cut off ('partial'); no
// region of a sheet's size and shape is 'none' (the caller then reads the whole photo).

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
 * The output image of `width` × `height` whose pixel (x, y) is the source's at `map`(x, y)
 * (bilinear); outside the source: `fill`.
 */
export function warp(source: Raster, map: number[], width: number, height: number, fill: number[]): Raster {
  const { data, width: sw, height: sh, channels } = source;
  const out = new Uint8Array(width * height * channels);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const w = map[6] * x + map[7] * y + map[8];
      const sx = (map[0] * x + map[1] * y + map[2]) / w;
      const sy = (map[3] * x + map[4] * y + map[5]) / w;
      const o = (y * width + x) * channels;
      if (sx < 0 || sy < 0 || sx > sw - 1 || sy > sh - 1) {
        for (let c = 0; c < channels; c++) out[o + c] = fill[c] ?? 255;
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(sw - 1, x0 + 1);
      const y1 = Math.min(sh - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < channels; c++) {
        const top = data[(y0 * sw + x0) * channels + c] * (1 - fx) + data[(y0 * sw + x1) * channels + c] * fx;
        const bottom = data[(y1 * sw + x0) * channels + c] * (1 - fx) + data[(y1 * sw + x1) * channels + c] * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { data: out, width, height, channels };
}

/** The page `corners` (in the source) warped onto an upright `width` × `height` page. */
export function flatten(source: Raster, corners: Quad, width: number, height: number): Raster {
  const page: Quad = [
    { x: 0, y: 0 },
    { x: width - 1, y: 0 },
    { x: width - 1, y: height - 1 },
    { x: 0, y: height - 1 },
  ];
  return warp(source, homography(page, corners), width, height, [255, 255, 255, 255]);
}

function otsu(values: Uint8Array): number {
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
  const seen = new Uint8Array(mask.length);
  let best: number[] = [];
  const stack: number[] = [];
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    const region: number[] = [];
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const i = stack.pop()!;
      region.push(i);
      const x = i % width;
      const y = (i - x) / width;
      const next = [
        x > 0 ? i - 1 : -1,
        x < width - 1 ? i + 1 : -1,
        y > 0 ? i - width : -1,
        y < height - 1 ? i + width : -1,
      ];
      for (const n of next)
        if (n >= 0 && mask[n] && !seen[n]) {
          seen[n] = 1;
          stack.push(n);
        }
    }
    if (region.length > best.length) best = region;
  }
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
