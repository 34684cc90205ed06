import { z } from 'zod';
import { memberShellSchema } from '../auth.ts';
import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import { activateGiftBody, currentGiftSchema, experienceGiftSchema, giftScreenSchema } from '../gift.ts';
import { activatedGiftSchema } from '../gift-activation.ts';
import { referralScreenSchema, referralSendBody, referralSendResultSchema } from '../referral.ts';

/** Gifts (ADR 035) and inviting friends (ADR 037). */
export const giftEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/api/v1/member/gift',
    summary: "The member's newest unused, unexpired gift (kind PLAN_DAYS or EXPERIENCE, its days), or null",
    auth: 'member',
    success: Codes.OK,
    response: currentGiftSchema,
  }),
  activate: endpoint({
    method: 'POST',
    path: '/api/v1/member/gift/{memberGiftId}/contract',
    summary:
      "Activate a gift as a paid contract with isGift at the plan's club (CLASSIC or BASIC), starting as a purchase would and lasting the gift's days; a repeat answers the same contract (ADR 035)",
    auth: 'member',
    success: Codes.GIFT_ACTIVATED,
    body: activateGiftBody,
    response: activatedGiftSchema,
  }),
  experience: endpoint({
    method: 'POST',
    path: '/api/v1/member/gift/experience',
    summary:
      'Take the 1-day free experience pass (§9) as a gift to activate within 30 days: once per account, only without a paid membership',
    auth: 'member',
    success: Codes.OK,
    response: experienceGiftSchema,
  }),
  screen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/gift',
    summary:
      'The /gift screen in one read: the shell, the current gift, the clubs it can be activated at and whether the experience pass can be taken',
    auth: 'member',
    success: Codes.OK,
    response: z.object({ shell: memberShellSchema, gift: giftScreenSchema }),
  }),
  sendReferral: endpoint({
    method: 'POST',
    path: '/api/v1/member/referral/send',
    summary:
      "Text a friend an invitation with the member's referral code (rate-limited; refuses the member's own number 178, no membership 177, limit 157, a paid member or one who joined over 14 days ago 179, the same number within 7 days) (ADR 037)",
    auth: 'member',
    success: Codes.OK,
    body: referralSendBody,
    response: referralSendResultSchema,
  }),
  referralScreen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/referral',
    summary:
      'The /home/referral screen in one read: the shell, the code, the offer, invited friends and their states (INVITED, JOINED, BOUGHT, REWARDED, EXPIRED), rewards given',
    auth: 'member',
    success: Codes.OK,
    response: z.object({ shell: memberShellSchema, referral: referralScreenSchema }),
  }),
};
