import sharp from 'sharp';
import type { InbodyUnreadableReason } from '#api/inbody-fields.ts';
import { sharpOf, type PipelineImage } from '#gateway/modules/media/image.ts';

// Issue 36 §6 (ADR 066): when a sheet photo gives too few values, the member is told why in words.
// Two measures of the photo itself, on a grey copy 1000 px wide (so they do not depend on the
// camera's resolution): how bright its brightest parts are (a sheet is white paper: if even the
// brightest tenth of the photo is dim, the photo is too dark), and how sharp its sharpest parts are
// (the variance of the Laplacian in tiles: printed text gives strong edges; in a blurred photo even
// the sharpest tile is soft). The reader's own finding of the page (`page`) says whether the sheet
// was in the frame whole.

/** The side of the grey copy measured. */
const MEASURE_WIDTH = 1000;
/** The tile the sharpness is measured in: a few lines of 8-point print at this scale. */
const TILE = 50;
/** Below this, the brightest tenth of the photo is too dim to be lit paper (0–255). */
export const DARK_BRIGHT_LEVEL = 70;
/** Below this, the sharpest tenth of the tiles has no edge of printed text (Laplacian variance). */
export const BLUR_LEVEL = 120;

export type PhotoMeasures = {
  /** The 90th percentile of the grey levels, 0–255. */
  bright: number;
  /** The mean grey level, 0–255. */
  mean: number;
  /** The 90th percentile of the tiles' Laplacian variance. */
  sharpness: number;
};

const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** Brightness and sharpness of a photo (any format sharp decodes, or the pixels the upload decoded). */
export async function measurePhoto(photo: PipelineImage): Promise<PhotoMeasures> {
  const { data, info } = await sharpOf(photo)
    .rotate()
    .greyscale()
    .resize({ width: MEASURE_WIDTH, withoutEnlargement: false })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measuresOfGrey(data, info.width, info.height);
}

/**
 * The same measures of a photo the reader has decoded to grey already (sheet-reader.ts, a small
 * page): the grey copy is shrunk from it, not decoded from the JPEG a second time (≈ 25 ms of CPU
 * less a photo); the copy measured is the same, pixel for pixel.
 */
export async function measureGrey(photo: { data: Uint8Array; width: number; height: number }): Promise<PhotoMeasures> {
  const { data, info } = await sharp(photo.data, { raw: { width: photo.width, height: photo.height, channels: 1 } })
    .resize({ width: MEASURE_WIDTH, withoutEnlargement: false })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return measuresOfGrey(data, info.width, info.height);
}

/** Brightness and sharpness of the grey copy MEASURE_WIDTH px wide. */
function measuresOfGrey(data: Uint8Array, width: number, height: number): PhotoMeasures {
  const histogram = new Float64Array(256);
  let sum = 0;
  for (let i = 0; i < data.length; i++) {
    histogram[data[i]]++;
    sum += data[i];
  }
  let seen = 0;
  let bright = 255;
  for (let level = 0; level < 256; level++) {
    seen += histogram[level];
    if (seen >= data.length * 0.9) {
      bright = level;
      break;
    }
  }

  const tilesX = Math.floor((width - 2) / TILE);
  const tilesY = Math.floor((height - 2) / TILE);
  const variances = new Float64Array(Math.max(1, tilesX * tilesY));
  for (let ty = 0; ty < tilesY; ty++) {
    for (let tx = 0; tx < tilesX; tx++) {
      let s = 0;
      let s2 = 0;
      for (let y = 1 + ty * TILE; y < 1 + (ty + 1) * TILE; y++) {
        const row = y * width;
        for (let x = 1 + tx * TILE; x < 1 + (tx + 1) * TILE; x++) {
          const i = row + x;
          const lap = data[i - 1] + data[i + 1] + data[i - width] + data[i + width] - 4 * data[i];
          s += lap;
          s2 += lap * lap;
        }
      }
      const n = TILE * TILE;
      variances[ty * tilesX + tx] = s2 / n - (s / n) ** 2;
    }
  }
  variances.sort();
  return { bright, mean: sum / data.length, sharpness: percentile(variances, 0.9) };
}

/**
 * Below this spread of grey levels (the 1st to the 99th percentile) a photo has nothing printed in
 * it: a blank page, a wall, a lens cap. Printed text on paper spreads over 100 levels and more even
 * blurred or in dim light; such a photo is unreadable without being handed to the OCR.
 */
export const NO_PRINT_SPREAD = 24;

/** The spread of a photo's grey levels, 1st to 99th percentile (pixels of `channels` bytes, RGB or grey). */
export function greySpread(photo: { data: Uint8Array; channels: number }): number {
  const { data, channels } = photo;
  const histogram = new Uint32Array(256);
  for (let i = 0; i + channels <= data.length; i += channels) {
    const level = channels >= 3 ? (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8 : data[i];
    histogram[level] += 1;
  }
  const count = Math.floor(data.length / channels);
  const levelAt = (p: number) => {
    let seen = 0;
    for (let level = 0; level < 256; level++) {
      seen += histogram[level];
      if (seen > count * p) return level;
    }
    return 255;
  };
  return levelAt(0.99) - levelAt(0.01);
}

/** What the reader says of the page, when it says (the page finder's `page`); read defensively. */
const pageOf = (reading: unknown): 'found' | 'partial' | 'none' | undefined => {
  const page = (reading as { page?: unknown } | null | undefined)?.page;
  return page === 'found' || page === 'partial' || page === 'none' ? page : undefined;
};

/** The photo's measures the reader took on its way (sheet-reader.ts, a small page), when it took them. */
const measuresOf = (reading: unknown): PhotoMeasures | undefined => {
  const measures = (reading as { measures?: Partial<PhotoMeasures> } | null | undefined)?.measures;
  return typeof measures?.bright === 'number' && typeof measures.sharpness === 'number'
    ? (measures as PhotoMeasures)
    : undefined;
};

/**
 * Why a photo that gave too few values could not be read: too dark first (nothing else can be
 * judged), then no sheet found at all, then blurred, then a sheet found only in part, else the
 * values simply were not read.
 */
export async function unreadableReason(photo: PipelineImage, reading?: unknown): Promise<InbodyUnreadableReason> {
  const page = pageOf(reading);
  const measures = measuresOf(reading) ?? (await measurePhoto(photo).catch(() => null));
  if (measures && measures.bright < DARK_BRIGHT_LEVEL) return 'TOO_DARK';
  if (page === 'none') return 'NOT_WHOLE_SHEET';
  if (measures && measures.sharpness < BLUR_LEVEL) return 'BLURRED';
  if (page === 'partial') return 'NOT_WHOLE_SHEET';
  return 'NO_VALUES';
}
