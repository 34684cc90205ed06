import {
  INBODY_BOUNDS,
  inbodySegments,
  inbodyTopFields,
  levelOfPercent,
  SEGMENT_MASS_BOUND,
  SEGMENT_PERCENT_BOUND,
  withinBound,
  type InbodyConfidence,
  type InbodySegment,
  type InbodyTopField,
} from '#contract/inbody-fields.ts';
import type { FatBodyMass, LeanBodyMass } from '#contract/inbody.ts';
import type { ParsedSheet, Reading, SegmentReading } from './parse.ts';

// Issue 14 (ADR 042): which read values the sheet itself vouches for. A value is "confirmed" only
// when an independent check agrees (weight = water + protein + minerals + fat mass; PBF = fat ÷
// weight × 100; or, for fields no sum covers, a sure OCR word of the printed format within a
// plausible ratio); everything else read is "doubtful", for the member to look at. Never guessed.

export type CheckedValues = Record<InbodyTopField, number | null> & { leanBodyMass: LeanBodyMass; fatBodyMass: FatBodyMass | null };
export type CheckedSheet = { values: CheckedValues; confidence: Record<string, InbodyConfidence>; warnings: string[] };

/** How sure the OCR must be of a word no arithmetic covers. */
const SURE_WORD = 85;
const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;
/** A region's lean mass as a share of the fat-free mass (wide: bodies differ). */
const LEAN_SHARE: Record<InbodySegment, [number, number]> = { rightArm: [0.03, 0.09], leftArm: [0.03, 0.09], trunk: [0.33, 0.56], rightLeg: [0.1, 0.23], leftLeg: [0.1, 0.23] };

/** A reading and, when the decimal mark was lost (725 for 72.5), the value with it put back. */
function candidates(readings: Reading[], field: InbodyTopField): number[] {
  const out: number[] = [];
  for (const r of readings) {
    out.push(r.value);
    // Every field but the score is printed with decimals: a whole number lost its mark somewhere.
    if (r.decimals === 0 && field !== 'score') out.push(r.value / 10, r.value / 100);
  }
  return [...new Set(out.map((v) => round(v, 2)))].filter((v) => withinBound(v, INBODY_BOUNDS[field])).slice(0, 6);
}

// The sheet prints each part to 0.1 (minerals 0.01): four roundings and the weight's own.
const SUM_TOLERANCE = 0.26;
const pbfTolerance = (weight: number) => (0.05 * 100) / weight + 0.06;

