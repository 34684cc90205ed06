import { homeClassesSchema } from './classes.ts';
import { z } from 'zod';
import { clubBusynessSchema } from './clubs.ts';
import { referralCodeSchema } from './validation.ts';
import { memberShellSchema } from './auth.ts';

// Issue 4: plans, coupons, contracts, transactions, payments and receipts (spec §3, §4, §7).
// Money is an integer number of VND everywhere; dates are 'YYYY-MM-DD' in Asia/Ho_Chi_Minh and
// instants are ISO strings. Prices are computed by the gateway only (security.md "Money").

export const planTypes = ['BLACK_CARD', 'BASIC', 'CLASSIC', 'SUBSCRIPTION', 'BLACK_CARD_SUBSCRIPTION'] as const;
export type PlanType = (typeof planTypes)[number];
/** BLACK_CARD and BLACK_CARD_SUBSCRIPTION open every club; the others only the club they were bought at. */
export const isAllClubPlan = (type: PlanType) => type === 'BLACK_CARD' || type === 'BLACK_CARD_SUBSCRIPTION';
/** Subscriptions bill monthly (§9): a first payment now, then `nextPayment` each month. */
export const isSubscriptionPlan = (type: PlanType) => type === 'SUBSCRIPTION' || type === 'BLACK_CARD_SUBSCRIPTION';

export const planUnits = ['month', 'day'] as const;
export type PlanUnit = (typeof planUnits)[number];
export const durationSchema = z.object({ value: z.number().int(), unit: z.enum(planUnits) });
export type Duration = z.infer<typeof durationSchema>;

export const money = z.number().int();
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const instant = z.string();

/** §3 Coupon: id, code, campaign{nameVi,nameEn,descriptionVi,descriptionEn}. */
export const couponSchema = z.object({
  id: z.number(),
  code: z.string(),
  campaign: z.object({
    nameVi: z.string(),
    nameEn: z.string(),
    descriptionVi: z.string(),
    descriptionEn: z.string(),
  }),
  validTo: instant.nullable(),
  newCustomerOnly: z.boolean(),
});
export type Coupon = z.infer<typeof couponSchema>;

/**
 * §3 Plan card, priced for the caller: with a coupon the discounts are recomputed, and the joining
 * fee is waived (0) for a member who already had a paid contract.
 * price = originalPrice − membershipDiscount; totalPaymentFirst = price + joiningFee − joiningFeeDiscount.
 */
export const paymentPlanSchema = z.object({
  id: z.number(),
  clubId: z.number(),
  type: z.enum(planTypes),
  /** All-club access (BLACK_CARD, BLACK_CARD_SUBSCRIPTION). */
  isBlackCard: z.boolean(),
  isSubscription: z.boolean(),
  planNameVi: z.string(),
  planNameEn: z.string(),
  tagNameVi: z.string().nullable(),
  tagNameEn: z.string().nullable(),
  sloganVi: z.string(),
  sloganEn: z.string(),
  descriptionVi: z.string(),
  descriptionEn: z.string(),
  unit: z.enum(planUnits),
  duration: z.number().int(),
  /** List price of the membership for the whole duration (one month for a subscription). */
  originalPrice: money,
  /** What the membership costs after every discount. */
  price: money,
  /** price spread per month (equal to price for one month or less). */
  pricePerMonth: money,
  /** Joining fee this member pays before discount: 0 when they already had a paid contract. */
  joiningFee: money,
  joiningFeeDiscount: money,
  /** Plan discount plus coupon discount on the membership fee. */
  membershipDiscount: money,
  /** The applied coupon's code, or null. */
  promotionCode: z.string().nullable(),
  coupon: couponSchema.nullable(),
  totalPaymentFirst: money,
  /** A subscription's monthly charge after the first payment; null for fixed-term plans. */
  nextPayment: money.nullable(),
  /** Day-unit plans are trials: referral offers do not apply (code 180). */
  isTrial: z.boolean(),
  /** Free PT sessions the plan gives in the membership's first FREE_PT_WINDOW_DAYS days (ADR 048): the one source of that benefit. */
  freePtSessions: z.number().int(),
});
export type PaymentPlan = z.infer<typeof paymentPlanSchema>;

