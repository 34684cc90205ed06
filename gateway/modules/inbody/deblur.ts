// Issue 36 (ADR 094): a blurred photo's print deconvolved before the OCR reads it. Phone blur is
// close to a Gaussian point spread; Richardson–Lucy's iteration restores what such a blur of a
// known width took away (the point of "42.7", the gap between the 1s of "11.2").

import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { deblurSimdModule } from './deblur-simd.ts';

/** A grey raster (one byte a pixel). */
export type GreyRaster = { data: Uint8Array; width: number; height: number };

/** A normalised Gaussian kernel of deviation `sigma`, 3σ each side. */
export function gaussianKernel(sigma: number): Float32Array {
  const r = Math.max(1, Math.ceil(sigma * 3));
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  return k;
}

/**
 * ADR 111: the interior of blurInto's two passes, done elsewhere (deblur-simd.ts's module, over the
 * same arrays): `rows()` the first pass's columns r ≤ x < width − r of every row, `columns()` the
 * second pass's rows r ≤ y < height − r; for pages at least `run` + 2r px wide and 2r + 1 px high.
 */
export type BlurInterior = { run: number; rows: () => void; columns: () => void };

/**
 * `src` blurred by the separable `kernel` into `out` (`tmp`: scratch of the same size); edges clamped.
 * With `interior`, only the edges here (the rows and columns within the kernel's reach of them).
 */
export function blurInto(
  src: Float32Array,
  width: number,
  height: number,
  kernel: Float32Array,
  tmp: Float32Array,
  out: Float32Array,
  interior?: BlurInterior,
): Float32Array {
  const r = (kernel.length - 1) / 2;
  const k0 = kernel[r];
  const elsewhere = interior !== undefined && width - 2 * r >= interior.run && height - 2 * r >= 1;
  if (elsewhere) interior.rows();
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x = elsewhere && x === r - 1 ? width - r : x + 1) {
      const i = row + x;
      let a = k0 * src[i];
      // The kernel is symmetric: one product for each pair of neighbours.
      if (x >= r && x < width - r) for (let j = 1; j <= r; j++) a += kernel[r + j] * (src[i - j] + src[i + j]);
      else
        for (let j = 1; j <= r; j++)
          a += kernel[r + j] * (src[row + Math.max(0, x - j)] + src[row + Math.min(width - 1, x + j)]);
      tmp[i] = a;
    }
  }
  if (elsewhere) interior.columns();
  for (let y = 0; y < height; y = elsewhere && y === r - 1 ? height - r : y + 1) {
    const row = y * width;
    if (y >= r && y < height - r) {
      for (let x = 0; x < width; x++) out[row + x] = k0 * tmp[row + x];
      for (let j = 1; j <= r; j++) {
        const w = kernel[r + j];
        const above = row - j * width;
        const below = row + j * width;
        for (let x = 0; x < width; x++) out[row + x] += w * (tmp[above + x] + tmp[below + x]);
      }
    } else
      for (let x = 0; x < width; x++) {
        let a = 0;
        for (let j = -r; j <= r; j++) a += kernel[j + r] * tmp[Math.min(height - 1, Math.max(0, y + j)) * width + x];
        out[row + x] = a;
      }
  }
  return out;
}

/**
 * Richardson–Lucy deconvolution of a grey page by a Gaussian of deviation `sigma` px, `steps`
 * iterations (the image as ink on paper: the dark print is what the blur spread). ADR 111, 115: the
 * blurs' interior and the element-wise steps run in `simd` (deblur-simd.ts's module: the blurs eight
 * pixels at a time in single precision); the edges, and a page too small for the module, in blurInto.
 * It is sent to a worker thread as its source (BAND_WORKER): it may use only gaussianKernel and blurInto.
 */
