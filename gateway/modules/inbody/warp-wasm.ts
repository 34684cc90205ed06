// ADR 113: the page's flattening (page-finder.ts's `flatten`) as a small WebAssembly module, written
// with wasm-assembler.ts. Each output pixel is computed by the same double operations, in the same
// order, as the JavaScript warp computes it (the homography's point, then the bilinear sample of its
// four neighbours, rounded as Math.round rounds): the page comes out the same to the bit. On the
// tuning photos: 77–80 ms a page in JavaScript, 64–66 ms here (the memory made and the photo copied
// in included).

import {
  add,
  and,
  combined,
  counting,
  double,
  F64,
  fAdd,
  fAtLeast,
  fAtMost,
  fDiv,
  fFloor,
  fMul,
  fromInt,
  fromUnsigned,
  fSub,
  get,
  I32,
  ifElse,
  int,
  increase,
  kept,
  lessThan,
  loadByte,
  loadDoubleAt,
  mul,
  set,
  storeByte,
  sub,
  toInt,
  wasmModule,
} from './wasm-assembler.ts';

/**
 * grey(src, sw, sh, dst, width, y0, y1, map): the rows y0 ≤ y < y1 of dst (a page `width` bytes a row)
 * are the grey source (sw × sh bytes) sampled at `map` (the 3×3 homography, nine float64 at that
 * address) of each pixel, bilinear; 255 outside the source. As `warp` in JavaScript, but for a point that is no number (0 / 0, which
 * no page's homography gives): white here, where the JavaScript wrote 0.
 */
function grey() {
  const [src, sw, sh, dst, width, y0, y1, map] = [0, 1, 2, 3, 4, 5, 6, 7];
  const [y, x, ix, iy, row0, row1, out, ix1] = [8, 9, 10, 11, 12, 13, 14, 15];
  const m = Array.from({ length: 9 }, (_, k) => 16 + k);
  const [xf, yf, w, sx, sy, fx, fy, top, bottom, v, lastX, lastY, low, restX, restY] = Array.from(
    { length: 15 },
    (_, k) => 25 + k,
  );
  // The row's b·y of each of the homography's three rows (the same product for every pixel of the row).
  const alongRow = [40, 41, 42];
  // a·x + b·y + c, as (a·x + b·y) + c, b·y the row's.
  const affine = (a: number, b: number, c: number) => [
    ...get(m[a]),
    ...get(xf),
    ...fMul,
    ...get(alongRow[b]),
    ...fAdd,
    ...get(m[c]),
    ...fAdd,
  ];
  // The byte at `row` + `column`, as a double.
  const byteAt = (row: number, column: number) => [...combined(row, add, column), ...loadByte, ...fromUnsigned];
  // `near`·(1 − f) + `far`·f: one step of the bilinear sample (1 − f is `rest`).
  const between = (near: number[], far: number[], f: number, rest: number[]) => [
    ...near,
    ...rest,
    ...fMul,
    ...far,
    ...get(f),
    ...fMul,
    ...fAdd,
  ];
  const oneMinus = (f: number, rest: number) => [...double(1), ...get(f), ...fSub, ...set(rest)];
  // The source's row at a row index: src + index · sw.
  const rowAt = (index: number[]) => [...get(src), ...index, ...get(sw), ...mul, ...add];
  // index + (index < last ? 1 : 0): the next row or column, the last one's own.
  const next = (index: number, size: number) => [
    ...get(index),
    ...get(index),
    ...get(size),
    ...int(1),
    ...sub,
    ...lessThan,
    ...add,
  ];
  // 0 ≤ c ≤ last, for both coordinates (a point that is no number is outside).
  const within = (coordinate: number, last: number) => [
    ...get(coordinate),
    ...double(0),
    ...fAtLeast,
    ...get(coordinate),
    ...get(last),
    ...fAtMost,
    ...and,
  ];
  const inside = [...within(sx, lastX), ...within(sy, lastY), ...and];
  // A coordinate parted into its whole pixel (i32) and the fraction past it: floor(c), c − floor(c).
  const parted = (coordinate: number, whole: number, fraction: number) => [
    ...get(coordinate),
    ...fFloor,
    ...kept(low),
    ...toInt,
    ...set(whole),
    ...get(coordinate),
    ...get(low),
    ...fSub,
    ...set(fraction),
  ];
  const sample = [
    ...parted(sx, ix, fx),
    ...parted(sy, iy, fy),
    ...rowAt(get(iy)),
    ...set(row0),
    ...rowAt(next(iy, sh)),
    ...set(row1),
    ...next(ix, sw),
    ...set(ix1),
    ...oneMinus(fx, restX),
    ...oneMinus(fy, restY),
    ...between(byteAt(row0, ix), byteAt(row0, ix1), fx, get(restX)),
    ...set(top),
    ...between(byteAt(row1, ix), byteAt(row1, ix1), fx, get(restX)),
    ...set(bottom),
    ...between(get(top), get(bottom), fy, get(restY)),
    ...set(v),
    // Math.round(v), v ≥ 0: floor(v), one more when v − floor(v) ≥ 0.5 (exact for doubles).
    ...get(out),
    ...get(v),
    ...fFloor,
    ...kept(low),
    ...toInt,
    ...get(v),
    ...get(low),
    ...fSub,
    ...double(0.5),
    ...fAtLeast,
    ...add,
    ...storeByte,
  ];
  const pixel = [
    ...get(x),
    ...fromInt,
    ...set(xf),
    ...affine(6, 2, 8),
    ...set(w),
    ...affine(0, 0, 2),
    ...get(w),
    ...fDiv,
    ...set(sx),
    ...affine(3, 1, 5),
    ...get(w),
    ...fDiv,
    ...set(sy),
    ...ifElse(inside, sample, [...get(out), ...int(255), ...storeByte]),
    ...increase(out, int(1)),
  ];
  const body = [
    ...m.flatMap((local, k) => [...get(map), ...loadDoubleAt(k * 8), ...set(local)]),
    ...get(sw),
    ...int(1),
    ...sub,
    ...fromInt,
    ...set(lastX),
    ...get(sh),
    ...int(1),
    ...sub,
    ...fromInt,
    ...set(lastY),
    // out = dst + y0 · width
    ...get(dst),
    ...combined(y0, mul, width),
    ...add,
    ...set(out),
    ...counting(y, get(y0), get(y1), int(1), [
      ...get(y),
      ...fromInt,
      ...set(yf),
      ...[1, 4, 7].flatMap((k, i) => [...get(m[k]), ...get(yf), ...fMul, ...set(alongRow[i])]),
      ...counting(x, int(0), get(width), int(1), pixel),
    ]),
  ];
  return {
    name: 'grey',
    params: 8,
    locals: [
      [8, I32],
      [27, F64],
    ] as [number, number][],
    body,
  };
}

