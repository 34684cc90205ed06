import {
  INBODY_BOUNDS,
  inbodySegments,
  withinBound,
  type InbodyLevel,
  type InbodySegment,
} from '#api/inbody-fields.ts';

// Issue 14 (ADR 042): what the OCR's lines of an InBody 270/570 sheet say, English or Vietnamese.
// One pattern per label, matched on text folded to ASCII (the English model drops Vietnamese
// marks and misreads some letters: "Lượng mỡ" comes out as "Lugng md"). Nothing here decides
// whether a value is right: checks.ts does, with the sheet's own arithmetic.

export type OcrWord = { text: string; confidence: number };
/** A line of OCR text; `box`, where the OCR gives it, is where the line is on the page (pixels). */
export type OcrLine = { text: string; words: OcrWord[]; box?: { x0: number; y0: number; x1: number; y1: number } };

/**
 * A number read from the sheet: its value, the word's OCR confidence (0–100), and whether it
 * printed a decimal mark; a score read in its printed form "NN/100" has `outOf100`.
 */
export type Reading = {
  value: number;
  confidence: number;
  decimals: number;
  outOf100?: boolean;
  /** Read by the second engine (ADR 086: PaddleOCR's recognizer on tesseract's line), not by tesseract. */
  second?: boolean;
  /** Known by its row in a box placed by its heading, not by its label (layout.ts; ADR 084, 103): offered, never a sure word. */
  placed?: boolean;
};

export type SegmentReading = { kg?: Reading; percent?: Reading; status?: InbodyLevel };

export type ParsedSheet = {
  weight: Reading[];
  skeletalMuscleMass: Reading[];
  percentBodyFat: Reading[];
  bodyFatMass: Reading[];
  score: Reading[];
  totalBodyWater: Reading[];
  protein: Reading[];
  minerals: Reading[];
  lean: Partial<Record<InbodySegment, SegmentReading>>;
  fat: Partial<Record<InbodySegment, SegmentReading>>;
  /** YYYY-MM-DD of the test, when printed. */
  testDate?: string;
  layout: '270' | '570' | 'unknown';
  language: 'en' | 'vi' | 'unknown';
};

/** ASCII, lower case, OCR's look-alikes of Vietnamese letters mapped back (đ→d, ơ→o…). */
export const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase();

