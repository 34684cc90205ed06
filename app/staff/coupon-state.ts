import type { CouponCampaignSetting, CouponSetting } from '#api/staff-settings.ts';
import { vietnamDay } from '#api/vietnam-time.ts';

/** A coupon switched on whose last day (Vietnam time) is before `today` (YYYY-MM-DD). */
export const couponExpired = (coupon: Pick<CouponSetting, 'isActive' | 'validTo'>, today: string) =>
  coupon.isActive && coupon.validTo !== null && vietnamDay(Date.parse(coupon.validTo)) < today;

/**
 * What the GM's list says of a campaign: ended by hand; expired when none of its coupons can be
 * typed any more (each switched off or past its last day), though nobody ended it; running otherwise.
 */
export function campaignState(
  campaign: Pick<CouponCampaignSetting, 'isActive' | 'coupons'>,
  today: string,
): 'running' | 'expired' | 'ended' {
  if (!campaign.isActive) return 'ended';
  return campaign.coupons.some((coupon) => coupon.isActive && !couponExpired(coupon, today)) ? 'running' : 'expired';
}
