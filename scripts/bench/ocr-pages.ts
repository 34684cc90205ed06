// `npm run bench:ocr -- --pages [--part tuning|validation] [--per 16] [--cache DIR]` (issue 36 §1):
// the page finder alone on the development set, against the sheet's true corners in each photo
// (camera.ts gives them back): found / partial / none, and the worst corner's distance from its
// true place (% of the photo's long side), by grade and by background. No OCR: seconds a run.
// `--cache DIR` keeps the photos as the phone sends them, so a change to the finder is measured
// without Chromium. The unseen part is refused (nobody tunes the finder on it).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright';
import sharp from 'sharp';
import { findPage, type Quad } from '#gateway/modules/inbody/page-finder.ts';
import { FINDER_SIDE } from '#gateway/modules/inbody/sheet-reader.ts';
import type { Category } from '#tests/support/sheets/camera.ts';
import { devSetMaker, type Part } from '#tests/support/sheets/dev-set.ts';
import { findChromium } from '#scripts/lib/chromium.mjs';
import { asThePhoneSends } from './phone-photo.ts';

const { values: options } = parseArgs({
  options: {
    pages: { type: 'boolean', default: true },
    per: { type: 'string', default: '16' },
    part: { type: 'string', default: 'tuning' },
    categories: { type: 'string', default: 'clean,mild,hard' },
    cache: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const part = options.part as Part;
if (part === 'unseen') throw new Error('the page finder is not measured on the unseen part');
const per = Number(options.per);
const categories = options.categories.split(',') as Category[];

type Made = { id: string; background: string; jpeg: Buffer; corners: Quad; width: number };
let maker: Awaited<ReturnType<typeof devSetMaker>> | undefined;
let browser: Awaited<ReturnType<typeof chromium.launch>> | undefined;
async function photoOf(category: Category, index: number): Promise<Made> {
  const file = options.cache && path.join(options.cache, `${part}-${category}-${String(index)}`);
  if (file && existsSync(`${file}.json`))
    return { ...JSON.parse(readFileSync(`${file}.json`, 'utf8')), jpeg: readFileSync(`${file}.jpg`) } as Made;
  browser ??= await chromium.launch({ executablePath: findChromium() });
  maker ??= await devSetMaker(browser);
  const made = await maker.make(part, category, index);
  const jpeg = await asThePhoneSends(made.photo.jpeg, 1800, 0.85);
  const width = (await sharp(jpeg).metadata()).width ?? 0;
  const k = width / made.photo.width;
  const corners = made.photo.corners.map((p) => ({ x: p.x * k, y: p.y * k })) as Quad;
  const out = { id: made.id, background: made.photo.background, corners, width };
  if (file) {
    mkdirSync(options.cache!, { recursive: true });
    writeFileSync(`${file}.json`, JSON.stringify(out));
    writeFileSync(`${file}.jpg`, jpeg);
  }
  return { ...out, jpeg };
}

type Row = {
  photos: number;
  found: number;
  partial: number;
  none: number;
  within: number;
  errors: number[];
  ms: number[];
};
const rows = new Map<string, Row>();
const rowOf = (key: string) => {
  if (!rows.has(key)) rows.set(key, { photos: 0, found: 0, partial: 0, none: 0, within: 0, errors: [], ms: [] });
  return rows.get(key)!;
};
for (const category of categories)
  for (let i = 0; i < per; i++) {
    const made = await photoOf(category, i);
    const probe = await sharp(made.jpeg)
      .resize({ width: FINDER_SIDE, height: FINDER_SIDE, fit: 'inside' })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const start = performance.now();
    const finding = findPage({ data: probe.data, width: probe.info.width, height: probe.info.height, channels: 3 });
    const ms = performance.now() - start;
    const k = made.width / probe.info.width;
    const long = Math.max(probe.info.width, probe.info.height) * k;
    const error = finding.corners
      ? Math.max(
          ...finding.corners.map((p, c) => Math.hypot(p.x * k - made.corners[c].x, p.y * k - made.corners[c].y)),
        ) / long
      : 1;
    for (const key of [category, `${category} ${made.background}`, 'all']) {
      const r = rowOf(key);
      r.photos++;
      r[finding.page]++;
      r.errors.push(error);
      r.ms.push(ms);
      if (finding.page === 'found' && error < 0.015) r.within++;
    }
    if (options.verbose || error >= 0.015 || finding.page !== 'found')
      console.log(`${made.id}: ${finding.page}, worst corner ${(error * 100).toFixed(1)} %`);
  }
await maker?.close();
await browser?.close();
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
console.log(`\npage finder, ${part} part, ${String(per)} photos a grade (1800 px as the phone sends them)\n`);
console.log('| photos | found | partial | none | found within 1.5 % | worst corner, median | ms, median | ms, max |');
for (const [key, r] of [...rows].sort(([a], [b]) => a.localeCompare(b)))
  console.log(
    `| ${key.padEnd(14)} | ${String(r.photos)} | ${String(r.found)} | ${String(r.partial)} | ${String(r.none)} | ${String(r.within)} | ${(median(r.errors) * 100).toFixed(1)} % | ${median(r.ms).toFixed(0)} | ${Math.max(...r.ms).toFixed(0)} |`,
  );
