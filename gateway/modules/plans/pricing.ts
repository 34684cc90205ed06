import type { PlanType, PlanUnit } from '#api/membership.ts';
import { isSubscriptionPlan } from '#api/membership.ts';
import type { CouponTarget } from '#gateway/db/schema/index.ts';

// The one place prices are computed (security.md "Money"): plan cards, plan detail and the
// contract a member signs all come from here, so what is shown is what is charged.

export type PricedPlanInput = {
  type: PlanType;
  durationValue: number;
  durationUnit: PlanUnit;
  originalPrice: number;
  planDiscount: number;
  joiningFee: number;
  joiningFeeDiscount: number;
};

export type CouponTerms = {
  percentOff: number | null;
  amountOff: number | null;
  maxDiscount: number | null;
  appliesTo: CouponTarget;
};

export type PlanPrice = {
  originalPrice: number;
  membershipDiscount: number;
  price: number;
  pricePerMonth: number;
  joiningFee: number;
  joiningFeeDiscount: number;
  totalPaymentFirst: number;
  nextPayment: number | null;
};

/** Percent discounts are rounded down to whole thousands of dong, as cashiers quote them. */
const floorThousand = (vnd: number) => Math.floor(vnd / 1000) * 1000;

function couponOff(terms: CouponTerms, base: number, budget: number | null) {
  if (base <= 0) return 0;
  let off = terms.percentOff !== null ? floorThousand((base * terms.percentOff) / 100) : (budget ?? 0);
  if (terms.maxDiscount !== null) off = Math.min(off, terms.maxDiscount);
  return Math.max(0, Math.min(off, base));
}

/**
 * Prices a plan for one member.
 * - The joining fee applies only to a member without a paid contract (`isNewMember`).
 * - The plan's own discounts apply first, then the coupon on what is left; a fixed-amount coupon
 *   for 'both' covers the membership fee first and the joining fee with the rest.
 * - A subscription's coupon counts for the first month only: `nextPayment` is the undiscounted month.
 */
export function pricePlan(
  plan: PricedPlanInput,
  options: { isNewMember: boolean; coupon?: CouponTerms | null },
): PlanPrice {
  const coupon = options.coupon ?? null;
  const membershipBase = Math.max(0, plan.originalPrice - plan.planDiscount);
  const joiningFee = options.isNewMember ? plan.joiningFee : 0;
  const joiningBase = options.isNewMember ? Math.max(0, plan.joiningFee - plan.joiningFeeDiscount) : 0;

  let couponMembership = 0;
  let couponJoining = 0;
  if (coupon) {
    const amount = coupon.amountOff;
    if (coupon.appliesTo === 'membership' || coupon.appliesTo === 'both') {
      couponMembership = couponOff(coupon, membershipBase, amount);
    }
    if (coupon.appliesTo === 'joining_fee' || coupon.appliesTo === 'both') {
      const left = coupon.appliesTo === 'both' && amount !== null ? amount - couponMembership : amount;
      const capLeft =
        coupon.maxDiscount !== null && coupon.appliesTo === 'both'
          ? coupon.maxDiscount - couponMembership
          : coupon.maxDiscount;
      couponJoining = couponOff({ ...coupon, maxDiscount: capLeft }, joiningBase, left);
    }
  }

  const membershipDiscount = plan.planDiscount + couponMembership;
  const price = plan.originalPrice - membershipDiscount;
  const joiningFeeDiscount = joiningFee - joiningBase + couponJoining;
  const months = plan.durationUnit === 'month' ? plan.durationValue : 0;
  return {
    originalPrice: plan.originalPrice,
    membershipDiscount,
    price,
    pricePerMonth: months > 1 ? Math.round(price / months / 1000) * 1000 : price,
    joiningFee,
    joiningFeeDiscount,
    totalPaymentFirst: price + joiningFee - joiningFeeDiscount,
    nextPayment: isSubscriptionPlan(plan.type) ? membershipBase : null,
  };
}
