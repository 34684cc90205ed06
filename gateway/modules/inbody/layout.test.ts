import { describe, expect, test } from 'vitest';
import { boxPlaces, headingOf, modelOf, placedReadings, readBox, readCrop, type SheetModel } from './layout.ts';
import { checkSheet } from './checks.ts';
import { parseSheet, type OcrLine } from './parse.ts';

// Issue 36 §3: the layout reader, per model (270, 570) and language (en, vi), on OCR lines as
// tesseract gives them (garbled labels, lost decimal marks), and its sure-and-wrong rules.
let y = 0;
const line = (text: string, confidence = 93): OcrLine => {
  y += 40;
  return {
    text,
    words: text.split(/\s+/).map((w) => ({ text: w, confidence })),
    box: { x0: 10, y0: y, x1: 600, y1: y + 30 },
  };
};

const SHEETS: Record<'en' | 'vi', Record<SheetModel, () => OcrLine[]>> = {
  en: {
    '270': () => [
      line('InBody InBody270'),
      line('Body Composition Analysis'),
      line('Total Body Water (L) 42.1 37.5 ~ 44.9'),
      line('Protein (kg) 11.4 9.5 ~ 11.6'),
      line('Minerals (kg) 3.92 2.67 ~ 3.31'),
      line('Body Fat Mass (kg) 15.6 6.5 ~ 12.9'),
      line('Weight (kg) 73.0 55.0 ~ 74.4'),
      line('Muscle-Fat Analysis'),
      line('Under Normal Over'),
      line('55 70 85 100 115 130 145 160 175'),
      line('Weight (kg) | 73.0'),
      line('55 70 85 100 115 130 145 160 175'),
      line('SMM (kg) 32.0'),
      line('55 70 85 100 115 130 145 160 175'),
      line('Body Fat Mass (kg) 15.6'),
      line('Obesity Analysis'),
      line('BMI Body Mass Index (kg/m2) 24.1'),
      line('PBF Percent Body Fat (%) 21.4'),
      line('Segmental Lean Analysis'),
      line('InBody Score'),
      line('75 /100 Points'),
      line('* A muscular person may score over 100 points.'),
      line('Weight Control'),
    ],
    '570': () => [
      line('InBody [InBody570]'),
      line('Body Composition Analysis'),
      line('Values Total Body Water Soft Lean Mass Fat Free Mass Weight'),
      line('Total Body Water (L) 42.1 37.5 ~ 44.9 42.1 53.5 73.0'),
      line('Protein (kg) 11.4 9.5 ~ 11.6'),
      line('Minerals (kg) 3.92 2.67 ~ 3.31'),
      line('Body Fat Mass (kg) 15.6 6.5 ~ 12.9'),
      line('Muscle-Fat Analysis'),
      line('Weight (kg) 73.0'),
      line('SMM (kg) 32.0'),
      line('Body Fat Mass (kg) 15.6'),
      line('Obesity Analysis'),
      line('BMI (kg/m2) 24.1'),
      line('PBF (%) 21.4'),
      line('InBody Score'),
      line('75/100 Points'),
      line('Weight Control'),
    ],
  },
  vi: {
    '270': () => [
      line('InBody InBody270'),
      // As the English model reads Vietnamese: marks dropped, letters misread.
      line('Phan tich thanh phn co the'),
      line('Tong lugng nudc (L) 42.1 37.5 ~ 44.9'),
      line('Protein (kg) 11.4 9.5 ~ 11.6'),
      line('Khoang chat (kg) 3.92 2.67 ~ 3.31'),
      line('Lugng md co th (kg) 15.6 6.5 ~ 12.9'),
      line('Can nang (kg) 73.0 55.0 ~ 74.4'),
      line('Phintich co - md'),
      line('Can nang (kg) 73.0'),
      line('Co xuong (kg) 32.0'),
      line('Lugng md co the (kg) 15.6'),
      line('Phan tich beo phi'),
      line('BMI 24.1'),
      line('PBF Ty Ie md co the (%) 21.4'),
      line('Diem InBody'),
      line('75/100 Diem'),
      line('Kiem soat can nang'),
    ],
    '570': () => [
      line('InBody [InBodyS70]'),
      line('Phan tich thanh phan co the'),
      line('Tong lugng nudc (L) 42.1 37.5 ~ 44.9 42.1 53.5 73.0'),
      line('Protein (kg) 11.4'),
      line('Khoang chat (kg) 3.92'),
      line('Lugng md co the (kg) 15.6'),
      line('Phan tich co - mo'),
      line('Can nang (kg) 73.0'),
      line('Co xuong (kg) 32.0'),
      line('Lugng md co the (kg) 15.6'),
      line('Phan tich beo phi'),
      line('BMI 24.1'),
      line('PBF 21.4'),
      line('Diem lnBody'),
      line('75/100 Diem'),
      line('Kiem soat can nang'),
    ],
  },
};

