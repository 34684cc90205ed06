import { expect, test } from 'vitest';
import { coreRows, detectedReading } from './detected-reading.ts';
import type { TextBox } from './line-detector.ts';
import type { GreyCrop, LineText } from './line-reader.ts';
import { readSheet } from './sheet-reader.ts';
import { printedPhoto } from '#tests/support/printed-photo.ts';

// Issue 36 §2 (ADR 091): a page tesseract reads poorly (blurred: no line boxes) is read by PaddleOCR's
// detector and recognizer; what they read is a second reading, confirmed only by the sheet's arithmetic.

const text = (t: string, p = 0.97): LineText => ({ text: t, chars: [...t].map((char) => ({ char, p })) });
const box = (x0: number, y0: number, x1: number, y1: number): TextBox => ({ x0, y0, x1, y1, score: 0.9, ink: y1 - y0 });

/** The composition's rows as the detector finds them: a label box and a value box on each line. */
const rows: [string, string][] = [
  ['InBody270', ''],
  ['Total Body Water (L)', '42.1'],
  ['Protein (kg)', '11.4'],
  ['Minerals (kg)', '3.92'],
  ['Body Fat Mass (kg)', '15.6'],
  ['Weight (kg)', '73.0'],
];
/** The detector's boxes of label–value rows, one row every 28 px, and what the recognizer says of them in turn. */
const detectedRows = (labelled: [string, string][]) => ({
  boxes: labelled.flatMap(([, value], i) => [
    box(20, 10 + i * 28, 160, 32 + i * 28),
    ...(value ? [box(240, 10 + i * 28, 300, 32 + i * 28)] : []),
  ]),
  said: labelled.flatMap(([label, value]) => (value ? [label, value] : [label])),
});
const { boxes, said } = detectedRows(rows);

test('the core rows: the header, the upper half of the left column and the top of the right; a page not stacked, its upper part', () => {
  expect(
    coreRows(
      [
        { top: 0, height: 100 },
        { top: 130, height: 1000 },
        { top: 1160, height: 800 },
      ],
      2000,
    ),
  ).toEqual([
    [0, 40],
    [130, 630],
    [1160, 1360],
  ]);
  expect(coreRows(undefined, 1000)).toEqual([[0, 600]]);
  // A column without ink (a part a row high): not taken as stacked.
  const blank = [
    { top: 0, height: 300 },
    { top: 330, height: 1 },
    { top: 361, height: 1 },
  ];
  expect(coreRows(blank, 1000)).toEqual([[0, 600]]);
});

test("the detector's boxes are read by the recognizer, line by line, and parsed by their labels as second readings", async () => {
  const page: GreyCrop = { data: new Uint8Array(400 * 600).fill(255), width: 400, height: 600 };
  let read = 0;
  const reading = await detectedReading(
    page,
    async () => boxes,
    async (crops) => crops.map(() => text(said[read++] ?? '')),
  );
  expect(read).toBe(said.length);
  expect(reading.lines.map((l) => l.text)).toContain('Weight (kg) 73.0');
  expect(reading.readings.weight?.[0]).toMatchObject({ value: 73, second: true, confidence: 97 });
  expect(reading.readings.minerals?.[0]).toMatchObject({ value: 3.92, second: true });
});

test('a page tesseract reads nothing of: the detector finds its lines, and the sum confirms what the recognizer read', async () => {
  const photo = await printedPhoto(600, 800);
  let read = 0;
  let detected = 0;
  const reading = await readSheet(photo, async () => [], {
    readLines: async (crops) => crops.map(() => text(said[read++] ?? '')),
    detectLines: async () => {
      detected++;
      return boxes;
    },
  });
  expect(detected).toBeGreaterThan(0);
  expect([reading.values.weight, reading.confidence.weight]).toEqual([73, 'confirmed']);
  expect([reading.values.bodyFatMass, reading.confidence.bodyFatMass]).toEqual([15.6, 'confirmed']);
});

test('ADR 103: labels blurred past reading, the Muscle-Fat rows give their values by their place, offered and never confirmed', async () => {
  // A hard tuning photo: the bold values survive the blur ("87.1", "32.1" at 98 %), the small labels do not ("wg", "St").
  const muscleFat: [string, string][] = [
    ['InBody570', ''],
    ['Muscle-Fat Analysis', ''],
    ['wg', '87.1'],
    ['St', '32.1'],
    ['var', '31.4'],
    ['Obesity Analysis', ''],
    ['BMI', '34.9'],
    ['PBF', '36.0'],
  ];
  const { boxes: found, said: spoken } = detectedRows(muscleFat);
  let read = 0;
  const reading = await readSheet(await printedPhoto(600, 800), async () => [], {
    readLines: async (crops) => crops.map(() => text(spoken[read++] ?? '')),
    detectLines: async () => found,
  });
  expect(reading.values).toMatchObject({
    weight: 87.1,
    skeletalMuscleMass: 32.1,
    bodyFatMass: 31.4,
    percentBodyFat: 36,
  });
  // The PBF, read by its label, is held by the ratio of the weight and fat mass offered by their rows.
  expect(reading.confidence).toMatchObject({
    weight: 'doubtful',
    skeletalMuscleMass: 'doubtful',
    bodyFatMass: 'doubtful',
    percentBodyFat: 'confirmed',
  });
  expect(reading.parsed.skeletalMuscleMass[0]).toMatchObject({
    value: 32.1,
    placed: true,
    second: true,
    confidence: 50,
  });
});