/** The module's bytes: `grey` over an imported memory (m.memory). */
export const warpModule = (): Uint8Array<ArrayBuffer> => wasmModule([grey()]);

let compiled: WebAssembly.Module | undefined;
/** Rows of the page a call of the module warps. */
const ROWS_A_CALL = 8;

/**
 * The grey `source` (sw × sh) sampled at `map` of each pixel of a width × height page (bilinear,
 * white outside): the JavaScript `warp` of one channel with white fill, to the bit.
 */
export function warpGrey(
  source: { data: Uint8Array; width: number; height: number },
  map: number[],
  width: number,
  height: number,
): Uint8Array {
  compiled ??= new WebAssembly.Module(warpModule());
  const from = 128;
  const to = from + source.width * source.height;
  const memory = new WebAssembly.Memory({ initial: Math.ceil((to + width * height) / 65536) });
  const { grey: run } = new WebAssembly.Instance(compiled, { m: { memory } }).exports as {
    grey: (...args: number[]) => void;
  };
  new Float64Array(memory.buffer, 0, 9).set(map);
  new Uint8Array(memory.buffer, from, source.width * source.height).set(
    source.data.subarray(0, source.width * source.height),
  );
  // A few rows a call: V8 compiles the module's code again, optimized, while it runs, and only a call
  // made after that runs the optimized code (one call for the page would run unoptimized throughout).
  for (let y = 0; y < height; y += ROWS_A_CALL)
    run(from, source.width, source.height, to, width, y, Math.min(height, y + ROWS_A_CALL), 0);
  // The page is read where the module wrote it (the memory is this page's alone): no copy.
  return new Uint8Array(memory.buffer, to, width * height);
}
