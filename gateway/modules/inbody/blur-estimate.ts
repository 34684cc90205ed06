import type { GreyRaster } from './deblur.ts';
import { bilinear, type Point, type Quad } from './page-finder.ts';

// Issue 36 (ADR 097): how blurred a photo is, measured on the paper's own border. Paper lying on a
// desk is a straight step from white to whatever lies beneath; the camera (focus, shake, the
// phone's resampling) spreads that step by its point spread. Across the border the grey profile is
// the edge-spread function: for a Gaussian spread of deviation σ, a + b·Φ(d / σ). The border is
// slanted against the pixel grid, so the pixels near a stretch of it, ordered by their distance to
// the edge, sample that profile at a quarter pixel and finer (ISO 12233's slanted edge); σ is the
// one whose profile fits them best. Stretches that fit no step (a finger over the edge, a paper
// beneath of the same white, the sheet's shadow crossing) are left out; the answer is the median
// of those that fit, or nothing when too few do.

/** What the border says of the photo's blur (px of the photo). */
export type BlurEstimate = {
  /** The median deviation of the stretches that fit a blurred step. */
  sigma: number;
  /** How many stretches fit. */
  stretches: number;
  /** Their interquartile range over the median: how much they disagree. */
  spread: number;
};

/** A stretch of border measured (px along the edge). */
const STRETCH = 40;
/** The stretches measured on a side, at most. */
const STRETCHES_A_SIDE = 10;
/** How far from the page's corners the border's stretches begin (fraction of the side): fingers, folds. */
const END_CLEARANCE = 0.08;
/** How far across the border the edge is looked for (px, either side of the corners' line). */
const SEARCH = 12;
/** The profile measured: px inside the paper, px outside it (the sheet's shadow lies beyond). */
const INSIDE = 7;
const OUTSIDE = 5;
/** The profile's bins (px). */
const BIN = 0.25;
/** A step weaker than this (grey levels) says nothing of the blur. */
const MIN_CONTRAST = 30;
/** A stretch whose profile misses the fitted step by more than this (root mean square, of the step) is no clean step. */
const MAX_MISFIT = 0.06;
/** The deviations tried (px). */
const SIGMA_MIN = 0.3;
const SIGMA_MAX = 4;
const SIGMA_STEP = 0.025;
/** Fewer stretches than this that fit, or more disagreement: no estimate. */
const MIN_STRETCHES = 6;
const MAX_SPREAD = 0.5;

/** The standard normal distribution function (Abramowitz–Stegun 7.1.26 for erf, error < 1.5e-7). */
export function phi(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return z >= 0 ? 0.5 * (1 + y) : 0.5 * (1 - y);
}

/** The grey level at a point between pixels (bilinear; pixel centres at integer + 0.5). */
function sample({ data, width, height }: GreyRaster, x: number, y: number): number {
  const fx = Math.min(width - 1.001, Math.max(0, x - 0.5));
  const fy = Math.min(height - 1.001, Math.max(0, y - 0.5));
  return bilinear(data, width, height, 1, 0, fx, fy);
}

/**
 * The deviation of the blurred step that best fits a profile sampled at distances `d` (values `v`),
 * the edge at `d = 0` give or take half a pixel; with the fit's misfit (root mean square over the
 * step's height) and the step's height. Each σ and offset tried gets the best level and height by
 * least squares.
 */
export function fitStep(
  d: ArrayLike<number>,
  v: ArrayLike<number>,
): { sigma: number; misfit: number; contrast: number } {
  const n = d.length;
  let meanV = 0;
  for (let i = 0; i < n; i++) meanV += v[i];
  meanV /= n;
  const f = new Float64Array(n);
  let best = { sse: Infinity, sigma: 0, offset: 0, contrast: 0 };
  const tryStep = (offset: number, sigma: number) => {
    // v ≈ a + b·f, f = Φ((offset − d) / σ): the paper (d < 0) bright when b > 0.
    let sf = 0;
    let sff = 0;
    let sfv = 0;
    for (let i = 0; i < n; i++) {
      const x = phi((offset - d[i]) / sigma);
      f[i] = x;
      sf += x;
      sff += x * x;
      sfv += x * v[i];
    }
    const varF = sff - (sf * sf) / n;
    if (varF < 1e-9) return;
    const b = (sfv - sf * meanV) / varF;
    const a = meanV - (b * sf) / n;
    let sse = 0;
    for (let i = 0; i < n; i++) sse += (v[i] - a - b * f[i]) ** 2;
    if (sse < best.sse) best = { sse, sigma, offset, contrast: b };
  };
  // Coarse, then fine around the best.
  for (let offset = -0.6; offset <= 0.6 + 1e-9; offset += 0.1)
    for (let sigma = SIGMA_MIN; sigma <= SIGMA_MAX + 1e-9; sigma += 0.1) tryStep(offset, sigma);
  const coarse = best;
  for (let offset = coarse.offset - 0.06; offset <= coarse.offset + 0.06 + 1e-9; offset += 0.02)
    for (let sigma = Math.max(SIGMA_MIN, coarse.sigma - 0.1); sigma <= coarse.sigma + 0.1 + 1e-9; sigma += SIGMA_STEP)
      tryStep(offset, sigma);
  const height = Math.abs(best.contrast);
  return {
    sigma: best.sigma,
    contrast: height,
    misfit: height > 0 ? Math.sqrt(best.sse / n) / height : Infinity,
  };
}