export function checkSheet(sheet: ParsedSheet): CheckedSheet {
  const confidence: Record<string, InbodyConfidence> = {};
  const warnings: string[] = [];
  const values = Object.fromEntries(inbodyTopFields.map((f) => [f, null])) as Record<InbodyTopField, number | null>;
  const pick = (field: InbodyTopField) => candidates(sheet[field], field);

  const weights = pick('weight');
  const fats = pick('bodyFatMass');
  const pbfs = pick('percentBodyFat');
  const waters = pick('totalBodyWater');
  const proteins = pick('protein');
  const minerals = pick('minerals');

  // B: PBF = fat ÷ weight × 100.
  let ratio: { weight: number; fat: number; pbf: number } | undefined;
  for (const weight of weights)
    for (const fat of fats)
      for (const pbf of pbfs) if (!ratio && Math.abs(pbf - (fat / weight) * 100) <= pbfTolerance(weight)) ratio = { weight, fat, pbf };
  // A: weight = water + protein + minerals + fat, with B's weight and fat when B held.
  let sum: { weight: number; fat: number; water: number; protein: number; minerals: number } | undefined;
  for (const weight of ratio ? [ratio.weight] : weights)
    for (const fat of ratio ? [ratio.fat] : fats)
      for (const water of waters)
        for (const protein of proteins)
          for (const mineral of minerals)
            if (!sum && Math.abs(weight - (water + protein + mineral + fat)) <= SUM_TOLERANCE) sum = { weight, fat, water, protein, minerals: mineral };

  const set = (field: InbodyTopField, value: number | undefined, sure: boolean) => {
    values[field] = value ?? null;
    confidence[field] = value === undefined ? 'missing' : sure ? 'confirmed' : 'doubtful';
  };
  set('weight', ratio?.weight ?? sum?.weight ?? weights[0], Boolean(ratio ?? sum));
  set('bodyFatMass', ratio?.fat ?? sum?.fat ?? fats[0], Boolean(ratio ?? sum));
  set('percentBodyFat', ratio?.pbf ?? pbfs[0], Boolean(ratio));
  // PBF not read but weight and fat mass vouched for by the sum: their ratio, to be looked at (rounding may differ by 0.1).
  if (values.percentBodyFat === null && sum) set('percentBodyFat', round((sum.fat / sum.weight) * 100, 1), false);
  set('totalBodyWater', sum?.water ?? waters[0], Boolean(sum));
  set('protein', sum?.protein ?? proteins[0], Boolean(sum));
  set('minerals', sum?.minerals ?? minerals[0], Boolean(sum));
  if (!ratio && weights.length && fats.length && pbfs.length) warnings.push('percentBodyFat ≠ bodyFatMass ÷ weight × 100');
  if (!sum && weights.length && fats.length && waters.length && proteins.length && minerals.length) warnings.push('weight ≠ totalBodyWater + protein + minerals + bodyFatMass');

  // Skeletal muscle: no sum covers it. A sure word, printed to 0.1, 45–65 % of the fat-free mass.
  // A reading that lost its decimal mark (335 for 33.5) is offered with it put back, never confirmed.
  const smm =
    sheet.skeletalMuscleMass.find((r) => withinBound(r.value, INBODY_BOUNDS.skeletalMuscleMass)) ??
    sheet.skeletalMuscleMass
      .filter((r) => r.decimals === 0)
      .map((r) => ({ ...r, value: r.value / 10, decimals: -1 }))
      .find((r) => withinBound(r.value, INBODY_BOUNDS.skeletalMuscleMass));
  const fatFree = values.weight !== null && values.bodyFatMass !== null && confidence.weight === 'confirmed' ? values.weight - values.bodyFatMass : undefined;
  const smmPlausible = smm && fatFree !== undefined && smm.value / fatFree >= 0.45 && smm.value / fatFree <= 0.65;
  set('skeletalMuscleMass', smm?.value, Boolean(smm && smmPlausible && smm.decimals === 1 && smm.confidence >= SURE_WORD));
  if (smm && fatFree !== undefined && !smmPlausible) warnings.push('skeletalMuscleMass is not 45–65 % of the fat-free mass');

  // Score: "NN/100", a whole number, read surely; it agrees with nothing else on the sheet.
  const score = sheet.score.find((r) => withinBound(r.value, INBODY_BOUNDS.score) && r.decimals === 0);
  set('score', score?.value, Boolean(score && score.confidence >= SURE_WORD && sheet.score.every((r) => r.value === score.value)));

  const segment = (region: InbodySegment, reading: SegmentReading | undefined, prefix: string, massKey: string, percentKey: string, statusKey: string, lean: boolean) => {
    const kg = reading?.kg && withinBound(reading.kg.value, SEGMENT_MASS_BOUND) ? reading.kg : undefined;
    const percent = reading?.percent && withinBound(reading.percent.value, SEGMENT_PERCENT_BOUND) ? reading.percent : undefined;
    // A lean region's level follows from its % (below 90 Under, above 110 Over): a level that disagrees shows a misread.
    // Its mass is its body's share of the fat-free mass (a row of the other table read here is not); a fat region holds less than all the fat.
    const [low, high] = LEAN_SHARE[region];
    const fits = lean
      ? fatFree !== undefined && kg !== undefined && kg.value >= fatFree * low && kg.value <= fatFree * high
      : values.bodyFatMass !== null && confidence.bodyFatMass === 'confirmed' && kg !== undefined && kg.value < values.bodyFatMass * 0.7;
    const agrees = fits && (!lean || (percent !== undefined && reading?.status === levelOfPercent(percent.value)));
    const status = reading?.status ?? (lean && percent ? levelOfPercent(percent.value) : undefined);
    const statusSure = Boolean(reading?.status) && (lean ? agrees : fits);
    // Regions are printed with decimals: a number without its mark lost one (2.6 read as 26).
    const sure = (r: Reading) => r.confidence >= SURE_WORD && r.decimals > 0 && agrees;
    confidence[`${prefix}.${massKey}`] = kg ? (sure(kg) ? 'confirmed' : 'doubtful') : 'missing';
    confidence[`${prefix}.${percentKey}`] = percent ? (sure(percent) ? 'confirmed' : 'doubtful') : 'missing';
    confidence[`${prefix}.${statusKey}`] = status ? (statusSure ? 'confirmed' : 'doubtful') : 'missing';
    return { [massKey]: kg?.value ?? null, [percentKey]: percent?.value ?? null, [statusKey]: status ?? null };
  };
  const leanBodyMass = Object.assign(
    {},
    ...inbodySegments.map((s) => segment(s, sheet.lean[s], 'leanBodyMass', `${s}MuscleMass`, `${s}MusclePercentage`, `${s}Status`, true)),
  ) as LeanBodyMass;
  const hasFat = sheet.layout === '570' || inbodySegments.some((s) => sheet.fat[s]);
  const fatBodyMass = hasFat
    ? (Object.assign({}, ...inbodySegments.map((s) => segment(s, sheet.fat[s], 'fatBodyMass', `${s}FatMass`, `${s}FatPercentage`, `${s}Status`, false))) as FatBodyMass)
    : null;
  return { values: { ...values, leanBodyMass, fatBodyMass }, confidence, warnings };
}

/** Enough to show the member a form worth correcting: at least two of weight, skeletal muscle and body fat. */
export const isUsable = (checked: CheckedSheet) =>
  [checked.values.weight, checked.values.skeletalMuscleMass, checked.values.percentBodyFat].filter((v) => v !== null).length >= 2;