/** §9: a plan's free PT sessions are to be used in the membership's first 14 days (ADR 048). */
export const FREE_PT_WINDOW_DAYS = 14;

/**
 * GET /global/plan-benefits: what the chain's plans on sale give, one row per distinct kind of plan
 * (its names, all-club or not, its term, its free PT sessions), in the clubs' display order. The
 * compare-plans panel and every text about free PT sessions read it (issue 37 §5).
 */
export const planBenefitSchema = z.object({
  type: z.enum(planTypes),
  isBlackCard: z.boolean(),
  isSubscription: z.boolean(),
  planNameVi: z.string(),
  planNameEn: z.string(),
  unit: z.enum(planUnits),
  duration: z.number().int(),
  freePtSessions: z.number().int(),
});
export type PlanBenefit = z.infer<typeof planBenefitSchema>;
export const planBenefitsSchema = z.object({ plans: z.array(planBenefitSchema), freePtWindowDays: z.number().int() });
export type PlanBenefits = z.infer<typeof planBenefitsSchema>;

/** GET /global/club/{clubId}/payment-plans?coupon=CODE and …/payment-plan/{id}/detail?coupon=CODE */
export const paymentPlansQuery = z.object({
  coupon: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().toUpperCase() || undefined : v),
    z
      .string()
      .regex(/^[A-Z0-9_-]{3,32}$/, 'couponInvalid')
      .optional(),
  ),
});

/** GET /member/coupons?clubId=&paymentPlanId= (the coupon chooser): coupons this member can still use there. */
export const couponsQuery = z.object({
  clubId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number),
  paymentPlanId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number)
    .optional(),
});

/** Contract statuses as a member sees them (§4): WAITFORPAYMENT, then FUTURE/CURRENT/PAST by date; FAIL when never paid. */
export const contractStatuses = ['WAITFORPAYMENT', 'FUTURE', 'CURRENT', 'PAST', 'FAIL'] as const;
export type ContractStatus = (typeof contractStatuses)[number];

export const PaymentMethods = { QR: 1, CARD: 2, CASH: 3 } as const;
export const paymentMethodIds = [1, 2, 3] as const;
export type PaymentMethodId = (typeof paymentMethodIds)[number];
/** §3 payment location: 1 pay at the counter, 2 online. */
export const PaymentLocations = { COUNTER: 1, ONLINE: 2 } as const;

export const contractAmountsSchema = z.object({
  originalPrice: money,
  membershipDiscount: money,
  joiningFee: money,
  joiningFeeDiscount: money,
  totalPayment: money,
});

/** Why an unpaid contract ended: the member cancelled it, or its payment time ran out. */
export const contractCloseReasons = ['cancelled', 'expired'] as const;
export type ContractCloseReason = (typeof contractCloseReasons)[number];

/**
 * Money that arrived for a contract and was NOT booked (issue 10): a bank transfer of another
 * amount, or one that came after the request ended (or after it was already paid). It waits for
 * the club (staff review): the member is told what was received and what happens next.
 */
export const unbookedReasons = ['wrong_amount', 'late'] as const;
export const unbookedTransferSchema = z.object({
  amount: money,
  receivedAt: instant,
  reason: z.enum(unbookedReasons),
  /** Staff have looked at it (and contacted the member). */
  reviewed: z.boolean(),
});
export type UnbookedTransfer = z.infer<typeof unbookedTransferSchema>;

