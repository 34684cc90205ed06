// The body of `npm run bench:ocr` (bundled and run by ocr.mjs): generated InBody sheet photos with
// ground truth through the gateway's own pipeline (upload re-encode → sheet-reader → checks), one
// photo at a time on one OCR thread, as a member's photo is read.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { inbodyCoreFields, inbodySegments } from '#contract/inbody-fields.ts';
import { reencodeImage } from '#gateway/modules/media/image.ts';
import { createOcrPool, type Recognize } from '#gateway/modules/inbody/ocr-pool.ts';
import type { OcrLine } from '#gateway/modules/inbody/parse.ts';
import { readSheet } from '#gateway/modules/inbody/sheet-reader.ts';
import { randomTruth, sheetPhoto, type Grade, type SheetLang, type SheetLayout, type SheetTruth } from '#tests/support/inbody-sheet.ts';

const { values: options } = parseArgs({
  options: { per: { type: 'string', default: '3' }, seed: { type: 'string', default: '1000' }, grades: { type: 'string', default: 'clean,mild,hard' }, cache: { type: 'string' } },
});
const perCombination = Number(options.per);
const firstSeed = Number(options.seed);
const grades = options.grades.split(',') as Grade[];
const layouts: SheetLayout[] = ['270', '570'];
const langs: SheetLang[] = ['en', 'vi'];

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

const valueAt = (values: Record<string, unknown>, key: string): unknown => key.split('.').reduce<unknown>((v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined), values);

type Tally = { photos: number; coreAllRight: number; seconds: number[]; fields: Map<string, { right: number; total: number; silentlyWrong: number; doubtful: number }>; unusable: number };
const tally = (): Tally => ({ photos: 0, coreAllRight: 0, seconds: [], fields: new Map(), unusable: 0 });
const byGrade = new Map<Grade, Tally>(grades.map((g) => [g, tally()]));
const failures: string[] = [];

const pool = createOcrPool({ workers: 1, queue: 100, timeoutMs: 60_000 });
// --cache DIR: the OCR's lines kept per prepared image, so that a change to parse.ts or checks.ts is measured in seconds (times are then meaningless).
const cacheDir = options.cache;
const recognize: Recognize = async (image) => {
  if (!cacheDir) return pool.recognize(image);
  const file = path.join(cacheDir, `${createHash('sha256').update(image).digest('hex')}.json`);
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as OcrLine[];
  const lines = await pool.recognize(image);
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(file, JSON.stringify(lines));
  return lines;
};
let seed = firstSeed;
for (const grade of grades)
  for (const layout of layouts)
    for (const lang of langs)
      for (let i = 0; i < perCombination; i++) {
        seed++;
        const truth = randomTruth(seed);
        const photo = await sheetPhoto(truth, layout, lang, grade, seed);
        const t = byGrade.get(grade)!;
        const start = performance.now();
        const image = await reencodeImage(photo, { maxSide: 2400 });
        const reading = await readSheet(image.bytes, recognize);
        t.seconds.push((performance.now() - start) / 1000);
        t.photos++;
        if (!reading.usable) t.unusable++;
        const want = expected(truth, layout);
        let core = true;
        for (const [key, value] of Object.entries(want)) {
          const got = valueAt(reading.values, key);
          const right = got === value;
          const confidence = reading.confidence[key] ?? 'missing';
          const f = t.fields.get(key) ?? { right: 0, total: 0, silentlyWrong: 0, doubtful: 0 };
          f.total++;
          if (right) f.right++;
          if (!right && got !== null && got !== undefined && confidence === 'confirmed') {
            f.silentlyWrong++;
            failures.push(`silently wrong: ${grade} ${layout} ${lang} seed ${String(seed)} ${key} read ${String(got)} is ${String(value)}`);
          }
          if (confidence === 'doubtful') f.doubtful++;
          t.fields.set(key, f);
          if ((inbodyCoreFields as readonly string[]).includes(key) && !right) core = false;
        }
        if (core) t.coreAllRight++;
        else failures.push(`core miss: ${grade} ${layout} ${lang} seed ${String(seed)}: ${inbodyCoreFields.map((k) => `${k} ${String(valueAt(reading.values, k))}/${String(want[k])}(${reading.confidence[k]})`).join(', ')}`);
      }
await pool.close();

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)} %` : '–');
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.95))] ?? 0;
const groups: [string, (k: string) => boolean][] = [
  ...inbodyCoreFields.map((f): [string, (k: string) => boolean] => [f, (k) => k === f]),
  ['totalBodyWater, protein, minerals', (k) => ['totalBodyWater', 'protein', 'minerals'].includes(k)],
  ['segmental lean (kg, %, status)', (k) => k.startsWith('leanBodyMass.')],
  ['segmental fat (570)', (k) => k.startsWith('fatBodyMass.')],
];
const cell = (t: Tally, match: (k: string) => boolean) => {
  const fs = [...t.fields.entries()].filter(([k]) => match(k)).map(([, f]) => f);
  return pct(sum(fs.map((f) => f.right)), sum(fs.map((f) => f.total)));
};
const silently = (t: Tally) => {
  const fs = [...t.fields.values()];
  return pct(sum(fs.map((f) => f.silentlyWrong)), sum(fs.map((f) => f.total)));
};
const rows = [
  ['photos', ...grades.map((g) => String(byGrade.get(g)!.photos))],
  ['all 5 core fields right', ...grades.map((g) => pct(byGrade.get(g)!.coreAllRight, byGrade.get(g)!.photos))],
  ...groups.map(([name, match]) => [`${name} exact`, ...grades.map((g) => cell(byGrade.get(g)!, match))]),
  ['silently wrong (wrong and "confirmed")', ...grades.map((g) => silently(byGrade.get(g)!))],
  ['no usable reading (103)', ...grades.map((g) => pct(byGrade.get(g)!.unusable, byGrade.get(g)!.photos))],
  ['seconds per photo, mean', ...grades.map((g) => (sum(byGrade.get(g)!.seconds) / byGrade.get(g)!.photos).toFixed(2))],
  ['seconds per photo, p95', ...grades.map((g) => p95(byGrade.get(g)!.seconds).toFixed(2))],
];
const width = rows.reduce((w, r) => Math.max(w, r[0].length), 0);
console.log(`\nInBody OCR bench: ${String(perCombination)} photo(s) per layout (270, 570) × language (en, vi) × grade, seeds from ${String(firstSeed + 1)}, one OCR thread\n`);
console.log(`| ${'measure'.padEnd(width)} | ${grades.map((g) => g.padStart(8)).join(' | ')} |`);
console.log(`|${'-'.repeat(width + 2)}|${grades.map(() => '-'.repeat(10)).join('|')}|`);
for (const [name, ...cells] of rows) console.log(`| ${name.padEnd(width)} | ${cells.map((c) => c.padStart(8)).join(' | ')} |`);
if (failures.length) console.log(`\n${failures.join('\n')}`);
