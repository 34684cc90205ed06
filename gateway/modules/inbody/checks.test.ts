import { expect, test } from 'vitest';
import { checkSheet, isUsable } from './checks.ts';
import { labelOf, parseSheet, scoreLineOf, type OcrLine } from './parse.ts';

// Issue 14 (ADR 042): the sheet's arithmetic decides what is confirmed; a tampered or misread value is doubtful, never passed.
const line = (text: string, confidence = 95): OcrLine => ({
  text,
  words: text.split(/\s+/).map((w) => ({ text: w, confidence })),
});

const english = (over: Record<string, string> = {}) =>
  [
    'InBody InBody570',
    '0912345678 172cm 35 Male 2026.03.14. 08:15',
    'Body Composition Analysis',
    `Total Body Water (L) ${over.water ?? '42.1'} (36.3 ~ 44.3)`,
    `Protein (kg) ${over.protein ?? '11.4'} (9.7 ~ 11.9)`,
    'Minerals (kg) 3.92 (3.36 ~ 4.11)',
    `Body Fat Mass (kg) ${over.fat ?? '15.6'} (8.0 ~ 15.9)`,
    `Weight (kg) ${over.weight ?? '73.0'} (55.8 ~ 75.4)`,
    'Muscle-Fat Analysis',
    '55 70 85 100 115 130 145 160 175',
    `SMM Skeletal Muscle Mass (kg) ${over.smm ?? '32.0'}`,
    'Obesity Analysis',
    'BMI Body Mass Index (kg/m?) 24.7',
    `PBF Percent Body Fat (%) ${over.pbf ?? '21.4'}`,
    'Segmental Lean Analysis',
    'Right Arm 3.12 kg 98.5 % Normal',
    'Trunk 24.10 kg 112.0 % Over',
    'Segmental Fat Analysis',
    'Right Arm 0.9 kg 120.0 % Over',
    'InBody Score 78/100 Points',
    'Basal Metabolic Rate 1620 kcal',
  ].map((t) => line(t));

/** The English sheet with the Muscle-Fat box's rows as given (its SMM row among them, garbled), in place of its own. */
const muscleFatRows = (rows: OcrLine[]) =>
  english().flatMap((l) => (/Skeletal/.test(l.text) ? [] : /^Muscle-Fat/.test(l.text) ? [l, ...rows] : [l]));

test('a sheet that adds up: every core field confirmed, regions read, the layout and date known', () => {
  const sheet = parseSheet(english());
  expect(sheet).toMatchObject({ layout: '570', language: 'en', testDate: '2026-03-14' });
  const checked = checkSheet(sheet);
  expect(checked.values).toMatchObject({
    weight: 73,
    bodyFatMass: 15.6,
    percentBodyFat: 21.4,
    skeletalMuscleMass: 32,
    score: 78,
    totalBodyWater: 42.1,
    protein: 11.4,
    minerals: 3.92,
  });
  expect(checked.values.leanBodyMass).toMatchObject({
    rightArmMuscleMass: 3.12,
    rightArmMusclePercentage: 98.5,
    rightArmStatus: 'Normal',
    trunkStatus: 'Over',
  });
  expect(checked.values.fatBodyMass).toMatchObject({
    rightArmFatMass: 0.9,
    rightArmFatPercentage: 120,
    rightArmStatus: 'Over',
  });
  for (const f of ['weight', 'bodyFatMass', 'percentBodyFat', 'totalBodyWater', 'protein', 'minerals'])
    expect(checked.confidence[f]).toBe('confirmed');
  // ADR 090, 092: no sum covers SMM or the score; tesseract's word alone does not confirm them (the second engine's does, below).
  expect(checked.confidence.skeletalMuscleMass).toBe('doubtful');
  expect(checked.confidence.score).toBe('doubtful');
  expect(checked.warnings).toEqual([]);
  expect(isUsable(checked)).toBe(true);
});

test('a tampered weight breaks both sums: weight, fat and PBF are doubtful, with the failed checks named', () => {
  const checked = checkSheet(parseSheet(english({ weight: '78.0' })));
  // What the parts and PBF agree on is offered in its place, for the member to look at.
  expect(checked.values.weight).toBe(73);
  expect([checked.confidence.weight, checked.confidence.bodyFatMass, checked.confidence.percentBodyFat]).toEqual([
    'doubtful',
    'doubtful',
    'doubtful',
  ]);
  expect(checked.warnings).toHaveLength(2);
});

test('a tampered PBF alone is doubtful and replaced by the ratio of the weight and fat mass the composition vouches for', () => {
  const checked = checkSheet(parseSheet(english({ pbf: '27.4' })));
  expect([checked.values.percentBodyFat, checked.confidence.percentBodyFat]).toEqual([21.4, 'doubtful']);
  expect([checked.confidence.weight, checked.confidence.totalBodyWater]).toEqual(['confirmed', 'confirmed']);
});

test('a lost decimal mark is put back only where the sums then hold; an implausible SMM is doubtful', () => {
  const checked = checkSheet(parseSheet(english({ weight: '730', smm: '52.0' })));
  expect([checked.values.weight, checked.confidence.weight]).toEqual([73, 'confirmed']);
  expect(checked.values.skeletalMuscleMass).toBe(null);
  // 25.5 kg is 44 % of the 57.4 kg fat-free mass; several single digits put right would fit (35.5, 26.5 …): kept as read.
  const implausible = checkSheet(parseSheet(english({ smm: '25.5' })));
  expect([implausible.values.skeletalMuscleMass, implausible.confidence.skeletalMuscleMass]).toEqual([
    25.5,
    'doubtful',
  ]);
  expect(implausible.warnings).toContain('skeletalMuscleMass is not 45–65 % of the fat-free mass');
});

test('Vietnamese labels as the English model reads them', () => {
  const lines = [
    'Tong lugng nudc (L) 42.1 (36.3 ~ 44.3)',
    'Protein (kg) 11.4',
    'Khoang chat (kg) 3.92',
    'Lugng m@ co thé (kg) 15.6 (8.0 ~ 15.9)',
    'Can nang (kg) 73.0',
    'Lugng co xuong (kg) I 32.0',
    'Ty 1&€ md co thé (%) 21.4',
    'Ty 1é trao di chat co ban 1620 kcal',
    'Phan tich co tirng vung',
    'Tay phai 3.12 kg 98.5 % Binh thuong',
    'Than 24.10 kg 85.0 % Du6i',
    'Phan tich mé tirng vung',
    'Than 7.7 kg 259.5 % Trén',
    'Piém InBody 78/100 Piém',
  ].map((t) => line(t));
  const sheet = parseSheet(lines);
  expect(sheet.language).toBe('vi');
  const checked = checkSheet(sheet);
  expect(checked.values).toMatchObject({
    weight: 73,
    bodyFatMass: 15.6,
    percentBodyFat: 21.4,
    skeletalMuscleMass: 32,
    score: 78,
  });
  expect(checked.values.leanBodyMass).toMatchObject({ trunkMuscleMass: 24.1, trunkStatus: 'Under' });
  expect(checked.values.fatBodyMass).toMatchObject({
    trunkFatMass: 7.7,
    trunkFatPercentage: 259.5,
    trunkStatus: 'Over',
  });
});

