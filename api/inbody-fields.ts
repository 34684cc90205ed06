// Issue 14 (ADR 042): InBody records' fields, bounds and number reading, without zod so the browser may import them.

/** The body regions of the segmental analyses, in the order the sheet prints them. */
export const inbodySegments = ['rightArm', 'leftArm', 'trunk', 'rightLeg', 'leftLeg'] as const;
export type InbodySegment = (typeof inbodySegments)[number];

/** §3 levels of a region against the normal range: Normal, Over (above), Under (below). */
export const inbodyLevels = ['Normal', 'Over', 'Under'] as const;
export type InbodyLevel = (typeof inbodyLevels)[number];

/** §3 analysis kinds and units. */
export const inbodyAnalysisKinds = ['basic', 'lean', 'fat'] as const;
export type InbodyAnalysisKind = (typeof inbodyAnalysisKinds)[number];
export const inbodyUnits = ['kg', '%'] as const;

/** The five fields a sheet must give for the reading to be usable, and the web's summary cards. */
export const inbodyCoreFields = ['weight', 'skeletalMuscleMass', 'percentBodyFat', 'bodyFatMass', 'score'] as const;
/** The Body Composition Analysis rows besides weight and fat mass (they make the arithmetic check). */
export const inbodyCompositionFields = ['totalBodyWater', 'protein', 'minerals'] as const;
export const inbodyTopFields = [...inbodyCoreFields, ...inbodyCompositionFields] as const;
export type InbodyTopField = (typeof inbodyTopFields)[number];

export type Bound = { min: number; max: number };

/**
 * §5 bounds (weight 30–250 kg, skeletal muscle 10–50 kg, body fat 3–65 %), and plausible bounds for
 * the rest so a misread digit (72.5 read as 725) is refused or marked, never stored.
 */
export const INBODY_BOUNDS: Record<InbodyTopField, Bound> = {
  weight: { min: 30, max: 250 },
  skeletalMuscleMass: { min: 10, max: 50 },
  percentBodyFat: { min: 3, max: 65 },
  bodyFatMass: { min: 1, max: 160 },
  score: { min: 0, max: 100 },
  totalBodyWater: { min: 10, max: 120 },
  protein: { min: 2, max: 35 },
  minerals: { min: 0.5, max: 12 },
};
/** A region's lean mass (kg) and its % of the normal for the height; a region's fat mass (kg) and %. */
export const SEGMENT_MASS_BOUND: Bound = { min: 0, max: 80 };
export const SEGMENT_PERCENT_BOUND: Bound = { min: 0, max: 999 };

/**
 * §5: a comma is a decimal mark and an empty field is 0. "72,5" and "72.5" are 72.5; "" is 0;
 * anything else that is not a plain decimal (letters, two marks, "1e3") is NaN.
 */
export function parseInbodyNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (value === undefined || value === null) return 0;
  if (typeof value !== 'string') return Number.NaN;
  const text = value.trim();
  if (text === '') return 0;
  if (!/^-?\d{0,4}(?:[.,]\d{1,3})?$/.test(text) || !/\d/.test(text)) return Number.NaN;
  return Number(text.replace(',', '.'));
}

/** True when the value lies within the bound, ends included. */
export const withinBound = (value: number, bound: Bound) =>
  Number.isFinite(value) && value >= bound.min && value <= bound.max;

/** The level a region's % of normal falls in: below 90 Under, above 110 Over (InBody's own bars). */
export function levelOfPercent(percent: number): InbodyLevel {
  if (percent < 90) return 'Under';
  if (percent > 110) return 'Over';
  return 'Normal';
}

/** The detect answer's confidence of one field: read and confirmed by the sheet's arithmetic, read but unconfirmed, or not found. */
export const inbodyConfidences = ['confirmed', 'doubtful', 'missing'] as const;
export type InbodyConfidence = (typeof inbodyConfidences)[number];

/** The multipart field of POST member/inbody/detect. */
export const INBODY_IMAGE_FIELD = 'image';

/**
 * Why a sheet photo could not be read (issue 36 §6, ADR 066): the data of detect's 422 code 103,
 * `{ reason }`, so the page says it in words. TOO_DARK and BLURRED are measured on the photo itself;
 * NOT_WHOLE_SHEET: the reader did not find the whole page in it; NO_VALUES: none of the above, and
 * still too few values read.
 */
export const inbodyUnreadableReasons = ['TOO_DARK', 'BLURRED', 'NOT_WHOLE_SHEET', 'NO_VALUES'] as const;
export type InbodyUnreadableReason = (typeof inbodyUnreadableReasons)[number];
export type InbodyUnreadable = { reason: InbodyUnreadableReason };

/**
 * The data of detect's 429 (issue 36 §6): `limit` photos an hour were sent (absent when the reader
 * is only busy for a moment); `retryAfterSeconds` until the next one is taken.
 */
export type InbodyDetectLimit = { limit?: number; retryAfterSeconds: number };
