import sharp from 'sharp';
import { expect, test } from 'vitest';
import type { OcrLine } from './parse.ts';
import {
  columnsStacked,
  contrastStretched,
  evenLight,
  levelled,
  prepareSheet,
  readSheet,
  slantOf,
  startedWithTheOcr,
} from './sheet-reader.ts';
import { printedPhoto } from '#tests/support/printed-photo.ts';

// Issue 36 §3/§4: the score printed large beside a small "/100 Points" loses its slash or its first
// digit; its line is read again, cut out and enlarged, and only an "NN/100" read counts as sure.
const line = (text: string, box?: OcrLine['box']): OcrLine => ({
  text,
  words: text.split(/\s+/).map((w) => ({ text: w, confidence: 95 })),
  box,
});
/** The composition table's rows of one made-up sheet (they add up: weight = water + protein + minerals + fat). */
const COMPOSITION = [
  'Total Body Water (L) 42.1 (36.3 ~ 44.3)',
  'Protein (kg) 11.4 (9.7 ~ 11.9)',
  'Minerals (kg) 3.92 (3.36 ~ 4.11)',
  'Body Fat Mass (kg) 15.6 (8.0 ~ 15.9)',
  'Weight (kg) 73.0 (55.8 ~ 75.4)',
];
const sheet = (scoreLine: OcrLine) => [
  line('InBody InBody270'),
  ...COMPOSITION.map((text) => line(text)),
  line('SMM Skeletal Muscle Mass (kg) 32.0'),
  line('PBF Percent Body Fat (%) 21.4'),
  line('InBody Score'),
  scoreLine,
];

let doubtfulCalls = 0;
const photo = () => printedPhoto(600, 800);

test('a score read "5/100" is read again from its line, and the "75/100" read there is the score (offered: tesseract alone, ADR 092)', async () => {
  const calls: number[] = [];
  const reading = await readSheet(await photo(), async (image) => {
    calls.push(image.length);
    return calls.length === 1
      ? sheet(line('5/100 Points', { x0: 100, y0: 300, x1: 400, y1: 340 }))
      : [line('75/100 Points')];
  });
  expect(calls).toHaveLength(2);
  expect([reading.values.score, reading.confidence.score]).toEqual([75, 'doubtful']);
});

test('ADR 110: the page and the crops read again go to the OCR as binary PGMs: a header, then one byte a pixel', async () => {
  const images: Buffer[] = [];
  await readSheet(await photo(), async (image) => {
    images.push(image);
    return images.length === 1 ? sheet(line('5/100 Points', { x0: 100, y0: 300, x1: 400, y1: 340 })) : [];
  });
  expect(images.length).toBeGreaterThanOrEqual(2);
  for (const image of images) {
    const header = /^P5\n(\d+) (\d+)\n255\n/.exec(image.subarray(0, 40).toString('latin1'));
    expect(header).not.toBeNull();
    const [text, width, height] = header ?? ['', '0', '0'];
    expect(image.length).toBe(text.length + Number(width) * Number(height));
  }
  // The score's line cut out is enlarged twice and given a white margin of 20 px.
  const cropWidth = Number(/^P5\n(\d+)/.exec(images[1].toString('latin1'))?.[1]);
  expect(cropWidth).toBeGreaterThan(2 * 300);
});

test('a second reading that finds no "NN/100" leaves the score doubtful; a line without a box is not read again', async () => {
  const doubtful = await readSheet(await photo(), async (image) =>
    image.length > 0 && doubtfulCalls++ === 0
      ? sheet(line('90 100 Points', { x0: 100, y0: 300, x1: 400, y1: 340 }))
      : [line('90 100 Points')],
  );
  expect([doubtful.values.score, doubtful.confidence.score]).toEqual([90, 'doubtful']);
  let calls = 0;
  await readSheet(await photo(), async () => {
    calls++;
    return sheet(line('90 100 Points'));
  });
  expect(calls).toBe(1);
});