test('unsure words are doubtful; nothing readable is not usable', () => {
  const unsure = checkSheet(parseSheet(english().map((l) => (/Skeletal|Score/.test(l.text) ? line(l.text, 60) : l))));
  expect([unsure.confidence.skeletalMuscleMass, unsure.confidence.score]).toEqual(['doubtful', 'doubtful']);
  expect(isUsable(checkSheet(parseSheet([line('a receipt'), line('Total 120.000 VND')])))).toBe(false);
});

test('an SMM label too garbled to match is taken from its place between the bars, and only offered', () => {
  const lines = muscleFatRows([
    line('Weight (kg) I 73.0'),
    line('55 70 85 100 115 130'),
    line('Lufomg oof ure (kg) I, 320'),
    line('Body Fat Mass (kg) I 15.6'),
  ]);
  const checked = checkSheet(parseSheet(lines));
  expect([checked.values.skeletalMuscleMass, checked.confidence.skeletalMuscleMass]).toEqual([32, 'doubtful']);
  // ADR 092: SMM's label read with only a garbled scale after it, the value on the line below, a garbled
  // line before the fat mass's (a mild validation photo).
  const split = muscleFatRows([
    line('Weight (kg) I 73.0'),
    line('| Co xuong (kg) w ive 1s 1 18 Ie)'),
    line('Kh ong Co ong I 31.9 i 2 FS'),
    line('an mw 8) - iv "mm'),
    line('Body Fat Mass (kg) I 15.6'),
  ]);
  const below = checkSheet(parseSheet(split));
  expect([below.values.skeletalMuscleMass, below.confidence.skeletalMuscleMass]).toEqual([31.9, 'doubtful']);
});

test('ADR 105: SMM read on the line after its label alone, where neither that line nor the fat mass line after it was named', () => {
  // A hard tuning photo: "Skeletal Muscle Mass" under "SMM (kg)" and the fat mass row both garbled.
  const lines = muscleFatRows([
    line('Weight (ip) EE 73.0 = = oo ;'),
    line('SMM oo wa ~'),
    line('Yates Mune Mee [IREEDEEEENNEES 33.3'),
    line('sodyiatMuny IEEE—— A'),
  ]);
  expect(parseSheet(lines).skeletalMuscleMass).toEqual([{ value: 33.3, confidence: 0, decimals: 1 }]);
  const checked = checkSheet(parseSheet(lines));
  expect([checked.values.skeletalMuscleMass, checked.confidence.skeletalMuscleMass]).toEqual([33.3, 'doubtful']);
  // A region's row after it ("3.35kg 95.6%") or a value without its decimal mark is no SMM.
  for (const after of ['Left Am 3.35kg 95.6% Normal', 'Yates Mune Mee [IREE 333'])
    expect(parseSheet(muscleFatRows([line('SMM oo wa ~'), line(after)])).skeletalMuscleMass).toEqual([]);
});

test('a fat mass read without its decimal mark (105 for 10.5) is put back where PBF then agrees', () => {
  const checked = checkSheet(parseSheet(english({ fat: '156' })));
  expect([checked.values.bodyFatMass, checked.confidence.bodyFatMass]).toEqual([15.6, 'confirmed']);
});

test('whole numbers that fit PBF = fat ÷ weight by chance ("11" read from "11.1" twice) are not confirmed', () => {
  const checked = checkSheet(parseSheet(english({ weight: '100.0', fat: '11', pbf: '11' })));
  expect([checked.values.percentBodyFat, checked.confidence.percentBodyFat, checked.confidence.bodyFatMass]).toEqual([
    11,
    'doubtful',
    'doubtful',
  ]);
});

test('the machine\'s name read as "InBodyS70" is no score: the "NN/100" reading is', () => {
  const lines = english();
  lines[0] = line('InBody InBodyS70');
  const sheet = parseSheet(lines);
  expect(sheet.score.map((r) => r.value)).toEqual([78]);
  const checked = checkSheet(sheet);
  expect(checked.values.score).toBe(78);
});

test('a score read only beside its label comes after one read as "NN/100"', () => {
  const lines = english();
  lines.splice(lines.length - 2, 1, line('InBody Score 73'), line('78/100 Points'));
  expect(parseSheet(lines).score.map((r) => r.value)).toEqual([78, 73]);
  const checked = checkSheet(parseSheet(lines));
  expect([checked.values.score, checked.confidence.score]).toEqual([78, 'doubtful']);
});

test('labels as the English model garbles them: "Tổng lượng nước" as "Tong hugng nude", "Khoáng chất" as "Khodng chat", "Cân nặng" as "Cénndng", "Protein" as "Proten"', () => {
  const garbled = [
    'Tong hugng nude (L) 42.1 (36.3 ~ 44.3)',
    'Khodng chat (kg) 3.92 (3.36 ~ 4.11)',
    'Khodng chit (kg) 3.92',
    'Proten (kg) 16.6 (14.9 ~ 18.3)',
    'Cénndng (kg) 87.3 (74.2 ~ 96.0)',
    'Cén ndrg (kg) 70.8',
  ];
  const sheet = parseSheet(garbled.map((t) => line(t)));
  expect(sheet.totalBodyWater.map((r) => r.value)).toEqual([42.1]);
  expect(sheet.minerals.map((r) => r.value)).toEqual([3.92, 3.92]);
  expect(sheet.protein.map((r) => r.value)).toEqual([16.6]);
  expect(sheet.weight.map((r) => r.value)).toEqual([87.3, 70.8]);
});

test("ADR 092: a region's level is confirmed only where its row's mass and % were read in their printed form", () => {
  // Another row's "77.7 % Under" at 87 % in the right arm's row, its mass "3" at 43 %.
  const lines = english().map((l) =>
    /^Right Arm 3\.12/.test(l.text)
      ? {
          text: 'Right Arm 3 kg 77.7 % Under',
          words: [
            { text: '3', confidence: 43 },
            { text: '77.7', confidence: 87 },
          ],
        }
      : l,
  );
  const checked = checkSheet(parseSheet(lines));
  expect(checked.values.leanBodyMass).toMatchObject({ rightArmMusclePercentage: 77.7, rightArmStatus: 'Under' });
  expect(checked.confidence['leanBodyMass.rightArmMusclePercentage']).toBe('doubtful');
  expect(checked.confidence['leanBodyMass.rightArmStatus']).toBe('doubtful');
  // Read surely, both are confirmed.
  const sure = checkSheet(parseSheet(english()));
  expect(sure.confidence['leanBodyMass.rightArmStatus']).toBe('confirmed');
});

