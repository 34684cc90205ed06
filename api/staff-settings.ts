import { z } from 'zod';
import { contentPageSchema } from './content.ts';
import { planTypes, planUnits } from './membership.ts';
import { isStorableText } from './text.ts';
import { phoneNumberSchema } from './validation.ts';
import {
  couponTargets,
  MAX_CAMPAIGN_COUPONS,
  MAX_NOTICE_BODY,
  MAX_NOTICE_TITLE,
  MAX_PRICE_VND,
  MAX_SECTION_BODY,
  MAX_SECTION_HEADING,
  MAX_SECTIONS,
  MAX_TITLE,
} from './staff-settings-limits.ts';

export * from './staff-settings-limits.ts';

// Issue 17 (ADR 052): the GM's settings, staff notices to members, and a club's staff list.
// Every write is audited (api/staff.ts staffActionNames); the same value again writes nothing.

/** Who changes the chain's settings: the GM only (every other role 403 code 6). */
export const settingsEditorAccountTypes = ['GM'] as const;
/** Who sends notices: EMPLOYEE and LEADER to their club's members, the GM to any club's. */
export const noticeSenderAccountTypes = ['EMPLOYEE', 'LEADER', 'GM'] as const;
/** Who reads a club's staff list: a LEADER their club's, the GM any club's or every club's. */
export const staffListReaderAccountTypes = ['LEADER', 'GM'] as const;

const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** Required text, trimmed, 1..max characters, storable by PostgreSQL (no NUL, no lone surrogate). */
const text = (max: number) =>
  z.preprocess(
    trimmed,
    z
      .string({ error: 'required' })
      .min(1, 'required')
      .max(max, 'freeTextTooLong')
      .refine(isStorableText, 'textUnstorable'),
  );

const money = (min: 0 | 1) =>
  z
    .number({ error: 'numberType' })
    .int('numberInvalid')
    .min(min, min === 1 ? 'numberTooSmall' : 'numberOutOfRange')
    .max(MAX_PRICE_VND, 'numberOutOfRange');

const positiveId = z
  .number({ error: 'numberType' })
  .int('numberInvalid')
  .positive('numberInvalid')
  .max(2_147_483_647, 'numberInvalid');
const positiveIdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'invalid')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'invalid'));

// ---------------------------------------------------------------------------------------------
// GET /api/v1/staff/settings (GM): everything the settings page edits, in one read.

/** MAJOR.MINOR.PATCH, e.g. 1.4.0 (each part 0–9999, no leading zeros). */
export const APP_VERSION_PATTERN = /^(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})\.(0|[1-9]\d{0,3})$/;
export const appVersionValueSchema = z.preprocess(
  trimmed,
  z.string({ error: 'required' }).regex(APP_VERSION_PATTERN, 'invalid'),
);

export const appVersionSettingSchema = z.object({ valueVi: z.string(), valueEn: z.string(), updatedAt: z.string() });
export type AppVersionSetting = z.infer<typeof appVersionSettingSchema>;

/** A freeze duration (its id is its number of days, the table's key) and its price; inactive ones are not offered. */
export const freezeOptionSettingSchema = z.object({ days: z.number(), price: z.number().int(), isActive: z.boolean() });
export type FreezeOptionSetting = z.infer<typeof freezeOptionSettingSchema>;

/** A plan as one club sells it; the member pays originalPrice − planDiscount (+ joiningFee − joiningFeeDiscount when new). */
export const planSettingSchema = z.object({
  id: z.number(),
  clubId: z.number(),
  type: z.enum(planTypes),
  nameVi: z.string(),
  nameEn: z.string(),
  durationValue: z.number(),
  durationUnit: z.enum(planUnits),
  originalPrice: z.number().int(),
  planDiscount: z.number().int(),
  joiningFee: z.number().int(),
  joiningFeeDiscount: z.number().int(),
  isActive: z.boolean(),
});
export type PlanSetting = z.infer<typeof planSettingSchema>;

export const couponSettingSchema = z.object({
  id: z.number(),
  code: z.string(),
  percentOff: z.number().nullable(),
  amountOff: z.number().nullable(),
  maxDiscount: z.number().nullable(),
  appliesTo: z.enum(couponTargets),
  validFrom: z.string(),
  validTo: z.string().nullable(),
  usageLimit: z.number().nullable(),
  newCustomerOnly: z.boolean(),
  /** null: every club / every plan type. */
  clubIds: z.array(z.number()).nullable(),
  planTypes: z.array(z.enum(planTypes)).nullable(),
  isActive: z.boolean(),
  /** Contracts paid or awaiting payment that used it (a failed one gives its use back). */
  uses: z.number(),
});
export type CouponSetting = z.infer<typeof couponSettingSchema>;

