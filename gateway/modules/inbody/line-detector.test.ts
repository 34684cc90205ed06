import { expect, test } from 'vitest';
import sharp from 'sharp';
import { barCut } from './detected-reading.ts';
import { detectSize, linesOf, textBoxes } from './line-detector.ts';
import type { GreyCrop } from './line-reader.ts';
import { withPool } from '#tests/support/ocr-pool.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 36 §2 (ADR 091): text lines found by PaddleOCR's detector, not by tesseract's page segmentation.

test('the detector input is a multiple of 32 on both sides, its longer side at most the limit', () => {
  expect(detectSize(1700, 3265, 1280)).toEqual({ width: 672, height: 1280 });
  expect(detectSize(100, 50, 1280)).toEqual({ width: 96, height: 64 });
});

test('DB post-processing: regions above 0.3 with a mean of 0.6 become boxes, grown back by area × 1.5 ÷ perimeter', () => {
  const width = 60;
  const height = 30;
  const data = new Uint8Array(width * height);
  // A sure region 20 × 4 at (10, 5); a faint one (0.4) at (10, 20) that is dropped.
  for (let y = 5; y < 9; y++) data.fill(230, y * width + 10, y * width + 30);
  for (let y = 20; y < 24; y++) data.fill(102, y * width + 10, y * width + 30);
  const boxes = textBoxes({ data, width, height });
  expect(boxes).toHaveLength(1);
  const grow = (20 * 4 * 1.5) / (2 * 24);
  expect(boxes[0]).toMatchObject({ x0: 10 - grow, y0: 5 - grow, x1: 30 + grow, y1: 9 + grow, ink: 4 });
});

test('boxes side by side are one line, left to right; lines top to bottom', () => {
  const box = (x0: number, y0: number, x1: number, y1: number) => ({ x0, y0, x1, y1, score: 0.9, ink: y1 - y0 });
  const lines = linesOf([box(300, 102, 360, 120), box(20, 40, 200, 60), box(20, 100, 150, 121), box(220, 42, 260, 58)]);
  expect(lines.map((l) => l.parts.map((p) => p.x0))).toEqual([
    [20, 220],
    [20, 300],
  ]);
});

test("a bar joined to its value: the bar is whitened, the value's bold digits are kept", () => {
  const width = 200;
  const height = 20;
  const data = new Uint8Array(width * height).fill(255);
  // The bar: rows 4–15, columns 0–119; the value: digit-like strokes from 124 on, rows 2–17.
  for (let y = 4; y < 16; y++) data.fill(0, y * width, y * width + 120);
  for (let y = 2; y < 18; y++)
    for (const x of [124, 125, 126, 140, 141, 150, 151, 152, 170, 171]) data[y * width + x] = 0;
  for (let x = 124; x < 160; x++) data[2 * width + x] = 0;
  const cut = barCut({ data, width, height });
  const inked = (x: number) => [...Array(height).keys()].some((y) => cut.data[y * width + x] < 128);
  expect([...Array(120).keys()].some(inked)).toBe(false);
  expect([124, 140, 150, 170].every(inked)).toBe(true);
});

/** A page of printed lines: dark text on white, grey (as the flattened page is). */
async function page(lines: { text: string; y: number; size: number; x?: number }[]): Promise<GreyCrop> {
  const texts = lines
    .map(
      (l) =>
        `<text x="${String(l.x ?? 60)}" y="${String(l.y)}" font-family="DejaVu Sans, Noto Sans, sans-serif" font-size="${String(l.size)}">${l.text}</text>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1600"><rect width="100%" height="100%" fill="#fff"/>${texts}</svg>`;
  const { data, info } = await sharp(Buffer.from(svg))
    .greyscale()
    .blur(1.5)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

test(
  'the detector finds the printed lines of a blurred page and the recognizer reads them',
  { timeout: timeLimit(60_000) },
  async () => {
    await withPool({ workers: 1, queue: 1, timeoutMs: 60_000 }, async (pool) => {
      const printed = [
        { text: 'Body Composition Analysis', y: 200, size: 40 },
        { text: 'Weight (kg)', y: 400, size: 34 },
        { text: '75/100 Points', y: 700, size: 44 },
      ];
      // The value far right of its label, on the same line.
      const grey = await page([...printed, { text: '73.4', y: 400, size: 34, x: 800 }]);
      const lines = linesOf(await pool.detectLines(grey));
      // Each printed line is found once, about where it was printed (its baseline within the box).
      expect(lines).toHaveLength(3);
      for (const [i, l] of lines.entries()) {
        expect(l.box.y0).toBeLessThan(printed[i].y);
        expect(l.box.y1).toBeGreaterThan(printed[i].y - printed[i].size * 0.5);
      }
      // The value stands apart from its label: two boxes on the weight's line.
      expect(lines[1].parts.length).toBeGreaterThanOrEqual(2);
      const value = lines[1].parts.at(-1)!;
      const crop = {
        data: new Uint8Array(Math.round(value.x1 - value.x0) * Math.round(value.y1 - value.y0)),
        width: Math.round(value.x1 - value.x0),
        height: Math.round(value.y1 - value.y0),
      };
      for (let y = 0; y < crop.height; y++)
        crop.data.set(
          grey.data.subarray(
            (Math.round(value.y0) + y) * grey.width + Math.round(value.x0),
            (Math.round(value.y0) + y) * grey.width + Math.round(value.x0) + crop.width,
          ),
          y * crop.width,
        );
      expect((await pool.readLines([crop]))[0].text.trim()).toBe('73.4');
    });
  },
);
