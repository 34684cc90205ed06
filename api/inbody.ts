import { z } from 'zod';
import { isStorableText } from './text.ts';
import { memberShellSchema } from '#api/auth.ts';
import {
  INBODY_BOUNDS,
  inbodyConfidences,
  inbodyLevels,
  inbodySegments,
  inbodyUnreadableReasons,
  parseInbodyNumber,
  SEGMENT_MASS_BOUND,
  SEGMENT_PERCENT_BOUND,
  type Bound,
  type InbodySegment,
} from './inbody-fields.ts';

// Issue 14 (ADR 042): InBody records. POST member/inbody/detect reads a sheet photo into a DRAFT
// record (1121); PUT member/inbody/{id}/update confirms it with the member's corrections (1124);
// only CONFIRMED records are listed. Numbers are kg or %; null where the sheet does not print them.

export * from './inbody-fields.ts';

const level = z.enum(inbodyLevels).nullable();

const leanShape = Object.fromEntries(
  inbodySegments.flatMap((s) => [
    [`${s}MuscleMass`, z.number().nullable()],
    [`${s}MusclePercentage`, z.number().nullable()],
    [`${s}Status`, level],
  ]),
) as Record<`${InbodySegment}MuscleMass` | `${InbodySegment}MusclePercentage`, z.ZodNullable<z.ZodNumber>> &
  Record<`${InbodySegment}Status`, typeof level>;
const fatShape = Object.fromEntries(
  inbodySegments.flatMap((s) => [
    [`${s}FatMass`, z.number().nullable()],
    [`${s}FatPercentage`, z.number().nullable()],
    [`${s}Status`, level],
  ]),
) as Record<`${InbodySegment}FatMass` | `${InbodySegment}FatPercentage`, z.ZodNullable<z.ZodNumber>> &
  Record<`${InbodySegment}Status`, typeof level>;

/** §3 leanBodyMass: per region the lean mass (kg), its % of the normal for the height, and its level. */
export const leanBodyMassSchema = z.object(leanShape);
export type LeanBodyMass = z.infer<typeof leanBodyMassSchema>;
/** §3 fatBodyMass (InBody 570 only): per region the fat mass (kg), its % of the normal, and its level. */
export const fatBodyMassSchema = z.object(fatShape);
export type FatBodyMass = z.infer<typeof fatBodyMassSchema>;

export const inbodyStatuses = ['DRAFT', 'CONFIRMED'] as const;

/** One record as every InBody endpoint answers it. */
export const inbodyRecordSchema = z.object({
  id: z.number(),
  status: z.enum(inbodyStatuses),
  /** When the sheet says it was measured (its date, else the upload's time): ISO timestamp, the order of the history. */
  measuredAt: z.string(),
  createdAt: z.string(),
  /** GET of the photo (owner only, WebP), or null for a record without one. */
  imageUrl: z.string().nullable(),
  weight: z.number().nullable(),
  skeletalMuscleMass: z.number().nullable(),
  percentBodyFat: z.number().nullable(),
  bodyFatMass: z.number().nullable(),
  score: z.number().nullable(),
  totalBodyWater: z.number().nullable(),
  protein: z.number().nullable(),
  minerals: z.number().nullable(),
  leanBodyMass: leanBodyMassSchema,
  /** null: the sheet has no segmental fat analysis (InBody 270). */
  fatBodyMass: fatBodyMassSchema.nullable(),
});
export type InbodyRecord = z.infer<typeof inbodyRecordSchema>;

/**
 * POST member/inbody/detect (1121): the draft and how sure the reading is. `confidence` has a key per
 * field read or expected (dotted for regions: "leanBodyMass.trunkMuscleMass"): "confirmed" (the
 * sheet's arithmetic agrees), "doubtful" (read, but nothing confirms it or a check fails: mark it),
 * "missing" (not found). `layout` and `language` say which sheet was recognised.
 */
export const inbodyDetectionSchema = z.object({
  record: inbodyRecordSchema,
  confidence: z.record(z.string(), z.enum(inbodyConfidences)),
  layout: z.enum(['270', '570', 'unknown']),
  language: z.enum(['en', 'vi', 'unknown']),
  /** The checks that failed, e.g. "weight ≠ water + protein + minerals + fat". */
  warnings: z.array(z.string()),
});
export type InbodyDetection = z.infer<typeof inbodyDetectionSchema>;

/** detect's 422 code 103 data (ADR 066): why the photo could not be read. */
export const inbodyUnreadableSchema = z.object({ reason: z.enum(inbodyUnreadableReasons) });
/** detect's 429 data (ADR 066): the hourly limit reached (`limit`), or the reader busy; when to try again. */
export const inbodyDetectLimitSchema = z.object({
  limit: z.number().int().positive().optional(),
  retryAfterSeconds: z.number().int().positive(),
});

