import { bilinear, type Raster } from '#gateway/modules/inbody/page-finder.ts';

/**
 * The output image of `width` × `height` whose pixel (x, y) is the source's at `map`(x, y)
 * (bilinear); outside the source: `fill`. Any number of channels: the development set's camera warps
 * its sheets with it. The reader flattened its grey page with it until ADR 113; warp-wasm.ts does now,
 * to the bit the same (warp-wasm.test.ts holds it to this).
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
      for (let c = 0; c < channels; c++) out[o + c] = Math.round(bilinear(data, sw, sh, channels, c, sx, sy));
    }
  }
  return { data: out, width, height, channels };
}