export function richardsonLucy(
  page: GreyRaster,
  sigma: number,
  steps: number,
  simd: Uint8Array<ArrayBuffer>,
): GreyRaster {
  const { data, width, height } = page;
  const n = width * height;
  const kernel = gaussianKernel(sigma);
  const r = (kernel.length - 1) / 2;
  // The memory: the kernel's weights from the centre out (float64), then five float32 arrays.
  const bytes = n * 4 + 16;
  const at = (k: number) => 16 * (r + 1) + k * bytes;
  const memory = new WebAssembly.Memory({ initial: Math.ceil(at(5) / 65536) });
  const wasm = new WebAssembly.Instance(new WebAssembly.Module(simd), { m: { memory } }).exports as Record<
    'hblur' | 'vblur' | 'ratio' | 'product',
    (...args: number[]) => void
  > & { run: WebAssembly.Global };
  new Float64Array(memory.buffer, 0, r + 1).set(kernel.subarray(r));
  const [observed, estimate, tmp, blurred, ratio] = [0, 1, 2, 3, 4].map(
    (k) => new Float32Array(memory.buffer, at(k), n),
  );
  // blurInto's interior passes in the module, over the arrays blurInto is given.
  const interiorOf = (from: number): BlurInterior => ({
    run: Number(wasm.run.value),
    rows: () => wasm.hblur(at(from), at(2), width, 0, height, r, width - r, 0, r, 4),
    columns: () => wasm.vblur(at(2), at(3), width, r, height - r, 0, width, 0, r, 4 * width),
  });
  const [ofEstimate, ofRatio] = [interiorOf(1), interiorOf(4)];
  // Ink (255 − grey, + 1 so that no value is 0): the print is the signal, the paper its absence.
  for (let i = 0; i < n; i++) observed[i] = 256 - data[i];
  estimate.set(observed);
  for (let s = 0; s < steps; s++) {
    blurInto(estimate, width, height, kernel, tmp, blurred, ofEstimate);
    // Pairs in the module, the last pixel of an odd count here.
    wasm.ratio(at(0), at(3), at(4), n);
    if (n % 2) ratio[n - 1] = observed[n - 1] / Math.max(1e-3, blurred[n - 1]);
    blurInto(ratio, width, height, kernel, tmp, blurred, ofRatio);
    wasm.product(at(1), at(3), n);
    if (n % 2) estimate[n - 1] *= blurred[n - 1];
  }
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.max(0, Math.min(255, Math.round(256 - estimate[i])));
  return { data: out, width, height };
}

/**
 * A worker thread that deconvolves the raster it is given (`workerData`) and posts the pixels back.
 * The functions go as their source (the gateway is bundled: no file of its own sits beside it);
 * `__name`: a transform that keeps function names wraps them in it (as ocr-process.ts's engines).
 */
const BAND_WORKER = `var __name = (f) => f;
${gaussianKernel.toString()}
${blurInto.toString()}
${richardsonLucy.toString()}
const { parentPort, workerData } = require('node:worker_threads');
const { page, sigma, steps, simd } = workerData;
const { data } = richardsonLucy(page, sigma, steps, simd);
parentPort.postMessage(data, [data.buffer]);`;

/** The deconvolution's WebAssembly (ADR 111), assembled once. */
export const DEBLUR_SIMD = deblurSimdModule();

function deconvolvedInWorker(page: GreyRaster, sigma: number, steps: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(BAND_WORKER, { eval: true, workerData: { page, sigma, steps, simd: DEBLUR_SIMD } });
    worker.once('message', (data: Uint8Array) => resolve(data));
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the deconvolution's worker exited (${String(code)})`)));
  });
}

/** Bands deconvolved at once: one a core, two at most (the OCR keeps one core's work, issue 36 §7). */
const BANDS = Math.min(2, availableParallelism());

/**
 * The part of a grey photo within `box` (the page's corners' bounding box, a margin around)
 * deconvolved in place: phone blur is the same across the photo, so its deviation is the photo's,
 * and the photo's page holds fewer pixels than the page flattened for the OCR.
 * ADR 109: off the event loop, in worker threads, cut in `bands` of rows deconvolved at once. Each
 * band is deconvolved with `reach` rows of its neighbours: what `steps` iterations of two blurs of
 * the kernel's radius carry from a cut edge. The rows kept are then the same to the bit as those of
 * the whole part deconvolved at once.
 */
export async function deblurWithin(
  photo: GreyRaster,
  box: { left: number; top: number; right: number; bottom: number },
  sigma: number,
  steps: number,
  bands = BANDS,
): Promise<void> {
  const margin = Math.ceil(sigma * 3);
  const left = Math.max(0, Math.floor(box.left) - margin);
  const top = Math.max(0, Math.floor(box.top) - margin);
  const right = Math.min(photo.width, Math.ceil(box.right) + margin);
  const bottom = Math.min(photo.height, Math.ceil(box.bottom) + margin);
  const width = right - left;
  const height = bottom - top;
  if (width < 1 || height < 1) return;
  const reach = steps * 2 * ((gaussianKernel(sigma).length - 1) / 2);
  // A band shorter than twice its reach would cost more than it saves.
  const count = Math.max(1, Math.min(bands, Math.floor(height / (2 * reach))));
  const cuts = Array.from({ length: count + 1 }, (_, i) => Math.round((i * height) / count));
  await Promise.all(
    cuts.slice(1).map(async (to, i) => {
      const from = cuts[i];
      const first = Math.max(0, from - reach);
      const last = Math.min(height, to + reach);
      const band = new Uint8Array(width * (last - first));
      for (let y = first; y < last; y++)
        band.set(
          photo.data.subarray((top + y) * photo.width + left, (top + y) * photo.width + right),
          (y - first) * width,
        );
      const restored = await deconvolvedInWorker({ data: band, width, height: last - first }, sigma, steps);
      for (let y = from; y < to; y++)
        photo.data.set(restored.subarray((y - first) * width, (y - first + 1) * width), (top + y) * photo.width + left);
    }),
  );
}