// Labels, tried in this order on a line; the first that matches names the line.
const LABELS: [keyof Omit<ParsedSheet, 'lean' | 'fat' | 'testDate' | 'layout' | 'language'>, RegExp][] = [
  // "(%)" is the unit of PBF alone among the labelled rows (regions print "%" after their numbers).
  ['percentBodyFat', /percent\s*body\s*fat|\bpbf\b|\bt[yi]\s*[l1i|]\S{0,3}\s*m\S{0,2}\s+c[oau0]|\(\S?%\)/],
  // ADR 092: its first word garbled ("olal Muscle Mass"; "xương" read "xufcmg" after "Khoi lurgng cd";
  // "cơ xương" run together, "coxurong"): "Muscle Mass" and "lượng cơ x…" name no other row. ADR 093: "SMM (kg)"
  // read "SM(g)" by the second engine.
  [
    'skeletalMuscleMass',
    /skeletal|\bsmm\b|\bsm\s*\(k?g\)|muscle\s*mass|\bx\S{1,5}[nm]g\b|\bc[o0a]\s*x[a-z]{2,}|\bl\S{1,5}ng\s+c\S{0,2}\s*x/,
  ],
  ['totalBodyWater', /body\s*water|water|nu[o0d]c|n[uư][o0]c|t[o0e]ng\s*l|\bt\S{1,2}ng\s+\S{2,6}\s+nu/],
  ['protein', /\bpr[o0]t[e3]/],
  ['minerals', /m[il1]neral|kh[o0][aá]ng|\bkh\S{1,3}ng\s*ch/],
  // ADR 093: "cơ" read "cu" ("Lugng md cu thé").
  ['bodyFatMass', /body\s*fat\s*mass|fat\s*mass|l\S{1,4}ng\s+m\S{0,2}\s+c[oau0]|m[o0d@]\s*c[oau0]\S?\s*th/],
  ['weight', /we[il1]ght|\bw[a-z]{3,5}\s*\(k|\bc\S{1,2}n\s*n\S{1,3}g\b/],
];

/**
 * The Weight Control box's rows ("Target Weight 56.2 kg", "Weight Control -5.2 kg", "Cân nặng mục
 * tiêu", "Kiểm soát cân nặng", as the engines misread them: "Drget Weigpt", "Welght Contro!") name the
 * weight but hold no weight: a fresh hard tuning photo took "65.4 kg", the target, for its 67.9.
 */
const CONTROL_LINE = /rget\b|c[o0]ntr[o0]|muc\s*tieu|kiem\s*soat/;

type LabelledField = (typeof LABELS)[number][0];

// ADR 099: the texts printed before a value on the sheet (both languages, as the renderers and the
// machine print them), each with the field it names, or none: a label too garbled for LABELS is named
// by the nearest of them, so the region rows, the other columns and controls must be among them.
const PRINTED: [LabelledField | undefined, string][] = [
  ...(
    [
      ['totalBodyWater', ['Total Body Water', 'Tổng lượng nước']],
      ['protein', ['Protein']],
      ['minerals', ['Minerals', 'Khoáng chất']],
      ['bodyFatMass', ['Body Fat Mass', 'Lượng mỡ cơ thể']],
      ['weight', ['Weight', 'Cân nặng']],
      [
        'skeletalMuscleMass',
        [
          'SMM',
          'Skeletal Muscle Mass',
          'SMM Skeletal Muscle Mass',
          'Cơ xương',
          'Lượng cơ xương',
          'Khối lượng cơ xương',
        ],
      ],
      ['percentBodyFat', ['PBF', 'Percent Body Fat', 'PBF Percent Body Fat', 'Tỷ lệ mỡ cơ thể']],
    ] as const
  ).flatMap(([field, texts]) => texts.map((text): [LabelledField, string] => [field, text])),
  ...[
    ...['BMI', 'Body Mass Index', 'BMI Body Mass Index', 'Chỉ số khối cơ thể', 'Chỉ số khối cơ thể BMI'],
    ...['Fat Free Mass', 'Soft Lean Mass', 'Values', 'Khối nạc', 'Khối không mỡ', 'Giá trị'],
    ...['Target Weight', 'Weight Control', 'Fat Control', 'Muscle Control'],
    ...['Cân nặng mục tiêu', 'Kiểm soát cân nặng', 'Kiểm soát mỡ', 'Kiểm soát cơ'],
    ...['Right Arm', 'Left Arm', 'Trunk', 'Right Leg', 'Left Leg'],
    ...['Tay phải', 'Tay trái', 'Thân', 'Chân phải', 'Chân trái'],
    ...['Body Composition Analysis', 'Muscle-Fat Analysis', 'Obesity Analysis'],
    ...['Segmental Lean Analysis', 'Segmental Fat Analysis', 'Research Parameters'],
    ...['Phân tích thành phần cơ thể', 'Phân tích cơ - mỡ', 'Phân tích béo phì'],
    ...['Phân tích cơ từng vùng', 'Phân tích mỡ từng vùng', 'Thông số nghiên cứu'],
    ...['Basal Metabolic Rate', 'Visceral Fat Level', 'Waist-Hip Ratio', 'Obesity Degree'],
    ...['Tỷ lệ trao đổi chất cơ bản', 'Mức mỡ nội tạng', 'Tỷ lệ eo-hông', 'Mức độ béo phì'],
    ...['InBody Score', 'Điểm InBody', 'Height', 'Age', 'Gender', 'Test Date Time'],
    ...['Chiều cao', 'Tuổi', 'Giới tính', 'Ngày đo', 'Under Normal Over', 'Dưới Bình thường Trên'],
  ].map((text): [undefined, string] => [undefined, text]),
].map(([field, text]) => [field, lettersOf(text)]);

/** A label's letters, folded: what nearness compares (OCR loses and invents spaces and marks). */
function lettersOf(text: string) {
  return fold(text).replace(/[^a-z]/g, '');
}

/**
 * The edits (insert, delete, replace a letter) from `label` to the nearest start of `text`: the line
 * goes on past its label (its unit, "(kg)", read as anything).
 */
export function editsToStart(label: string, text: string): number {
  let row = Array.from({ length: text.length + 1 }, (_, j) => j);
  for (let i = 1; i <= label.length; i++) {
    const next = [i];
    for (let j = 1; j <= text.length; j++)
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (label[i - 1] === text[j - 1] ? 0 : 1));
    row = next;
  }
  return Math.min(...row);
}