/** A campaign and its coupons; `isActive`: at least one of its coupons is active (ended: none is). */
export const couponCampaignSettingSchema = z.object({
  id: z.number(),
  nameVi: z.string(),
  nameEn: z.string(),
  descriptionVi: z.string(),
  descriptionEn: z.string(),
  isActive: z.boolean(),
  coupons: z.array(couponSettingSchema),
});
export type CouponCampaignSetting = z.infer<typeof couponCampaignSettingSchema>;

export const staffSettingsSchema = z.object({
  /** null only on a database never seeded. */
  appVersion: appVersionSettingSchema.nullable(),
  contentPages: z.array(contentPageSchema),
  freezeOptions: z.array(freezeOptionSettingSchema),
  /** Every club's plans, active or not, by club then display order (club names: GET /staff/me `clubs`). */
  plans: z.array(planSettingSchema),
  /** Newest first. */
  couponCampaigns: z.array(couponCampaignSettingSchema),
});
export type StaffSettings = z.infer<typeof staffSettingsSchema>;

// ---------------------------------------------------------------------------------------------
// Writes (GM). Each answers 1000 with the entity as it is now (the schemas above).

/** PUT /api/v1/staff/settings/app-version → appVersionSettingSchema */
export const appVersionBody = z.object({ valueVi: appVersionValueSchema, valueEn: appVersionValueSchema });
export type AppVersionBody = z.infer<typeof appVersionBody>;

export const contentSectionBody = z.object({
  headingVi: text(MAX_SECTION_HEADING),
  headingEn: text(MAX_SECTION_HEADING),
  bodyVi: text(MAX_SECTION_BODY),
  bodyEn: text(MAX_SECTION_BODY),
});

/** PUT /api/v1/staff/content-page/{slug} (terms-condition, privacy, about, support; another slug 404) → contentPageSchema */
export const contentPageBody = z.object({
  titleVi: text(MAX_TITLE),
  titleEn: text(MAX_TITLE),
  sections: z.array(contentSectionBody, { error: 'required' }).min(1, 'arrayEmpty').max(MAX_SECTIONS, 'tooManyItems'),
});
export type ContentPageBody = z.infer<typeof contentPageBody>;

/** PUT /api/v1/staff/freeze-option/{days} → freezeOptionSettingSchema. An unknown duration is 404 (durations are not added here). */
export const freezeOptionBody = z
  .object({ price: money(1).optional(), isActive: z.boolean({ error: 'invalid' }).optional() })
  .refine((b) => b.price !== undefined || b.isActive !== undefined, { message: 'required', path: ['price'] });
export type FreezeOptionBody = z.infer<typeof freezeOptionBody>;

/**
 * PUT /api/v1/staff/payment-plan/{id} → planSettingSchema. Any of the four prices and the active
 * flag; a discount above its price (after the change) is 400 code 2 on the discount's field.
 * Contracts already made keep the prices they were made with (ADR 052).
 */
export const paymentPlanBody = z
  .object({
    originalPrice: money(1).optional(),
    planDiscount: money(0).optional(),
    joiningFee: money(0).optional(),
    joiningFeeDiscount: money(0).optional(),
    isActive: z.boolean({ error: 'invalid' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'required', path: ['originalPrice'] });
export type PaymentPlanBody = z.infer<typeof paymentPlanBody>;

/** Upper-case letters and digits, 4–20; typed in any case, stored upper-case (members type it in any case too). */
export const couponCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim().toUpperCase() : v),
  z.string({ error: 'required' }).regex(/^[A-Z0-9]{4,20}$/, 'invalid'),
);

const isoTime = z.iso.datetime({ offset: true, error: 'invalid' });

export const couponBody = z
  .object({
    code: couponCodeSchema,
    /** Exactly one of percentOff (1–100) and amountOff (VND). */
    percentOff: z
      .number({ error: 'numberType' })
      .int('numberInvalid')
      .min(1, 'numberOutOfRange')
      .max(100, 'numberOutOfRange')
      .nullish(),
    amountOff: money(1).nullish(),
    /** A cap on a percent discount (VND). */
    maxDiscount: money(1).nullish(),
    appliesTo: z.enum(couponTargets, { error: 'invalid' }).default('membership'),
    validFrom: isoTime,
    validTo: isoTime.nullish(),
    usageLimit: z
      .number({ error: 'numberType' })
      .int('numberInvalid')
      .min(1, 'numberTooSmall')
      .max(1_000_000, 'numberOutOfRange')
      .nullish(),
    newCustomerOnly: z.boolean({ error: 'invalid' }).default(false),
    clubIds: z.array(positiveId).min(1, 'arrayEmpty').max(100, 'tooManyItems').nullish(),
    planTypes: z
      .array(z.enum(planTypes, { error: 'invalid' }))
      .min(1, 'arrayEmpty')
      .nullish(),
  })
  .refine((c) => (c.percentOff == null) !== (c.amountOff == null), { message: 'required', path: ['percentOff'] })
  .refine((c) => c.validTo == null || Date.parse(c.validTo) > Date.parse(c.validFrom), {
    message: 'invalid',
    path: ['validTo'],
  });

