import {
  INBODY_BOUNDS,
  inbodyCoreFields,
  inbodySegments,
  inbodyTopFields,
  levelOfPercent,
  SEGMENT_MASS_BOUND,
  SEGMENT_PERCENT_BOUND,
  withinBound,
  type InbodyConfidence,
  type InbodySegment,
  type InbodyTopField,
} from '#api/inbody-fields.ts';
import type { FatBodyMass, LeanBodyMass } from '#api/inbody.ts';
import type { ParsedSheet, Reading, SegmentReading } from './parse.ts';

// Issue 14 (ADR 042): which read values the sheet itself vouches for. A value is "confirmed" only
// when an independent check agrees (weight = water + protein + minerals + fat mass; PBF = fat ÷
// weight × 100; or, for fields no sum covers, two engines reading the same printed value, ADR 086,
// 090, 092); everything else read is "doubtful", for the member to look at. Never guessed.

export type CheckedValues = Record<InbodyTopField, number | null> & {
  leanBodyMass: LeanBodyMass;
  fatBodyMass: FatBodyMass | null;
};
export type CheckedSheet = { values: CheckedValues; confidence: Record<string, InbodyConfidence>; warnings: string[] };

/** How sure the OCR must be of a word no arithmetic covers. */
const SURE_WORD = 85;
/**
 * A region's mass or % (no sum covers it, no second engine reads it) is confirmed by tesseract's
 * word alone only when it is this sure (ADR 090: a blurred "97.5 %" read "97.3 %" at 88 %, "208.5 %"
 * as "208.3 %" at 93 %).
 */
const SEGMENT_SURE_WORD = 95;
/** A value the sheet's arithmetic fits is confirmed only where a word that gave it is at least this sure (ADR 092). */
const ARITHMETIC_WORD = 60;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
/** A region's lean mass as a share of the fat-free mass (wide: bodies differ). */
const LEAN_SHARE: Record<InbodySegment, [number, number]> = {
  rightArm: [0.03, 0.09],
  leftArm: [0.03, 0.09],
  trunk: [0.33, 0.56],
  rightLeg: [0.1, 0.23],
  leftLeg: [0.1, 0.23],
};

type Candidate = { value: number; formatted: boolean };
/** The decimals each field is printed with. */
const PRINTED_DECIMALS: Record<InbodyTopField, number> = {
  weight: 1,
  skeletalMuscleMass: 1,
  percentBodyFat: 1,
  bodyFatMass: 1,
  score: 0,
  totalBodyWater: 1,
  protein: 1,
  minerals: 2,
};

/**
 * A field's readings as values to try: each as read and, when a whole number came out of a field
 * printed with decimals (725 for 72.5), with its mark put back. Only a value in the printed format
 * (decimals read, or put back) can be confirmed: "11" read from "11.1" may fit a check by chance.
 */
function candidates(readings: Reading[], field: InbodyTopField): Candidate[] {
  const out: Candidate[] = [];
  for (const r of readings) {
    const whole = r.decimals === 0 && field !== 'score';
    // Printed with one decimal (minerals two): "12.23" for 12.3 holds a neighbour's digit (issue 36 §4).
    out.push({ value: r.value, formatted: !whole && (field === 'score' || r.decimals === PRINTED_DECIMALS[field]) });
    // The mark put back where the field prints it, and only in a sure word (ADR 084: "A460" at 46 %
    // for minerals 4.66 is no printed 4.60: the sum's tolerance cannot tell the second decimal).
    const sureWord = r.confidence >= SURE_WORD;
    if (whole)
      out.push(
        { value: r.value / 10, formatted: sureWord && PRINTED_DECIMALS[field] === 1 },
        { value: r.value / 100, formatted: sureWord && PRINTED_DECIMALS[field] === 2 },
      );
    // A bar's end read as a 1 before the value ("129.5" for PBF 29.5, beyond its bounds): the value
    // without it, never in its printed form (a check may choose it, none confirms it).
    if (r.value >= 100 && r.value < 200 && !withinBound(r.value, INBODY_BOUNDS[field]))
      out.push({ value: r.value - 100, formatted: false });
  }
  // One candidate a value; it is in the printed format when any reading gave it so ("10.8" at 89 % after
  // "108" at 79 %, whose mark put back is not a sure word: the value was still read in its printed form).
  const byValue = new Map<number, Candidate>();
  for (const c of out) {
    const value = round(c.value, 2);
    if (!withinBound(value, INBODY_BOUNDS[field])) continue;
    const seen = byValue.get(value);
    if (seen) seen.formatted ||= c.formatted;
    else byValue.set(value, { value, formatted: c.formatted });
  }
  return [...byValue.values()].slice(0, 6);
}

/**
 * Whether a reading is in the field's printed form: its decimals, or for the score "NN" in 10–99
 * (100 may be the "/100" itself; a lone digit lost one), the second engine's only as "NN/100".
 */