/** §3 Contract/membership. */
export const contractSchema = z.object({
  contractId: z.number(),
  status: z.enum(contractStatuses),
  clubId: z.number(),
  /** A paid freeze covers today (ADR 036). */
  isFrozen: z.boolean(),
  /** The paid freeze in effect today, else the next one to come; null without one. */
  freeze: z.object({ freezeContractId: z.number(), startDate: isoDate, endDate: isoDate }).nullable(),
  isGift: z.boolean(),
  paymentPlanId: z.number(),
  startDate: isoDate,
  endDate: isoDate,
  /** When the payment landed; null while waiting. */
  signDate: instant.nullable(),
  createdAt: instant,
  /** The club the contract was bought at; its hotline is who to call about the money. */
  club: z.object({ nameVi: z.string(), nameEn: z.string(), hotline: z.string() }),
  paymentPlan: z.object({
    type: z.enum(planTypes),
    isBlackCard: z.boolean(),
    planNameVi: z.string(),
    planNameEn: z.string(),
    duration: durationSchema,
  }),
  paymentMethodGroupId: z.number(),
  isCash: z.boolean(),
  amounts: contractAmountsSchema,
  promotionCode: z.string().nullable(),
  referralCode: z.string().nullable(),
  /** Free days added by a referral (§9: two weeks). */
  bonusDays: z.number().int(),
  /** When and why an unpaid contract ended (FAIL); null otherwise. */
  closedAt: instant.nullable(),
  closedReason: z.enum(contractCloseReasons).nullable(),
  /** Money received for this contract that was not booked (wrong amount, late, paid twice). */
  unbooked: z.array(unbookedTransferSchema),
});
export type Contract = z.infer<typeof contractSchema>;

/** GET /member/contracts: every filter of §7 is optional. */
export const contractsQuery = z.object({
  status: z.enum(contractStatuses).optional(),
  clubId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number)
    .optional(),
  isFrozen: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  isGift: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  paymentPlanId: z
    .string()
    .regex(/^[1-9]\d{0,8}$/)
    .transform(Number)
    .optional(),
});

export const transactionTypes = ['JOINING_FEE', 'MEMBERSHIP_FEE', 'FREEZE_CONTRACT'] as const;
export type TransactionType = (typeof transactionTypes)[number];
export const transactionStatuses = ['WAITFORPAYMENT', 'SUCCESS', 'FAIL'] as const;
export type TransactionStatus = (typeof transactionStatuses)[number];

/** §3 Transaction: one per fee of a contract. */
export const transactionSchema = z.object({
  transactionId: z.number(),
  contractId: z.number(),
  /** A FREEZE_CONTRACT fee: the freeze it pays (ADR 036); its receipt is the freeze's. */
  freezeContractId: z.number().nullable(),
  type: z.enum(transactionTypes),
  paymentType: z.enum(['FULLPAID', 'DEPOSIT']),
  paymentMethod: z.number(),
  paymentLocation: z.number(),
  amount: money,
  status: z.enum(transactionStatuses),
  /** When the money arrived; null while pending or failed. */
  paymentDate: instant.nullable(),
  createdAt: instant,
  club: z.object({ nameVi: z.string(), nameEn: z.string() }),
  planNameVi: z.string(),
  planNameEn: z.string(),
  /** The provider's reference: bank transaction id, VNPAY transaction number or the cash receipt number. */
  reference: z.string().nullable(),
  /** A FAIL transaction's contract was cancelled by the member or expired unpaid. */
  closedReason: z.enum(contractCloseReasons).nullable(),
});
export type Transaction = z.infer<typeof transactionSchema>;

