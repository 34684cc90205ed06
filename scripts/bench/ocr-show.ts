// `npm run bench:ocr -- --show GRADE LAYOUT LANG SEED` (bundled and run by ocr.mjs): one generated
// sheet photo through the reader, step by step — the photo and the page handed to the OCR written
// to build/bench-ocr/, the OCR's lines with their words' confidence, what parse.ts and checks.ts
// made of them, and the truth. For finding out why a bench photo was misread.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createOcrPool } from '#gateway/modules/inbody/ocr-pool.ts';
import type { OcrLine } from '#gateway/modules/inbody/parse.ts';
import { readSheet } from '#gateway/modules/inbody/sheet-reader.ts';
import { reencodeImage } from '#gateway/modules/media/image.ts';
import { randomTruth, sheetPhoto, type Grade, type SheetLang, type SheetLayout } from '#tests/support/inbody-sheet.ts';

const [grade, layout, lang, seedText] = process.argv.slice(2);
if (
  !['clean', 'mild', 'hard'].includes(grade) ||
  !['270', '570'].includes(layout) ||
  !['en', 'vi'].includes(lang) ||
  !Number.isInteger(Number(seedText))
) {
  console.error('usage: npm run bench:ocr -- --show clean|mild|hard 270|570 en|vi SEED');
  process.exit(2);
}
const seed = Number(seedText);
const out = path.join(process.cwd(), 'build/bench-ocr');
const truth = randomTruth(seed);
const photo = await sheetPhoto(truth, layout as SheetLayout, lang as SheetLang, grade as Grade, seed);
const pool = createOcrPool({ workers: 1, queue: 1, timeoutMs: 60_000 });
// The reader's own pipeline, with the page it hands to the OCR and the lines it gets back kept for showing.
let page: Buffer = Buffer.alloc(0);
let lines: OcrLine[] = [];
const reading = await readSheet((await reencodeImage(photo, { maxSide: 2400 })).bytes, async (image) => {
  page = image;
  lines = await pool.recognize(image);
  return lines;
});
await pool.close();
writeFileSync(path.join(out, 'photo.jpg'), photo);
writeFileSync(path.join(out, 'page.png'), page);
for (const l of lines) console.log(JSON.stringify(l.text), l.words.map((w) => Math.round(w.confidence)).join(','));
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
console.log(`\nphoto and OCR page: ${path.relative(process.cwd(), out)}/photo.jpg, page.png`);