/** The label of a line named by nearness: all before its first number. */
const HEAD = /^[^\d]*/;
/** At most this share of a printed label's letters edited, for a line to be named by it (none of three letters). */
const NEAR = 0.3;
/** And the next nearest printed text (another field's, or none's) at least this share farther. */
const CLEARLY = 0.15;

/**
 * ADR 099: the field whose printed label is nearest the letters before the line's first number, where
 * it is near (NEAR) and clearly nearer than any other printed text (CLEARLY): "Body Fat Mas fg) 17.3".
 */
export function labelByNearness(folded: string): LabelledField | undefined {
  const head = lettersOf(HEAD.exec(folded)![0]);
  if (head.length < 3) return undefined;
  const ranked = PRINTED.map(([field, label]) => ({ field, share: editsToStart(label, head) / label.length })).sort(
    (a, b) => a.share - b.share,
  );
  const [best] = ranked;
  const rival = ranked.find((r) => r.field !== best.field);
  if (!best.field || best.share > NEAR || (rival && rival.share - best.share < CLEARLY)) return undefined;
  return best.field;
}

function byNearness(folded: string) {
  const field = labelByNearness(folded);
  return field && ([field, HEAD] as const);
}

/**
 * The label a line's text starts its row with, as parseSheet reads it: the first pattern that matches,
 * else the nearest printed label (ADR 099); no Weight Control row.
 */
const labelIn = (folded: string) =>
  CONTROL_LINE.test(folded) ? undefined : (LABELS.find(([, pattern]) => pattern.test(folded)) ?? byNearness(folded));

/** The field a line's label names. */
export const labelOf = (line: OcrLine) => labelIn(fold(line.text))?.[0];

const REGIONS: [InbodySegment, RegExp][] = [
  ['rightArm', /right\s*arm|tay\s*ph[aả]i/],
  ['leftArm', /left\s*arm|tay\s*tr[aá]i/],
  ['rightLeg', /right\s*leg|ch[aâ]n\s*ph[aả]i/],
  ['leftLeg', /left\s*leg|ch[aâ]n\s*tr[aá]i/],
  ['trunk', /trunk|\bth[aâ]n\b/],
];

const LEAN_HEADING = /segmental\s*lean|lean\s*anal|\bc[o0]\s+t\S{1,3}ng\s*v/;
const FAT_HEADING = /segmental\s*fat|fat\s*anal|\bm\S{0,2}\s+t\S{1,3}ng\s*v/;
const SCORE_LINE = /score|d?i[eé]m\s*in|inbody\s*s[ceo0]/;
/** The machine's name printed at the top, "InBody570", read as "InBodyS70" or "InBody 270": no score. */
const MODEL_LINE = /inbody\s*[2-6s]\s*[7t]\s*[0o]\b/;

// A unit in parentheses, "(kg)", "(L)", "(kg/m2)", and a normal range, "(36.3 ~ 44.3)": never the value.
const UNIT = /\([^()\d]{0,8}[^()]{0,3}\)/g;
const RANGE = /\(?\s*\d+(?:[.,]\d+)?\s*[~–-]\s*\d+(?:[.,]\d+)?\s*\)?/g;
const NUMBER = /\d+(?:[.,]\d+)?/g;
/** A bar's scale printed beside a label ("Co xuong (kg) 115 130 145 160 175"): three whole numbers or more in a row, never a value. */
export const SCALE = /(?:^|\s)\d{1,3}(?:\s+\d{1,3}){2,}(?=\s|$)/g;