test('ADR 092: a part the sum fits within its tolerance is not confirmed when tesseract doubted its word', () => {
  // A validation photo: minerals 3.69 read "3.60" at 40 %; the sum held by 0.1 and confirmed it.
  const lines = english().map((l) => (/^Minerals/.test(l.text) ? line('Minerals (kg) 3.82 (3.36 ~ 4.11)', 40) : l));
  const unsure = checkSheet(parseSheet(lines));
  expect([unsure.values.minerals, unsure.confidence.minerals]).toEqual([3.82, 'doubtful']);
  // The other parts, read surely, stay confirmed by the same sum; a sure word of the second engine confirms it.
  expect(unsure.confidence).toMatchObject({ weight: 'confirmed', totalBodyWater: 'confirmed', protein: 'confirmed' });
  const sheet = parseSheet(lines);
  expect(checkSheet({ ...sheet, minerals: [...sheet.minerals, second(3.82, 2)] }).confidence.minerals).toBe(
    'confirmed',
  );
  // Read surely, the same value is confirmed as before.
  const sure = english().map((l) => (/^Minerals/.test(l.text) ? line('Minerals (kg) 3.82 (3.36 ~ 4.11)') : l));
  expect(checkSheet(parseSheet(sure)).confidence.minerals).toBe('confirmed');
});

test("ADR 093: a part only the sum covers is confirmed by it only where its word is sure (its last digit is the word's)", () => {
  // Fresh tuning photos: minerals 3.35 read "3.38" at 65 %, protein 13.1 read "13.0" at 63 %; both fitted the sum.
  const at = (confidence: number) =>
    english().map((l) => (/^Minerals/.test(l.text) ? line('Minerals (kg) 3.92 (3.36 ~ 4.11)', confidence) : l));
  const mid = checkSheet(parseSheet(at(65)));
  expect([mid.values.minerals, mid.confidence.minerals]).toEqual([3.92, 'doubtful']);
  expect(mid.confidence).toMatchObject({ weight: 'confirmed', bodyFatMass: 'confirmed', protein: 'confirmed' });
  expect(checkSheet(parseSheet(at(85))).confidence.minerals).toBe('confirmed');
  // The weight at 65 %, held by the ratio too, stays confirmed.
  const weight = english().map((l) => (/^Weight/.test(l.text) ? line('Weight (kg) 73.0 (55.8 ~ 75.4)', 65) : l));
  expect(checkSheet(parseSheet(weight)).confidence.weight).toBe('confirmed');
});

test('ADR 093: a decimal mark read as a gap ("25 8") gives the value, offered; "cơ" read "cu" still names the fat mass', () => {
  const sheet = parseSheet([line('Skeletal Muscle Mass [DEED 25 8'), line('Lugng md cu thé (kg) 27.1 ican')]);
  expect(sheet.skeletalMuscleMass).toEqual([{ value: 25.8, confidence: 50, decimals: 1 }]);
  expect(sheet.bodyFatMass.map((r) => r.value)).toEqual([27.1]);
  // Not where the lone digit is not the line's last number, nor a value with its mark read.
  expect(parseSheet([line('PBF 33 aw rt 5')]).percentBodyFat.map((r) => r.value)).toEqual([33]);
  expect(parseSheet([line('Weight (kg) 73.0 5')]).weight.map((r) => r.value)).toEqual([73]);
  // The PBF's Vietnamese label with "cơ" read "cu" is no fat mass.
  expect(parseSheet([line('Ty le md cu thé (%) 37.6')]).percentBodyFat.map((r) => r.value)).toEqual([37.6]);
});

test("ADR 093: PBF by its place where its label was lost: the second Obesity line with a value from BMI's on, before the regions", () => {
  // A fresh tuning photo (570, Vietnamese): "Tỷ lệ mỡ cơ thể (%)" read "TH 4 ma oo thd ON".
  const obesity = (pbf: string[]) =>
    parseSheet(
      [
        'BMI . ~ I M',
        'On of ki oo od Ope [EE 24.5',
        'PRY . @',
        ...pbf,
        'Tay phi 2.55kg 20.4% Binh thuong',
        'Tay trai 2.53kg 90.1% Binh thuong',
      ].map((t) => line(t)),
    ).percentBodyFat;
  expect(obesity(['TH 4 ma oo thd ON I 38.2'])).toEqual([{ value: 38.2, confidence: 0, decimals: 1 }]);
  // BMI's value alone (PBF's line lost) is no PBF; a PBF read by its label is not replaced.
  expect(obesity([])).toEqual([]);
  expect(obesity(['PBF Percent Body Fat 38.2']).map((r) => r.confidence)).toEqual([95]);
});

test("ADR 093: SMM by its place also where the composition's fat row was lost: the line between the bars' weight and fat mass", () => {
  // A fresh tuning photo (570, Vietnamese): the composition's fat row garbled, SMM's label with no value,
  // its value on the next, garbled line.
  const sheet = parseSheet(
    [
      'Luyng md cx thé (kg) 23004-1r',
      'Cin ning (kg) 63.5',
      'Co xuvmng (kg) rw mn i. we a m',
      '0 hong co veer [EE 22.6',
      'md ca thé (kg) ne om RLS Tw i',
    ].map((t) => line(t)),
  );
  expect(sheet.skeletalMuscleMass).toEqual([{ value: 22.6, confidence: 0, decimals: 1 }]);
  // Its label read with its value, the mark lost ("EE 233" for 23.3): a speck's "13" before the fat
  // mass's line is no SMM (a fresh tuning photo).
  const lost = parseSheet(
    [
      'Lugng m& co thé (kg) 17.3 60-120',
      'Cin ning (kg) EE 59.8 . N = a',
      'KhOL haying oor xurong EE 233',
      'LL nm 13 J ue T- mm',
      'Luyng md co thé (kg) I 17.3',
    ].map((t) => line(t)),
  );
  expect(lost.skeletalMuscleMass.map((r) => r.value)).toEqual([233]);
  expect(checkSheet(lost).values.skeletalMuscleMass).toBe(23.3);
  // But a 100 on its label's line is the bar scale's 100 % mark, not 10.0 kg with the mark lost: the value
  // on the line below is still taken by its place (tesseract's lines of a fresh hard tuning photo).
  const scaleMark = parseSheet(
    [
      'Luong md co thé (kg) 21.840-120',
      'Cn ning (kg) EE 60.0',
      '| Co xuong (kg) 100 ns 1 1 »e i',
      '| Kn org co sung EEEEEEEEEE 20.8',
      'Luong md ca thé m 1 oe 14 in',
    ].map((t) => line(t)),
  );
  expect(scaleMark.skeletalMuscleMass.map((r) => [r.value, r.confidence])).toEqual([
    [100, 95],
    [20.8, 0],
  ]);
  // "SMM (kg)" read "SM(g)" by the second engine on a fresh tuning photo.
  expect(parseSheet([line('SM(g) 24.5')]).skeletalMuscleMass.map((r) => r.value)).toEqual([24.5]);
});

test('ADR 092: an SMM label whose first word is garbled ("olal Muscle Mass", "Khoi lurgng cd xufcmg") still names SMM', () => {
  // The second engine's lines on two mild tuning photos; the fat mass's row is not taken for SMM.
  const sheet = parseSheet(
    [
      'olal Muscle Mass 25.1',
      'Khoi lurgng cd xufcmg 22.0',
      'Luong coxurong (kg) EEE 31.8',
      'Lurong m co the (kg) 5.2',
      'Luong mo co the (kg) 5.2',
    ].map((t) => line(t)),
  );
  expect(sheet.skeletalMuscleMass.map((r) => r.value)).toEqual([25.1, 22, 31.8]);
  expect(sheet.bodyFatMass.map((r) => r.value)).toEqual([5.2, 5.2]);
});