/** Where across the border (px from the corners' line, outward positive) the step lies at a point of a side; null when no step. */
function edgeAt(grey: GreyRaster, at: Point, normal: Point): number | null {
  const steps = (2 * SEARCH) / 0.5 + 1;
  const profile = new Float64Array(steps);
  for (let s = 0; s < steps; s++) {
    const d = -SEARCH + s * 0.5;
    profile[s] = sample(grey, at.x + normal.x * d, at.y + normal.y * d);
  }
  // The paper is the brighter side inside: the steepest fall outward is the edge.
  let bestS = -1;
  let bestFall = MIN_CONTRAST / 4;
  for (let s = 1; s < steps - 1; s++) {
    const fall = profile[s - 1] - profile[s + 1];
    if (fall > bestFall) {
      bestFall = fall;
      bestS = s;
    }
  }
  if (bestS < 2 || bestS > steps - 3) return null;
  const g = (s: number) => profile[s - 1] - profile[s + 1];
  const [l, c, r] = [g(bestS - 1), g(bestS), g(bestS + 1)];
  const denominator = l - 2 * c + r;
  const shift = denominator < 0 ? Math.max(-0.5, Math.min(0.5, (0.5 * (l - r)) / denominator)) : 0;
  return -SEARCH + (bestS + shift) * 0.5;
}

/** The profile across one stretch of a side and the blur that fits it; null when it is no clean step. */
function stretchBlur(grey: GreyRaster, from: Point, along: Point, normal: Point): number | null {
  // The edge found every 2 px along the stretch, and the straight line through those points.
  const ts: number[] = [];
  const ds: number[] = [];
  for (let t = 1; t < STRETCH; t += 2) {
    const d = edgeAt(grey, { x: from.x + along.x * t, y: from.y + along.y * t }, normal);
    if (d !== null) {
      ts.push(t);
      ds.push(d);
    }
  }
  if (ts.length < STRETCH / 4) return null;
  const line = straightLine(ts, ds);
  if (!line) return null;
  // Every pixel near the stretch, by its distance to that line: the edge profile, a quarter pixel fine.
  const xs = [from.x, from.x + along.x * STRETCH];
  const ys = [from.y, from.y + along.y * STRETCH];
  const reach = SEARCH + INSIDE + OUTSIDE;
  const left = Math.max(0, Math.floor(Math.min(...xs) - reach));
  const right = Math.min(grey.width - 1, Math.ceil(Math.max(...xs) + reach));
  const top = Math.max(0, Math.floor(Math.min(...ys) - reach));
  const bottom = Math.min(grey.height - 1, Math.ceil(Math.max(...ys) + reach));
  const bins = Math.round((INSIDE + OUTSIDE) / BIN);
  const sums = new Float64Array(bins);
  const counts = new Uint32Array(bins);
  // The edge's own direction: the line's slope turns it a little against the side.
  const norm = Math.hypot(1, line.slope);
  for (let y = top; y <= bottom; y++)
    for (let x = left; x <= right; x++) {
      const px = x + 0.5 - from.x;
      const py = y + 0.5 - from.y;
      const t = px * along.x + py * along.y;
      if (t < 0 || t >= STRETCH) continue;
      const across = px * normal.x + py * normal.y;
      const d = (across - line.at - line.slope * t) / norm;
      if (d < -INSIDE || d >= OUTSIDE) continue;
      const bin = Math.floor((d + INSIDE) / BIN);
      sums[bin] += grey.data[y * grey.width + x];
      counts[bin]++;
    }
  const d: number[] = [];
  const v: number[] = [];
  for (let b = 0; b < bins; b++)
    if (counts[b]) {
      d.push(-INSIDE + (b + 0.5) * BIN);
      v.push(sums[b] / counts[b]);
    }
  // A border along the pixel grid fills one bin a pixel: enough, if coarser.
  if (d.length < INSIDE + OUTSIDE) return null;
  const fit = fitStep(d, v);
  return fit.contrast >= MIN_CONTRAST && fit.misfit <= MAX_MISFIT ? fit.sigma : null;
}

