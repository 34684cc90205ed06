// ADR 111, 115: the deconvolution's inner loops (deblur.ts) as a small WebAssembly module, written
// here instruction by instruction (no compiler for WebAssembly is installed, and none is needed for
// four loops). The blurs sum in single precision, eight pixels a step in two f32x4 accumulators (ADR
// 115: a few pixels in a million end a grey level from the JavaScript's double sums); the ratio and
// the product go in f64x2 pairs, the same double operations as `richardsonLucy`'s JavaScript.
//
// Every address is a byte offset into the memory the caller gives (imported as m.memory); the
// float arrays are Float32Arrays there, the kernel's weights from its centre out as float64.
// A row's last run of eight is shifted back over pixels done already: a blurred pixel's value depends
// only on the source array, so computing it twice gives it twice.

import {
  add,
  combined,
  counting,
  double,
  get,
  greaterThan,
  I32,
  increase,
  int,
  lessThan,
  loadDouble,
  mul,
  select,
  set,
  shl,
  sub,
  unsigned,
  V128,
  wasmModule,
  type Fn,
} from './wasm-assembler.ts';

const simd = (op: number, ...immediates: number[]) => [0xfd, ...unsigned(op), ...immediates];
/** Two float32 from an address (4-byte aligned) `offset` bytes on, widened to f64x2. */
const loadPairAt = (offset: number) => [...simd(0x5d, 2, ...unsigned(offset)), ...simd(0x5f)];
const loadPair = loadPairAt(0);
/** f64x2 → two float32 in the low half (f32x4.demote_f64x2_zero). */
const narrow = simd(0x5e);
/** v128.store64_lane 0: the two float32 of the low half stored at an address, `offset` bytes on. */
const storePairAt = (offset: number) => simd(0x5b, 2, ...unsigned(offset), 0);
const storePair = storePairAt(0);
const splat = simd(0x14);
const times = simd(0xf2);
const over = simd(0xf3);
const larger = simd(0xf5);
/** Four float32 from, and to, an address (4-byte aligned) `offset` bytes on (v128.load, v128.store). */
const loadQuadAt = (offset: number) => simd(0x00, 2, ...unsigned(offset));
const storeQuadAt = (offset: number) => simd(0x0b, 2, ...unsigned(offset));
const plusQuad = simd(0xe4);
const timesQuad = simd(0xe6);
/** f32.demote_f64, then f32x4.splat: a double as a float32 in four lanes. */
const splatAsFloat = [0xb6, ...simd(0x13)];

/** The kernel's weight j (a float64 at kern + 8j) as float32 in four lanes (ADR 115). */
const weight = (kern: number, j: number[]) => [
  ...get(kern),
  ...j,
  ...int(3),
  ...shl,
  ...add,
  ...loadDouble,
  ...splatAsFloat,
];

/** Pixels a step of `convolution` computes: two f32x4 accumulators (the kernel's weight loaded once for both). */
const SIMD_RUN = 8;

/**
 * A pass of blurInto over rows y0 ≤ y < y1 and columns x0 ≤ x < x1 (x1 − x0 ≥ 8), its neighbours
 * `step` bytes apart (4: the row's; the width in bytes: the column's):
 * (src, dst, width, y0, y1, x0, x1, kern, r, step): a = k0·s[i]; a += k_j·(s[i − j] + s[i + j]),
 * stored once. ADR 115: in single precision, as the arrays are (blurInto's JavaScript sums the
 * first pass in double precision: a pixel here may differ from it in its float32's last places).
 */