test('a misread weight or fat mass that breaks both checks is given by the parts when PBF agrees with it, and only offered', () => {
  const weight = checkSheet(parseSheet(english({ weight: '43.0' })));
  expect([
    weight.values.weight,
    weight.confidence.weight,
    weight.values.percentBodyFat,
    weight.confidence.percentBodyFat,
  ]).toEqual([73, 'doubtful', 21.4, 'doubtful']);
  const fat = checkSheet(parseSheet(english({ fat: '45.6' })));
  expect([fat.values.bodyFatMass, fat.confidence.bodyFatMass, fat.values.weight]).toEqual([15.6, 'doubtful', 73]);
  // PBF disagreeing with what the parts give: nothing derived, the reading stays as read.
  const neither = checkSheet(parseSheet(english({ weight: '43.0', pbf: '30.2' })));
  expect([neither.values.weight, neither.confidence.weight]).toEqual([43, 'doubtful']);
  // ADR 100: the weight read nowhere and minerals only as an unsure "392" (its mark put back, no sure
  // word): the parts still give the weight, offered; of two PBFs read, the one that fits best.
  const unsure = parseSheet(
    english({ weight: 'EE' }).map((l) => (/^Minerals/.test(l.text) ? line(l.text.replace('3.92', '392'), 30) : l)),
  );
  unsure.percentBodyFat.unshift({ value: 21.2, confidence: 80, decimals: 1 });
  const derived = checkSheet(unsure);
  expect([derived.values.weight, derived.confidence.weight, derived.values.percentBodyFat]).toEqual([
    73,
    'doubtful',
    21.4,
  ]);
});

test('a number glued to a letter is a misread word, not the value: "Tỷ lệ mỡ cơ thể (%) 20.4" read as "Ty 16 md co 0é ) 204"', () => {
  const sheet = parseSheet([
    line('Ty 16 md co 0é ) 204'),
    line('Luong co (kg) S80 I 47.7'),
    line('Right Arm 4.56kg 97%'),
  ]);
  expect(sheet.percentBodyFat.map((r) => r.value)).toEqual([204]);
  // A unit after the number is no word.
  expect(sheet.lean.rightArm?.kg?.value).toBe(4.56);
  const checked = checkSheet(parseSheet(english({ pbf: '0é ) 214' })));
  expect([checked.values.percentBodyFat, checked.confidence.percentBodyFat]).toEqual([21.4, 'confirmed']);
});

test('a speck read as "|" between the bars does not lose the place of a garbled SMM row', () => {
  const lines = muscleFatRows([
    line('Weight (kg) I 73.0'),
    line('Lufomg oof ure (kg) I, 32.0'),
    line('|'),
    line('Body Fat Mass (kg) I 15.6'),
  ]);
  const checked = checkSheet(parseSheet(lines));
  expect([checked.values.skeletalMuscleMass, checked.confidence.skeletalMuscleMass]).toEqual([32, 'doubtful']);
});

test('a fat region\'s % on the wrong side of its level ("14.1 % Over" read from "114.1 % Over") is not confirmed, nor its level', () => {
  const lines = english().map((l) => (/^Right Arm 0\.9/.test(l.text) ? line('Right Arm 0.9 kg 20.0 % Over') : l));
  const checked = checkSheet(parseSheet(lines));
  expect([
    checked.values.fatBodyMass?.rightArmFatPercentage,
    checked.confidence['fatBodyMass.rightArmFatPercentage'],
  ]).toEqual([20, 'doubtful']);
  // ADR 092: nor is its level, which the % contradicts.
  expect(checked.confidence['fatBodyMass.rightArmStatus']).toBe('doubtful');
  expect(checkSheet(parseSheet(english())).confidence['fatBodyMass.rightArmFatPercentage']).toBe('confirmed');
  expect(checkSheet(parseSheet(english())).confidence['fatBodyMass.rightArmStatus']).toBe('confirmed');
});

// Issue 36 §4: never sure and wrong.
/** A line with a box, as tesseract places it (the score's line is read again by its box). */
const boxed = (text: string) => ({ ...line(text), box: { x0: 0, y0: 0, x1: 100, y1: 20 } });

const withScore = (scoreLine: string, extra: string[] = []) => [
  ...english().filter((l) => !l.text.startsWith('InBody Score')),
  ...[scoreLine, ...extra].map((t) => line(t)),
];

test('the score box\'s small print "may score over 100 points" is no score, and 100 is never confirmed', () => {
  const sheet = parseSheet(
    withScore('InBody Score', ['* Total score ... A muscular person may score over 100 points.']),
  );
  expect(sheet.score).toEqual([]);
  expect(checkSheet(sheet).confidence.score).toBe('missing');
  const hundred = checkSheet(parseSheet(withScore('InBody Score 100/100 Points')));
  expect([hundred.values.score, hundred.confidence.score]).toEqual([100, 'doubtful']);
});

test('a score is offered, doubtful, when read with one digit or its slash lost; as "NN/100" it still needs the second engine (ADR 092)', () => {
  const lone = checkSheet(parseSheet(withScore('InBody Score 7/100 Points')));
  expect([lone.values.score, lone.confidence.score]).toEqual([7, 'doubtful']);
  const slashLost = checkSheet(parseSheet(withScore('90 100 Points')));
  expect([slashLost.values.score, slashLost.confidence.score]).toEqual([90, 'doubtful']);
  // ADR 090: the slash read as a 1 glued to the 100 (a tuning photo's "92 1100 points"): offered, doubtful.
  const slashAsOne = checkSheet(parseSheet(withScore('92 1100 points')));
  expect([slashAsOne.values.score, slashAsOne.confidence.score]).toEqual([92, 'doubtful']);
  // A speck or the box's rule read as a digit before the large print ("3 8 6 /100" for 86), and the
  // slash dropped with the words run together ("86100opoints"): offered, doubtful.
  const speck = checkSheet(parseSheet(withScore('3 8 6 /100 Points')));
  expect([speck.values.score, speck.confidence.score]).toEqual([86, 'doubtful']);
  const glued = checkSheet(parseSheet(withScore('-|86100opoints')));
  expect([glued.values.score, glued.confidence.score]).toEqual([86, 'doubtful']);
  // ADR 092: "Điểm" read with its Đ as a 0 (a mild validation photo's "61 100 0im"): offered, and its line read again.
  const zero = checkSheet(parseSheet(withScore('61 100 0im')));
  expect([zero.values.score, zero.confidence.score]).toEqual([61, 'doubtful']);
  expect(scoreLineOf([boxed('61 100 0im')])).toBeDefined();
  const printed = parseSheet(withScore('InBody Score 90/100 Points'));
  expect([checkSheet(printed).values.score, checkSheet(printed).confidence.score]).toEqual([90, 'doubtful']);
  const both = checkSheet({ ...printed, score: [second(90, 0, 99, true), ...printed.score] });
  expect([both.values.score, both.confidence.score]).toEqual([90, 'confirmed']);
});

