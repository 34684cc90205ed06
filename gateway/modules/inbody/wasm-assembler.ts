// ADR 111, 113: the pieces our small WebAssembly modules are written with, instruction by
// instruction (no compiler for WebAssembly is installed, and none is needed for a few loops): the
// binary format's encodings, the instructions the modules use, loops, and the module around a list
// of functions over an imported memory (m.memory). deblur-simd.ts and warp-wasm.ts are written in it.

export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;

export function unsigned(n: number): number[] {
  const out: number[] = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return out;
}

function signed(n: number): number[] {
  const out: number[] = [];
  for (;;) {
    const byte = n & 0x7f;
    n >>= 7;
    if ((n === 0 && !(byte & 0x40)) || (n === -1 && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
}

const vector = (items: number[][]): number[] => [...unsigned(items.length), ...items.flat()];
const text = (s: string): number[] => vector([...s].map((c) => [c.charCodeAt(0)]));
const section = (id: number, body: number[]): number[] => [id, ...unsigned(body.length), ...body];

// Locals and constants.
export const get = (local: number) => [0x20, ...unsigned(local)];
export const set = (local: number) => [0x21, ...unsigned(local)];
/** `local.tee`: set, and leave the value on the stack. */
export const kept = (local: number) => [0x22, ...unsigned(local)];
export const int = (n: number) => [0x41, ...signed(n)];
export const double = (value: number) => [0x44, ...new Uint8Array(new Float64Array([value]).buffer)];

// i32.
export const add = [0x6a];
export const sub = [0x6b];
export const mul = [0x6c];
export const and = [0x71];
export const or = [0x72];
export const shl = [0x74];
export const lessThan = [0x48];
export const greaterThan = [0x4a];
export const atLeast = [0x4e];
export const select = [0x1b];
/** i32.load8_u and i32.store8 at an address (no offset). */
export const loadByte = [0x2d, 0, 0];
export const storeByte = [0x3a, 0, 0];

// f64.
/** f64.load of the double `offset` bytes on from an address (8-byte aligned). */
export const loadDoubleAt = (offset: number) => [0x2b, 3, ...unsigned(offset)];
export const loadDouble = loadDoubleAt(0);
export const fAdd = [0xa0];
export const fSub = [0xa1];
export const fMul = [0xa2];
export const fDiv = [0xa3];
export const fFloor = [0x9c];
export const fAtMost = [0x65];
export const fAtLeast = [0x66];
/** f64.convert_i32_s and f64.convert_i32_u; i32.trunc_f64_s (the value must be in i32's range). */
export const fromInt = [0xb7];
export const fromUnsigned = [0xb8];
export const toInt = [0xaa];

// Control.
/** `while (!stop) { body }`: `stop` computes an i32, non-zero to end the loop. */
export const whileNot = (stop: number[], body: number[]) => [
  0x02,
  0x40,
  0x03,
  0x40,
  ...stop,
  0x0d,
  1,
  ...body,
  0x0c,
  0,
  0x0b,
  0x0b,
];
/** `if (condition) { then } else { otherwise }`, neither leaving a value. */
export const ifElse = (condition: number[], then: number[], otherwise: number[]) => [
  ...condition,
  0x04,
  0x40,
  ...then,
  0x05,
  ...otherwise,
  0x0b,
];

/** `local += by` (i32). */
export const increase = (local: number, by: number[]) => [...get(local), ...by, ...add, ...set(local)];
/** Two i32 locals combined by `op` (add, sub, mul), as `base op local`. */
export const combined = (base: number, op: number[], local: number) => [...get(base), ...get(local), ...op];
/** `for (local = from; local < end; local += by) body` over i32 locals (`stop`: another end test). */
export const counting = (
  local: number,
  from: number[],
  end: number[],
  by: number[],
  body: number[],
  stop = [...get(local), ...end, ...atLeast],
) => [...from, ...set(local), ...whileNot(stop, [...body, ...increase(local, by)])];

/** A function of `params` i32 parameters, its `locals` as [count, type] runs, returning nothing. */
export type Fn = { name: string; params: number; locals: [number, number][]; body: number[] };

/**
 * The module's bytes: the functions `fns` over an imported memory (m.memory), each exported by its
 * name, and the constant i32 globals `globals` exported by theirs.
 */
export function wasmModule(fns: Fn[], globals: Record<string, number> = {}): Uint8Array<ArrayBuffer> {
  const types = fns.map((f) => [0x60, ...vector(Array.from({ length: f.params }, () => [I32])), 0]);
  const code = fns.map((f) => {
    const body = [...vector(f.locals.map(([count, type]) => [...unsigned(count), type])), ...f.body, 0x0b];
    return [...unsigned(body.length), ...body];
  });
  const constants = Object.entries(globals);
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(2, vector([[...text('m'), ...text('memory'), 0x02, 0x00, 0x00]])),
    ...section(3, vector(fns.map((_, i) => unsigned(i)))),
    ...(constants.length ? section(6, vector(constants.map(([, value]) => [I32, 0x00, ...int(value), 0x0b]))) : []),
    ...section(
      7,
      vector([
        ...fns.map((f, i) => [...text(f.name), 0x00, ...unsigned(i)]),
        ...constants.map(([name], i) => [...text(name), 0x03, ...unsigned(i)]),
      ]),
    ),
    ...section(10, vector(code)),
  ]);
}
