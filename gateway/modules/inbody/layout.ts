import {
  fold,
  parseSheet,
  SCALE,
  scoreOutOf100,
  scoreSlashLost,
  scoreUnderHeading,
  type OcrLine,
  type Reading,
} from './parse.ts';

// Issue 36 §3 (ADR 075): reading by the sheet's layout. The InBody 270 and 570 print the same
// boxes in the same order, in English and Vietnamese: on the left the Body Composition Analysis
// table, the Muscle-Fat Analysis bars (weight, skeletal muscle mass, body fat mass), the Obesity
// Analysis bars (BMI, percent body fat) and the Segmental Lean Analysis; on the right the InBody
// Score box ("NN/100 Points"), Weight Control, (570) Segmental Fat Analysis, Research Parameters.
// Each box is found by its heading (a close match, so a garbled heading still places its box),
// cut out of the page and read on its own; inside a box a value is known by its row, in the
// model's order, when its label was not read. What the boxes give is a second, independent
// reading beside the whole page's: checks.ts confirms a value only where arithmetic or two
// readings agree.

export type SheetModel = '270' | '570';
export type Box = 'composition' | 'muscleFat' | 'obesity' | 'lean' | 'score' | 'control' | 'segmentalFat' | 'research';

/** Each box's heading as printed, English and Vietnamese, folded to ASCII. */
const HEADINGS: Record<Box, string[]> = {
  composition: ['body composition analysis', 'phan tich thanh phan co the'],
  muscleFat: ['muscle-fat analysis', 'phan tich co - mo'],
  obesity: ['obesity analysis', 'phan tich beo phi'],
  lean: ['segmental lean analysis', 'phan tich co tung vung'],
  score: ['inbody score', 'diem inbody'],
  control: ['weight control', 'kiem soat can nang'],
  segmentalFat: ['segmental fat analysis', 'phan tich mo tung vung'],
  research: ['research parameters', 'thong so nghien cuu'],
};

/** The fields a box reading may give (BMI is a row of the Obesity box that no field keeps). */
export type BoxField =
  | 'weight'
  | 'skeletalMuscleMass'
  | 'percentBodyFat'
  | 'bodyFatMass'
  | 'score'
  | 'totalBodyWater'
  | 'protein'
  | 'minerals';
type Row = Exclude<BoxField, 'score'> | 'bmi';

/** The boxes read again on their own, and the values their rows hold in print order, by model. */
export const BOX_ROWS: Record<SheetModel, Partial<Record<Box, Row[]>>> = {
  // The 270 prints its composition as five rows, the weight last.
  '270': {
    composition: ['totalBodyWater', 'protein', 'minerals', 'bodyFatMass', 'weight'],
    muscleFat: ['weight', 'skeletalMuscleMass', 'bodyFatMass'],
    obesity: ['bmi', 'percentBodyFat'],
  },
  // The 570's composition is four rows with the sums in columns beside them: the weight is the bars'.
  '570': {
    composition: ['totalBodyWater', 'protein', 'minerals', 'bodyFatMass'],
    muscleFat: ['weight', 'skeletalMuscleMass', 'bodyFatMass'],
    obesity: ['bmi', 'percentBodyFat'],
  },
};

const letters = (s: string) => fold(s).replace(/[^a-z]/g, '');

/** Edit distance (Levenshtein) of two short strings. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row.push(Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length];
}

/** Which box's heading a line is, if it is one: its letters within a third of a heading's (in either language). */
export function headingOf(line: OcrLine): Box | undefined {
  const text = letters(line.text);
  if (text.length < 6) return undefined;
  let best: [Box | undefined, number] = [undefined, 0.34];
  for (const [box, names] of Object.entries(HEADINGS) as [Box, string[]][])
    for (const name of names) {
      const want = letters(name);
      // A heading's line may carry a neighbour's print after it: compare its start.
      const d = distance(text.slice(0, want.length + 2), want) / want.length;
      if (d < best[1]) best = [box, d];
    }
  return best[0];
}

