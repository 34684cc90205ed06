// The body of `npm run bench:ocr` (bundled and run by ocr.mjs), issue 36 §5 and §7: the InBody
// reader on the development set (tests/support/sheets/: two independently written renderers,
// photographed on wood, dark desks, in a hand, on other papers), through the gateway's own
// pipeline (upload re-encode → sheet-reader → checks), one photo at a time on one OCR thread. The
// new reader (page found by its corners, warped flat) and the old one (projection deskew) read the
// same photos in the same run, alternately, so that the machine's load falls on both alike.
// Default: the UNSEEN part, reported only. `--part tuning|validation` for work on the reader.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import { inbodyCoreFields, inbodySegments, inbodyTopFields } from '#api/inbody-fields.ts';
import { decodeImage, encodeImage } from '#gateway/modules/media/image.ts';
import { createOcrPool, type Recognize } from '#gateway/modules/inbody/ocr-pool.ts';
import type { OcrLine } from '#gateway/modules/inbody/parse.ts';
import { readSheet, startedWithTheOcr, type SheetReading } from '#gateway/modules/inbody/sheet-reader.ts';
import type { SheetLayout, SheetTruth } from '#tests/support/inbody-sheet.ts';
import type { Category } from '#tests/support/sheets/camera.ts';
import { devSetMaker, type Part } from '#tests/support/sheets/dev-set.ts';
import { findChromium } from '#scripts/lib/chromium.mjs';
import { asThePhoneSends } from './phone-photo.ts';

const { values: options } = parseArgs({
  options: {
    per: { type: 'string', default: '16' },
    // --from N: the photos N … N + per − 1 of each category (a larger sample without re-reading the first ones).
    from: { type: 'string', default: '0' },
    part: { type: 'string', default: 'unseen' },
    categories: { type: 'string', default: 'clean,mild,hard' },
    readers: { type: 'string', default: 'new,old' },
    cache: { type: 'string' },
    failures: { type: 'boolean', default: false },
    // --times: each column's seconds a photo, sorted (no photo named: safe on the unseen part), so that
    // runs over parts of a sample can be put together for a percentile of the whole (issue 36 §7's p95).
    times: { type: 'boolean', default: false },
    // --wrong: every wrong value read, confirmed or not, with its reading's OCR confidence (how near a
    // misread comes to a sure word; ADR 092). Tuning and validation parts only.
    wrong: { type: 'boolean', default: false },
    save: { type: 'string' },
    // Issue 36 / 39: the phone shrinks the photo before it uploads it (app/ui/shrink-image.ts: a
    // canvas, JPEG); the bench judges the photo as the gateway receives it. --phone SIDE:QUALITY,
    // default the app's (issue 39: 1800 px, JPEG 0.85); SIDE:QUALITY:webp for a WebP (ADR 082).
    phone: { type: 'string', default: '1800:0.85' },
  },
});
const [phoneSide, phoneQuality] = options.phone.split(':').map(Number);
const phoneFormat = options.phone.split(':')[2] === 'webp' ? 'webp' : 'jpeg';
const sentBytes: number[] = [];
const per = Number(options.per);
const from = Number(options.from);
const part = options.part as Part;
const categories = options.categories.split(',') as Category[];
// tess: the new reader without the second engine (ADR 086), to weigh what PaddleOCR's recognizer adds in the same run.
type ReaderName = 'new' | 'old' | 'tess';
const readers = options.readers.split(',') as ReaderName[];