/** Reads each box of the lines as the reader does: the box's lines are those inside its place. */
function readAll(lines: OcrLine[], model: SheetModel | undefined) {
  const out: Record<string, number[]> = {};
  for (const place of boxPlaces(lines, 1700, 1_000_000)) {
    const inside = lines.filter((l) => l.box && l.box.y0 >= place.top && l.box.y1 <= place.bottom);
    for (const [field, readings] of Object.entries(readBox(place.box, model, inside)))
      out[field] = [...(out[field] ?? []), ...readings.map((r) => r.value)];
  }
  return out;
}

describe.each(['en', 'vi'] as const)('%s', (lang) => {
  describe.each(['270', '570'] as const)('InBody%s', (model) => {
    test('the model is read from its printed name', () => {
      expect(modelOf(SHEETS[lang][model]())).toBe(model);
    });

    test('each core value is read from its box', () => {
      const got = readAll(SHEETS[lang][model](), model);
      expect(got.score).toEqual([75]);
      expect(got.skeletalMuscleMass).toEqual([32]);
      expect(got.percentBodyFat).toEqual([21.4]);
      // The composition table's fat mass and the bar's.
      expect(got.bodyFatMass).toEqual([15.6, 15.6]);
      // The 270's table prints the weight as its last row; the 570's in its bars and its last column (ADR 092).
      expect(got.weight).toEqual([73, 73]);
      expect(got.totalBodyWater).toEqual([42.1]);
      expect(got.minerals).toEqual([3.92]);
    });

    test('with the model not read, the composition row count tells it', () => {
      const lines = SHEETS[lang][model]().filter((l) => !/InBody[25S]70/.test(l.text));
      expect(modelOf(lines)).toBeUndefined();
      expect(readAll(lines, undefined).totalBodyWater).toEqual([42.1]);
    });
  });
});

test('headings are placed though garbled, and plain rows are not headings', () => {
  expect(headingOf(line('Phintich co - md'))).toBe('muscleFat');
  expect(headingOf(line('Muscle-Fat Analysls'))).toBe('muscleFat');
  expect(headingOf(line('Phintichcotimgveng'))).toBe('lean');
  expect(headingOf(line('Body Fat Mass (kg) 15.6'))).toBeUndefined();
  expect(headingOf(line('Weight (kg) 73.0'))).toBeUndefined();
});

test('a box with a row more or fewer than printed gives nothing by order (the order would lie), only by the labels read', () => {
  const bars = [line('Weight (kg) 73.0'), line('Mdxy (kg) 15.6')];
  expect(readBox('muscleFat', '270', bars)).toEqual({ weight: [{ value: 73, confidence: 93, decimals: 1 }] });
  expect(readBox('muscleFat', '270', [line('Abc 73.0'), line('Mdxy 15.6')])).toEqual({});
});

