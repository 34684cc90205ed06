import { expect, test } from 'vitest';
import type { GreyCrop, LineText } from './line-reader.ts';
import type { OcrLine } from './parse.ts';
import { asOcrLine, secondReading } from './second-reading.ts';

// ADR 090: SMM is confirmed only by the second engine, so it is in doubt on almost every sheet; where
// it is the only field of the Muscle-Fat box in doubt, its labelled line alone is read again.

const line = (text: string, y: number): OcrLine => ({
  text,
  words: text.split(/\s+/).map((w) => ({ text: w, confidence: 95 })),
  box: { x0: 20, y0: y, x1: 380, y1: y + 20 },
});

/** A white page with each row's label and value inked as two runs of letter-like strokes (two pieces a row; no bar). */
function page(rows: number[]): GreyCrop {
  const width = 400;
  const height = 1200;
  const data = new Uint8Array(width * height).fill(255);
  for (const y of rows)
    for (let yy = y + 3; yy < y + 17; yy++)
      for (const [x0, x1] of [
        [30, 150],
        [300, 360],
      ])
        for (let x = x0; x < x1; x += 5) data.fill(0, yy * width + x, yy * width + x + 3);
  return { data, width, height };
}

const lines = [
  line('Muscle-Fat Analysis', 40),
  line('Weight (kg) 73.0', 80),
  line('SMM Skeletal Muscle Mass (kg) 32.0', 120),
  line('Body Fat Mass (kg) 15.6', 160),
  line('Obesity Analysis', 220),
];

async function piecesRead(fields: Parameters<typeof secondReading>[4]) {
  let pieces = 0;
  const readLines = async (crops: GreyCrop[]): Promise<LineText[]> => {
    pieces += crops.length;
    return crops.map(() => ({ text: '', chars: [] }));
  };
  await secondReading(page([80, 120, 160]), lines, '270', readLines, fields);
  return pieces;
}

test("SMM alone in doubt: only its labelled line is read again (its label and value), not the Muscle-Fat box's rows", async () => {
  expect(await piecesRead(['skeletalMuscleMass'])).toBe(2);
});

test('the weight in doubt too: the whole Muscle-Fat box is read again, SMM among its rows', async () => {
  expect(await piecesRead(['skeletalMuscleMass', 'weight'])).toBe(6);
});

test("where the composition's rows are read again, its parts are kept too, as second readings the sum may use (ADR 090)", async () => {
  const composition = [
    line('Body Composition Analysis', 40),
    line('Total Body Water (L) 40.8', 80),
    line('Protein (kg) 10.5', 120),
    line('Weight (kg) 64.7', 160),
    line('Muscle-Fat Analysis', 220),
  ];
  const text = (t: string): LineText => ({ text: t, chars: [...t].map((char) => ({ char, p: 0.99 })) });
  const said = ['Total Body Water (L)', '40.8', 'Protein (kg)', '10.5', 'Weight (kg)', '64.7'];
  const read = await secondReading(
    page([80, 120, 160]),
    composition,
    '270',
    async (crops) => crops.map((_, i) => text(said[i] ?? '')),
    ['weight'],
  );
  // Read by their labels, as sure as the engine was (by their place alone they are only offered, at 50).
  expect(read.totalBodyWater?.[0]).toMatchObject({ value: 40.8, second: true, confidence: 99 });
  expect(read.protein?.[0]).toMatchObject({ value: 10.5, second: true, confidence: 99 });
});

test("a mark read beside a value (a bar's blurred end as a quote) is a word of its own: the value is as sure as its digits", () => {
  const chars = [...'Ca xuong (kg) 20.8"'].map((char, i, all) => ({ char, p: i === all.length - 1 ? 0.39 : 0.97 }));
  const line = asOcrLine({ text: chars.map((c) => c.char).join(''), chars }, undefined);
  expect(line.words).toContainEqual({ text: '20.8', confidence: 97 });
  expect(line.words).toContainEqual({ text: '"', confidence: 39 });
  expect(line.text).toBe('Ca xuong (kg) 20.8"');
  // The slash, as before: "62/100" is three words.
  const score = [...'62/100'].map((char) => ({ char, p: char === '/' ? 0.3 : 0.99 }));
  expect(asOcrLine({ text: '62/100', chars: score }, undefined).words.map((w) => w.text)).toEqual(['62', '/', '100']);
});
