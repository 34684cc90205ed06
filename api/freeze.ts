import { z } from 'zod';
import { contractSchema, isoDate, money, paymentSchema, type PlanType, type Duration } from './membership.ts';

// Issue 12 §1 (ADR 036): a member pauses a paid membership for a chosen number of days, from a day
// they pick, and pays for it through the one payment path. The membership's end date moves back by
// the days frozen; an early unfreeze gives the unused days back as membership days (no refund).

/** §4 Freeze statuses, plus FUTURE (paid, not begun) and FAIL (never paid), as contracts have. */
export const freezeStatuses = ['WAITFORPAYMENT', 'FUTURE', 'CURRENT', 'UNFREEZE', 'FAIL'] as const;
export type FreezeStatus = (typeof freezeStatuses)[number];

/** The earliest start is tomorrow (a member who is at the club today has used today). */
export const FREEZE_EARLIEST_START_DAYS = 1;
/** A freeze is asked for ahead, not booked for next season. */
export const FREEZE_LATEST_START_DAYS = 30;
/** Plans paid in full for at least this many months can be frozen; monthly subscriptions cancel instead. */
export const FREEZE_MIN_PLAN_MONTHS = 3;
const freezablePlanTypes: readonly PlanType[] = ['CLASSIC', 'BLACK_CARD', 'BASIC'];

/**
 * Freeze days a membership may use in all (ADR 036): 30 for a 3–5-month plan, 60 for 6–11 months,
 * 90 for every full year. 0: the plan cannot be frozen (monthly, trials, shorter than 3 months).
 */
export function freezeAllowanceDays(plan: { type: PlanType; duration: Duration }) {
  const { unit, value } = plan.duration;
  if (!freezablePlanTypes.includes(plan.type) || unit !== 'month' || value < FREEZE_MIN_PLAN_MONTHS) return 0;
  if (value >= 12) return 90 * Math.floor(value / 12);
  return value >= 6 ? 60 : 30;
}

/** GET /general/freeze-price: what each duration costs, VND. */
export const freezePriceSchema = z.array(z.object({ days: z.number().int(), price: money }));
/** GET /general/freeze-duration: the durations on offer and the start-date window. */
export const freezeDurationSchema = z.object({
  durations: z.array(z.number().int()),
  earliestStartDays: z.number().int(),
  latestStartDays: z.number().int(),
});

const day = isoDate;
const days = z.coerce.number({ error: 'required' }).int('invalid').min(1, 'invalid').max(366, 'invalid');

/** The member's choice: how many days, from which day. Query (preview, screen) and body (request) alike. */
export const freezeChoiceSchema = z.object({
  days,
  startDate: z.string({ error: 'required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid'),
});
export type FreezeChoice = z.infer<typeof freezeChoiceSchema>;

/** POST /member/contract/{contractId}/freeze. */
export const requestFreezeBody = freezeChoiceSchema.extend({
  paymentMethodGroupId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  savedCardId: z.number().int().positive().nullish(),
});

/** POST /member/freeze-contract/{id}/payment: pay an unpaid freeze another way, or again. */
export const payFreezeBody = z.object({
  paymentMethodGroupId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  savedCardId: z.number().int().positive().nullish(),
});

/** What the member sees before paying: exactly what paying makes (the preview IS the settlement's arithmetic). */
export const freezePreviewSchema = z.object({
  days: z.number().int(),
  price: money,
  /** First and last frozen day. */
  startDate: day,
  endDate: day,
  /** The membership's end date now, and once the freeze is paid. */
  membershipEndDate: day,
  newMembershipEndDate: day,
  /** Freeze days left on this membership after this one. */
  allowanceLeftAfter: z.number().int(),
});
export type FreezePreview = z.infer<typeof freezePreviewSchema>;

/** §3 Freeze contract. */
export const freezeContractSchema = z.object({
  freezeContractId: z.number(),
  contractId: z.number(),
  status: z.enum(freezeStatuses),
  days: z.number().int(),
  price: money,
  startDate: day,
  /** Last frozen day; after an early unfreeze the last day actually frozen (the day before startDate when none was). */
  endDate: day,
  /** Days actually frozen so far (all of them once over). */
  frozenDays: z.number().int(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  unfrozenAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  closedReason: z.enum(['cancelled', 'expired']).nullable(),
  planNameVi: z.string(),
  planNameEn: z.string(),
  clubNameVi: z.string(),
  clubNameEn: z.string(),
});
export type FreezeContract = z.infer<typeof freezeContractSchema>;

/** GET /member/freeze-contract/{id}: with the payment attempt, the receipt facts and the timeline. */
export const freezeDetailSchema = freezeContractSchema.extend({
  payment: paymentSchema.nullable(),
  /** The membership's end date as it stands now. */
  membershipEndDate: day,
  /** What ending it today would do (FUTURE or CURRENT only): the days that come back and the membership's end then. */
  unfreezePreview: z.object({ returnedDays: z.number().int(), newMembershipEndDate: day }).nullable(),
  timeline: z.array(
    z.object({
      kind: z.enum(['created', 'paid', 'starts', 'ends', 'unfrozen', 'cancelled', 'expired']),
      at: z.string(),
    }),
  ),
  receipt: z
    .object({ paymentDate: z.string(), transactionId: z.string(), paymentMethod: z.number(), totalPayment: money })
    .nullable(),
});
export type FreezeDetail = z.infer<typeof freezeDetailSchema>;

/** Why this membership cannot be frozen now (null: it can). Said on the freeze screen before the member picks anything. */
export const freezeBlockers = ['NOT_FREEZABLE', 'NOT_STARTED', 'ENDED', 'FREEZE_EXISTS', 'ALLOWANCE_USED'] as const;
export type FreezeBlocker = (typeof freezeBlockers)[number];

/** GET /member/screens/freeze/{contractId}?days&startDate: the freeze screen in one round trip (with the shell). */
export const freezeScreenSchema = z.object({
  contract: contractSchema,
  options: freezePriceSchema,
  earliestStartDate: day,
  latestStartDate: day,
  allowanceDays: z.number().int(),
  allowanceLeft: z.number().int(),
  blocker: z.enum(freezeBlockers).nullable(),
  /** The freeze that blocks a new one (unpaid, coming or in effect). */
  open: freezeContractSchema.nullable(),
  /** When the query carried a valid choice. */
  preview: freezePreviewSchema.nullable(),
  /** When the query carried a choice the rules refuse: the code of §8/our own, said under the form. */
  previewError: z.string().nullable(),
});
export type FreezeScreen = z.infer<typeof freezeScreenSchema>;