/** Each field the bench scores: its true value and where the reader puts it. */
function expected(truth: SheetTruth, layout: SheetLayout): Record<string, number | string> {
  const out: Record<string, number | string> = {
    weight: truth.weight,
    skeletalMuscleMass: truth.skeletalMuscleMass,
    percentBodyFat: truth.percentBodyFat,
    bodyFatMass: truth.bodyFatMass,
    score: truth.score,
    totalBodyWater: truth.totalBodyWater,
    protein: truth.protein,
    minerals: truth.minerals,
  };
  for (const s of inbodySegments) {
    out[`leanBodyMass.${s}MuscleMass`] = truth.lean[s].kg;
    out[`leanBodyMass.${s}MusclePercentage`] = truth.lean[s].percent;
    out[`leanBodyMass.${s}Status`] = truth.lean[s].status;
    if (layout === '570') {
      out[`fatBodyMass.${s}FatMass`] = truth.fat[s].kg;
      out[`fatBodyMass.${s}FatPercentage`] = truth.fat[s].percent;
      out[`fatBodyMass.${s}Status`] = truth.fat[s].status;
    }
  }
  return out;
}

const valueAt = (values: Record<string, unknown>, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), values);

type Tally = {
  photos: number;
  coreAllRight: number;
  seconds: number[];
  cpu: number[];
  read: number;
  wrongSure: number;
  sure: number;
  unreadable: number;
  pageFound: number;
  fieldsRight: number;
  fields: number;
};
const tally = (): Tally => ({
  photos: 0,
  coreAllRight: 0,
  seconds: [],
  cpu: [],
  read: 0,
  wrongSure: 0,
  sure: 0,
  unreadable: 0,
  pageFound: 0,
  fieldsRight: 0,
  fields: 0,
});
const tallies = new Map<string, Tally>();
const tallyOf = (reader: ReaderName, category: Category) => {
  const key = `${reader} ${category}`;
  if (!tallies.has(key)) tallies.set(key, tally());
  return tallies.get(key)!;
};
const failures: string[] = [];