/** The model from its printed name ("[InBody570]", "InBody270", read "InBodyS70"…), else unknown. */
export function modelOf(lines: OcrLine[]): SheetModel | undefined {
  for (const line of lines) {
    const m = /inbody\s*\[?\s*([25s])\s*[7t]\s*[0o]\b/.exec(fold(line.text)) ?? /\b([25])70\b/.exec(fold(line.text));
    if (m) return m[1] === '2' ? '270' : '570';
  }
  return undefined;
}

export type BoxPlace = { box: Box; top: number; bottom: number; left: number; right: number };

/**
 * Where each box is on the page the lines were read from: from below its heading to the next
 * heading below it (the page's columns are stacked, so "below" stays within a column), across the
 * heading's column. `width` and `height` are the page's.
 */
export function boxPlaces(lines: OcrLine[], width: number, height: number): BoxPlace[] {
  const headings = lines
    .filter((l) => l.box)
    .map((l) => ({ box: headingOf(l), at: l.box! }))
    .filter((h): h is { box: Box; at: NonNullable<OcrLine['box']> } => h.box !== undefined)
    .sort((a, b) => a.at.y0 - b.at.y0);
  const seen = new Set<Box>();
  const places: BoxPlace[] = [];
  headings.forEach((h, i) => {
    if (seen.has(h.box)) return;
    seen.add(h.box);
    const next = headings[i + 1];
    const lineHeight = h.at.y1 - h.at.y0;
    // The score box holds its heading and the score: at most a few lines; the others run to the next heading.
    const bottom = Math.min(
      next ? next.at.y0 : height,
      h.box === 'score' ? h.at.y1 + lineHeight * 5 : height,
      h.at.y1 + height * 0.25,
    );
    const top = h.box === 'score' ? h.at.y0 : h.at.y1;
    if (bottom - top < lineHeight) return;
    places.push({ box: h.box, top: Math.round(top), bottom: Math.round(bottom), left: 0, right: width });
  });
  return places;
}

const NUMBER = /\d+(?:[.,]\d+)?/g;
/** A bar's scale ("55 70 85 100 …") or a range ("36.3 ~ 44.3") is no value. */
const RANGE = /\d+(?:[.,]\d+)?\s*[~–-]\s*\d+(?:[.,]\d+)?/g;

/**
 * The value of a row inside a box, ranges and units left out: in a table the first number after the
 * label (the 570 prints its sums in columns after it), past a bar the last. A number with a decimal
 * mark goes before a whole one.
 */
function rowValue(line: OcrLine, table: boolean): Reading | undefined {
  const text = fold(line.text)
    .replace(/\([^()]{0,8}\)/g, ' ')
    .replace(RANGE, ' ')
    .replace(SCALE, ' ');
  const numbers = [...text.matchAll(NUMBER)].map((m) => m[0].replace(',', '.'));
  // A scale row holds many numbers and no letters.
  if (numbers.length >= 4 && !/[a-z]{3}/.test(text)) return undefined;
  // Blurred print loses its decimal mark ("158" for 15.8): a whole number of 2–4 digits is kept as read (checks.ts tries the mark back).
  const pick = (ns: string[]) => (table ? ns[0] : ns.at(-1));
  const value = pick(numbers.filter((n) => n.includes('.'))) ?? pick(numbers.filter((n) => /^\d{2,4}$/.test(n)));
  if (!value) return undefined;
  const word = line.words.find((w) => w.text.replace(',', '.').includes(value));
  return {
    value: Number(value),
    confidence: word?.confidence ?? 50,
    decimals: value.includes('.') ? value.length - value.indexOf('.') - 1 : 0,
  };
}

/** The numbers in one decimal after a table row's value (the 570's column sums), ranges and units left out. */
function columnsAfterValue(line: OcrLine): Reading[] {
  const text = fold(line.text)
    .replace(/\([^()]{0,8}\)/g, ' ')
    .replace(RANGE, ' ')
    .replace(SCALE, ' ');
  const numbers = [...text.matchAll(NUMBER)].map((m) => m[0].replace(',', '.'));
  return numbers.slice(1).flatMap((n) => {
    if (!/^\d{1,3}\.\d$/.test(n)) return [];
    const word = line.words.find((w) => w.text.replace(',', '.').includes(n));
    return [{ value: Number(n), confidence: word?.confidence ?? 50, decimals: 1 }];
  });
}

export type BoxReading = Partial<Record<BoxField, Reading[]>>;

/**
 * What a box's own reading says: the score box, "NN/100" (never the 100 itself); the others, by row
 * in the model's print order (the rows that hold a value, scales and ranges left out).
 */
export function readBox(box: Box, model: SheetModel | undefined, lines: OcrLine[]): BoxReading {
  if (box === 'score') {
    // ADR 093: read there with its slash lost ("84 100 Points"), offered after the printed form.
    const score =
      lines.map(scoreOutOf100).find((r) => r && r.value >= 10 && r.value < 100) ??
      lines.map((l, i) => scoreSlashLost(l) ?? scoreUnderHeading(lines[i - 1], l)).find((r) => r && r.value >= 10);
    return score ? { score: [score] } : {};
  }
  const rows = lines.filter((l) => !headingOf(l));
  const read = rows.flatMap((l) => rowValue(l, box === 'composition') ?? []);
  const printed = model ? [BOX_ROWS[model][box]] : [BOX_ROWS['270'][box], BOX_ROWS['570'][box]];
  // ADR 103: a bar's scale read in pieces ("r 4 13", "139 10 5": too few numbers for a scale) is a
  // row too many; the values are printed with a decimal mark, the scales without. Where the rows
  // read with one are as many as printed, they are the values.
  const marked = read.filter((r) => r.decimals > 0);
  const values = printed.some((rows) => rows?.length === read.length) ? read : marked;
  // The model not read: the composition's row count tells it (the 270 prints five, the 570 four).
  const fields = printed.find((rows) => rows?.length === values.length);
  const out: BoxReading = {};
  // ADR 092: the 570 prints the composition's running sums in columns after the rows' values (soft
  // lean, fat-free mass, weight), the weight the largest: offered as a weight, for the ratio or the sum
  // to pick where the bars' weight was misread ("63.4" for 68.4).
  if (box === 'composition' && model === '570') {
    const weight = rows
      .flatMap((l) => columnsAfterValue(l))
      .reduce<Reading | undefined>((top, r) => (!top || r.value > top.value ? r : top), undefined);
    if (weight) out.weight = [weight];
  }
  // A bar's end is often read as a 1 before its value ("167.5" for 67.5): the value without it is
  // offered too, never as a sure word; only the sheet's arithmetic can pick it (checks.ts).
  const offer = (field: BoxField, readings: Reading[]) => {
    out[field] = readings.flatMap((reading) =>
      box !== 'composition' && reading.value >= 100 && /^1\d\d/.test(String(reading.value))
        ? [reading, { ...reading, value: Number(String(reading.value).slice(1)), confidence: 0 }]
        : [reading],
    );
  };
  if (fields) {
    fields.forEach((field, i) => {
      if (field !== 'bmi') offer(field, [values[i]]);
    });
    return out;
  }
  // A row more or fewer than printed (a scale read as a row, a label on two lines): the order says
  // nothing, but a row whose label was read still names its value (ADR 084), as on the page.
  const labelled = parseSheet(lines);
  const inBox = new Set(printed.flatMap((rows) => rows ?? []));
  for (const field of inBox) if (field !== 'bmi' && labelled[field].length) offer(field, labelled[field]);
  return out;
}

/**
 * What a box's crop says (ADR 084). A box runs to the next heading read on the page; when the next
 * box's heading was not read there, the crop holds that box too, and its rows would be one box's
 * rows too many. Each heading read inside the crop starts its own box, read in its own order.
 */
export function readCrop(box: Box, model: SheetModel | undefined, lines: OcrLine[]): BoxReading {
  const groups: { box: Box; lines: OcrLine[] }[] = [{ box, lines: [] }];
  for (const line of lines) {
    const heading = headingOf(line);
    if (heading && heading !== groups[groups.length - 1].box) groups.push({ box: heading, lines: [] });
    groups[groups.length - 1].lines.push(line);
  }
  const out: BoxReading = {};
  for (const group of groups)
    for (const [field, readings] of Object.entries(readBox(group.box, model, group.lines)) as [BoxField, Reading[]][])
      out[field] = [...(out[field] ?? []), ...readings];
  return out;
}

/** Where a value is known by its place and not by its label, it is never a sure word (checks.ts wants ≥ 85). */
const PLACED_CONFIDENCE = 50;

/** Readings known by their place: at most PLACED_CONFIDENCE, and marked so. */
export const asPlaced = (readings: Reading[]): Reading[] =>
  readings.map((r) => ({ ...r, confidence: Math.min(r.confidence, PLACED_CONFIDENCE), placed: true }));

/**
 * ADR 084: the page's own lines read by the layout, before any box is read again. Each box placed
 * by its heading gives its rows in the model's print order (a label garbled past matching still
 * has its place: "| er ES 14.4" under "BMI 27.3" is the PBF), at a confidence no check takes as a
 * sure word; only the sheet's arithmetic can confirm such a value. No OCR: the lines are the page's.
 */
export function placedReadings(lines: OcrLine[], model: SheetModel | undefined, width: number, height: number) {
  const out: BoxReading = {};
  for (const place of boxPlaces(lines, width, height)) {
    if (place.box === 'score') continue;
    const inside = lines.filter(
      (l) => l.box && (l.box.y0 + l.box.y1) / 2 > place.top && (l.box.y0 + l.box.y1) / 2 < place.bottom,
    );
    for (const [field, readings] of Object.entries(readBox(place.box, model, inside)) as [BoxField, Reading[]][])
      out[field] = [...(out[field] ?? []), ...asPlaced(readings)];
  }
  return out;
}