/** The least-squares line d = at + slope·t through the edge points, after dropping those more than 1 px off a first fit. */
function straightLine(ts: number[], ds: number[]): { at: number; slope: number } | null {
  const fit = (keep: (i: number) => boolean) => {
    let n = 0;
    let st = 0;
    let sd = 0;
    let stt = 0;
    let std = 0;
    for (let i = 0; i < ts.length; i++)
      if (keep(i)) {
        n++;
        st += ts[i];
        sd += ds[i];
        stt += ts[i] * ts[i];
        std += ts[i] * ds[i];
      }
    const denominator = n * stt - st * st;
    if (n < 4 || denominator === 0) return null;
    const slope = (n * std - st * sd) / denominator;
    return { at: (sd - slope * st) / n, slope, n };
  };
  const first = fit(() => true);
  if (!first) return null;
  const second = fit((i) => Math.abs(ds[i] - first.at - first.slope * ts[i]) <= 1);
  return second && second.n >= ts.length * 0.7 ? second : null;
}

/**
 * The photo's blur (px of `grey`) measured on the border of the page whose corners are `corners`
 * (top-left, top-right, bottom-right, bottom-left, px of `grey`); null when the border does not say.
 */
export function estimateBlur(grey: GreyRaster, corners: Quad): BlurEstimate | null {
  const centre = {
    x: corners.reduce((s, p) => s + p.x, 0) / 4,
    y: corners.reduce((s, p) => s + p.y, 0) / 4,
  };
  const sigmas: number[] = [];
  for (let side = 0; side < 4; side++) {
    const p = corners[side];
    const q = corners[(side + 1) % 4];
    const length = Math.hypot(q.x - p.x, q.y - p.y);
    if (length < STRETCH * 2) continue;
    const along = { x: (q.x - p.x) / length, y: (q.y - p.y) / length };
    let normal = { x: along.y, y: -along.x };
    // Outward: away from the page's centre.
    if ((p.x - centre.x) * normal.x + (p.y - centre.y) * normal.y < 0) normal = { x: -normal.x, y: -normal.y };
    const first = length * END_CLEARANCE;
    const last = length * (1 - END_CLEARANCE) - STRETCH;
    // At most STRETCHES_A_SIDE stretches, spread along the side (each costs ≈ 0.3 ms of fitting).
    const gap = Math.max(STRETCH, (last - first) / (STRETCHES_A_SIDE - 1));
    for (let t = first; t <= last + 1e-9; t += gap) {
      const sigma = stretchBlur(grey, { x: p.x + along.x * t, y: p.y + along.y * t }, along, normal);
      if (sigma !== null) sigmas.push(sigma);
    }
  }
  if (sigmas.length < MIN_STRETCHES) return null;
  sigmas.sort((a, b) => a - b);
  const at = (f: number) => sigmas[Math.min(sigmas.length - 1, Math.floor(sigmas.length * f))];
  // The pixels' own width (a box of 1 px: variance 1/12 across any edge) is no blur to undo.
  const median = at(0.5);
  const sigma = Math.sqrt(Math.max(0, median ** 2 - 1 / 12));
  const spread = (at(0.75) - at(0.25)) / median;
  return spread <= MAX_SPREAD ? { sigma, stretches: sigmas.length, spread } : null;
}

/**
 * Below this deviation (px of the photo) a page is not deconvolved: the print's strokes, ≈ 1 px
 * wide in a page 700–1,000 px across, stay apart; a sharp photo's border measures 0.1–0.5.
 */
export const LEAST_BLUR = 0.7;
/** Beyond this a Gaussian is no longer a safe guess of the spread (defocus, shake): deconvolved by this much only. */
export const MOST_BLUR = 2;

/**
 * The Gaussian deviation a page is deconvolved by (px of the photo), or null for none: the border's
 * estimate when it is at least LEAST_BLUR (at most MOST_BLUR); else, or without an estimate, what
 * the reader did without a measure (`unsure`: ADR 094's 1.1 for a soft small page, none for others).
 */
export function deblurSigma(estimate: BlurEstimate | null, unsure: number | null): number | null {
  return estimate && estimate.sigma >= LEAST_BLUR ? Math.min(MOST_BLUR, estimate.sigma) : unsure;
}