/** GET member/inbody/list: confirmed records, newest measurement first. */
export const inbodyListQuery = z.object({
  page: z.coerce
    .number({ error: 'numberInvalid' })
    .int('numberInvalid')
    .min(1, 'numberInvalid')
    .max(10_000, 'numberInvalid')
    .default(1),
  limit: z.coerce
    .number({ error: 'numberInvalid' })
    .int('numberInvalid')
    .min(1, 'numberInvalid')
    .max(50, 'numberInvalid')
    .default(10),
  /** true: every record at once (the History charts), page and limit ignored. */
  isFull: z
    .enum(['true', 'false', '1', '0'], { error: 'invalid' })
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});

export const inbodyListSchema = z.object({
  items: z.array(inbodyRecordSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
});
export type InbodyList = z.infer<typeof inbodyListSchema>;

/**
 * GET member/screens/inbody (issue 18): the signed-in frame and every confirmed record, newest
 * measurement first; and the member's newest sheet read but not yet confirmed (a day at most), so a
 * reload or a return brings the read back (issue 37 item 18), or null.
 */
export const inbodyScreenSchema = z.object({
  shell: memberShellSchema,
  records: z.array(inbodyRecordSchema),
  draft: inbodyDetectionSchema.nullable(),
});
export type InbodyScreen = z.infer<typeof inbodyScreenSchema>;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/**
 * §5: a typed number, comma or dot as decimal mark, within the bound (message "numberOutOfRange").
 * A required field left empty asks for a value (§5 "Required field"), not for another range (issue 37 item 18).
 */
const boundedNumber = (bound: Bound) =>
  z.preprocess(
    (v) => (isEmpty(v) ? undefined : typeof v === 'string' && !isStorableText(v) ? Number.NaN : parseInbodyNumber(v)),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'required' : 'numberType') })
      .refine(Number.isFinite, 'numberType')
      .refine((n) => n >= bound.min && n <= bound.max, 'numberOutOfRange'),
  );
/** Fields the §5 bounds do not name: empty (0) means "not printed" and is stored as null. */
const optionalNumber = (bound: Bound) =>
  z.preprocess(
    (v) => (typeof v === 'string' && !isStorableText(v) ? Number.NaN : parseInbodyNumber(v)),
    z
      .number({ error: 'numberType' })
      .refine(Number.isFinite, 'numberType')
      .refine((n) => n === 0 || (n >= bound.min && n <= bound.max), 'numberOutOfRange')
      .transform((n) => (n === 0 ? null : n)),
  );
const levelInput = z.preprocess(
  (v) => (v === '' || v === undefined ? null : v),
  z.enum(inbodyLevels, { error: 'invalid' }).nullable(),
);

const leanInput = z
  .object(
    Object.fromEntries(
      inbodySegments.flatMap((s) => [
        [`${s}MuscleMass`, optionalNumber(SEGMENT_MASS_BOUND)],
        [`${s}MusclePercentage`, optionalNumber(SEGMENT_PERCENT_BOUND)],
        [`${s}Status`, levelInput],
      ]),
    ),
  )
  .partial();
const fatInput = z
  .object(
    Object.fromEntries(
      inbodySegments.flatMap((s) => [
        [`${s}FatMass`, optionalNumber(SEGMENT_MASS_BOUND)],
        [`${s}FatPercentage`, optionalNumber(SEGMENT_PERCENT_BOUND)],
        [`${s}Status`, levelInput],
      ]),
    ),
  )
  .partial();

/**
 * PUT member/inbody/{id}/update (1124): the member's values; confirms a draft or corrects a record.
 * Weight, skeletal muscle mass and percent body fat are required within §5's bounds (empty is
 * "required"); the rest may be empty. Regions left out keep what was read.
 */
export const inbodyUpdateBody = z.object({
  weight: boundedNumber(INBODY_BOUNDS.weight),
  skeletalMuscleMass: boundedNumber(INBODY_BOUNDS.skeletalMuscleMass),
  percentBodyFat: boundedNumber(INBODY_BOUNDS.percentBodyFat),
  bodyFatMass: optionalNumber(INBODY_BOUNDS.bodyFatMass).optional(),
  score: optionalNumber(INBODY_BOUNDS.score).optional(),
  totalBodyWater: optionalNumber(INBODY_BOUNDS.totalBodyWater).optional(),
  protein: optionalNumber(INBODY_BOUNDS.protein).optional(),
  minerals: optionalNumber(INBODY_BOUNDS.minerals).optional(),
  /** YYYY-MM-DD of the measurement (Vietnam); left out keeps what was read. */
  measuredOn: z.iso.date({ error: 'invalid' }).optional(),
  leanBodyMass: leanInput.optional(),
  fatBodyMass: fatInput.optional(),
});
export type InbodyUpdateBody = z.infer<typeof inbodyUpdateBody>;
