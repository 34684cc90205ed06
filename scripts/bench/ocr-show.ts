// `npm run bench:ocr -- --show GRADE LAYOUT LANG SEED` (bundled and run by ocr.mjs): one generated
// sheet photo through the reader, step by step — the photo and the page handed to the OCR written
// to build/bench-ocr/, the OCR's lines with their words' confidence, what parse.ts and checks.ts
// made of them, and the truth. For finding out why a bench photo was misread.
// `--show tuning|validation CATEGORY INDEX`: a photo of the development set (never the unseen
// part), sent as the phone sends it (1800 px, JPEG 0.85); every image handed to the OCR is written
// (ocr-N.png) with what it read.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright';
import sharp from 'sharp';
import { createOcrPool, type ReadLines } from '#gateway/modules/inbody/ocr-pool.ts';
import type { OcrLine } from '#gateway/modules/inbody/parse.ts';
import { readSheet } from '#gateway/modules/inbody/sheet-reader.ts';
import { decodeImage } from '#gateway/modules/media/image.ts';
import { randomTruth, sheetPhoto, type Grade, type SheetLang, type SheetLayout } from '#tests/support/inbody-sheet.ts';
import { devSetMaker } from '#tests/support/sheets/dev-set.ts';
import { findChromium } from '#scripts/lib/chromium.mjs';
import { asThePhoneSends } from './phone-photo.ts';

const args = process.argv.slice(2);
const usage = () => {
  console.error(
    'usage: npm run bench:ocr -- --show clean|mild|hard 270|570 en|vi SEED\n   or: npm run bench:ocr -- --show tuning|validation clean|mild|hard INDEX',
  );
  process.exit(2);
};
const out = path.join(process.cwd(), 'build/bench-ocr');

async function photoAndTruth(): Promise<{ photo: Buffer; truth: unknown }> {
  if (args[0] === 'tuning' || args[0] === 'validation') {
    const [part, category, index] = args;
    if (!['clean', 'mild', 'hard'].includes(category) || !Number.isInteger(Number(index))) usage();
    const browser = await chromium.launch({ executablePath: findChromium() });
    const maker = await devSetMaker(browser);
    const made = await maker.make(part, category as Grade, Number(index));
    await maker.close();
    await browser.close();
    console.log(made.id);
    return { photo: await asThePhoneSends(made.photo.jpeg, 1800, 0.85), truth: made.truth };
  }
  const [grade, layout, lang, seedText] = args;
  if (
    !['clean', 'mild', 'hard'].includes(grade) ||
    !['270', '570'].includes(layout) ||
    !['en', 'vi'].includes(lang) ||
    !Number.isInteger(Number(seedText))
  )
    usage();
  const truth = randomTruth(Number(seedText));
  const photo = await sheetPhoto(truth, layout as SheetLayout, lang as SheetLang, grade as Grade, Number(seedText));
  return { photo, truth };
}

const { photo, truth } = await photoAndTruth();
const pool = createOcrPool({ workers: 1, queue: 1, timeoutMs: 60_000 });
// The reader's own pipeline, each image it hands to the OCR and the lines it gets back kept for showing.
let calls = 0;
let lineCalls = 0;
// ADR 086: the second engine's crops written as second-N-M.png with what it read, each character's probability.
const readLines: ReadLines = async (crops) => {
  const start = performance.now();
  // ADR 089: the engine runs in the OCR's process; its CPU is counted there.
  const cpu = pool.processUsage().cpuSeconds;
  const read = await pool.readLines(crops);
  const used = pool.processUsage().cpuSeconds - cpu;
  lineCalls++;
  console.log(
    `\n== second engine, ${String(crops.length)} pieces, ${(performance.now() - start).toFixed(0)} ms, CPU ${(used * 1000).toFixed(0)} ms (its first call waits for the model)`,
  );
  for (const [i, crop] of crops.entries()) {
    const name = `second-${String(lineCalls)}-${String(i)}.png`;
    await sharp(Buffer.from(crop.data), { raw: { width: crop.width, height: crop.height, channels: 1 } })
      .png()
      .toFile(path.join(out, name));
    console.log(name, JSON.stringify(read[i].text), read[i].chars.map((c) => Math.round(c.p * 100)).join(','));
  }
  return read;
};
const reading = await readSheet(
  await decodeImage(photo, { maxSide: 2400 }),
  async (image, read) => {
    const start = performance.now();
    const lines: OcrLine[] = await pool.recognize(image, read);
    // ADR 110: the OCR takes PGMs.
    const name = calls ? `ocr-${String(calls)}${read?.digits ? '-digits' : ''}.pgm` : 'page.pgm';
    calls++;
    writeFileSync(path.join(out, name), image);
    console.log(`\n== ${name}, ${(performance.now() - start).toFixed(0)} ms`);
    for (const l of lines) console.log(JSON.stringify(l.text), l.words.map((w) => Math.round(w.confidence)).join(','));
    return lines;
  },
  {
    readLines,
    // ADR 091: the detector's boxes, when a page is read poorly.
    detectLines: async (page) => {
      const start = performance.now();
      const boxes = await pool.detectLines(page);
      console.log(`\n== detector, ${String(boxes.length)} boxes, ${(performance.now() - start).toFixed(0)} ms`);
      return boxes;
    },
  },
);
await pool.close();
writeFileSync(path.join(out, 'photo.jpg'), photo);
const { lean, fat, ...top } = reading.parsed;
console.log('\nparsed', JSON.stringify(top), '\nlean', JSON.stringify(lean), '\nfat', JSON.stringify(fat));
console.log(
  '\nchecked',
  JSON.stringify(reading.values),
  '\nconfidence',
  JSON.stringify(reading.confidence),
  '\nwarnings',
  JSON.stringify(reading.warnings),
);
console.log('\ntruth', JSON.stringify(truth));
console.log(`\nphoto and OCR images: ${path.relative(process.cwd(), out)}/photo.jpg, page.pgm, ocr-N.pgm`);