/** §3 Receipts. A receipt shows a successful payment when paymentDate exists, otherwise pending (§4). */
export const receiptSchema = z.object({
  clubNameVi: z.string(),
  clubNameEn: z.string(),
  /** An all-club plan: the receipt says "All clubs" like every other screen. */
  allClubs: z.boolean(),
  membershipNameVi: z.string(),
  membershipNameEn: z.string(),
  paymentDate: instant.nullable(),
  /** The payment's reference shown to the member (e.g. the transfer memo or VNPAY number). */
  transactionId: z.string(),
  duration: durationSchema,
  membershipFee: money,
  startupFee: money,
  promoDiscount: money,
  /** "Referred by 09xx…: +14 days" style facts; null without a referral. */
  referralInfo: z.object({ referralCode: z.string(), bonusDays: z.number().int() }).nullable(),
  /** Joining-fee discount plus membership discount. */
  discount: money,
  /** The plan's own offer: `discount` without the coupon's part (promoDiscount). */
  planDiscount: money,
  totalPayment: money,
  startDate: isoDate,
  endDate: isoDate,
  paymentMethod: z.number(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const timelineEventSchema = z.object({
  /** 'failed': ended unpaid before the reason was recorded; 'cancelled' by the member; 'expired' unpaid. */
  kind: z.enum(['created', 'paid', 'failed', 'cancelled', 'expired', 'starts', 'ends']),
  at: z.string(),
});

/** GET /member/contract/{id}/detail */
export const contractDetailSchema = contractSchema.extend({
  transactions: z.array(transactionSchema),
  receipts: z.array(receiptSchema),
  timeline: z.array(timelineEventSchema),
  /** The payment in progress (WAITFORPAYMENT only), so the member can resume it. */
  payment: z.lazy(() => paymentSchema).nullable(),
  /** Only a saved card can pay it: a monthly subscription's first month (issue 38 §2, ADR 038). */
  savedCardOnly: z.boolean(),
});
export type ContractDetail = z.infer<typeof contractDetailSchema>;

export const paymentStatuses = ['PENDING', 'SUCCESS', 'FAIL', 'EXPIRED'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** A payment attempt for a contract, and how to complete it. */
export const paymentSchema = z.object({
  id: z.number(),
  /** The membership paid (or paused by the freeze paid); null for a PT package's money. */
  contractId: z.number().nullable(),
  /** Set when the money pays a freeze of the contract (ADR 036), not the contract itself. */
  freezeContractId: z.number().nullable(),
  /** Set when the money pays a PT package (ADR 045). */
  ptContractId: z.number().nullable().optional(),
  method: z.number(),
  status: z.enum(paymentStatuses),
  amount: money,
  /** Bank QR and card attempts expire (15 minutes); cash waits for the counter. */
  expiresAt: instant.nullable(),
  paidAt: instant.nullable(),
  /** Bank QR: everything the member needs to transfer by hand or by scanning. */
  qr: z
    .object({
      payload: z.string(),
      bankBin: z.string(),
      bankCode: z.string(),
      bankShortName: z.string(),
      accountNumber: z.string(),
      accountName: z.string(),
      memo: z.string(),
    })
    .nullable(),
  /** Card: the signed VNPAY pay URL to send the browser to. */
  payUrl: z.string().nullable(),
  /** The provider's answer code for a failed card payment (vnp_ResponseCode), for its message. */
  responseCode: z.string().nullable(),
  /** Cash: where to pay. */
  counter: z
    .object({
      clubNameVi: z.string(),
      clubNameEn: z.string(),
      address: z.string(),
      hotline: z.string(),
      /** The cash slip's reference the member shows at the counter (optional: older gateways omit it). */
      reference: z.string().optional(),
    })
    .nullable(),
  /** Money received for this attempt that was not booked (a transfer of another amount). */
  unbooked: z.array(unbookedTransferSchema),
});
export type Payment = z.infer<typeof paymentSchema>;

/** POST /member/contract — §3 create-contract payload (+ savedCardId to pay with a saved card). */
export const createContractBody = z.object({
  paymentPlanId: z.number().int().positive(),
  paymentMethodGroupId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  couponId: z.number().int().positive().nullish(),
  referralCode: referralCodeSchema.nullish(),
  isCash: z.boolean().default(false),
  savedCardId: z.number().int().positive().nullish(),
});

/** 1022: the contract and its payment. An existing unpaid contract at the same club comes back instead of a second. */
export const createContractResultSchema = z.object({
  contract: contractSchema,
  payment: paymentSchema,
  /** True when an existing unpaid contract was returned. */
  existing: z.boolean(),
});

/** POST /member/contract/{id}/payment: pay an unpaid contract another way (or again after a failure). */
export const payContractBody = z.object({
  paymentMethodGroupId: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  savedCardId: z.number().int().positive().nullish(),
});

/** GET /member/contracts/home-page: what the membership header card needs. */
export const homePageContractsSchema = z.object({
  isExistsCurrentContract: z.boolean(),
  /** The current contract that runs longest: the header card's one. */
  current: contractSchema.nullable(),
  /** Every current contract (a member may have plans at several clubs), longest-running first. */
  currents: z.array(contractSchema),
  future: z.array(contractSchema),
  waitingForPayment: z.array(contractSchema),
  /** The last frozen day of the header card's membership when a freeze is in effect today: the header shows "frozen until". */
  frozenUntil: isoDate.nullable(),
});

/**
 * GET /member/home (issue 18): the home screen in ONE call, the page's frame (the shell) with the
 * header card's contracts, so a signed-in /home costs the web server one gateway round trip.
 */
export type HomePageContracts = z.infer<typeof homePageContractsSchema>;
export const memberHomeSchema = z.object({
  shell: memberShellSchema,
  homePage: homePageContractsSchema,
  /** Issue 11 §3: how busy the member's club is now (the club of the current membership), or null. */
  busyness: clubBusynessSchema.nullable(),
  /** Issue 11 §5: the next class the member booked and today's at their clubs. */
  classes: homeClassesSchema,
  /** Issue 37 §5: the member's free PT sessions (ADR 048): left to book, until when, and whether one is in the works. */
  trial: z.object({
    left: z.number().int(),
    validUntil: isoDate.nullable(),
    clubId: z.number().nullable(),
    inTheWorks: z.boolean(),
  }),
});
export type MemberHome = z.infer<typeof memberHomeSchema>;

/**
 * GET /member/club/{clubId}/payment-plan/{id}/dates: when this plan would run if bought now, for
 * the plan page before Confirm (ADR 021). Referral bonus days are added on top at purchase.
 */
export const plannedDatesSchema = z.object({ startDate: isoDate, endDate: isoDate, afterCurrent: z.boolean() });
export type PlannedDates = z.infer<typeof plannedDatesSchema>;

/** GET /member/contract/access-clubs: clubs the member's current memberships open. */
export const accessClubSchema = z.object({ id: z.number(), nameVi: z.string(), nameEn: z.string() });

/** POST /member/referral/check {phoneNumber}: the referral code is the referrer's phone number. */
export const referralCheckBody = z.object({
  phoneNumber: referralCodeSchema.pipe(z.string({ error: 'referralInvalid' })),
  paymentPlanId: z.number().int().positive().optional(),
});
export const referralCheckResultSchema = z.object({ referrerName: z.string(), bonusDays: z.number().int() });

/** Referral reward for the new member (§9: two free weeks). */
export const REFERRAL_BONUS_DAYS = 14;
/** How many friends one member may bring in a calendar year (code 157 past it). */
export const REFERRAL_YEARLY_LIMIT = 10;
/** A bank-QR or card payment must complete within 15 minutes. */
export const PAYMENT_WINDOW_MINUTES = 15;

/** §3 Saved card. The token stays in the gateway. */
export const cardTypes = ['01', '02'] as const;
export type CardType = (typeof cardTypes)[number];
export const savedCardSchema = z.object({
  id: z.number(),
  cardNumber: z.string(),
  bankCode: z.string(),
  cardType: z.enum(cardTypes),
  isDefault: z.boolean(),
  createdAt: instant,
});
export type SavedCard = z.infer<typeof savedCardSchema>;
export const addCardBody = z.object({ cardType: z.enum(cardTypes) });
export const addCardResultSchema = z.object({ payUrl: z.string() });
