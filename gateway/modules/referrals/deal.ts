import { REFERRAL_DEAL_DAYS } from '#contract/referral.ts';
import { addDays, vietnamToday } from '#gateway/modules/payments/dates.ts';

/**
 * The last moment a friend's purchase counts (ADR 037): the end of the 14th Vietnam day after
 * the day they joined (account creation). Joined 03/03 at 21:00 → the deal holds until 17/03 23:59:59.
 */
export function referralDealEnds(joinedAt: Date): Date {
  return new Date(Date.parse(`${addDays(vietnamToday(joinedAt), REFERRAL_DEAL_DAYS + 1)}T00:00:00+07:00`) - 1);
}

export const withinReferralDeal = (joinedAt: Date, at: Date) => at.getTime() <= referralDealEnds(joinedAt).getTime();