function convolution(name: string): Fn {
  const [src, dst, width, y0, y1, x0, x1, kern, r, step] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
  const [y, x, at, j, p, offset, k, low, high] = [10, 11, 12, 13, 14, 15, 16, 17, 18];
  // The kernel's weight `k` times the four at `p` (bytes `from` further on), to start an accumulator.
  const first = (acc: number, from: number) => [...get(k), ...get(p), ...loadQuadAt(from), ...timesQuad, ...set(acc)];
  // The weight times the fours at `p ± offset` (bytes `from` further on), added to the accumulator.
  const term = (acc: number, from: number) => [
    ...get(acc),
    ...get(k),
    ...combined(p, sub, offset),
    ...loadQuadAt(from),
    ...combined(p, add, offset),
    ...loadQuadAt(from),
    ...plusQuad,
    ...timesQuad,
    ...plusQuad,
    ...set(acc),
  ];
  const stored = (acc: number, from: number) => [...get(p), ...get(acc), ...storeQuadAt(from)];
  const run = [
    // at = x + 8 ≤ x1 ? x : x1 − 8 (the last run shifted back over pixels done already)
    ...get(x),
    ...get(x1),
    ...int(SIMD_RUN),
    ...sub,
    ...get(x),
    ...get(x1),
    ...int(SIMD_RUN - 1),
    ...sub,
    ...lessThan,
    ...select,
    ...set(at),
    // p = src + (y·width + at)·4
    ...get(src),
    ...combined(y, mul, width),
    ...get(at),
    ...add,
    ...int(2),
    ...shl,
    ...add,
    ...set(p),
    ...weight(kern, int(0)),
    ...set(k),
    ...first(low, 0),
    ...first(high, 16),
    // j = 1…r, offset = j · step
    ...get(step),
    ...set(offset),
    ...counting(
      j,
      int(1),
      get(r),
      int(1),
      [...weight(kern, get(j)), ...set(k), ...term(low, 0), ...term(high, 16), ...increase(offset, get(step))],
      [...get(j), ...get(r), ...greaterThan],
    ),
    // dst + (p − src)
    ...get(dst),
    ...combined(p, sub, src),
    ...add,
    ...set(p),
    ...stored(low, 0),
    ...stored(high, 16),
  ];
  const body = counting(y, get(y0), get(y1), int(1), counting(x, get(x0), get(x1), int(SIMD_RUN), run));
  return {
    name,
    params: 10,
    locals: [
      [6, I32],
      [3, V128],
    ],
    body,
  };
}

/**
 * An element-wise pass over the first n − n % 2 float32, two at a time (the last of an odd count is
 * the caller's: `product` works in place, so a pair shifted back would multiply a pixel twice);
 * `pair` computes one pair at byte offset `off`.
 */
function elementWise(name: string, params: number, pair: (off: number) => number[]): Fn {
  const n = params - 1;
  const [i, off] = [params, params + 1];
  const body = counting(i, int(0), [...get(n), ...int(1), ...sub], int(2), [
    ...get(i),
    ...int(2),
    ...shl,
    ...set(off),
    ...pair(off),
  ]);
  return { name, params, locals: [[2, I32]], body };
}

/** ratio(observed, blurred, out, n): out = observed / max(1e-3, blurred), as richardsonLucy's step. */
const ratio = elementWise('ratio', 4, (off) => [
  ...combined(2, add, off),
  ...combined(0, add, off),
  ...loadPair,
  ...double(1e-3),
  ...splat,
  ...combined(1, add, off),
  ...loadPair,
  ...larger,
  ...over,
  ...narrow,
  ...storePair,
]);

/** product(estimate, blurred, n): estimate ·= blurred, as richardsonLucy's step. */
const product = elementWise('product', 3, (off) => [
  ...combined(0, add, off),
  ...combined(0, add, off),
  ...loadPair,
  ...combined(1, add, off),
  ...loadPair,
  ...times,
  ...narrow,
  ...storePair,
]);

/** The module's bytes: hblur, vblur, ratio and product over an imported memory (m.memory), and the global
 * `run`: how many pixels a step of the convolutions computes (their least interior). */
export function deblurSimdModule(): Uint8Array<ArrayBuffer> {
  return wasmModule([convolution('hblur'), convolution('vblur'), ratio, product], { run: SIMD_RUN });
}