test('ADR 093: a score whose slash and 1 were read as one letter or mark is offered, doubtful, and its line read again', () => {
  // Fresh tuning photos: "87 noo Points" (the "/1" read as an n), "84.00 Points" (as a point), "Điểm" read "viem".
  for (const [text, value] of [
    ['=p 87 noo Points', 87],
    ['84.00 Points', 84],
    ['75 noo viem', 75],
    ['71 / 100 Diém', 71],
    ['97 1100 piém |', 97],
    ['99 100 um', 99],
    // A fresh hard tuning photo: "Points" read "poirts".
    ['| 88 1100 poirts |', 88],
  ] as const) {
    const checked = checkSheet(parseSheet(withScore(text)));
    expect([checked.values.score, checked.confidence.score]).toEqual([value, 'doubtful']);
    expect(scoreLineOf([boxed(text)])).toBeDefined();
  }
  // Not a score: a weight, the small print, a scale that holds 100.
  for (const text of ['Target Weight 84.00 kg', 'A muscular person may score over 100 points', '85 100 115 Normal'])
    expect(scoreLineOf([boxed(text)])).toBeUndefined();
});

test("ADR 106: the line under the score box's heading is the score where its slash and word were lost", () => {
  // Tuning photos: the slash read as a 7, the word garbled past knowing, the digits read apart.
  for (const [heading, text, value] of [
    ['= InBody Score', '93 100 reines', 93],
    ['InBody Score', '91 7100 Points', 91],
    ['Điểm InBody', '66100 Dim', 66],
    ['Điểm InBody', '9 5 100 Diém', 95],
  ] as const) {
    const checked = checkSheet(parseSheet(withScore(heading, [text])));
    expect([checked.values.score, checked.confidence.score]).toEqual([value, 'doubtful']);
    expect(scoreLineOf([boxed(heading), boxed(text)])?.text).toBe(text);
  }
  // Not under the heading, or not two digits and a 100: no score.
  expect(checkSheet(parseSheet(withScore('Weight Control', ['93 100 reines']))).values.score).toBeNull();
  expect(checkSheet(parseSheet(withScore('InBody Score', ['100 points.']))).values.score).toBeNull();
  expect(
    checkSheet(parseSheet(withScore('InBody Score', ['composition. A muscular person may score over 100']))).values
      .score,
  ).toBeNull();
});

test("body fat mass never takes the weight's value", () => {
  const checked = checkSheet(parseSheet(english({ fat: '73.0' })));
  expect(checked.values.bodyFatMass).not.toBe(73);
  expect(checked.confidence.bodyFatMass).not.toBe('confirmed');
});

test('a large score read with a gap between its digits ("9 5 /100") is 95/100', () => {
  const sheet = parseSheet(withScore('9 5 /100 Points'));
  expect(sheet.score).toMatchObject([{ value: 95, outOf100: true }]);
  expect(checkSheet({ ...sheet, score: [...sheet.score, second(95, 0, 99, true)] }).confidence.score).toBe('confirmed');
});

test('a score whose "100" is read with a gap ("62 / 1 00 Điểm") is 62/100 (ADR 084)', () => {
  const sheet = parseSheet(withScore('| 62 / 1 00 biém |'));
  expect(sheet.score).toMatchObject([{ value: 62, outOf100: true }]);
  expect(checkSheet({ ...sheet, score: [...sheet.score, second(62, 0, 99, true)] }).confidence.score).toBe('confirmed');
});

test('a weight the ratio fits but the four parts contradict is doubtful; a value read with a digit too many is not sure', () => {
  // 73.3 fits PBF 21.4 with fat 15.6 within the rounding, but water + protein + minerals + fat = 73.0.
  const loose = checkSheet(parseSheet(english({ weight: '73.3' })));
  expect(loose.confidence.weight).not.toBe('confirmed');
  const extra = checkSheet(parseSheet(english({ protein: '11.43' })));
  expect(extra.confidence.protein).not.toBe('confirmed');
});

test('a skeletal muscle mass a second reading contradicts (the page 32.0, its box 38.0) is not confirmed; one the second engine agrees with is', () => {
  const sheet = parseSheet(english());
  const agreed = {
    ...sheet,
    skeletalMuscleMass: [...sheet.skeletalMuscleMass, { value: 32, confidence: 90, decimals: 1, second: true }],
  };
  expect(checkSheet(agreed).confidence.skeletalMuscleMass).toBe('confirmed');
  const contradicted = {
    ...sheet,
    skeletalMuscleMass: [...sheet.skeletalMuscleMass, { value: 38, confidence: 90, decimals: 1 }],
  };
  expect([
    checkSheet(contradicted).values.skeletalMuscleMass,
    checkSheet(contradicted).confidence.skeletalMuscleMass,
  ]).toEqual([32, 'doubtful']);
});

test('a weight and a fat mass misread alike (a bar end read as "1" before both) fit the sum but not the PBF read: neither is confirmed', () => {
  const checked = checkSheet(parseSheet(english({ weight: '173.0', fat: '115.6' })));
  expect(checked.values.weight).toBe(173);
  expect([checked.confidence.weight, checked.confidence.bodyFatMass]).toEqual(['doubtful', 'doubtful']);
});

test('a PBF or a fat mass not read at all is given by the other two read in their printed form, and only offered (ADR 084)', () => {
  // The composition's parts not read either (a shadow across the table): no sum gives them.
  const parts = /^(Total Body Water|Protein|Minerals)/;
  const withoutPbf = english().filter((l) => !l.text.startsWith('PBF') && !parts.test(l.text));
  const noPbf = checkSheet(parseSheet(withoutPbf));
  expect(noPbf.values.percentBodyFat).toBe(21.4);
  expect(noPbf.confidence.percentBodyFat).toBe('doubtful');
  const withoutFat = english().filter((l) => !l.text.startsWith('Body Fat Mass') && !parts.test(l.text));
  const noFat = checkSheet(parseSheet(withoutFat));
  expect(noFat.values.bodyFatMass).toBe(15.6);
  expect(noFat.confidence.bodyFatMass).toBe('doubtful');
});

test('an SMM in its printed form goes before a whole number read from a garbled scale; a whole number is put back only at the printed mark (ADR 084)', () => {
  const lines = english();
  lines.splice(10, 0, line('SMM (kg) 11% 130 148 160 17s', 40));
  const checked = checkSheet(parseSheet(lines));
  expect(checked.values.skeletalMuscleMass).toBe(32);
  // Minerals are printed with two decimals: "392" is 3.92 in its printed form, "39" no printed 3.9.
  const sheet = parseSheet(english());
  sheet.minerals = [{ value: 39, confidence: 95, decimals: 0 }];
  sheet.weight = [{ value: 72.9, confidence: 95, decimals: 1 }];
  expect(checkSheet(sheet).confidence.minerals).not.toBe('confirmed');
  // Nor is an unsure whole number ("A460" at 46 % for 4.66) put back into a confirmed value.
  sheet.weight = [{ value: 73, confidence: 95, decimals: 1 }];
  sheet.minerals = [{ value: 392, confidence: 46, decimals: 0 }];
  expect(checkSheet(sheet).confidence.minerals).toBe('doubtful');
  // ADR 104: nor a sure one: the sum put its mark back, and cannot tell its digits ("234" at 89 % for 2.54).
  sheet.minerals = [{ value: 392, confidence: 95, decimals: 0 }];
  expect(checkSheet(sheet).confidence.minerals).toBe('doubtful');
  // Nor a word with a digit lost after its mark ("3.9" for 3.92: the sum fits it too).
  sheet.minerals = [{ value: 3.9, confidence: 95, decimals: 1 }];
  expect(checkSheet(sheet).confidence.minerals).toBe('doubtful');
  // Read with its mark, the same word is held; so is the whole number where the second engine read it so.
  sheet.minerals = [{ value: 3.92, confidence: 95, decimals: 2 }];
  expect(checkSheet(sheet).confidence.minerals).toBe('confirmed');
  sheet.minerals = [
    { value: 392, confidence: 95, decimals: 0 },
    { value: 3.92, confidence: 99, decimals: 2, second: true },
  ];
  expect(checkSheet(sheet).confidence.minerals).toBe('confirmed');
});

