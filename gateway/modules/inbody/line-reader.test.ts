import { expect, test } from 'vitest';
import sharp from 'sharp';
import { classesOf, ctcDecode, sheetClasses, type GreyCrop } from './line-reader.ts';
import { createOcrPool } from './ocr-pool.ts';
import { piecesOf, withoutBars, withoutRules } from './second-reading.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 36 (ADR 086): PaddleOCR's recognizer alone, on a line cut out of the page.

test('CTC decoding merges repeats, drops blanks, and keeps a letter repeated across a blank', () => {
  const classes = classesOf('1\n3\n.\n4\n9\n');
  // classes: '' 1 3 . 4 9 ' '
  const best = [0, 5, 5, 0, 2, 3, 3, 0, 4, 0, 0, 4, 6, 6];
  const p = best.map((_, i) => (i === 2 ? 0.5 : 0.99));
  const read = ctcDecode(best, p, classes);
  expect(read.text).toBe('93.44 ');
  expect(read.chars.map((c) => c.p)).toEqual([0.5, 0.99, 0.99, 0.99, 0.99, 0.99]);
});

test("the recognizer decodes only a sheet's classes: the blank, Latin letters, digits, signs and the space (ADR 091)", () => {
  const classes = classesOf('1\n中\n.\nA\n正\nà\n');
  // classes: '' 1 中 . A 正 à ' '
  expect(sheetClasses(classes)).toEqual([0, 1, 3, 4, 6, 7]);
});

/** A line of print as tesseract's box would cut it: dark text on white, grey. */
async function printed(text: string, size: number, more = '', wide = 0): Promise<GreyCrop> {
  const width = Math.max(wide, Math.round(text.length * size * 0.62) + 20);
  const height = Math.round(size * 1.5);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}"><rect width="100%" height="100%" fill="#fff"/>${more}<text x="10" y="${String(Math.round(size * 1.1))}" font-family="DejaVu Sans, Noto Sans, sans-serif" font-size="${String(size)}">${text}</text></svg>`;
  const { data, info } = await sharp(Buffer.from(svg)).greyscale().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

test('reads a printed value and a score in their printed form', { timeout: timeLimit(30_000) }, async () => {
  // The second engine as the gateway runs it: in the OCR pool's process.
  const pool = createOcrPool({ workers: 1, queue: 1, timeoutMs: 30_000 });
  const reader = { read: pool.readLines };
  try {
    const read = await reader.read([await printed('Weight (kg) 93.4', 26), await printed('75/100 Points', 30)]);
    expect(read[0].text.replace(/\s/g, '')).toBe('Weight(kg)93.4');
    expect(read[1].text.replace(/\s/g, '')).toBe('75/100Points');
    expect(Math.min(...read[0].chars.map((c) => c.p))).toBeGreaterThan(0.5);
    // A Muscle-Fat bar runs up to the value: the line is read without it, cut at its gaps.
    const size = 24;
    const bar = `<rect x="${String(size * 4)}" y="${String(size * 0.35)}" width="${String(size * 9)}" height="${String(size * 0.8)}" fill="#000"/><text x="${String(size * 13.3)}" y="${String(Math.round(size * 1.1))}" font-family="DejaVu Sans, Noto Sans, sans-serif" font-size="${String(size)}">29.5</text>`;
    const line = await printed('PBF', size, bar, size * 16);
    const pieces = piecesOf(withoutBars(line));
    expect(pieces).toHaveLength(2);
    expect((await reader.read(pieces)).map((r) => r.text)).toEqual(['PBF', '29.5']);
  } finally {
    await pool.close();
  }
});

test("a table's ruling through a line is whitened: the line is cut at its gaps again, and a rule alone is no piece", async () => {
  const size = 24;
  // A rule 1.5 px thick, slanted 3 px over the line, crossing the letters' feet; the value far to the right.
  const rule = `<line x1="0" y1="${String(size * 1.15)}" x2="${String(size * 30)}" y2="${String(size * 1.15 + 3)}" stroke="#000" stroke-width="1.5"/><text x="${String(size * 14)}" y="${String(Math.round(size * 1.1))}" font-family="DejaVu Sans, Noto Sans, sans-serif" font-size="${String(size)}">12.6</text>`;
  const line = await printed('Protein', size, rule, size * 30);
  expect(piecesOf(line)).toHaveLength(1);
  const pieces = piecesOf(withoutRules(line));
  expect(pieces).toHaveLength(2);
  // Print itself is left alone: the same line without the rule cuts the same.
  const plain = await printed('Protein', size, rule.replace(/<line[^>]*\/>/, ''), size * 30);
  expect(withoutRules(plain)).toBe(plain);
  expect(pieces.map((p) => p.width)).toEqual(piecesOf(plain).map((p) => p.width));
  // A table's heavier outer border on its own (the line under a table's last row): nothing left to read.
  const border = `<line x1="0" y1="${String(size * 0.9)}" x2="${String(size * 30)}" y2="${String(size * 0.9 + 8)}" stroke="#000" stroke-width="4"/>`;
  const alone = await printed('', size, border, size * 30);
  expect(piecesOf(alone)).toHaveLength(1);
  expect(piecesOf(withoutRules(alone))).toHaveLength(0);
});
