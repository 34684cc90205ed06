import { and, count, eq, ne } from 'drizzle-orm';
import { Codes } from '#contract/codes.ts';
import type { Coupon, PlanType } from '#contract/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { contracts, couponCampaigns, coupons } from '#gateway/db/schema/index.ts';
import { ApiError } from '#gateway/http/errors.ts';
import type { CouponTerms } from './pricing.ts';

// Whether a coupon may be used, decided in one place for the plan cards, the coupon chooser and
// the contract a member signs (which re-checks inside its transaction).

export type CouponRow = typeof coupons.$inferSelect;
export type CampaignRow = typeof couponCampaigns.$inferSelect;
export type CouponWithCampaign = { coupon: CouponRow; campaign: CampaignRow };

export type CouponRefusal = typeof Codes.PROMO_CODE_INVALID | typeof Codes.COUPON_USED | typeof Codes.COUPON_NEW_CUSTOMERS_ONLY;

export type CouponUse = {
  clubId: number;
  /** The plan the coupon would apply to; undefined when only the club is known (a list of plans). */
  planType?: PlanType;
  /** The member asking, or null for an anonymous visitor (priced as a new member). */
  accountId: number | null;
  isNewMember: boolean;
  now: Date;
};

const selectCoupon = (db: Executor) =>
  db.select({ coupon: coupons, campaign: couponCampaigns }).from(coupons).innerJoin(couponCampaigns, eq(couponCampaigns.id, coupons.campaignId));

export async function findCouponByCode(db: Executor, code: string): Promise<CouponWithCampaign | undefined> {
  const [row] = await selectCoupon(db).where(eq(coupons.code, code.trim().toUpperCase()));
  return row;
}

export async function findCouponById(db: Executor, id: number): Promise<CouponWithCampaign | undefined> {
  const [row] = await selectCoupon(db).where(eq(coupons.id, id));
  return row;
}

export async function activeCoupons(db: Executor): Promise<CouponWithCampaign[]> {
  return selectCoupon(db).where(eq(coupons.isActive, true)).orderBy(coupons.id);
}

/** Uses that count: contracts paid or awaiting payment (a failed one gives its use back). */
async function usesOf(db: Executor, couponId: number, accountId?: number) {
  const [row] = await db
    .select({ n: count() })
    .from(contracts)
    .where(and(eq(contracts.couponId, couponId), ne(contracts.paymentState, 'FAIL'), accountId === undefined ? undefined : eq(contracts.accountId, accountId)));
  return row.n;
}

/** The plan types a coupon allows (null = every type). */
export const couponFitsPlan = (coupon: CouponRow, planType: PlanType) => !coupon.planTypes || coupon.planTypes.includes(planType);

/**
 * Null when the coupon may be used, else the §8 code: PROMO_CODE_INVALID (inactive, outside its
 * dates, another club or plan type, no uses left), 352 (this member used it), 353 (new members only).
 */
export async function couponRefusal(db: Executor, coupon: CouponRow, use: CouponUse): Promise<CouponRefusal | null> {
  const now = use.now.getTime();
  if (!coupon.isActive) return Codes.PROMO_CODE_INVALID;
  if (coupon.validFrom.getTime() > now) return Codes.PROMO_CODE_INVALID;
  if (coupon.validTo && coupon.validTo.getTime() <= now) return Codes.PROMO_CODE_INVALID;
  if (coupon.clubIds && !coupon.clubIds.includes(use.clubId)) return Codes.PROMO_CODE_INVALID;
  if (use.planType !== undefined && !couponFitsPlan(coupon, use.planType)) return Codes.PROMO_CODE_INVALID;
  if (use.accountId !== null && (await usesOf(db, coupon.id, use.accountId)) > 0) return Codes.COUPON_USED;
  if (coupon.newCustomerOnly && !use.isNewMember) return Codes.COUPON_NEW_CUSTOMERS_ONLY;
  if (coupon.usageLimit !== null && (await usesOf(db, coupon.id)) >= coupon.usageLimit) return Codes.PROMO_CODE_INVALID;
  return null;
}

/** Throws the refusal as a 400 with its code. */
export async function requireUsableCoupon(db: Executor, coupon: CouponRow, use: CouponUse) {
  const refusal = await couponRefusal(db, coupon, use);
  if (refusal !== null) throw new ApiError(400, refusal);
}

export const couponTerms = (coupon: CouponRow): CouponTerms => ({
  percentOff: coupon.percentOff,
  amountOff: coupon.amountOff,
  maxDiscount: coupon.maxDiscount,
  appliesTo: coupon.appliesTo,
});

export const toCoupon = ({ coupon, campaign }: CouponWithCampaign): Coupon => ({
  id: coupon.id,
  code: coupon.code,
  campaign: { nameVi: campaign.nameVi, nameEn: campaign.nameEn, descriptionVi: campaign.descriptionVi, descriptionEn: campaign.descriptionEn },
  validTo: coupon.validTo?.toISOString() ?? null,
  newCustomerOnly: coupon.newCustomerOnly,
});