// ADR 086: the second engine's reading (PaddleOCR's recognizer on the same lines) is an independent second reading.
const second = (value: number, decimals: number, confidence = 99, outOf100?: boolean) => ({
  value,
  decimals,
  confidence,
  second: true,
  ...(outOf100 ? { outOf100 } : {}),
});

test('a value both engines read alike in its printed form is confirmed; where they differ it stays doubtful', () => {
  // The weight's and fat mass's rows lost: no arithmetic covers SMM or PBF, and tesseract read them unsure.
  const sheet = parseSheet(
    english({ smm: '32.0', pbf: '21.4' }).map((l) =>
      /^(SMM|PBF)/.test(l.text) ? line(l.text, 60) : /^(Body Fat Mass|Weight)/.test(l.text) ? line('') : l,
    ),
  );
  expect(checkSheet(sheet).confidence).toMatchObject({ skeletalMuscleMass: 'doubtful', percentBodyFat: 'doubtful' });
  const agreed = checkSheet({
    ...sheet,
    skeletalMuscleMass: [second(32, 1), ...sheet.skeletalMuscleMass],
    percentBodyFat: [second(21.4, 1), ...sheet.percentBodyFat],
  });
  expect(agreed.values).toMatchObject({ skeletalMuscleMass: 32, percentBodyFat: 21.4 });
  expect(agreed.confidence).toMatchObject({ skeletalMuscleMass: 'confirmed', percentBodyFat: 'confirmed' });
  // The second engine reads another value: neither is sure.
  const differ = checkSheet({
    ...sheet,
    skeletalMuscleMass: [...sheet.skeletalMuscleMass, second(33.0, 1)],
    percentBodyFat: [second(27.4, 1), ...sheet.percentBodyFat],
  });
  expect(differ.confidence).toMatchObject({ skeletalMuscleMass: 'doubtful', percentBodyFat: 'doubtful' });
  // Unsure (below the sure word) or not in the printed form (no decimal): no second reading.
  const weak = checkSheet({
    ...sheet,
    skeletalMuscleMass: [second(32, 1, 70), ...sheet.skeletalMuscleMass],
    percentBodyFat: [second(21.4, 0), ...sheet.percentBodyFat],
  });
  expect(weak.confidence).toMatchObject({ skeletalMuscleMass: 'doubtful', percentBodyFat: 'doubtful' });
});

test('a score with its slash lost is confirmed by the second engine\'s "NN/100"; the 100 of "/100" never is', () => {
  const lost = parseSheet(
    english().map((l) => (/^InBody Score/.test(l.text) ? line('InBody Score 78 100 Points') : l)),
  );
  expect(checkSheet(lost).confidence.score).toBe('doubtful');
  const both = checkSheet({ ...lost, score: [second(78, 0, 99, true), ...lost.score] });
  expect(both.values.score).toBe(78);
  expect(both.confidence.score).toBe('confirmed');
  // Read without its slash by the second engine too: not its printed form.
  expect(checkSheet({ ...lost, score: [second(78, 0, 99), ...lost.score] }).confidence.score).toBe('doubtful');
  // "/100" alone read as the score by both: 100 is no score either engine may confirm.
  const hundred = { value: 100, decimals: 0, confidence: 99 };
  const onlyHundred = checkSheet({ ...lost, score: [second(100, 0, 99, true), { ...hundred, outOf100: true }] });
  expect(onlyHundred.confidence.score).not.toBe('confirmed');
  // And a second engine that disagrees with a score tesseract read surely: doubtful.
  const sure = parseSheet(english());
  expect(checkSheet({ ...sure, score: [...sure.score, second(78, 0, 99, true)] }).confidence.score).toBe('confirmed');
  expect(checkSheet({ ...sure, score: [...sure.score, second(76, 0, 99, true)] }).confidence.score).toBe('doubtful');
});

test('ADR 092: a score read surely as "NN/100" by tesseract alone is not confirmed; the value both engines read goes first, then the surest', () => {
  // A validation photo: the score box read again "29 /100" at 89 % (the large 99), the page "99 /100"
  // at 96 %, the second engine "99/100"; the box's reading goes first.
  const page = parseSheet(english().map((l) => (/^InBody Score/.test(l.text) ? line('99 /100 Diém', 96) : l)));
  const boxFirst = { ...page, score: [{ value: 29, confidence: 89, decimals: 0, outOf100: true }, ...page.score] };
  expect(checkSheet({ ...boxFirst, score: boxFirst.score.slice(0, 1) }).confidence.score).toBe('doubtful');
  const both = checkSheet({ ...boxFirst, score: [...boxFirst.score, second(99, 0, 99, true)] });
  expect([both.values.score, both.confidence.score]).toEqual([99, 'confirmed']);
  // Where the second engine read no score, the surest "NN/100" read, doubtful (a tuning photo: the box
  // read again "58/100" at 0 %, the page "68/100" at 93 %).
  expect([checkSheet(boxFirst).values.score, checkSheet(boxFirst).confidence.score]).toEqual([99, 'doubtful']);
  const unsureBox = { ...page, score: [{ value: 58, confidence: 0, decimals: 0, outOf100: true }, ...page.score] };
  expect(checkSheet(unsureBox).values.score).toBe(99);
  // And SMM alike: the value both engines read goes before a whole number or another reading.
  const smm = parseSheet(english({ smm: '23.9' }));
  const picked = checkSheet({
    ...smm,
    skeletalMuscleMass: [{ value: 28.9, confidence: 90, decimals: 1 }, ...smm.skeletalMuscleMass, second(23.9, 1)],
  });
  expect([picked.values.skeletalMuscleMass, picked.confidence.skeletalMuscleMass]).toEqual([23.9, 'confirmed']);
});

test("one engine's sure word does not confirm what no sum covers: an SMM at 90 %, a region's mass or % below 95 % (ADR 090)", () => {
  // Tuning photos: a blurred "21.5" read "21.3" at 90 %, within 45–65 % of the fat-free mass; a
  // region's "97.5 %" read "97.3 %" at 88 %.
  const sheet = parseSheet(
    english({ smm: '32.3' }).map((l) =>
      /^SMM/.test(l.text) ? line(l.text, 90) : /^Right Arm 0.9/.test(l.text) ? line(l.text, 88) : l,
    ),
  );
  const checked = checkSheet(sheet);
  expect([checked.values.skeletalMuscleMass, checked.confidence.skeletalMuscleMass]).toEqual([32.3, 'doubtful']);
  expect(checked.confidence['fatBodyMass.rightArmFatPercentage']).toBe('doubtful');
  expect(checked.confidence['fatBodyMass.rightArmFatMass']).toBe('doubtful');
  // Read at 95 % or more, with the region's level agreeing: confirmed as before.
  expect(checked.confidence['leanBodyMass.rightArmMusclePercentage']).toBe('confirmed');
});