const printed = (field: InbodyTopField, r: Reading) =>
  field === 'score'
    ? r.value >= 10 && r.value < 100 && (!r.second || r.outOf100 === true)
    : r.decimals === PRINTED_DECIMALS[field];

/**
 * ADR 092: the value two independent readings agree on, each in its printed form (the second
 * engine's a sure word, tesseract's any), where no sure word of the second engine says otherwise:
 * for a field no arithmetic covers, it goes before whatever was read first (a score box read again
 * "29 /100" where the page and the second engine read "99 /100").
 */
function agreed(sheet: ParsedSheet, field: InbodyTopField): Reading | undefined {
  const seconds = sheet[field].filter((r) => r.second && r.confidence >= SURE_WORD && printed(field, r));
  const value = seconds[0]?.value;
  if (value === undefined || !withinBound(value, INBODY_BOUNDS[field]) || seconds.some((r) => r.value !== value))
    return undefined;
  return sheet[field].some((r) => !r.second && r.value === value && printed(field, r)) ? seconds[0] : undefined;
}

/** Whether a reading gave this value, as read or with its mark put back (candidates()). */
const gave = (r: Reading, value: number) => [r.value, r.value / 10, r.value / 100].some((v) => round(v, 2) === value);

/** How strongly a field's readings hold a value: each reading that gave it, by its word's confidence. */
const supportOf = (readings: Reading[], value: number) =>
  readings.filter((r) => gave(r, value)).reduce((total, r) => total + 1 + r.confidence, 0);

/**
 * No check held and the weight read fits none: the weight the ratio offers with a fat mass and PBF
 * read, doubtful (it was not read as the weight), from
 * - a number read among another top field's readings in the weight's printed form: the 570 prints
 *   the weight in the composition table's right column, on the protein row's line, and a row read
 *   again may put it there (a hard tuning photo: "80.1" among protein's, the weight's own "50.1");
 * - else a weight read with one digit before the mark misread ("26.3" for 86.3): the ratio names the
 *   weight to a few tenths, so only that one way of putting the digit right may fit it.
 */
function weightToOffer(sheet: ParsedSheet, fats: Candidate[], pbfs: Candidate[]): number | undefined {
  // Any fat mass and PBF read, their marks put back or a bar's 1 left out: what is offered is never confirmed.
  const fits = (weight: number) =>
    withinBound(weight, INBODY_BOUNDS.weight) &&
    fats.some(
      (fat) =>
        fat.value < weight * 0.8 &&
        pbfs.some((pbf) => Math.abs(pbf.value - (fat.value / weight) * 100) <= pbfTolerance(weight)),
    );
  const elsewhere = inbodyTopFields
    .filter((field) => field !== 'weight' && field !== 'score')
    .flatMap((field) => sheet[field])
    .find((r) => r.decimals === PRINTED_DECIMALS.weight && fits(r.value));
  if (elsewhere) return elsewhere.value;
  return oneDigitPutRight(
    sheet.weight.filter((w) => w.decimals === PRINTED_DECIMALS.weight),
    fits,
  );
}

/**
 * The one value that a reading with a single digit before its mark misread ("26.3" for 86.3, "10.8"
 * for 40.8) becomes when that digit is put right so that `fits` holds; none where no way or several
 * ways fit. The digits after the mark are the reading's: no check here can tell them.
 */
