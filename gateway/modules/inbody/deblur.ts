// Issue 36 (ADR 094): a blurred photo's print deconvolved before the OCR reads it. Phone blur is
// close to a Gaussian point spread; Richardson–Lucy's iteration restores what such a blur of a
// known width took away (the point of "42.7", the gap between the 1s of "11.2").

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

/** `src` blurred by the separable `kernel` into `out` (`tmp`: scratch of the same size); edges clamped. */
export function blurInto(
  src: Float32Array,
  width: number,
  height: number,
  kernel: Float32Array,
  tmp: Float32Array,
  out: Float32Array,
): Float32Array {
  const r = (kernel.length - 1) / 2;
  const k0 = kernel[r];
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < width; x++) {
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
  for (let y = 0; y < height; y++) {
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

/** Awaited between two iterations: the gateway answers what waits (a step on a page box is ≈ 30 ms of CPU). */
type Pause = () => Promise<void>;
const noPause: Pause = () => Promise.resolve();

/**
 * Richardson–Lucy deconvolution of a grey page by a Gaussian of deviation `sigma` px, `steps`
 * iterations (the image as ink on paper: the dark print is what the blur spread), `pause` awaited
 * after each.
 */
export async function richardsonLucy(
  page: GreyRaster,
  sigma: number,
  steps: number,
  pause: Pause = noPause,
): Promise<GreyRaster> {
  const { data, width, height } = page;
  const n = width * height;
  const kernel = gaussianKernel(sigma);
  // Ink (255 − grey, + 1 so that no value is 0): the print is the signal, the paper its absence.
  const observed = new Float32Array(n);
  for (let i = 0; i < n; i++) observed[i] = 256 - data[i];
  const estimate = Float32Array.from(observed);
  const tmp = new Float32Array(n);
  const blurred = new Float32Array(n);
  const ratio = new Float32Array(n);
  for (let s = 0; s < steps; s++) {
    blurInto(estimate, width, height, kernel, tmp, blurred);
    for (let i = 0; i < n; i++) ratio[i] = observed[i] / Math.max(1e-3, blurred[i]);
    blurInto(ratio, width, height, kernel, tmp, blurred);
    for (let i = 0; i < n; i++) estimate[i] *= blurred[i];
    await pause();
  }
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.max(0, Math.min(255, Math.round(256 - estimate[i])));
  return { data: out, width, height };
}

/**
 * The part of a grey photo within `box` (the page's corners' bounding box, a margin around)
 * deconvolved in place: phone blur is the same across the photo, so its deviation is the photo's,
 * and the photo's page holds fewer pixels than the page flattened for the OCR.
 */
export async function deblurWithin(
  photo: GreyRaster,
  box: { left: number; top: number; right: number; bottom: number },
  sigma: number,
  steps: number,
  pause: Pause = noPause,
): Promise<void> {
  const margin = Math.ceil(sigma * 3);
  const left = Math.max(0, Math.floor(box.left) - margin);
  const top = Math.max(0, Math.floor(box.top) - margin);
  const right = Math.min(photo.width, Math.ceil(box.right) + margin);
  const bottom = Math.min(photo.height, Math.ceil(box.bottom) + margin);
  const width = right - left;
  const height = bottom - top;
  if (width < 1 || height < 1) return;
  const region = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    region.set(photo.data.subarray((top + y) * photo.width + left, (top + y) * photo.width + right), y * width);
  const restored = (await richardsonLucy({ data: region, width, height }, sigma, steps, pause)).data;
  for (let y = 0; y < height; y++)
    photo.data.set(restored.subarray(y * width, (y + 1) * width), (top + y) * photo.width + left);
}
