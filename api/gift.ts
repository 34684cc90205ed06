import { z } from 'zod';
import type { PlanType } from './membership.ts';

// Issue 12 §3 (ADR 035): a member gift grants membership days. PLAN_DAYS: free days at a club the
// member picks (the referral programme's "2 free weeks"); EXPERIENCE: the 1-day free pass of §9,
// which a member without a paid membership may take once. Activating either makes a paid contract
// with isGift = true that lasts the gift's days, starting as a bought membership would.

export const giftKinds = ['PLAN_DAYS', 'EXPERIENCE'] as const;
export type GiftKind = (typeof giftKinds)[number];

/** §9 "A free-session promo gift is for 1 day". */
export const EXPERIENCE_DAYS = 1;
/** How long a taken experience pass waits to be activated. */
export const EXPERIENCE_VALID_DAYS = 30;
/** The most days one gift can grant (a year and a day: a leap year's gift of a year). */
export const MAX_GIFT_DAYS = 366;

/** A gift rides on a single-club plan that is not billed monthly: the days open the club the member picks. */
export const giftPlanTypes = ['CLASSIC', 'BASIC'] as const satisfies readonly PlanType[];
export const isGiftPlanType = (type: PlanType) => (giftPlanTypes as readonly PlanType[]).includes(type);

/** §3 Member gift. GET /api/v1/member/gift answers the member's newest unused, unexpired gift, or null. */
export const memberGiftSchema = z.object({
  memberGiftId: z.number(),
  kind: z.enum(giftKinds),
  /** Membership days the gift grants. */
  days: z.number().int(),
  titleVi: z.string(),
  titleEn: z.string(),
  descriptionVi: z.string(),
  descriptionEn: z.string(),
  /** The last moment it can be activated; null: no end. */
  expiresAt: z.string().nullable(),
});
export type MemberGift = z.infer<typeof memberGiftSchema>;

export const currentGiftSchema = memberGiftSchema.nullable();

const id = z.number({ error: 'required' }).int('invalid').positive('invalid').max(2_147_483_647, 'invalid');

/** POST /api/v1/member/gift/{memberGiftId}/contract: the plan (so the club) the gift's days are for. */
export const activateGiftBody = z.object({ paymentPlanId: id });

/** POST /api/v1/member/gift/experience: the experience pass, taken now or earlier and still unused. */
export const experienceGiftSchema = z.object({ gift: memberGiftSchema, existing: z.boolean() });

/** A club where a gift can be activated, with the plan it rides on there. */
export const giftClubSchema = z.object({
  clubId: z.number(),
  nameVi: z.string(),
  nameEn: z.string(),
  cityNameVi: z.string(),
  cityNameEn: z.string(),
  paymentPlanId: z.number(),
});
export type GiftClub = z.infer<typeof giftClubSchema>;

/** GET /api/v1/member/screens/gift (with the shell): the gift, where it can be activated, and whether the experience pass can be taken. */
export const giftScreenSchema = z.object({
  gift: currentGiftSchema,
  clubs: z.array(giftClubSchema),
  experienceAvailable: z.boolean(),
});
export type GiftScreen = z.infer<typeof giftScreenSchema>;

const text = (max: number) => z.string({ error: 'required' }).trim().min(1, 'required').max(max, 'invalid');

/** PUT /sandbox/gift: what staff or the referral programme will give (the sandbox stands in for them). */
export const sandboxGiftBody = z.object({
  titleVi: text(200),
  titleEn: text(200),
  descriptionVi: text(2000),
  descriptionEn: text(2000),
  kind: z.enum(giftKinds).default('PLAN_DAYS'),
  days: z.number().int().min(1).max(MAX_GIFT_DAYS).optional(),
  expiresAt: z.iso.datetime({ offset: true, error: 'invalid' }).nullable().default(null),
});