test('a Vietnamese SMM row printed on two lines, its scale garbled into a row too many: its second label names the value (ADR 084)', () => {
  const bars = [
    line('Duds Binh thuotng Trén'),
    line('AY 0 11% 1% 14% 160 175'),
    line('Can nang (kg) I 50.2'),
    line('Co xuong (kg) 100 1" 130 14s 160 73'),
    line('Khoi luong co xuong I 18.9'),
    line('100 115 1% 145 160 175'),
    line('Lugng md co thé (kg) EES 14.7'),
  ];
  const got = readBox('muscleFat', '570', bars);
  expect(got.skeletalMuscleMass?.map((r) => r.value)).toContain(18.9);
  expect([got.weight?.[0].value, got.bodyFatMass?.[0].value]).toEqual([50.2, 14.7]);
});

test('ADR 103: a bar scale read in pieces ("r 4 13": too few numbers for a scale) is no row: the rows with a decimal mark are the values, by order', () => {
  // The detector's lines of a blurred 570's Muscle-Fat box (fresh hard tuning 337): its labels lost, its values not.
  const bars = [
    line('r 4 13'),
    line('pcgl 87.1'),
    line('d 16'),
    line(') 32.1'),
    line('139 10 5'),
    line('Boty FatMass (kg) 31.4'),
  ];
  const got = readBox('muscleFat', undefined, bars);
  expect([got.weight?.[0].value, got.skeletalMuscleMass?.[0].value, got.bodyFatMass?.[0].value]).toEqual([
    87.1, 32.1, 31.4,
  ]);
  // One value's mark lost ("321"): the marked rows are not as many as printed, and the order says nothing.
  const lost = readBox('muscleFat', undefined, [line('pcgl 87.1'), line('d 16'), line(') 321'), line('Bdy 31.4')]);
  expect(lost.weight).toBeUndefined();
});

test('a bar value that lost its decimal mark is kept whole, for the checks to put the mark back (never as printed)', () => {
  const bars = [line('Weight (kg) | 730'), line('SMM (kg) 32.0'), line('Body Fat Mass (kg) 15.6')];
  const got = readBox('muscleFat', '270', bars);
  expect(got.weight).toEqual([{ value: 730, confidence: 93, decimals: 0 }]);
});

test('the score box never gives the 100 of "/100", nor a lone digit', () => {
  expect(readBox('score', '570', [line('InBody Score'), line('/100 Points')])).toEqual({});
  expect(readBox('score', '570', [line('100/100 Points')])).toEqual({});
  expect(readBox('score', '570', [line('5/100 Points')])).toEqual({});
  expect(readBox('score', '570', [line('* A muscular person may score over 100 points.')])).toEqual({});
  expect(readBox('score', '570', [line('82/100 Points')]).score?.map((r) => [r.value, r.outOf100])).toEqual([
    [82, true],
  ]);
});

test('the score box read again with its slash lost offers the score after the printed form (ADR 093)', () => {
  // A tuning photo's score box at 0.7 ×: "84 100 Points" (the page read "84.00 Points").
  expect(readBox('score', '270', [line('InBody Score'), line('84 100 Points')]).score?.map((r) => r.value)).toEqual([
    84,
  ]);
  expect(readBox('score', '270', [line('84 100 Points'), line('84/100 Points')]).score?.[0].outOf100).toBe(true);
  expect(readBox('score', '270', [line('* A muscular person may score over 100 points.')])).toEqual({});
});

test('a bar scale printed beside a label ("Co xuong (kg) 115 130 145 160 175") is no value, on the page nor in the box', () => {
  const bars = [
    line('Can nang (kg) 105.6'),
    line('Co xuong (kg) : 15 130 145 160 175'),
    line('Khei luong co xuong 35.8'),
    line('Lugng md co the (kg) 37.2'),
  ];
  expect(readBox('muscleFat', '570', bars).skeletalMuscleMass?.map((r) => r.value)).toEqual([35.8]);
  expect(parseSheet(bars).skeletalMuscleMass.map((r) => r.value)).toEqual([35.8]);
});