function oneDigitPutRight(readings: Reading[], fits: (value: number) => boolean): number | undefined {
  const found = new Set<number>();
  for (const r of readings) {
    const text = r.value.toFixed(r.decimals);
    const mark = text.indexOf('.');
    for (let at = 0; at < (mark < 0 ? text.length : mark); at++)
      for (const digit of '0123456789') {
        const value = Number(text.slice(0, at) + digit + text.slice(at + 1));
        if (value !== r.value && fits(value)) found.add(value);
      }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

// The sheet prints each part to 0.1 (minerals 0.01): four roundings and the weight's own.
const SUM_TOLERANCE = 0.21;
const pbfTolerance = (weight: number) => (0.05 * 100) / weight + 0.06;

/**
 * What the page went through before it was read: `deconvolved`, sharpened by its measured blur (ADR
 * 097), which makes tesseract surer of its words, of wrong ones too (a region's fat "236 %" for 256,
 * "208.3 %" for 208.5, read as sure words on deconvolved pages): there no region's value is
 * confirmed by its word alone.
 */
export type PageRead = { deconvolved?: boolean };

/** The values to try of the fields the sheet's arithmetic covers (candidates()). */
type ArithmeticCandidates = Record<'weights' | 'fats' | 'pbfs' | 'waters' | 'proteins' | 'minerals', Candidate[]>;

/** Values in the printed format only, where `formatted`: the checks try those first. */
const only = (cs: Candidate[], formatted: boolean) => (formatted ? cs.filter((c) => c.formatted) : cs);

/** B: PBF = fat ÷ weight × 100. `sure` where its three values were each read in their printed form. */
type RatioFit = { weight: number; fat: number; pbf: number; sure: boolean };
/** A: weight = water + protein + minerals + fat. */
type SumFit = { weight: number; fat: number; water: number; protein: number; minerals: number; sure: boolean };
/** Neither check held: one of weight and fat mass given by the four parts, PBF agreeing (never sure). */
type DerivedFit = { weight: number; fat: number; pbf: number; water: number; protein: number; minerals: number };
type SheetArithmetic = { ratio?: RatioFit; sum?: SumFit; derived?: DerivedFit };

/** The top fields' values to try; a body fat mass is less than the weight (issue 36 §4: the weight's value read into the fat's row is no fat mass). */
function arithmeticCandidates(sheet: ParsedSheet): ArithmeticCandidates {
  const pick = (field: InbodyTopField) => candidates(sheet[field], field);
  const weights = pick('weight');
  return {
    weights,
    fats: pick('bodyFatMass').filter((f) => !weights.length || weights.some((w) => f.value < w.value * 0.8)),
    pbfs: pick('percentBodyFat'),
    waters: pick('totalBodyWater'),
    proteins: pick('protein'),
    minerals: pick('minerals'),
  };
}

/** B, values in the printed format tried first; a fit that needs a whole number is not sure. */
function ratioFit(
  sheet: ParsedSheet,
  { weights, fats, pbfs }: ArithmeticCandidates,
  both: AgreedValues,
): RatioFit | undefined {
  for (const sure of [true, false]) {
    const fits: RatioFit[] = [];
    for (const weight of only(weights, sure))
      for (const fat of only(fats, sure))
        for (const pbf of only(pbfs, sure))
          if (Math.abs(pbf.value - (fat.value / weight.value) * 100) <= pbfTolerance(weight.value)) {
            const fit = {
              weight: weight.value,
              fat: fat.value,
              pbf: pbf.value,
              sure: sure || (weight.formatted && fat.formatted && pbf.formatted),
            };
            if (fit.sure || !againstAgreed(both, fit)) fits.push(fit);
          }
    if (!fits.length) continue;
    // Two weights or fat masses read that each fit the ratio (a hard tuning photo: "83.3" and "22.0"
    // fitted PBF 26.4 as well as the printed 85.5 and 22.6): the ratio cannot tell them apart, so it
    // confirms neither; the fit the page's readings hold more surely is offered.
    const ratio = bestHeld(sheet, fits);
    if (fits.some((fit) => fit.weight !== ratio.weight || fit.fat !== ratio.fat)) ratio.sure = false;
    return ratio;
  }
  return undefined;
}

/** A, with B's weight and fat mass when B held; the first fit found, values in the printed format tried first. */
function sumFit(
  { weights, fats, waters, proteins, minerals }: ArithmeticCandidates,
  ratio: RatioFit | undefined,
  both: AgreedValues,
): SumFit | undefined {
  for (const sure of [true, false])
    for (const weight of ratio ? weights.filter((c) => c.value === ratio.weight) : only(weights, sure))
      for (const fat of ratio ? fats.filter((c) => c.value === ratio.fat) : only(fats, sure))
        for (const water of only(waters, sure))
          for (const protein of only(proteins, sure))
            for (const mineral of only(minerals, sure)) {
              if (Math.abs(weight.value - (water.value + protein.value + mineral.value + fat.value)) > SUM_TOLERANCE)
                continue;
              const fit = {
                weight: weight.value,
                fat: fat.value,
                water: water.value,
                protein: protein.value,
                minerals: mineral.value,
                sure: [weight, fat, water, protein, mineral].every((c) => c.formatted),
              };
              if (fit.sure || !againstAgreed(both, fit)) return fit;
            }
  return undefined;
}

/**
 * Neither check held with what was read: one of weight and fat mass may be misread or missing. The
 * four parts that were read give it (weight = the sum; fat = weight − the rest) when PBF then agrees
 * too: two sums agreeing name the value, but it was never read, so it stays doubtful.
 */
function derivedFit(sheet: ParsedSheet, read: ArithmeticCandidates, both: AgreedValues): DerivedFit | undefined {
  const { weights, fats, pbfs, waters, proteins, minerals } = read;
  // ADR 101: the parts in their printed form first, then with a mark put back that no sure word gave
  // (minerals "302" at 30 % for 3.02, a mild tuning photo whose weight was read nowhere): nothing derived is confirmed.
  for (const formatted of [true, false]) {
    const fits: DerivedFit[] = [];
    for (const water of only(waters, formatted))
      for (const protein of only(proteins, formatted))
        for (const mineral of only(minerals, formatted)) {
          const parts = water.value + protein.value + mineral.value;
          const tries = [
            ...only(fats, true).map((fat) => ({ weight: round(parts + fat.value, 1), fat: fat.value })),
            ...only(weights, true).map((weight) => ({ weight: weight.value, fat: round(weight.value - parts, 1) })),
          ];
          for (const t of tries) {
            if (!withinBound(t.weight, INBODY_BOUNDS.weight) || t.fat <= 0) continue;
            // The PBF read that fits best (27.5 before 27.3 for 20.5 ÷ 74.6 = 27.48 %).
            const off = (c: Candidate) => Math.abs(c.value - (t.fat / t.weight) * 100);
            const pbf = pbfs
              .filter((c) => off(c) <= pbfTolerance(t.weight))
              .reduce<Candidate | undefined>((best, c) => (!best || off(c) < off(best) ? c : best), undefined);
            const fit = pbf && {
              ...t,
              pbf: pbf.value,
              water: water.value,
              protein: protein.value,
              minerals: mineral.value,
            };
            // Every value of the fit in its printed form (the parts, the fat mass or weight, the PBF): two
            // sums agreeing on what was read surely outweigh a weight two engines read alike.
            if (fit && ((formatted && pbf.formatted) || !againstAgreed(both, fit))) fits.push(fit);
          }
        }
    // ADR 101: of the fits, the one the page's readings hold most surely (a fat mass "55.4" read at 50 %,
    // the fat-free mass's, gave 110.8 kg with a PBF "50"; the weight 86.9 read by both engines gave 31.5 and 36.3).
    if (fits.length) return bestHeld(sheet, fits);
  }
  return undefined;
}

/**
 * ADR 101: whether a fit that needs a value not in its printed form (a mark put back without a sure
 * word, a whole number for a decimal) gives a weight, fat mass or PBF other than the one both engines
 * read alike (`agreed`): such a guess never goes before what two readings agree on (a mild validation
 * photo: weight 57.6 read by both, the ratio with a fat mass "100" put back as 10.0 offered 54.5, the
 * target weight's). A fit of values all in their printed form is not such a guess: the sheet's sums
 * agreeing outweigh it (a sheet printing a weight 3 kg off its parts: the parts give the weight).
 */
function againstAgreed(both: AgreedValues, fit: { weight: number; fat: number; pbf?: number }) {
  const differs = (agreedValue: number | undefined, value: number | undefined) =>
    agreedValue !== undefined && value !== undefined && agreedValue !== value;
  return differs(both.weight, fit.weight) || differs(both.fat, fit.fat) || differs(both.pbf, fit.pbf);
}

/** The weight, fat mass and PBF both engines read alike (`agreed`), once a sheet, for the fits to yield to. */
type AgreedValues = { weight?: number; fat?: number; pbf?: number };
const agreedValues = (sheet: ParsedSheet): AgreedValues => ({
  weight: agreed(sheet, 'weight')?.value,
  fat: agreed(sheet, 'bodyFatMass')?.value,
  pbf: agreed(sheet, 'percentBodyFat')?.value,
});

/**
 * Of fits of the ratio or the parts, the one the page's readings hold most surely: each reading that
 * gave its weight, fat mass or PBF, by its word's confidence (the first of equals).
 */
function bestHeld<Fit extends { weight: number; fat: number; pbf: number }>(sheet: ParsedSheet, fits: Fit[]): Fit {
  const support = (fit: Fit) =>
    supportOf(sheet.weight, fit.weight) +
    supportOf(sheet.bodyFatMass, fit.fat) +
    supportOf(sheet.percentBodyFat, fit.pbf);
  return fits.reduce((best, fit) => (support(fit) > support(best) ? fit : best));
}

/** The two checks of the sheet's arithmetic, each distrusted where the other contradicts it; else the derived values. */
function sheetArithmetic(sheet: ParsedSheet, read: ArithmeticCandidates): SheetArithmetic {
  const both = agreedValues(sheet);
  const ratio = ratioFit(sheet, read, both);
  const sum = sumFit(read, ratio, both);
  // Issue 36 §4: the ratio alone is loose for a heavy body (107.8 for 107.5 kg moves PBF by < 0.1):
  // when the four parts were read and do not add up to the ratio's weight, the ratio vouches for nothing.
  if (ratio && !sum && read.waters.length > 0 && read.proteins.length > 0 && read.minerals.length > 0)
    ratio.sure = false;
  // And the other way: the sum holds for a weight and a fat mass misread alike ("167.5" and "110.7",
  // a bar's end read as a 1 before both: the difference stays right). When the PBF read fits them
  // without that 1, neither is confirmed.
  if (
    sum &&
    !ratio &&
    sum.fat > 100 &&
    read.pbfs.some(
      (p) => Math.abs(p.value - ((sum.fat - 100) / (sum.weight - 100)) * 100) <= pbfTolerance(sum.weight - 100),
    )
  )
    sum.sure = false;
  return { ratio, sum, derived: ratio || sum ? undefined : derivedFit(sheet, read, both) };
}

/** The values a check or a reading gives the fields the arithmetic covers, in that order of trust. */
function arithmeticValues(
  sheet: ParsedSheet,
  read: ArithmeticCandidates,
  { ratio, sum, derived }: SheetArithmetic,
): Record<'weight' | 'bodyFatMass' | 'percentBodyFat' | 'totalBodyWater' | 'protein' | 'minerals', number | undefined> {
  const { weights, fats, pbfs, waters, proteins, minerals } = read;
  const weight =
    ratio?.weight ??
    sum?.weight ??
    derived?.weight ??
    // ADR 101: what both engines read alike before a weight guessed from the ratio.
    agreed(sheet, 'weight')?.value ??
    weightToOffer(sheet, fats, pbfs) ??
    weights[0]?.value;
  // ADR 084: one of weight, fat mass and PBF not read at all, the other two read in their printed
  // form: the ratio gives it, only offered (doubtful) for the member to look at, never confirmed.
  const printedWeight = only(weights, true)[0]?.value;
  const printedPbf = only(pbfs, true)[0]?.value;
  const fatOfRatio =
    !fats.length && printedWeight !== undefined && printedPbf !== undefined
      ? round((printedWeight * printedPbf) / 100, 1)
      : undefined;
  const fat = ratio?.fat ?? sum?.fat ?? derived?.fat ?? fats[0]?.value ?? fatOfRatio;
  // Without the ratio check, a PBF not read or read at odds with the weight and fat mass the sum vouches
  // for is their ratio, to be looked at (rounding may differ by 0.1).
  const pbfOfSum = sum ? round((sum.fat / sum.weight) * 100, 1) : undefined;
  const printedFat = only(fats, true)[0]?.value;
  const pbfOfRatio =
    !pbfs.length && printedWeight !== undefined && printedFat !== undefined
      ? round((printedFat / printedWeight) * 100, 1)
      : undefined;
  return {
    weight,
    bodyFatMass: fat !== undefined && fat === (weight ?? null) ? undefined : fat,
    percentBodyFat:
      ratio?.pbf ??
      pbfOfSum ??
      derived?.pbf ??
      pbfs[0]?.value ??
      (pbfOfRatio !== undefined && withinBound(pbfOfRatio, INBODY_BOUNDS.percentBodyFat) ? pbfOfRatio : undefined),
    totalBodyWater: sum?.water ?? derived?.water ?? waters[0]?.value,
    protein: sum?.protein ?? derived?.protein ?? proteins[0]?.value,
    minerals: sum?.minerals ?? derived?.minerals ?? minerals[0]?.value,
  };
}

/** Water, protein and minerals only the sum covers (ADR 093). */
const SUM_ONLY: readonly InbodyTopField[] = ['totalBodyWater', 'protein', 'minerals'];

/**
 * Whether a value the arithmetic confirmed was read as a word sure enough for what pins its last digit.
 * ADR 092: a sum or the ratio pins a value to its tolerance (±0.2), not its last digits: those are
 * the word's, and a word tesseract itself doubts is not confirmed by a fit ("3.60" at 40 % for
 * minerals 3.69 fitted the sum by 0.1). The second engine agreeing may still confirm it (later).
 * ADR 093: water, protein and minerals only the sum covers; its tolerance (0.21) is wider than their
 * last printed digit, so that digit is the word's alone, which must then be a sure word ("3.38" at
 * 65 % for minerals 3.35, "13.0" at 63 % for protein 13.1 fitted the sum). Weight, fat mass and PBF
 * are held by the ratio too.
 * ADR 095: where the ratio holds alone (no sum), it pins a value's last printed digit only if that
 * digit moved by one (0.1) would no longer fit it; otherwise the digit is the word's, which must be
 * sure ("51.3" at 64 % for a lean body's 51.5 kg fitted the ratio: 0.2 kg moves PBF by 0.03).
 */
function lastDigitHeld(sheet: ParsedSheet, field: InbodyTopField, value: number, { ratio, sum }: SheetArithmetic) {
  const ratioPins = () => {
    if (!ratio) return false;
    const moved = (f: InbodyTopField, d: number) => (f === field ? d : 0);
    return [-0.1, 0.1].every((d) => {
      const weight = ratio.weight + moved('weight', d);
      const pbf = ((ratio.fat + moved('bodyFatMass', d)) / weight) * 100;
      return Math.abs(ratio.pbf + moved('percentBodyFat', d) - pbf) > pbfTolerance(weight);
    });
  };
  const word = SUM_ONLY.includes(field) || (!sum?.sure && !ratioPins()) ? SURE_WORD : ARITHMETIC_WORD;
  // ADR 104: a value only the sum covers, read without its decimal mark (the sum put it back), is not
  // held by that word: print blurred enough to lose its mark loses digits too ("234" at 89 % for
  // minerals 2.54, a mild tuning photo), and the sum's 0.21 cannot tell 2.34 from 2.54. Nor is a
  // word with a digit lost after the mark (minerals "3.9" for 3.90): only a word in the printed form.
  const asPrinted = (r: Reading) => !SUM_ONLY.includes(field) || printed(field, r);
  if (!sheet[field].some((r) => gave(r, value) && r.confidence >= word && asPrinted(r))) return false;
  // ADR 100: a digit that is the word's alone is not held where another reading, fair enough to be
  // fitted, read that word with another last digit (minerals "4.61" at 89 % by the second engine,
  // "464" at 61–79 % by tesseract, for a printed 4.64: the sum fits both).
  return (
    word === ARITHMETIC_WORD ||
    !sheet[field].some((r) => r.confidence >= ARITHMETIC_WORD && lastDigitRival(field, r, value))
  );
}

/** Whether a reading gives the field's printed value with only its last digit other than `value`'s. */
function lastDigitRival(field: InbodyTopField, r: Reading, value: number) {
  const decimals = PRINTED_DECIMALS[field];
  if (decimals === 0 || (r.decimals !== decimals && r.decimals !== 0)) return false;
  const read = round(r.decimals === 0 ? r.value / 10 ** decimals : r.value, decimals);
  const lead = (v: number) => Math.floor(round(v * 10 ** (decimals - 1), 3));
  return read !== value && lead(read) === lead(value);
}

/** Skeletal muscle within 45–65 % of the fat-free mass (any, where that is not known). */
const plausibleShare = (smm: number, fatFree: number | undefined) =>
  fatFree === undefined || (smm / fatFree >= 0.45 && smm / fatFree <= 0.65);

/**
 * Skeletal muscle: no sum covers it. ADR 090 (issue 36 §4): one engine's sure word is not enough
 * (tesseract read a blurred "21.5" as "21.3" at 90 %, within 45–65 % of the fat-free mass): it is
 * confirmed only where the second engine reads it alike (confirmByTwoReadings). A reading that lost
 * its decimal mark (335 for 33.5) is offered with it put back, never confirmed. A reading in its
 * printed form (one decimal) goes before a whole number (ADR 084: a garbled scale "SMM (kg) 11% 130
 * 148" is no SMM of 11). Skeletal muscle is 45–65 % of the fat-free mass: where a check held for
 * the weight and fat mass (`fittedFatFree`), a reading outside that goes after one inside it (a hard
 * tuning photo: "14.3" at 11 % was read before "37.2" at 92 % of a 64.3 kg fat-free mass). It only
 * orders what was read: nothing is confirmed by it.
 */
function skeletalMuscleOf(sheet: ParsedSheet, fittedFatFree: number | undefined): Reading | undefined {
  const readings = sheet.skeletalMuscleMass;
  const plausible = (smm: number) => plausibleShare(smm, fittedFatFree);
  const inBound = (r: Reading) => withinBound(r.value, INBODY_BOUNDS.skeletalMuscleMass);
  const markPutBack = readings
    .filter((r) => r.decimals === 0)
    .map((r) => ({ ...r, value: r.value / 10, decimals: -1 }))
    .filter(inBound);
  // None read is: one read in its printed form with a digit before its mark misread ("10.8" for
  // 40.8 of a 76.4 kg fat-free mass) where one way alone of putting it right is (offered, doubtful).
  const putRight = () => {
    if (fittedFatFree === undefined) return undefined;
    const value = oneDigitPutRight(
      readings.filter((r) => r.decimals === 1 && inBound(r)),
      (v) => withinBound(v, INBODY_BOUNDS.skeletalMuscleMass) && plausible(v),
    );
    return value === undefined ? undefined : { value, confidence: 0, decimals: 1 };
  };
  return (
    agreed(sheet, 'skeletalMuscleMass') ??
    readings.find((r) => inBound(r) && r.decimals === 1 && plausible(r.value)) ??
    readings.find((r) => inBound(r) && plausible(r.value)) ??
    markPutBack.find((r) => plausible(r.value)) ??
    putRight() ??
    readings.find((r) => inBound(r) && r.decimals === 1) ??
    readings.find(inBound) ??
    markPutBack[0]
  );
}

/**
 * Score (issue 36 §4): it agrees with nothing else on the sheet, so like SMM it is confirmed only
 * where both engines read it alike, never on one engine's sure word alone (ADR 092: the large "99"
 * read "29 /100" at 89 %). A value both engines read goes first; else, of the readings as "NN/100"
 * that disagree, the surest (the box read again "58/100" at 0 % where the page read "68/100" at
 * 93 %); else the first one read.
 */
function scoreOf(sheet: ParsedSheet): Reading | undefined {
  const scores = sheet.score.filter((r) => withinBound(r.value, INBODY_BOUNDS.score) && r.decimals === 0);
  const surest = scores
    .filter((r) => r.outOf100 && printed('score', r))
    .reduce<Reading | undefined>((best, r) => (!best || r.confidence > best.confidence ? r : best), undefined);
  return agreed(sheet, 'score') ?? surest ?? scores[0];
}

/**
 * ADR 086 (issue 36 §4): a value no arithmetic covers, or that the arithmetic left doubtful, is
 * confirmed when two independent readings agree on it in its printed form: tesseract's, and the
 * second engine's (PaddleOCR's recognizer, by its label or as "NN/100") as a sure word; and no sure
 * word of the second engine says otherwise (which undoes a confirmation the arithmetic did not make).
 * The score's 100 is never one (10–99 only).
 */
function confirmByTwoReadings(
  sheet: ParsedSheet,
  values: Record<InbodyTopField, number | null>,
  confidence: Record<string, InbodyConfidence>,
  arithmetic: ReadonlySet<InbodyTopField>,
) {
  for (const field of inbodyCoreFields) {
    const value = values[field];
    if (value === null) continue;
    const seconds = sheet[field].filter((r) => r.second && r.confidence >= SURE_WORD && printed(field, r));
    if (seconds.some((r) => r.value !== value)) {
      if (confidence[field] === 'confirmed' && !arithmetic.has(field)) confidence[field] = 'doubtful';
      continue;
    }
    const firsts = sheet[field].filter((r) => !r.second && r.value === value && printed(field, r));
    if (confidence[field] === 'doubtful' && seconds.length > 0 && firsts.length > 0) confidence[field] = 'confirmed';
  }
}

/** What a region's readings are checked against: the fat-free mass a check held for, the body fat mass and its confidence. */
type RegionContext = {
  fatFree: number | undefined;
  bodyFatMass: number | null;
  bodyFatConfirmed: boolean;
  page: PageRead;
};

/** A region's mass, % and level, each with its confidence (set into `confidence` under `prefix`). */
function regionOf(
  region: InbodySegment,
  reading: SegmentReading | undefined,
  keys: { prefix: string; mass: string; percent: string; status: string },
  lean: boolean,
  { fatFree, bodyFatMass, bodyFatConfirmed, page }: RegionContext,
  confidence: Record<string, InbodyConfidence>,
) {
  const kg = reading?.kg && withinBound(reading.kg.value, SEGMENT_MASS_BOUND) ? reading.kg : undefined;
  const percent =
    reading?.percent && withinBound(reading.percent.value, SEGMENT_PERCENT_BOUND) ? reading.percent : undefined;
  // A lean region's level follows from its % (below 90 Under, above 110 Over): a level that disagrees shows a misread.
  // Its mass is its body's share of the fat-free mass (a row of the other table read here is not); a fat region holds less than all the fat.
  const [low, high] = LEAN_SHARE[region];
  const fits = lean
    ? fatFree !== undefined && kg !== undefined && kg.value >= fatFree * low && kg.value <= fatFree * high
    : bodyFatMass !== null && bodyFatConfirmed && kg !== undefined && kg.value < bodyFatMass * 0.7;
  // A fat region's bands differ by machine, but its % is of the standard: "Over" is above 100, "Under" below.
  const sided =
    !percent ||
    !reading?.status ||
    (reading.status === 'Over' ? percent.value > 100 : reading.status === 'Under' ? percent.value < 100 : true);
  const agrees = fits && (lean ? percent !== undefined && reading?.status === levelOfPercent(percent.value) : sided);
  const status = reading?.status ?? (lean && percent ? levelOfPercent(percent.value) : undefined);
  // Regions are printed with decimals: a number without its mark lost one (2.6 read as 26).
  const sure = (r: Reading) => !page.deconvolved && r.confidence >= SEGMENT_SURE_WORD && r.decimals > 0 && agrees;
  // ADR 092: a level is confirmed only where its row's mass and % were read in their printed form
  // (with decimals) and agree with it (a mild tuning photo: another row's "77.7 % Under" in the right
  // arm's row, its mass read "8", confirmed the arm's level; it was 111.4 % Over).
  const inPrintedForm = (r: Reading | undefined) => r !== undefined && r.decimals > 0;
  const statusSure =
    Boolean(reading?.status) && (lean ? agrees : fits && sided) && inPrintedForm(kg) && inPrintedForm(percent);
  const { prefix, mass, percent: percentKey, status: statusKey } = keys;
  confidence[`${prefix}.${mass}`] = kg ? (sure(kg) ? 'confirmed' : 'doubtful') : 'missing';
  confidence[`${prefix}.${percentKey}`] = percent ? (sure(percent) ? 'confirmed' : 'doubtful') : 'missing';
  confidence[`${prefix}.${statusKey}`] = status ? (statusSure ? 'confirmed' : 'doubtful') : 'missing';
  return { [mass]: kg?.value ?? null, [percentKey]: percent?.value ?? null, [statusKey]: status ?? null };
}

export function checkSheet(sheet: ParsedSheet, page: PageRead = {}): CheckedSheet {
  const confidence: Record<string, InbodyConfidence> = {};
  const warnings: string[] = [];
  const values = Object.fromEntries(inbodyTopFields.map((f) => [f, null])) as Record<InbodyTopField, number | null>;
  const set = (field: InbodyTopField, value: number | undefined, sure: boolean) => {
    values[field] = value ?? null;
    confidence[field] = value === undefined ? 'missing' : sure ? 'confirmed' : 'doubtful';
  };

  const read = arithmeticCandidates(sheet);
  const fits = sheetArithmetic(sheet, read);
  const { ratio, sum } = fits;
  const ratioSure = Boolean(ratio?.sure);
  const sumSure = Boolean(sum?.sure);
  // The fields the sheet's arithmetic confirmed (a second engine's disagreement does not undo those).
  const arithmetic = new Set<InbodyTopField>([
    ...(ratioSure ? (['weight', 'bodyFatMass', 'percentBodyFat'] as const) : []),
    ...(sumSure ? (['weight', 'bodyFatMass'] as const) : []),
  ]);
  const given = arithmeticValues(sheet, read, fits);
  set('weight', given.weight, ratioSure || sumSure);
  set('bodyFatMass', given.bodyFatMass, ratioSure || sumSure);
  set('percentBodyFat', given.percentBodyFat, ratioSure);
  set('totalBodyWater', given.totalBodyWater, sumSure);
  set('protein', given.protein, sumSure);
  set('minerals', given.minerals, sumSure);
  for (const field of ['weight', 'bodyFatMass', 'percentBodyFat', 'totalBodyWater', 'protein', 'minerals'] as const) {
    const value = values[field];
    if (confidence[field] !== 'confirmed' || value === null || lastDigitHeld(sheet, field, value, fits)) continue;
    confidence[field] = 'doubtful';
    arithmetic.delete(field);
  }
  const { weights, fats, pbfs, waters, proteins, minerals } = read;
  if (!ratio && weights.length && fats.length && pbfs.length)
    warnings.push('percentBodyFat ≠ bodyFatMass ÷ weight × 100');
  if (!sum && weights.length && fats.length && waters.length && proteins.length && minerals.length)
    warnings.push('weight ≠ totalBodyWater + protein + minerals + bodyFatMass');

  const fatFree =
    values.weight !== null && values.bodyFatMass !== null && confidence.weight === 'confirmed'
      ? values.weight - values.bodyFatMass
      : undefined;
  const fittedFatFree =
    (ratio || sum) && values.weight !== null && values.bodyFatMass !== null
      ? values.weight - values.bodyFatMass
      : undefined;
  const smm = skeletalMuscleOf(sheet, fittedFatFree);
  set('skeletalMuscleMass', smm?.value, false);
  if (smm && fatFree !== undefined && !plausibleShare(smm.value, fatFree))
    warnings.push('skeletalMuscleMass is not 45–65 % of the fat-free mass');
  set('score', scoreOf(sheet)?.value, false);
  confirmByTwoReadings(sheet, values, confidence, arithmetic);

  const context: RegionContext = {
    fatFree,
    bodyFatMass: values.bodyFatMass,
    bodyFatConfirmed: confidence.bodyFatMass === 'confirmed',
    page,
  };
  const leanBodyMass = Object.assign(
    {},
    ...inbodySegments.map((s) =>
      regionOf(
        s,
        sheet.lean[s],
        { prefix: 'leanBodyMass', mass: `${s}MuscleMass`, percent: `${s}MusclePercentage`, status: `${s}Status` },
        true,
        context,
        confidence,
      ),
    ),
  ) as LeanBodyMass;
  const hasFat = sheet.layout === '570' || inbodySegments.some((s) => sheet.fat[s]);
  const fatBodyMass = hasFat
    ? (Object.assign(
        {},
        ...inbodySegments.map((s) =>
          regionOf(
            s,
            sheet.fat[s],
            { prefix: 'fatBodyMass', mass: `${s}FatMass`, percent: `${s}FatPercentage`, status: `${s}Status` },
            false,
            context,
            confidence,
          ),
        ),
      ) as FatBodyMass)
    : null;
  return { values: { ...values, leanBodyMass, fatBodyMass }, confidence, warnings };
}

/** Enough to show the member a form worth correcting: at least two of weight, skeletal muscle and body fat. */
export const isUsable = (checked: CheckedSheet) =>
  [checked.values.weight, checked.values.skeletalMuscleMass, checked.values.percentBodyFat].filter((v) => v !== null)
    .length >= 2;