test("on a deconvolved page no region's value is confirmed by its word alone, however sure (ADR 097)", () => {
  // Validation hard 249: a deconvolved page's fat "236 %" for 256 read as a sure word.
  const sheet = parseSheet(english());
  const deconvolved = checkSheet(sheet, { deconvolved: true });
  for (const key of [
    'fatBodyMass.rightArmFatPercentage',
    'fatBodyMass.rightArmFatMass',
    'leanBodyMass.trunkMuscleMass',
  ])
    expect([key, checkSheet(sheet).confidence[key], deconvolved.confidence[key]]).toEqual([
      key,
      'confirmed',
      'doubtful',
    ]);
  // The core values the sheet's arithmetic confirms stay confirmed.
  expect(deconvolved.confidence.weight).toBe('confirmed');
});

test('ADR 095: the ratio alone confirms a weight read unsurely only where it pins its last digit; a sure word it confirms', () => {
  // A lean body (51.5 kg, fat 5.0, PBF 9.7), protein not read so no sum holds: a blurred "51.3" at 64 % fits the ratio.
  const lean = (weightConfidence: number) =>
    english({ weight: '51.3', fat: '5.0', pbf: '9.7' })
      .filter((l) => !/^Protein/.test(l.text))
      .map((l) => (/^Weight/.test(l.text) ? line(l.text, weightConfidence) : l));
  const unsure = checkSheet(parseSheet(lean(64)));
  expect([unsure.values.weight, unsure.confidence.weight]).toEqual([51.3, 'doubtful']);
  // Fat mass and PBF, read surely, are still confirmed by the ratio.
  expect(unsure.confidence).toMatchObject({ bodyFatMass: 'confirmed', percentBodyFat: 'confirmed' });
  expect(checkSheet(parseSheet(lean(90))).confidence.weight).toBe('confirmed');
  // With the sum holding too (ADR 092), a weight at 65 % stays confirmed (the test above).
});

test('a value read in its printed form stays so when a whole number read first gives it too ("108" at 79 %, then "10.8")', () => {
  // A hard tuning photo: PBF not read; weight and fat in their printed form give it, offered.
  const sheet = parseSheet(english().filter((l) => !/^(PBF|Total Body Water|Protein|Minerals)/.test(l.text)));
  sheet.bodyFatMass = [
    { value: 156, confidence: 79, decimals: 0 },
    { value: 15.6, confidence: 89, decimals: 1 },
  ];
  const checked = checkSheet(sheet);
  expect([checked.values.percentBodyFat, checked.confidence.percentBodyFat]).toEqual([21.4, 'doubtful']);
});

test('two weights and fat masses read that each fit the ratio: neither is confirmed, the one read more surely is offered', () => {
  // A hard tuning photo (PBF 26.4): "83.3" and "22.0" fit it as well as the printed 85.5 and 22.6; no parts read.
  const sheet = parseSheet(
    english({ weight: '85.5', fat: '22.6', pbf: '26.4' }).filter(
      (l) => !/^(Total Body Water|Protein|Minerals)/.test(l.text),
    ),
  );
  expect(checkSheet(sheet).confidence.weight).toBe('confirmed');
  sheet.weight.unshift({ value: 83.3, confidence: 71, decimals: 1 });
  sheet.bodyFatMass.unshift({ value: 22, confidence: 87, decimals: 1 });
  sheet.bodyFatMass.push({ value: 22.6, confidence: 50, decimals: 1, second: true });
  const checked = checkSheet(sheet);
  expect([checked.values.weight, checked.values.bodyFatMass]).toEqual([85.5, 22.6]);
  expect([checked.confidence.weight, checked.confidence.bodyFatMass]).toEqual(['doubtful', 'doubtful']);
});

test('an SMM outside 45–65 % of the fat-free mass a check vouches for goes after one inside it, whatever the order read', () => {
  // A hard tuning photo: "14.3" at 11 % was read before "37.2" at 92 % (fat-free mass 64.3 kg).
  const sheet = parseSheet(english({ weight: '81.9', fat: '17.6', pbf: '21.5' }));
  sheet.skeletalMuscleMass = [
    { value: 14.3, confidence: 11, decimals: 1 },
    { value: 37.2, confidence: 92, decimals: 1 },
  ];
  const checked = checkSheet(sheet);
  expect([checked.values.skeletalMuscleMass, checked.confidence.skeletalMuscleMass]).toEqual([37.2, 'doubtful']);
  // With no check on the weight and fat mass, what was read first still goes first.
  sheet.weight = [];
  sheet.percentBodyFat = [];
  expect(checkSheet(sheet).values.skeletalMuscleMass).toBe(14.3);
});

test('an SMM read with a digit before its mark misread ("10.8" for 40.8) is put right where one way alone fits the fat-free mass, offered', () => {
  // A fresh hard tuning photo: fat-free mass 104.9 − 28.5 = 76.4 kg, SMM 45–65 % of it: 34.4–49.7 kg.
  const sheet = parseSheet(
    english({ weight: '104.9', fat: '28.5', pbf: '27.2', smm: '10.8', water: '56.4', protein: '15.4' }),
  );
  sheet.minerals = [{ value: 4.65, confidence: 95, decimals: 2 }];
  const checked = checkSheet(sheet);
  expect(checked.confidence.weight).toBe('confirmed');
  expect([checked.values.skeletalMuscleMass, checked.confidence.skeletalMuscleMass]).toEqual([40.8, 'doubtful']);
});

test("a weight read among another field's readings that fits the ratio is offered, doubtful, where the weight read fits nothing", () => {
  // A hard tuning photo (570, Vietnamese): the row read again put "80.1" among protein's; the weight's own read "50.1".
  const sheet = parseSheet(
    english({ weight: '50.1', fat: '16.6', pbf: '20.7' }).filter((l) => !/^(Total Body Water|Minerals)/.test(l.text)),
  );
  sheet.protein.push({ value: 80.1, confidence: 57, decimals: 1 });
  const checked = checkSheet(sheet);
  expect([checked.values.weight, checked.confidence.weight]).toEqual([80.1, 'doubtful']);
  // Nothing read elsewhere: "50.1" with its 5 put right is the one weight near it that fits (80.1), offered.
  sheet.protein = sheet.protein.filter((r) => r.value !== 80.1);
  expect([checkSheet(sheet).values.weight, checkSheet(sheet).confidence.weight]).toEqual([80.1, 'doubtful']);
  // A weight no one digit puts right is kept as read.
  sheet.weight = [{ value: 35, confidence: 39, decimals: 1 }];
  expect(checkSheet(sheet).values.weight).toBe(35);
});

