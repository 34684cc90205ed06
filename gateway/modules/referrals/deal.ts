import { REFERRAL_DEAL_DAYS } from '#api/referral.ts';
import { addDays, vietnamDay, vietnamDayEnd } from '#api/vietnam-time.ts';

/**
 * The last moment a friend's purchase counts (ADR 037): the end of the 14th Vietnam day after
 * the day they joined (account creation). Joined 03/03 at 21:00 → the deal holds until 17/03 23:59:59.
 */
export function referralDealEnds(joinedAt: Date): Date {
  return vietnamDayEnd(addDays(vietnamDay(joinedAt), REFERRAL_DEAL_DAYS));
}

export const withinReferralDeal = (joinedAt: Date, at: Date) => at.getTime() <= referralDealEnds(joinedAt).getTime();