function levelIn(folded: string): InbodyLevel | undefined {
  if (/normal|b[il1]nh\s*th/.test(folded)) return 'Normal';
  if (/\bover\b|above|tr[eé]n\b|tren/.test(folded)) return 'Over';
  if (/under|below|d[uư][o0ơ6]*i\b|duoi|dud/.test(folded)) return 'Under';
  return undefined;
}

/** The word's OCR confidence of the token that holds this number (the lowest if it spans words). */
function confidenceOf(token: string, words: OcrWord[]): number {
  const found = words.filter(
    (w) => w.text.includes(token) || token.includes(w.text.replace(/[^\d.,]/g, '') || '\u0000'),
  );
  return found.length ? Math.min(...found.map((w) => w.confidence)) : 50;
}

function readingOf(token: string, words: OcrWord[]): Reading {
  const text = token.replace(',', '.');
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  return { value: Number(text), confidence: confidenceOf(token, words), decimals };
}

/** The numbers of a line after its label, units and ranges left out. */
function numbersAfter(line: OcrLine, label: RegExp): Reading[] {
  const folded = fold(line.text);
  const at = label.exec(folded);
  const rest = (at ? folded.slice(at.index + at[0].length) : folded)
    .replace(UNIT, ' ')
    .replace(RANGE, ' ')
    .replace(SCALE, ' ');
  // A number glued to a letter is a misread word ("thể" read "0é", "(80" read "S80"), not a value;
  // a unit after it ("456kg", "97%") is not a word.
  const found = [...rest.matchAll(NUMBER)]
    .filter(
      (m) =>
        !/[a-z]/.test(rest[m.index - 1] ?? '') &&
        !/^[a-z]/.test(rest.slice(m.index + m[0].length).replace(/^(?:kg|l)\b/, '')),
    )
    .map((m) => readingOf(m[0], line.words));
  // ADR 093: blurred print reads a decimal mark as a gap ("25 8" for 25.8, "45 1" for 45.1): a whole
  // number and a lone digit ending the line are one value. The mark was never seen: offered, below a
  // word the arithmetic takes (checks.ts), so only the second engine reading it alike confirms it.
  const [whole, digit] = found.slice(-2);
  const lostMark = /(?:^|\s)(\d{1,3}) (\d)[^a-z\d]*$/.exec(rest);
  if (lostMark && whole?.decimals === 0 && digit?.decimals === 0 && String(digit.value) === lostMark[2])
    found.splice(-2, 2, {
      value: Number(`${lostMark[1]}.${lostMark[2]}`),
      confidence: Math.min(whole.confidence, digit.confidence, LOST_MARK),
      decimals: 1,
    });
  return found;
}

/**
 * ADR 092: a value found by its place, not by its label: the line's last number in the one-decimal
 * printed form (past a bar, before a speck's digit: "PE 24.4 i 2 FS"), or with `anyForm` its last
 * number at all. Offered at 0 %, never confirmed by itself (only the second engine reading it alike
 * confirms it).
 */
function byPlace(line: OcrLine, anyForm = false): Reading | undefined {
  const found = numbersAfter(line, /\(\S{0,3}\)|$^/);
  const guess = found.filter((r) => r.decimals === 1).at(-1) ?? (anyForm ? found.at(-1) : undefined);
  return guess && { ...guess, confidence: 0 };
}

/** A value whose decimal mark was read as a gap is offered at this confidence (below checks.ts's ARITHMETIC_WORD). */
const LOST_MARK = 50;

/** A score read with a digit too many or its slash lost is offered at this confidence, below checks.ts's sure word. */
const UNSURE_SCORE = 50;