/** A white 200 × 300 raw page and a pen that inks rectangles on it. */
function blankPage() {
  const width = 200;
  const height = 300;
  const data = Buffer.alloc(width * height, 255);
  const ink = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y < y1; y++) data.fill(0, y * width + x0, y * width + x1);
  };
  return { width, height, data, ink };
}

test('the two columns are stacked under the header from the raw page, copied row by row (ADR 084)', () => {
  const { width, height, data, ink } = blankPage();
  ink(10, 10, 190, 20); // the header's rule, across the gutter
  ink(10, 60, 90, 70); // the left column's row
  ink(120, 100, 190, 110); // the right column's row
  const stacked = columnsStacked({ data, width, height });
  expect(stacked.width).toBe(width);
  // Bands of dark rows, each with the x of its first dark pixel.
  const bands: { y: number; x: number }[] = [];
  let previous = false;
  for (let y = 0; y < stacked.height; y++) {
    const row = stacked.data.subarray(y * width, (y + 1) * width);
    const x = row.findIndex((v) => v < 110);
    if (x >= 0 && !previous) bands.push({ y, x });
    previous = x >= 0;
  }
  // Header, the left column's row, then the right column's row under it, moved to the left edge.
  expect(bands).toHaveLength(3);
  expect([bands[0].x, bands[1].x]).toEqual([10, 10]);
  expect(bands[2].x).toBeLessThan(100);
  expect(bands[2].y).toBeGreaterThan(bands[1].y);
});

test("a speck in the gutter does not split the right column through the score's large digits: the header's rule does (ADR 084)", () => {
  const { width, height, data, ink } = blankPage();
  ink(10, 10, 190, 12); // the header's rule, across the gutter
  ink(130, 30, 160, 80); // the score's large digits, from above the columns' usual start (15 %) to below it
  ink(10, 60, 90, 70); // the left column's row
  data[45 * width + 100] = 0; // a speck in the gutter at 15 % of the height
  const stacked = columnsStacked({ data, width, height });
  const bands: number[] = [];
  let previous = false;
  for (let y = 0; y < stacked.height; y++) {
    // (The speck alone is no band.)
    const dark = stacked.data.subarray(y * width, (y + 1) * width).filter((v) => v < 110).length >= 3;
    if (dark && !previous) bands.push(y);
    previous = dark;
  }
  // The rule, the left row, the digits whole: three bands (the digits cut in two would make four).
  expect(bands).toHaveLength(3);
});

test("a left column's heading band reaching into the gutter is no header rule: the InBody Score box stays whole", () => {
  const { width, height, data, ink } = blankPage();
  ink(10, 10, 190, 12); // the header's rule, across the page
  ink(10, 36, 125, 44); // the composition's heading band, into the gutter, above the columns' usual start (15 %)
  ink(130, 30, 170, 34); // the score box's title, level with the band
  ink(130, 50, 160, 80); // the score's large digits
  ink(10, 60, 90, 70); // the left column's row
  const stacked = columnsStacked({ data, width, height });
  // The header ends under its rule; split at the band, the title would stay in the header without its digits.
  expect(stacked.parts?.[0].height).toBe(15);
});

test('a score whose large digits are read as letters ("DY /100") is read again with digits only, and only offered (ADR 084)', async () => {
  const reads: (boolean | undefined)[] = [];
  const reading = await readSheet(await photo(), async (_image, options) => {
    reads.push(options?.digits);
    if (reads.length === 1) return sheet(line('DY /100 Diém', { x0: 100, y0: 300, x1: 400, y1: 340 }));
    return options?.digits ? [line('59 /100 0')] : [line('DY /100 Diém')];
  });
  expect(reads.slice(0, 3)).toEqual([undefined, undefined, true]);
  expect([reading.values.score, reading.confidence.score]).toEqual([59, 'doubtful']);
});

