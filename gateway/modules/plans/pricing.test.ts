import { describe, expect, it } from 'vitest';
import { pricePlan, type CouponTerms, type PricedPlanInput } from './pricing.ts';

const classic12: PricedPlanInput = {
  type: 'CLASSIC',
  durationValue: 12,
  durationUnit: 'month',
  originalPrice: 6_490_000,
  planDiscount: 1_000_000,
  joiningFee: 300_000,
  joiningFeeDiscount: 300_000,
};
const basic1: PricedPlanInput = {
  type: 'BASIC',
  durationValue: 1,
  durationUnit: 'month',
  originalPrice: 690_000,
  planDiscount: 0,
  joiningFee: 300_000,
  joiningFeeDiscount: 0,
};
const subscription: PricedPlanInput = { ...basic1, type: 'SUBSCRIPTION', originalPrice: 599_000 };
const trial: PricedPlanInput = {
  type: 'BASIC',
  durationValue: 7,
  durationUnit: 'day',
  originalPrice: 199_000,
  planDiscount: 0,
  joiningFee: 0,
  joiningFeeDiscount: 0,
};

const pct = (
  percentOff: number,
  maxDiscount: number | null = null,
  appliesTo: CouponTerms['appliesTo'] = 'membership',
): CouponTerms => ({ percentOff, amountOff: null, maxDiscount, appliesTo });
const amt = (amountOff: number, appliesTo: CouponTerms['appliesTo'] = 'membership'): CouponTerms => ({
  percentOff: null,
  amountOff,
  maxDiscount: null,
  appliesTo,
});

describe('pricePlan', () => {
  it.each([
    // [name, plan, isNewMember, coupon, expected subset]
    [
      'new member, no coupon: joining fee due',
      basic1,
      true,
      null,
      {
        price: 690_000,
        joiningFee: 300_000,
        joiningFeeDiscount: 0,
        totalPaymentFirst: 990_000,
        membershipDiscount: 0,
        nextPayment: null,
      },
    ],
    [
      'returning member: no joining fee',
      basic1,
      false,
      null,
      { joiningFee: 0, joiningFeeDiscount: 0, totalPaymentFirst: 690_000 },
    ],
    [
      'plan discounts: 12 months, joining fee waived by the plan',
      classic12,
      true,
      null,
      {
        membershipDiscount: 1_000_000,
        price: 5_490_000,
        joiningFee: 300_000,
        joiningFeeDiscount: 300_000,
        totalPaymentFirst: 5_490_000,
        pricePerMonth: 458_000,
      },
    ],
    [
      '10% coupon capped at 500k on top of the plan discount',
      classic12,
      true,
      pct(10, 500_000),
      { membershipDiscount: 1_500_000, price: 4_990_000, totalPaymentFirst: 4_990_000 },
    ],
    [
      '10% coupon under its cap, rounded down to thousands',
      basic1,
      true,
      pct(10, 500_000),
      { membershipDiscount: 69_000, price: 621_000, totalPaymentFirst: 921_000 },
    ],
    [
      'fixed 200k coupon',
      basic1,
      true,
      amt(200_000),
      { membershipDiscount: 200_000, price: 490_000, totalPaymentFirst: 790_000 },
    ],
    [
      'fixed coupon larger than the price stops at zero',
      trial,
      true,
      amt(500_000),
      { membershipDiscount: 199_000, price: 0, totalPaymentFirst: 0 },
    ],
    [
      'joining-fee coupon: 100% of the fee',
      basic1,
      true,
      pct(100, null, 'joining_fee'),
      { joiningFeeDiscount: 300_000, totalPaymentFirst: 690_000, membershipDiscount: 0 },
    ],
    [
      'joining-fee coupon for a returning member gives nothing',
      basic1,
      false,
      pct(100, null, 'joining_fee'),
      { joiningFee: 0, joiningFeeDiscount: 0, totalPaymentFirst: 690_000 },
    ],
    [
      '"both" fixed coupon: membership first, then the joining fee',
      trial,
      true,
      amt(250_000, 'both'),
      { membershipDiscount: 199_000, joiningFeeDiscount: 0, totalPaymentFirst: 0 },
    ],
    [
      '"both" fixed coupon spills onto the joining fee',
      basic1,
      true,
      amt(800_000, 'both'),
      { membershipDiscount: 690_000, joiningFeeDiscount: 110_000, totalPaymentFirst: 190_000 },
    ],
    [
      '"both" percent coupon with a cap shared by both fees',
      basic1,
      true,
      pct(50, 400_000, 'both'),
      { membershipDiscount: 345_000, joiningFeeDiscount: 55_000, totalPaymentFirst: 590_000 },
    ],
    [
      'subscription: coupon only on the first month',
      subscription,
      true,
      amt(100_000),
      { price: 499_000, totalPaymentFirst: 799_000, nextPayment: 599_000, pricePerMonth: 499_000 },
    ],
    [
      'day plan: price per month is the price',
      trial,
      true,
      null,
      { pricePerMonth: 199_000, totalPaymentFirst: 199_000 },
    ],
  ] as const)('%s', (_name, plan, isNewMember, coupon, expected) => {
    const price = pricePlan(plan, { isNewMember, coupon });
    expect(price).toMatchObject(expected);
    // Invariants of the contract schema.
    expect(price.price).toBe(price.originalPrice - price.membershipDiscount);
    expect(price.totalPaymentFirst).toBe(price.price + price.joiningFee - price.joiningFeeDiscount);
    expect(price.totalPaymentFirst).toBeGreaterThanOrEqual(0);
    expect(Number.isInteger(price.totalPaymentFirst)).toBe(true);
  });
});
