import sharp from 'sharp';
import { expect, test } from 'vitest';
import type { OcrLine } from './parse.ts';
import { readSheet } from './sheet-reader.ts';

// Issue 36 §3/§4: the score printed large beside a small "/100 Points" loses its slash or its first
// digit; its line is read again, cut out and enlarged, and only an "NN/100" read counts as sure.
const line = (text: string, box?: OcrLine['box']): OcrLine => ({
  text,
  words: text.split(/\s+/).map((w) => ({ text: w, confidence: 95 })),
  box,
});
const sheet = (scoreLine: OcrLine) => [
  line('InBody InBody270'),
  line('Total Body Water (L) 42.1 (36.3 ~ 44.3)'),
  line('Protein (kg) 11.4 (9.7 ~ 11.9)'),
  line('Minerals (kg) 3.92 (3.36 ~ 4.11)'),
  line('Body Fat Mass (kg) 15.6 (8.0 ~ 15.9)'),
  line('Weight (kg) 73.0 (55.8 ~ 75.4)'),
  line('SMM Skeletal Muscle Mass (kg) 32.0'),
  line('PBF Percent Body Fat (%) 21.4'),
  line('InBody Score'),
  scoreLine,
];

let doubtfulCalls = 0;
const photo = () =>
  sharp({ create: { width: 600, height: 800, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();

test('a score read "5/100" is read again from its line, and the "75/100" read there is confirmed', async () => {
  const calls: number[] = [];
  const reading = await readSheet(await photo(), async (image) => {
    calls.push(image.length);
    return calls.length === 1
      ? sheet(line('5/100 Points', { x0: 100, y0: 300, x1: 400, y1: 340 }))
      : [line('75/100 Points')];
  });
  expect(calls).toHaveLength(2);
  expect([reading.values.score, reading.confidence.score]).toEqual([75, 'confirmed']);
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