/** "NN/100 Points": NN is the score, never the 100 after the slash; a lone "/100" is no score. */
export function scoreOutOf100(line: OcrLine): Reading | undefined {
  // Large print is read with a gap between its digits ("9 5 /100").
  // And so is the "100" ("62 / 1 00 Điểm", ADR 084).
  // The second engine (ADR 086) may run "/100Points" together: the 100 ends at a non-digit.
  const score = /(?:^|[^\d.,])(\d(?: ?\d){0,2})\s*[/|]\s*1 ?[o0] ?[o0](?![\d.,])/.exec(fold(line.text));
  if (!score) return undefined;
  const digits = score[1].replace(/ /g, '');
  // ADR 090: large print read with a speck or the box's rule before it ("3 8 6 /100" for 86): the last
  // two digits, offered, never a sure word.
  if (digits.length === 3 && Number(digits) > 100) {
    const last = readingOf(digits.slice(1), line.words);
    return { ...last, confidence: Math.min(last.confidence, UNSURE_SCORE), outOf100: true };
  }
  return { ...readingOf(digits, line.words), outOf100: true };
}

/**
 * The slash lost: "NN 100 Points", or read as a 1 glued to the 100 ("92 1100 points", ADR 090); the
 * second engine runs the words together and may drop the slash too ("86100opoints"); "Điểm" read with
 * its Đ as a 0 ("61 100 0im", ADR 092). ADR 093: the slash and the 1 read as one letter or mark
 * ("87 noo Points", "84.00 Points"), "Điểm" as "viem", "piém" or "um". A score, but not in its printed form: offered,
 * doubtful (checks.ts confirms it only where the second engine reads "NN/100" alike).
 */
export function scoreSlashLost(line: OcrLine): Reading | undefined {
  const folded = fold(line.text);
  for (const pattern of SLASH_LOST) {
    const found = pattern.exec(folded);
    if (found) return readingOf(found[1], line.words);
  }
  return undefined;
}
/** "Points" or "Điểm" after the 100, as the engines misread them ("poirts": a hard tuning photo's "88 1100 poirts"). */
const SCORE_WORD = String.raw`(?:points|p\S{0,2}nts?\b|p[a-z]{3,4}s\b|diem|d[il1]em|[o0vpu][il1]?e?m\b)`;
const SLASH_LOST = [
  String.raw`(?:^|\s)(\d{2})\s+(?:[1l|]\s?)?1[o0]{2}\s*${SCORE_WORD}`,
  String.raw`(?:^|[^\d])(\d{2})1[o0]{2}\s*[o0]?${SCORE_WORD}`,
  String.raw`(?:^|[^\d.,])(\d{2})\s*(?:n|[.,:;]\s?)[o0]{2}\s*${SCORE_WORD}`,
].map((source) => new RegExp(source));

/**
 * ADR 106: the score's line known by its place, right under the score box's heading: two digits
 * (large print, perhaps read apart: "9 5") and the 100, the slash lost or read as a 1 or a 7 ("91
 * 7100 Points", "96 1100 pois"), whatever its word was read as ("93 100 reines", "66100 Dim").
 */
const SCORE_UNDER_HEADING = /^[^a-z\d]*(\d) ?(\d)\s*(?:[17l|!]\s?)?1 ?[o0] ?[o0](?![\d.,])/;

/** Whether a folded line names the score ("InBody Score", "Điểm InBody"), not the model ("InBody570"). */
const namesScore = (folded: string) => SCORE_LINE.test(folded) && !MODEL_LINE.test(folded);

/** Whether a line is the score box's heading: it names the score and holds no number. */
const isScoreHeading = (line: OcrLine) => {
  const folded = fold(line.text);
  return namesScore(folded) && !/\d/.test(folded);
};

/** The score read on the line under the score box's heading (`under`): offered, as a slash lost is. */
export function scoreUnderHeading(heading: OcrLine | undefined, under: OcrLine): Reading | undefined {
  if (!heading || !isScoreHeading(heading)) return undefined;
  const found = SCORE_UNDER_HEADING.exec(fold(under.text));
  if (!found) return undefined;
  const reading = readingOf(`${found[1]}${found[2]}`, under.words);
  return { ...reading, confidence: Math.min(reading.confidence, UNSURE_SCORE) };
}