test("a weight read with its first digit misread and a PBF with a bar's end read as a 1 before it are put right where the ratio then fits, offered", () => {
  // A fresh validation hard photo: weight "26.3" for 86.3, PBF "129.5" for 29.5, fat mass 25.5; no parts read.
  const sheet = parseSheet(
    english({ weight: '26.3', fat: '25.5', pbf: '129.5' }).filter(
      (l) => !/^(Total Body Water|Protein|Minerals)/.test(l.text),
    ),
  );
  const checked = checkSheet(sheet);
  expect([checked.values.weight, checked.values.percentBodyFat]).toEqual([86.3, 29.5]);
  expect([checked.confidence.weight, checked.confidence.percentBodyFat]).toEqual(['doubtful', 'doubtful']);
});

test("the Weight Control box's rows hold no weight, however the engines misread them", () => {
  // A fresh hard tuning photo: the weight's own row lost, "Target Weight 65.4 kg" was taken for its 67.9.
  const rows = ['Weight Control', 'Target Weight 65.4 kg', 'Drget Weigpt 65.4 kg', 'Welght Contro! -5.2 kg'];
  const vi = ['Kiem soat can nang', 'Can nang muc tieu 65.4 kg', 'Kiem soat can nang -5.2 kg'];
  const lines = [...english().filter((l) => !/^Weight/.test(l.text)), ...[...rows, ...vi].map((t) => line(t))];
  expect(parseSheet(lines).weight).toEqual([]);
  for (const text of [...rows, ...vi]) expect(labelOf(line(text))).toBeUndefined();
  expect(labelOf(line('Weight (kg) 67.9'))).toBe('weight');
  expect(labelOf(line('Can nang (kg) 67.9'))).toBe('weight');
});

test('ADR 099: a label too garbled for its pattern is named by the nearest printed label, where clearly nearest', () => {
  // A fresh tuning hard photo (270, English): "Body Fat Mass (kg) 17.3" read with an s lost; PBF's row lost.
  const lines = english({ fat: '17.3', weight: '61.4', pbf: '28.2', water: '32.4', protein: '8.8' }).map((l) =>
    /^Body Fat Mass/.test(l.text) ? line('Body Fat Mas fg) 17.3 ar-us') : l,
  );
  const sheet = parseSheet(lines);
  expect(sheet.bodyFatMass.map((r) => r.value)).toEqual([17.3]);
  // Its whole numbers are no value (a speck's "1" before "28.2"); the Vietnamese labels too.
  expect(parseSheet([line('Luong mq cy the 1 17.3')]).bodyFatMass.map((r) => r.value)).toEqual([17.3]);
  expect(parseSheet([line('Cam nang 4 61.4')]).weight.map((r) => r.value)).toEqual([61.4]);
  // Other rows near a core label are named by their own text, or by none clearly: no core value from them.
  const others = parseSheet(
    ['Weght Contrl -5.0 kg', 'Targt Weght 60.1 kg', 'Fat Fre Mass 50.1', 'Rigt Arm 3.12 kg', 'BMl 24.2'].map((t) =>
      line(t),
    ),
  );
  for (const field of ['weight', 'bodyFatMass', 'skeletalMuscleMass', 'percentBodyFat'] as const)
    expect(others[field]).toEqual([]);
});

test("ADR 100: a sum-only value's last digit is not confirmed where another fair reading gave it otherwise", () => {
  // The sum (73.0 = 42.1 + 11.4 + 3.9x + 15.6) fits 3.92 and 3.95 alike: the hundredths are the words'.
  const alone = checkSheet(parseSheet(english()));
  expect([alone.values.minerals, alone.confidence.minerals]).toEqual([3.92, 'confirmed']);
  const rival = parseSheet(english());
  rival.minerals.push({ value: 395, confidence: 79, decimals: 0 });
  const checked = checkSheet(rival);
  expect([checked.values.minerals, checked.confidence.minerals]).toEqual([3.92, 'doubtful']);
  // The rest of the sum still holds.
  expect([checked.confidence.weight, checked.confidence.totalBodyWater]).toEqual(['confirmed', 'confirmed']);
  // A rival below what a fit would take (a guess at 40 %), or another value altogether, leaves it confirmed.
  const faint = parseSheet(english());
  faint.minerals.push({ value: 3.95, confidence: 40, decimals: 2 }, { value: 4.92, confidence: 90, decimals: 2 });
  expect(checkSheet(faint).confidence.minerals).toBe('confirmed');
});

test('ADR 101: a fit only offered never goes before a weight both engines read alike', () => {
  // A mild validation photo: weight 57.6 read by both engines; the fat mass only as an unsure "100"; the
  // target weight 54.5 among the weight's readings fitted PBF 18.2 with 10.0 kg and was offered.
  const sheet = parseSheet(
    english({ weight: '57.6', fat: '100', pbf: '18.2' }).map((l) =>
      /^Body Fat Mass/.test(l.text) ? line(l.text, 54) : l,
    ),
  );
  sheet.weight.unshift({ value: 57.6, confidence: 100, decimals: 1, second: true });
  sheet.weight.push({ value: 54.5, confidence: 95, decimals: 1 });
  const checked = checkSheet(sheet);
  expect(checked.values.weight).toBe(57.6);
  // Without the second engine's reading nothing is agreed: the ratio's offer stands, as before.
  sheet.weight.shift();
  expect(checkSheet(sheet).values.weight).toBe(54.5);
});

test('ADR 101: of the weights the parts derive, the one the readings hold most surely', () => {
  // A fat-free mass "55.4" read into the fat mass's row gives 55.4 + the parts = 110.8 kg with a garbled
  // PBF "50"; the weight 86.9 read by both engines gives a fat mass of 31.5 and PBF 36.3, read too.
  const sheet = parseSheet(
    english({ water: '40.5', protein: '11.6', weight: '86.9', fat: '55.4', pbf: '36.3' }).map((l) =>
      /^Minerals/.test(l.text)
        ? line('Minerals (kg) 3.28 (3.36 ~ 4.11)')
        : /^Body Fat Mass/.test(l.text)
          ? line(l.text, 50)
          : l,
    ),
  );
  sheet.weight.unshift({ value: 86.9, confidence: 100, decimals: 1, second: true });
  sheet.percentBodyFat.push({ value: 50, confidence: 94, decimals: 0 });
  const checked = checkSheet(sheet);
  expect([checked.values.weight, checked.values.bodyFatMass, checked.values.percentBodyFat]).toEqual([
    86.9, 31.5, 36.3,
  ]);
  // Read alike by both engines: confirmed by the two readings (ADR 092), not by the derived fit.
  expect([checked.confidence.weight, checked.confidence.bodyFatMass]).toEqual(['confirmed', 'doubtful']);
});

test('ADR 101: where every value of the parts and PBF was read in its printed form, their sums outweigh a weight both engines read alike', () => {
  // A sheet printing its weight 3 kg off its own parts (the upload journey's): both engines read 76.0, the
  // parts and PBF give 73.0, which is offered, doubtful.
  const sheet = parseSheet(english({ weight: '76.0' }));
  sheet.weight.unshift({ value: 76, confidence: 100, decimals: 1, second: true });
  const checked = checkSheet(sheet);
  expect([checked.values.weight, checked.confidence.weight]).toEqual([73, 'doubtful']);
});
