import { z } from 'zod';
import { memberShellSchema } from './auth.ts';
import { accessClubSchema, homePageContractsSchema, isoDate, money, savedCardSchema } from './membership.ts';
import { otpSchema } from './validation.ts';

// Issue 12 §2 (ADR 038): SUBSCRIPTION and BLACK_CARD_SUBSCRIPTION renew month by month by card.
// Each month is an ordinary contract; the subscription says which card pays the next one, when,
// and where a renewal stands (charges, retries on days 1, 3 and 5, 7 days of grace, lapse).

export const subscriptionStatuses = ['ACTIVE', 'PAST_DUE', 'CANCELLING', 'LAPSED', 'CANCELLED'] as const;
export type SubscriptionStatusName = (typeof subscriptionStatuses)[number];

/** The next month is charged this many days before the current one ends (its last day is day 0). */
export const RENEW_DAYS_BEFORE_END = 3;
/** §9: a cancellation made at least this many days before the end stops the next month. */
export const CANCEL_DAYS_BEFORE_END = 4;
/** A failed charge is tried again on these days after the first try. */
export const RETRY_DAYS = [1, 3, 5] as const;
/** After the month ends unpaid, the member has this many days to pay before the subscription lapses. */
export const GRACE_DAYS = 7;

const card = z.object({ id: z.number().int(), cardNumber: z.string(), bankCode: z.string(), cardType: z.string() });

const planBrief = z.object({
  id: z.number().int(),
  type: z.string(),
  nameVi: z.string(),
  nameEn: z.string(),
  price: money,
});

export const subscriptionSchema = z.object({
  /** vnpaySubscriptionId of §3. */
  id: z.number().int(),
  status: z.enum(subscriptionStatuses),
  club: z.object({ id: z.number().int(), nameVi: z.string(), nameEn: z.string() }),
  plan: planBrief,
  currentContractId: z.number().int(),
  periodStart: isoDate,
  periodEnd: isoDate,
  /** The day the next month is charged (or its pay link sent); null when nothing renews. */
  nextBillingDate: isoDate.nullable(),
  nextPeriodStart: isoDate.nullable(),
  nextAmount: money.nullable(),
  card: card.nullable(),
  /** A recurring agreement charges the card without the member; false: each month by a pay link with the bank's OTP; null: not asked yet for this card (within minutes). */
  autoCharge: z.boolean().nullable(),
  /** A new card being added on VNPAY's page to replace this one. */
  cardChangePending: z.boolean(),
  /** CANCELLING: the last day of access. */
  endsOn: isoDate.nullable(),
  /** What cancelling today would do (ADR 038): the last day of access, and whether that is this month's end. */
  cancel: z.object({ deadline: isoDate, endsOn: isoDate, beforeDeadline: z.boolean() }).nullable(),
  /** The unpaid next month, while one is being charged or waits for the member. */
  renewal: z
    .object({
      contractId: z.number().int(),
      periodStart: isoDate,
      periodEnd: isoDate,
      amount: money,
      attempts: z.number().int(),
      nextAttemptOn: isoDate.nullable(),
      /** The last day the member can still pay it; the subscription lapses the day after. */
      graceEndsOn: isoDate,
      lastResponseCode: z.string().nullable(),
    })
    .nullable(),
  /** The Black Card upgrade on offer: the price from `fromDate` and the monthly difference (next-month switch, no proration). */
  upgrade: z.object({ plan: planBrief, difference: money, fromDate: isoDate }).nullable(),
  /** An upgrade already confirmed, taking effect on `fromDate`. */
  pendingUpgrade: z.object({ plan: planBrief, fromDate: isoDate }).nullable(),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

/** GET /member/contract/subscription/allow: may this member start a subscription (750 when not). */
export const subscriptionAllowSchema = z.object({ allowed: z.boolean(), code: z.number().int().nullable() });
export type SubscriptionAllow = z.infer<typeof subscriptionAllowSchema>;

/** GET /member/vnpay/subscription: the card side (§3 Subscription's vnpaySubscriptionId). */
export const vnpaySubscriptionSchema = z.object({
  vnpaySubscriptionId: z.number().int(),
  status: z.enum(subscriptionStatuses),
  card: card.nullable(),
  autoCharge: z.boolean().nullable(),
  cardChangePending: z.boolean(),
});

const url = z.url({ error: 'urlInvalid' }).max(1000, 'urlInvalid');

/** PUT /member/vnpay/subscription/{id}/change-card (§3 cancelUrl, locale, returnUrl). */
export const changeCardBody = z.object({
  cancelUrl: url,
  locale: z.enum(['vi', 'en'], { error: 'localeInvalid' }),
  returnUrl: url,
  cardType: z.enum(['01', '02'], { error: 'cardTypeInvalid' }).default('01'),
});
export type ChangeCardBody = z.infer<typeof changeCardBody>;

/** PUT /member/vnpay/subscription/{id}/black-card/upgrade {otpCode} (§3). */
export const upgradeBody = z.object({ otpCode: otpSchema });

/** Sandbox: run the renewal job as of an instant (the test clock, ADR 038). */
export const sandboxRunBody = z.object({ at: z.iso.datetime({ offset: true, error: 'dateInvalid' }).optional() });

export const renewalReportSchema = z.object({
  at: z.string(),
  created: z.number().int(),
  charged: z.number().int(),
  declined: z.number().int(),
  linked: z.number().int(),
  lapsed: z.number().int(),
  ended: z.number().int(),
});
export type RenewalReport = z.infer<typeof renewalReportSchema>;

// The aggregate reads of the subscription pages (issue 18: one gateway read per page), the shell beside them.
const shellField = z.object({ shell: memberShellSchema });

/** GET /member/screens/your-plan: the memberships, the clubs they open, the subscription. */
export const yourPlanReadSchema = shellField.extend({
  homePage: homePageContractsSchema,
  accessClubs: z.array(accessClubSchema),
  subscription: subscriptionSchema.nullable(),
});

/** GET /member/screens/subscription: the subscription, allow and the saved cards. */
export const subscriptionScreenReadSchema = shellField.extend({
  subscription: subscriptionSchema.nullable(),
  allow: subscriptionAllowSchema,
  cards: z.array(savedCardSchema),
});
