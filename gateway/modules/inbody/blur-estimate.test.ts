import sharp from 'sharp';
import { expect, test } from 'vitest';
import { deblurSigma, estimateBlur, fitStep, phi } from './blur-estimate.ts';
import { blurInto, gaussianKernel } from './deblur.ts';
import type { Quad } from './page-finder.ts';

// Issue 36 (ADR 097): the photo's blur measured on the paper's border.

const W = 640;
const H = 720;

/** A seeded pseudo-random sequence (mulberry32). */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A page turned by `turn` degrees: its corners, top-left first, clockwise. */
function pageCorners(turn: number): Quad {
  const a = (turn * Math.PI) / 180;
  const [cx, cy, w, h] = [W / 2, H / 2, 420, 560];
  return [
    [-w / 2, -h / 2],
    [w / 2, -h / 2],
    [w / 2, h / 2],
    [-w / 2, h / 2],
  ].map(([x, y]) => ({ x: cx + x * Math.cos(a) - y * Math.sin(a), y: cy + x * Math.sin(a) + y * Math.cos(a) })) as Quad;
}

const inside = (corners: Quad, x: number, y: number) =>
  corners.every((p, i) => {
    const q = corners[(i + 1) % 4];
    return (q.x - p.x) * (y - p.y) - (q.y - p.y) * (x - p.x) >= 0;
  });

/**
 * White paper (225) on a grey desk (`desk`), each pixel the mean of 4 × 4 points (a camera's pixel
 * sees an area), blurred by a Gaussian of `sigma` px, noise of deviation 3 levels, JPEG at `quality`.
 */
async function photo(corners: Quad, sigma: number, quality: number, desk = 90, seed = 1): Promise<Uint8Array> {
  const sharpPage = new Uint8Array(W * H);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let paper = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) if (inside(corners, x + (sx + 0.5) / 4, y + (sy + 0.5) / 4)) paper++;
      sharpPage[y * W + x] = Math.round(desk + ((225 - desk) * paper) / 16);
    }
  // An exact Gaussian (libvips' blur cuts its kernel short: its σ 1.6 spreads an edge as 1.35 does).
  const blurred = blurInto(
    Float32Array.from(sharpPage),
    W,
    H,
    gaussianKernel(sigma),
    new Float32Array(W * H),
    new Float32Array(W * H),
  );
  const r = random(seed);
  const noisy = Uint8Array.from(blurred, (v) => {
    const gauss = Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
    return Math.max(0, Math.min(255, Math.round(v + 3 * gauss)));
  });
  const jpeg = await sharp(noisy, { raw: { width: W, height: H, channels: 1 } })
    .jpeg({ quality })
    .toBuffer();
  return new Uint8Array(await sharp(jpeg).greyscale().extractChannel(0).raw().toBuffer());
}

/** The corners as the page finder gives them: a few px off. */
const roughly = (corners: Quad): Quad =>
  corners.map((p, i) => ({ x: p.x + [2, -2.5, 1.5, -1][i], y: p.y + [-1.5, 2, 2.5, -2][i] })) as Quad;

test('Φ is the standard normal distribution', () => {
  expect(phi(0)).toBeCloseTo(0.5, 6);
  expect(phi(1)).toBeCloseTo(0.841345, 5);
  expect(phi(-1.96)).toBeCloseTo(0.024998, 5);
});

test('a blurred step’s profile gives back its deviation, level and height', () => {
  const d = Array.from({ length: 48 }, (_, i) => -7 + (i + 0.5) * 0.25);
  for (const sigma of [0.6, 1.1, 2.3]) {
    const v = d.map((x) => 80 + 140 * phi((0.2 - x) / sigma));
    const fit = fitStep(d, v);
    expect(fit.sigma).toBeCloseTo(sigma, 1);
    expect(fit.contrast).toBeCloseTo(140, 0);
    expect(fit.misfit).toBeLessThan(0.01);
  }
});

test.each([0.6, 0.9, 1.2, 1.6, 2.2, 3])(
  'the border of a page blurred by σ %s px, noisy, a JPEG at 70, gives σ back within 10 %',
  async (sigma) => {
    const corners = pageCorners(7);
    const grey = { data: await photo(corners, sigma, 70), width: W, height: H };
    const estimate = estimateBlur(grey, roughly(corners));
    expect(estimate).not.toBeNull();
    expect(estimate!.sigma).toBeGreaterThan(sigma * 0.9);
    expect(estimate!.sigma).toBeLessThan(sigma * 1.1);
    expect(estimate!.stretches).toBeGreaterThanOrEqual(20);
  },
);

test('the same at any turn of the page, on a dark desk or a light one', async () => {
  for (const [turn, desk] of [
    [0, 40],
    [22, 150],
    [-35, 110],
  ]) {
    const corners = pageCorners(turn);
    const grey = { data: await photo(corners, 1.3, 65, desk, turn + 100), width: W, height: H };
    const estimate = estimateBlur(grey, roughly(corners));
    expect(estimate?.sigma).toBeGreaterThan(1.3 * 0.9);
    expect(estimate?.sigma).toBeLessThan(1.3 * 1.1);
  }
});

test('a border that is no step (paper on paper of the same white) gives no estimate', async () => {
  const corners = pageCorners(5);
  const grey = { data: await photo(corners, 1.2, 70, 222), width: W, height: H };
  expect(estimateBlur(grey, roughly(corners))).toBeNull();
});

test('a page is deconvolved by the border’s blur, capped; as before when the border does not say or measures under 0.7', () => {
  const measured = (sigma: number) => ({ sigma, stretches: 30, spread: 0.05 });
  expect(deblurSigma(measured(0.93), 1.1)).toBe(0.93);
  expect(deblurSigma(measured(0.93), null)).toBe(0.93);
  expect(deblurSigma(measured(0.45), null)).toBeNull();
  // Under LEAST_BLUR a soft small page is deconvolved as ADR 094 did.
  expect(deblurSigma(measured(0.66), 1.1)).toBe(1.1);
  expect(deblurSigma(measured(3.4), null)).toBe(2);
  expect(deblurSigma(null, 1.1)).toBe(1.1);
  expect(deblurSigma(null, null)).toBeNull();
});