const pool = createOcrPool({ workers: 1, queue: 100, timeoutMs: 300_000 });
// --cache DIR: the OCR's lines kept per prepared image, so that a change to parse.ts or checks.ts is measured in seconds (times are then meaningless).
const cacheDir = options.cache;
const recognize: Recognize = async (image, read) => {
  if (!cacheDir) return pool.recognize(image, read);
  const key = createHash('sha256')
    .update(image)
    .update(read?.digits ? 'digits' : '')
    .digest('hex');
  const file = path.join(cacheDir, `${key}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OcrLine[];
  const lines = await pool.recognize(image, read);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify(lines));
  return lines;
};

// Peak resident memory of this process and the OCR's processes (ADR 089: each one's at its last answer).
let peakRss = 0;
const rssNow = () => process.memoryUsage.rss() + pool.processUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssNow())), 50);
const peakBy = new Map<ReaderName, number>();

function score(
  reader: ReaderName,
  category: Category,
  id: string,
  truth: SheetTruth,
  layout: SheetLayout,
  reading: SheetReading,
  seconds: number,
  cpu: number,
) {
  const t = tallyOf(reader, category);
  t.photos++;
  t.seconds.push(seconds);
  t.cpu.push(cpu);
  if (!reading.usable) t.unreadable++;
  if (reading.page === 'found') t.pageFound++;
  const want = expected(truth, layout);
  let core = true;
  const wrong: string[] = [];
  for (const [key, value] of Object.entries(want)) {
    const got = valueAt(reading.values, key);
    const right = got === value;
    t.fields++;
    if (right) t.fieldsRight++;
    if (got !== null && got !== undefined) t.read++;
    if (got !== null && got !== undefined && reading.confidence[key] === 'confirmed') t.sure++;
    if (!right && got !== null && got !== undefined && reading.confidence[key] === 'confirmed') {
      t.wrongSure++;
      wrong.push(`${key} ${String(got)}≠${String(value)}`);
    }
    if ((inbodyCoreFields as readonly string[]).includes(key) && !right) core = false;
  }
  if (core) t.coreAllRight++;
  if (wrong.length) failures.push(`${reader} WRONG AND CONFIRMED ${id}: ${wrong.join(', ')}`);
  if (options.wrong && part !== 'unseen')
    for (const [key, value] of Object.entries(want)) {
      const got = valueAt(reading.values, key);
      if (got === null || got === undefined || got === value) continue;
      // The readings that gave the value: a top field's list, a region's mass or % (its status is a word).
      const [table, name] = key.split('.');
      const region = name?.match(
        /^(rightArm|leftArm|trunk|rightLeg|leftLeg)(MuscleMass|FatMass|MusclePercentage|FatPercentage)$/,
      );
      const readings = (
        name === undefined
          ? ((reading.parsed as unknown as Record<string, { value: number; confidence: number; second?: boolean }[]>)[
              key
            ] ?? [])
          : region
            ? [
                reading.parsed[table === 'leanBodyMass' ? 'lean' : 'fat'][region[1] as 'trunk']?.[
                  /Mass$/.test(region[2]) ? 'kg' : 'percent'
                ],
              ].flatMap((r) => r ?? [])
            : []
      ).filter((r) => r.value === got);
      const ocr = readings.map((r) => `${String(Math.round(r.confidence))}${r.second ? 's' : ''}`).join('/');
      failures.push(
        `${reader} wrong ${id}: ${key} ${String(got)}≠${String(value)} ${reading.confidence[key]} ocr ${ocr || '–'}`,
      );
    }
  if (!core)
    failures.push(
      `${reader} core miss ${id} page ${reading.page}: ${inbodyCoreFields.map((k) => `${k} ${String(valueAt(reading.values, k))}/${String(want[k])}(${reading.confidence[k]})`).join(', ')}`,
    );
  // Under each miss, every reading of the top fields (value@confidence, "s" for the second engine's): why the checks chose as they did.
  if (!core)
    failures.push(
      `   read: ${inbodyTopFields.map((k) => `${k}=[${reading.parsed[k].map((r) => `${String(r.value)}@${String(r.confidence)}${r.second ? 's' : ''}`).join(' ')}]`).join(' ')}`,
    );
}

const browser = await chromium.launch({ executablePath: findChromium() });
const maker = await devSetMaker(browser);
for (const category of categories)
  for (let i = from; i < from + per; i++) {
    const photo = await maker.make(part, category, i);
    const sent = await asThePhoneSends(photo.photo.jpeg, phoneSide, phoneQuality, phoneFormat);
    sentBytes.push(sent.byteLength);
    if (options.save) {
      mkdirSync(options.save, { recursive: true });
      writeFileSync(path.join(options.save, `${category}-${String(i)}.jpg`), photo.photo.jpeg);
    }
    // Alternate which reader goes first: a warm cache or a busy neighbour favours neither.
    const order = i % 2 ? [...readers].reverse() : readers;
    for (const reader of order) {
      const cpu0 = process.cpuUsage();
      // ADR 089: the OCR engines run in processes of their own; their CPU is the photo's too.
      const ocrCpu0 = pool.processUsage().cpuSeconds;
      const start = performance.now();
      // ADR 108, 112: as the service does, the photo kept is encoded while the reader reads its decoded
      // pixels, from when the page is handed to the OCR; the old reader (issue 14) read the kept WebP.
      const decoded = await decodeImage(sent, { maxSide: 2400 });
      const stored = startedWithTheOcr(recognize, () => encodeImage(decoded));
      const input = reader === 'old' ? (await stored.done()).bytes : decoded;
      // A photo the OCR gives up on (time-out) is an unreadable one, as the gateway answers it (103).
      const reading = await readSheet(input, stored.recognize, {
        reader: reader === 'old' ? 'projection' : 'page',
        readLines: reader === 'new' ? pool.readLines : undefined,
        detectLines: reader === 'new' ? pool.detectLines : undefined,
      }).catch((error: unknown) => {
        failures.push(`${reader} failed ${photo.id}: ${String(error)}`);
        return undefined;
      });
      await stored.done();
      if (!reading) {
        tallyOf(reader, category).photos++;
        tallyOf(reader, category).unreadable++;
        continue;
      }
      const seconds = (performance.now() - start) / 1000;
      const cpu = process.cpuUsage(cpu0);
      const ocrCpu = pool.processUsage().cpuSeconds - ocrCpu0;
      score(
        reader,
        category,
        photo.id,
        photo.truth,
        photo.layout,
        reading,
        seconds,
        (cpu.user + cpu.system) / 1e6 + ocrCpu,
      );
      peakBy.set(reader, Math.max(peakBy.get(reader) ?? 0, rssNow()));
    }
  }
await maker.close();
await browser.close();
await pool.close();
clearInterval(sampler);

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;
const columns = categories.flatMap((c) => readers.map((r) => [r, c] as const));
const cell = (f: (t: Tally) => string) => columns.map(([r, c]) => f(tallyOf(r, c)));
const rows: string[][] = [
  ['photos', ...cell((t) => String(t.photos))],
  ['all five core fields exact', ...cell((t) => pct(t.coreAllRight, t.photos))],
  ['every field exact', ...cell((t) => pct(t.fieldsRight, t.fields))],
  ['wrong and confirmed, of values read', ...cell((t) => pct(t.wrongSure, t.read))],
  // ADR 090: what a rule that refuses more costs the member (more values shown as doubtful).
  ['confirmed, of values read', ...cell((t) => pct(t.sure, t.read))],
  ['unreadable (103)', ...cell((t) => String(t.unreadable))],
  ['whole page found', ...cell((t) => String(t.pageFound))],
  ['seconds a photo, mean', ...cell((t) => mean(t.seconds).toFixed(2))],
  ['seconds a photo, p95', ...cell((t) => p95(t.seconds).toFixed(2))],
  ['CPU seconds a photo, mean', ...cell((t) => mean(t.cpu).toFixed(2))],
];
const width = rows.reduce((w, r) => Math.max(w, r[0].length), 0);
const head = columns.map(([r, c]) => `${r} ${c}`.padStart(11));
console.log(
  `\nInBody OCR bench, ${part} part: ${String(per)} photos a category${from ? ` from photo ${String(from)}` : ''} (html/magick renderers × 270/570 × en/vi), sent as the phone shrinks them (${String(phoneSide)} px, ${phoneFormat === 'webp' ? 'WebP' : 'JPEG'} ${String(phoneQuality)}), one OCR thread; new = page finder, boxes and the second engine, tess = the same without it, old = projection (issue 14)\n`,
);
console.log(`| ${'measure'.padEnd(width)} | ${head.join(' | ')} |`);
console.log(`|${'-'.repeat(width + 2)}|${head.map(() => '-'.repeat(13)).join('|')}|`);
for (const [name, ...cells] of rows)
  console.log(`| ${name.padEnd(width)} | ${cells.map((c) => c.padStart(11)).join(' | ')} |`);
console.log(
  `\nphotos as sent (${options.phone ? `phone shrinks to ${options.phone}` : 'as made'}): mean ${(mean(sentBytes) / 1e3).toFixed(0)} KB, max ${(Math.max(...sentBytes) / 1e3).toFixed(0)} KB`,
);
console.log(
  `\npeak RSS of the bench process and the OCR's process (Chromium apart): ${(peakRss / 2 ** 20).toFixed(0)} MB; after the last photo of each reader: ${readers.map((r) => `${r} ${((peakBy.get(r) ?? 0) / 2 ** 20).toFixed(0)} MB`).join(', ')}`,
);
if (options.times)
  for (const [r, c] of columns)
    console.log(
      `\nseconds a photo, ${r} ${c}, sorted: ${[...tallyOf(r, c).seconds]
        .sort((a, b) => a - b)
        .map((x) => x.toFixed(2))
        .join(' ')}`,
    );
// The unseen part's failures are not printed unless asked: nobody tunes the reader on them.
if (failures.length && (part !== 'unseen' || options.failures)) console.log(`\n${failures.join('\n')}`);
else if (failures.length)
  console.log(
    `\n${String(failures.length)} failures on the unseen part (not shown: --failures shows them; do not tune on them)`,
  );