test('ADR 092: where only SMM and the score are unconfirmed, only the boxes that hold them are read again', async () => {
  // The blank photo's page is 1700 × 453 px: the lines' boxes lie inside it.
  const at = (y: number) => ({ x0: 50, y0: y, x1: 900, y1: y + 12 });
  const page = [
    line('InBody InBody270'),
    line('Body Composition Analysis', at(20)),
    ...COMPOSITION.map((text, k) => line(text, at(40 + 20 * k))),
    line('Muscle-Fat Analysis', at(150)),
    line('SMM Skeletal Muscle Mass (kg) 32.0', at(170)),
    line('Obesity Analysis', at(200)),
    line('PBF Percent Body Fat (%) 21.4', at(220)),
    line('InBody Score', at(260)),
    line('78/100 Points', at(280)),
  ];
  let calls = 0;
  const reading = await readSheet(await printedPhoto(1000, 1400), async () => (calls++ === 0 ? page : []));
  // Weight, fat mass and PBF confirmed by the sums: the page, the Muscle-Fat box once, the score box at its two scales.
  expect(reading.confidence).toMatchObject({ weight: 'confirmed', percentBodyFat: 'confirmed', score: 'doubtful' });
  expect(calls).toBe(4);
});

/** A white page `across` px wide (A4) with lines of "print", on a dark desk, blurred by `blur`. */
const pageOnDesk = async (across: number, blur: number) => {
  const down = Math.round(across * 1.414);
  const rows = Array.from(
    { length: 30 },
    (_, k) =>
      `<rect x="${String(across * 0.1)}" y="${String(down * (0.08 + k * 0.028))}" width="${String(across * 0.6)}" height="${String(down * 0.008)}" fill="#222"/>`,
  ).join('');
  const page = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(across)}" height="${String(down)}"><rect width="100%" height="100%" fill="#f4f4f0"/>${rows}</svg>`,
  );
  return sharp({ create: { width: 1500, height: 2000, channels: 3, background: '#303038' } })
    .composite([{ input: page, left: Math.round((1500 - across) / 2), top: Math.round((2000 - down) / 2) }])
    .blur(blur)
    .jpeg()
    .toBuffer();
};

test("ADR 091: a small page is measured once on the way (is it soft?), and the measures go out with the page (the unreadable reason's); a large one is not measured", async () => {
  const small = await prepareSheet(await pageOnDesk(800, 4));
  if (small === 'blank') throw new Error('a page with print is not blank');
  expect(small.corners).not.toBeNull();
  expect(small.measures?.sharpness).toBeGreaterThan(0);
  expect(small.measures?.bright).toBeGreaterThan(200);
  const large = await prepareSheet(await pageOnDesk(1200, 4));
  if (large === 'blank') throw new Error('a page with print is not blank');
  expect(large.corners).not.toBeNull();
  expect(large.measures).toBeUndefined();
});

test('a blank page is unreadable at once: the OCR is never asked, the page is none', async () => {
  let calls = 0;
  const blank = await sharp({ create: { width: 800, height: 1100, channels: 3, background: '#f4f4f4' } })
    .jpeg()
    .toBuffer();
  const reading = await readSheet(blank, async () => {
    calls++;
    return sheet(line('InBody Score'));
  });
  expect([calls, reading.usable, reading.page]).toEqual([0, false, 'none']);
});

