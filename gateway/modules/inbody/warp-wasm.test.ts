import { expect, test } from 'vitest';
import { warp } from '#tests/support/sheets/warp.ts';
import { homography, type Quad } from './page-finder.ts';
import { warpGrey } from './warp-wasm.ts';

// ADR 113: the page flattened in WebAssembly is the JavaScript warp's page, to the bit.

/** A small deterministic generator (the same cases every run). */
function generator(seed: number) {
  return () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
}

const upright = (width: number, height: number): Quad => [
  { x: 0, y: 0 },
  { x: width - 1, y: 0 },
  { x: width - 1, y: height - 1 },
  { x: 0, y: height - 1 },
];

test('a grey photo warped by a homography gives the JavaScript warp’s bytes, pixel for pixel (sizes, tilts, pages beyond the photo)', () => {
  const random = generator(36);
  for (let round = 0; round < 24; round++) {
    // From a photo of one row or column to a few hundred pixels; pages smaller and larger than it.
    const sw = round === 0 ? 1 : 1 + Math.floor(random() * 300);
    const sh = round === 1 ? 1 : 1 + Math.floor(random() * 300);
    const data = Uint8Array.from({ length: sw * sh }, () => Math.floor(random() * 256));
    const width = 1 + Math.floor(random() * 240);
    const height = 1 + Math.floor(random() * 240);
    // The corners a little inside or outside the photo (up to 20 % beyond: white there).
    const at = (u: number, v: number) => ({
      x: (u + (random() - 0.5) * 0.4) * sw,
      y: (v + (random() - 0.5) * 0.4) * sh,
    });
    const corners: Quad = [at(0, 0), at(1, 0), at(1, 1), at(0, 1)];
    const map = homography(upright(width, height), corners);
    const expected = warp({ data, width: sw, height: sh, channels: 1 }, map, width, height, [255]).data;
    expect(warpGrey({ data, width: sw, height: sh }, map, width, height)).toEqual(expected);
  }
});

test('a sample halfway between two greys rounds up, as Math.round does (2.5 → 3, not to the even 2)', () => {
  // A photo of two columns, 2 and 3, read on a page three pixels wide: the middle one falls halfway.
  const photo = { data: Uint8Array.from([2, 3, 2, 3]), width: 2, height: 2 };
  const map = homography(upright(3, 2), upright(2, 2));
  const page = warpGrey(photo, map, 3, 2);
  expect([...page]).toEqual([2, 3, 3, 2, 3, 3]);
  expect(page).toEqual(warp({ ...photo, channels: 1 }, map, 3, 2, [255]).data);
});

test('a page that reaches beyond the photo is white there', () => {
  const data = new Uint8Array(10 * 10).fill(40);
  // The page's corners 5 px outside the photo on every side.
  const corners: Quad = [
    { x: -5, y: -5 },
    { x: 14, y: -5 },
    { x: 14, y: 14 },
    { x: -5, y: 14 },
  ];
  const page = warpGrey({ data, width: 10, height: 10 }, homography(upright(20, 20), corners), 20, 20);
  expect(page[0]).toBe(255);
  expect(page[10 * 20 + 10]).toBe(40);
});