/**
 * POST /api/v1/staff/coupon-campaign → 1000 couponCampaignSettingSchema. A code that exists
 * (any campaign's) is 409 PROMO_CODE_INVALID with data {code}; an unknown club id 400 code 2.
 */
export const couponCampaignBody = z
  .object({
    nameVi: text(MAX_TITLE),
    nameEn: text(MAX_TITLE),
    descriptionVi: text(MAX_NOTICE_BODY),
    descriptionEn: text(MAX_NOTICE_BODY),
    coupons: z.array(couponBody, { error: 'required' }).min(1, 'arrayEmpty').max(MAX_CAMPAIGN_COUPONS, 'tooManyItems'),
  })
  .refine((b) => new Set(b.coupons.map((c) => c.code)).size === b.coupons.length, {
    message: 'invalid',
    path: ['coupons'],
  });
export type CouponCampaignBody = z.infer<typeof couponCampaignBody>;

// PUT /api/v1/staff/coupon-campaign/{id}/end (no body) → couponCampaignSettingSchema: every coupon
// of the campaign inactive (members can no longer apply them; contracts made with one keep it).

// ---------------------------------------------------------------------------------------------
// POST /api/v1/staff/notifications (EMPLOYEE, LEADER: their club; GM: any club)

/** Header of every send: a fresh random key per form (8–64 of A–Z a–z 0–9 _ -); a repeat with it sends nothing again. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const idempotencyKeySchema = z.string({ error: 'required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, 'invalid');

/** An in-app path: starts with one '/', no '//' or backslash (never another site), ≤ 200 characters. */
export const inAppLinkSchema = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() || undefined : v),
  z
    .string({ error: 'invalid' })
    .max(200, 'invalid')
    .regex(/^\/(?![/\\])[A-Za-z0-9\-._~/?=&%#]*$/, 'invalid')
    .optional(),
);

export const noticeTargetSchema = z.union([
  z.object({ phoneNumber: phoneNumberSchema }).strict(),
  z.object({ clubId: positiveId }).strict(),
]);

export const staffNoticeBody = z.object({
  to: noticeTargetSchema,
  titleVi: text(MAX_NOTICE_TITLE),
  titleEn: text(MAX_NOTICE_TITLE),
  bodyVi: text(MAX_NOTICE_BODY),
  bodyEn: text(MAX_NOTICE_BODY),
  link: inAppLinkSchema,
});
export type StaffNoticeBody = z.infer<typeof staffNoticeBody>;

/**
 * → 1000 {sent}: the notices queued (kind GENERAL), one per member. A repeat of a key answers the
 * first answer and sends nothing. Errors: 400 code 2 (body; `idempotencyKey` missing or malformed,
 * or reused with another body); 404 code 200 a phone that is no member's; 403 code 6 another
 * club's member or club (EMPLOYEE, LEADER); 404 NOT_FOUND an unknown club (GM); 429
 * TOO_MANY_REQUESTS over the daily caps (ADR 052).
 */
export const staffNoticeResultSchema = z.object({ sent: z.number() });
export type StaffNoticeResult = z.infer<typeof staffNoticeResultSchema>;

// ---------------------------------------------------------------------------------------------
// GET /api/v1/staff/staff-list?clubId= (LEADER: their club, another 403; GM: one club or every club)

export const staffListQuery = z.object({ clubId: positiveIdText.optional() });

export const staffListEntrySchema = z.object({
  id: z.number(),
  fullName: z.string(),
  phoneNumber: z.string(),
  accountType: z.enum(['EMPLOYEE', 'PT', 'LEADER']),
  clubId: z.number(),
  /** An EMPLOYEE who teaches the club's group classes (labelled so, not as the front desk). */
  isClassInstructor: z.boolean(),
});
export type StaffListEntry = z.infer<typeof staffListEntrySchema>;

/** LEADERs first, then EMPLOYEEs, then PTs, each by name. */
export const staffListSchema = z.object({ staff: z.array(staffListEntrySchema) });
export type StaffList = z.infer<typeof staffListSchema>;