/** A flattened page (grey raster) with rows of print turned by `degrees`. */
async function rowsTurned(degrees: number) {
  const rows = Array.from(
    { length: 14 },
    (_, k) =>
      `<rect x="150" y="${String(200 + k * 70)}" width="${String(k % 3 === 0 ? 900 : 600)}" height="14" fill="#222"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1500"><rect width="1200" height="1500" fill="#fff"/><g transform="rotate(${String(degrees)} 600 750)">${rows}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 1 };
}

test('ADR 101: a flattened page whose print still slants (corners a little off) is turned level; a level page is left as it is', async () => {
  const slanted = await rowsTurned(4);
  expect(Math.abs(slantOf(slanted))).toBeGreaterThanOrEqual(3);
  const turned = await levelled(slanted);
  expect(turned.width).toBe(slanted.width);
  expect(Math.abs(slantOf({ ...turned, data: Buffer.from(turned.data) }))).toBeLessThanOrEqual(0.5);
  const level = await rowsTurned(0.3);
  expect(await levelled(level)).toBe(level);
});

/** A grey page of print (dark rows of text-like bars) under a shadow that darkens it from left to right. */
async function shadowedPage(width: number, height: number) {
  const rows = Array.from(
    { length: 14 },
    (_, k) =>
      `<rect x="${String(60 + (k % 4) * 30)}" y="${String(80 + k * 60)}" width="${String(300 + (k % 5) * 90)}" height="16" fill="#333"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}"><defs><linearGradient id="s"><stop offset="0" stop-color="#eee"/><stop offset="1" stop-color="#777"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#s)"/><g>${rows}</g></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

test("ADR 102: the contrast stretched by a table of 256 greys is sharp's normalise() to within one grey level", async () => {
  const page = await shadowedPage(900, 1000);
  const histogram = new Float64Array(256);
  for (const v of page.data) histogram[v]++;
  const ours = contrastStretched(page.data, histogram);
  const sharps = await sharp(page.data, { raw: { width: page.width, height: page.height, channels: 1 } })
    .normalise()
    .toColourspace('b-w')
    .raw()
    .toBuffer();
  let most = 0;
  for (let i = 0; i < ours.length; i++) most = Math.max(most, Math.abs(ours[i] - sharps[i]));
  expect(most).toBeLessThanOrEqual(1);
  // It did stretch: the print is black and the lit paper white.
  expect(ours.reduce((a, v) => Math.min(a, v), 255)).toBeLessThanOrEqual(2);
  expect(ours.reduce((a, v) => Math.max(a, v), 0)).toBeGreaterThanOrEqual(250);
  expect(page.data.reduce((a, v) => Math.max(a, v), 0)).toBeLessThan(240);
});

test('ADR 102: evenLight divides the shadow out: paper in the shadow comes out as light as lit paper, the print stays dark', async () => {
  const page = await shadowedPage(900, 1000);
  const even = await evenLight(page.data, page.width, page.height);
  const at = (x: number, y: number) => even.data[y * page.width + x];
  // Paper between the rows, lit (left) and shadowed (right); print in a row on the left.
  expect(page.data[50 * page.width + 850]).toBeLessThan(140);
  expect(Math.abs(at(40, 50) - at(850, 50))).toBeLessThanOrEqual(12);
  expect(at(850, 50)).toBeGreaterThan(220);
  expect(at(100, 88)).toBeLessThan(60);
});

test('ADR 112: the photo kept is encoded from when the page is handed to the OCR, once, or when asked for', async () => {
  const calls: string[] = [];
  const recognize = (image: Buffer) => {
    calls.push(`ocr ${image.toString()}`);
    return Promise.resolve([] as OcrLine[]);
  };
  const task = () => {
    calls.push('encode');
    return Promise.resolve('webp');
  };
  const kept = startedWithTheOcr(recognize, task);
  expect(calls).toEqual([]);
  await kept.recognize(Buffer.from('page'));
  await kept.recognize(Buffer.from('crop'));
  expect(calls).toEqual(['encode', 'ocr page', 'ocr crop']);
  expect(await kept.done()).toBe('webp');
  expect(calls).toHaveLength(3);
  // A photo the OCR never saw (a blank page): the task starts when its result is asked for.
  const blank = startedWithTheOcr(recognize, task);
  expect(await blank.done()).toBe('webp');
  expect(calls).toHaveLength(4);
});