/** The line that should hold the score ("NN/100 Points", the slash perhaps lost): for a second, closer reading. */
export function scoreLineOf(lines: OcrLine[]): OcrLine | undefined {
  return lines.find(
    (l, i) =>
      l.box &&
      (/\d\s*[/|]?\s*1[o0]{2}\s*(?:points|[d0]\S{0,2}m)|[/|]\s*1[o0]{2}\s*(?:points|[d0]\S{0,2}m)/.test(fold(l.text)) ||
        scoreSlashLost(l) ||
        scoreUnderHeading(lines[i - 1], l)),
  );
}

/** Parses the OCR's lines of one sheet. */
export function parseSheet(lines: OcrLine[]): ParsedSheet {
  const sheet: ParsedSheet = {
    weight: [],
    skeletalMuscleMass: [],
    percentBodyFat: [],
    bodyFatMass: [],
    score: [],
    totalBodyWater: [],
    protein: [],
    minerals: [],
    lean: {},
    fat: {},
    layout: 'unknown',
    language: 'unknown',
  };
  let section: 'lean' | 'fat' | undefined;
  let english = 0;
  let vietnamese = 0;
  // The Muscle-Fat bars print weight, skeletal muscle, body fat mass in this order: an SMM label too
  // garbled to match is the unlabelled line before the second "body fat mass" (scales skipped).
  let unlabelled: OcrLine | undefined;
  let fatMassLines = 0;
  // ADR 093: a weight's line read since the last fat mass line (the bars' order: weight, SMM, fat mass).
  let afterWeight = false;
  // ADR 093: the Obesity bars print BMI, then PBF, then the Segmental Lean table follows: of the
  // unlabelled lines with a value from BMI's label on, the second is PBF's where its label was lost (a
  // region's row read with its name garbled, "Tay phi 2.55kg 90.4%", is none of them).
  let obesityValues: OcrLine[] | undefined;
  // ADR 105: SMM's label read on a line without a value in its printed form (the bar and its value
  // on the next line, under "Skeletal Muscle Mass" read too garbled to be named).
  let smmLabelAlone = false;
  let lastRead: OcrLine | undefined;
  const labelledScores: Reading[] = [];
  for (const line of lines) {
    const folded = fold(line.text);
    const prior = unlabelled;
    // A bar's scale ("55 70 85 100 …") is no row: it keeps what came before.
    if (!/[a-z]{2}/.test(folded) && (folded.match(/\d+/g) ?? []).length >= 4) continue;
    // Nor is a speck of the page's edge or a bar read as "|".
    if (!/[a-z\d]/.test(folded)) continue;
    unlabelled = undefined;
    // The line read before this one (specks and scales left out): the score's heading, perhaps (ADR 106).
    const previous = lastRead;
    lastRead = line;
    const afterSmmLabel = smmLabelAlone;
    smmLabelAlone = false;
    if (/weight|muscle|body\s*fat|analysis|segmental/.test(folded)) english++;
    if (/can\s*nang|phan\s*tich|l[uư]?[o0g]ng|co\s*the|tay\s*ph|chan\s*tr/.test(folded)) vietnamese++;
    if (/\b570\b|body\s*570/.test(folded)) sheet.layout = '570';
    else if (/\b270\b|body\s*270/.test(folded) && sheet.layout === 'unknown') sheet.layout = '270';
    const date = /(20\d\d)\s*[.\-/]\s*(\d\d)\s*[.\-/]\s*(\d\d)/.exec(folded);
    if (date && !sheet.testDate) sheet.testDate = `${date[1]}-${date[2]}-${date[3]}`;

    if (FAT_HEADING.test(folded)) {
      section = 'fat';
      continue;
    }
    if (LEAN_HEADING.test(folded)) {
      section = 'lean';
      continue;
    }
    const score = scoreOutOf100(line);
    if (score) {
      sheet.score.push(score);
      continue;
    }
    const slashLost = scoreSlashLost(line) ?? scoreUnderHeading(previous, line);
    if (slashLost) {
      labelledScores.push(slashLost);
      continue;
    }
    if (namesScore(folded)) {
      // The score box's small print ("… may score over 100 points") names 100 and is no score.
      const [first] = numbersAfter(line, SCORE_LINE).filter((r) => r.value !== 100);
      // Without its "/100" a number is a weaker sign of the score: it goes after those with it.
      if (first) labelledScores.push(first);
      continue;
    }
    const region = REGIONS.find(([, pattern]) => pattern.test(folded));
    if (region && obesityValues && obesityValues.length >= 2 && !sheet.percentBodyFat.some((r) => r.decimals === 1)) {
      // "TH 4 ma oo thd ON I 38.2" (Tỷ lệ mỡ cơ thể) after BMI's "On of ki oo od Ope [EE 24.5": by its place, offered.
      const guess = byPlace(obesityValues[1]);
      if (guess) sheet.percentBodyFat.push(guess);
    }
    if (region) obesityValues = undefined;
    if (/\bbmi\b/.test(folded)) obesityValues = [];
    if (region) {
      const [name, pattern] = region;
      // Without a heading read, the first table is lean; a region seen twice without a fat heading between: the second is the fat table.
      const table = (section ?? 'lean') === 'lean' && sheet.lean[name] ? 'fat' : (section ?? 'lean');
      const [kg, percent] = numbersAfter(line, pattern);
      sheet[table][name] = { kg, percent, status: levelIn(folded.slice((pattern.exec(folded)?.index ?? 0) + 3)) };
      continue;
    }
    const label = labelIn(folded);
    if (label) {
      const [field, pattern] = label;
      // A line named by nearness is garbled: of its numbers, only those in a printed form (a decimal mark) are values.
      const [first] = numbersAfter(line, pattern).filter((r) => pattern !== HEAD || r.decimals > 0);
      if (first) sheet[field].push(first);
      smmLabelAlone = field === 'skeletalMuscleMass' && first?.decimals !== 1;
      // ADR 092: also where SMM's label was read with no value in its printed form ("Co xuong (kg) w ive 1s
      // 1 18", the value on the next line: "Kh ong Co ong I 17.9").
      // ADR 093: or the fat mass line after the bars' weight, where the composition's fat row was lost.
      const afterBarsWeight = afterWeight;
      if (field === 'weight') afterWeight = true;
      if (field === 'bodyFatMass') afterWeight = false;
      if (
        field === 'bodyFatMass' &&
        (++fatMassLines === 2 || afterBarsWeight) &&
        prior &&
        // ADR 093: nor where its label was read with its value, the mark lost ("EE 233" for 23.3): a
        // speck's "13" on the line before the fat mass's went before it. A 100 is the bar scale's 100 % mark,
        // printed on every bar ("Co xuong (kg) 100 ns 1 1", the value 20.8 on the next line), not 10.0 kg.
        !sheet.skeletalMuscleMass.some(
          (r) =>
            r.decimals === 1 ||
            (r.value > 100 && withinBound(r.value / 10, INBODY_BOUNDS.skeletalMuscleMass) && r.confidence > 0),
        )
      ) {
        const guess = byPlace(prior, true);
        if (guess) sheet.skeletalMuscleMass.push(guess);
      }
    } else {
      // ADR 105: the line after SMM's label alone, unnamed, with a value in SMM's printed form (a
      // region's row, "3.35kg 95.6%", gives none).
      const guess = afterSmmLabel && !/\d\s*(?:%|kg)/i.test(line.text) ? byPlace(line) : undefined;
      if (guess) sheet.skeletalMuscleMass.push(guess);
      // ADR 092: a garbled line with no value in it ('an mw 8) - iv "mm') keeps the place of one before it that has one.
      unlabelled = prior && !/\d[.,]\d/.test(line.text) ? prior : line;
      if (obesityValues && /\d[.,]\d/.test(line.text) && !/\d\s*(?:%|kg)/i.test(line.text)) obesityValues.push(line);
    }
  }
  sheet.score.push(...labelledScores);
  if (sheet.layout === 'unknown' && inbodySegments.some((s) => sheet.fat[s])) sheet.layout = '570';
  if (english + vietnamese > 0) sheet.language = vietnamese > english ? 'vi' : 'en';
  return sheet;
}