test('a bar value with its bar\'s end read as a leading 1 ("167.5") is offered without it too, never as a sure word', () => {
  const bars = [line('Weight (kg) 167.5'), line('SMM (kg) 31.0'), line('Body Fat Mass (kg) 110.7')];
  const got = readBox('muscleFat', '570', bars);
  expect(got.weight?.map((r) => [r.value, r.confidence])).toEqual([
    [167.5, 93],
    [67.5, 0],
  ]);
  expect(got.bodyFatMass?.map((r) => r.value)).toEqual([110.7, 10.7]);
  expect(got.skeletalMuscleMass?.map((r) => r.value)).toEqual([31]);
  // The composition table has no bar: its values stand as read.
  expect(
    readBox('composition', '270', [
      line('a 42.1'),
      line('b 11.4'),
      line('c 3.92'),
      line('d 15.6'),
      line('e 167.5'),
    ]).weight?.map((r) => r.value),
  ).toEqual([167.5]);
});

test("ADR 092: the 570's weight column is offered as a weight; the ratio picks it where the bars' weight was misread", () => {
  // A clean validation photo: the bars' "68.4" read "63.4", the fat mass's value glued to its range.
  const rows = [
    line('Total Body Water (L) 30.9 284-340'),
    line('Protein (kg) 8173-89 39.0 68.4'),
    line('Khoang chat (kg) 2.47 222-272 58.1 ~787'),
    line('Body Fat Mass (kg) 26.9 6.5~13.7'),
  ];
  expect(readBox('composition', '570', rows).weight?.map((r) => r.value)).toEqual([68.4]);
  // Not the 270's: it prints the weight as a row.
  expect(readBox('composition', '270', rows).weight).toBeUndefined();
  const sheet = parseSheet([
    line('InBody [InBody570]'),
    line('Weight (kg) 63.4'),
    line('Body Fat Mass (kg) 26.9'),
    line('PBF (%) 39.4'),
  ]);
  const placed = readBox('composition', '570', rows);
  const checked = checkSheet({ ...sheet, weight: [...sheet.weight, ...placed.weight!] });
  expect([checked.values.weight, checked.values.bodyFatMass, checked.values.percentBodyFat]).toEqual([
    68.4, 26.9, 39.4,
  ]);
});

test('box places are whole pixels (a crop cannot be cut at 1143.75)', () => {
  const lines = SHEETS.en['270']();
  for (const p of boxPlaces(lines, 1700, 4577)) expect([p.top, p.bottom].every(Number.isInteger)).toBe(true);
});

test('a crop that holds the next box too (its heading not read on the page) reads each box in its own order (ADR 084)', () => {
  const crop = [
    line('Went (vg) SEE 5.4'),
    line('| SMM (kg) ee——— 2s 000'),
    line('Sody fat Mass hg)  ENNEENENNNNES 25.2 $0'),
    line('Obesity Analysts'),
    line('oar EE 27.3'),
    line('rer pr CEE 29.5'),
  ];
  const got = readCrop('muscleFat', '570', crop);
  expect(got.percentBodyFat?.map((r) => r.value)).toEqual([29.5]);
  expect(got.bodyFatMass?.map((r) => r.value)).toEqual([25.2]);
});

test("the page's own lines give the rows whose labels were lost by their place, never as a sure word (ADR 084)", () => {
  y = 0;
  const page = [
    line('InBody InBody270'),
    line('Phin tich béo phi'),
    line('sa CE 27.3'),
    line('| er ES 14.4'),
    line('Phin tich co timg ving'),
    line('3.55kg 3.83kg'),
  ];
  const got = placedReadings(page, '270', 1700, 2400);
  expect(got.percentBodyFat).toEqual([{ value: 14.4, confidence: 50, decimals: 1, placed: true }]);
  // A sure word on the page stays sure where it was read by its label; its place adds only a doubtful copy.
  expect(parseSheet(page).percentBodyFat).toEqual([]);
});
