import { z } from 'zod';
import { phoneNumberSchema } from './validation.ts';

// Issue 12 §4 (ADR 037): a member invites friends with their code (their phone number). A friend
// who buys a membership with it within the deal's days of joining gets bonus days on that
// membership; the member gets a gift of free membership days, once per friend.

/** The deal lasts this many Vietnam days after the friend's joining day (§9 "valid 14 days after the friend joins"). */
export const REFERRAL_DEAL_DAYS = 14;
/** The referrer's reward: a PLAN_DAYS gift of two weeks (§9 "2 free weeks"). */
export const REFERRAL_REWARD_DAYS = 14;
/** How long the reward gift waits to be activated. */
export const REFERRAL_REWARD_VALID_DAYS = 90;
/** One invitation text per friend's number per member in this many days. */
export const REFERRAL_RESEND_DAYS = 7;

/** POST /api/v1/member/referral/send {phoneNumber}: the friend's phone, §5's phone rule. */
export const referralSendBody = z.object({ phoneNumber: phoneNumberSchema });
export type ReferralSendBody = z.infer<typeof referralSendBody>;

export const referralSendResultSchema = z.object({
  phoneNumber: z.string(),
  sentAt: z.string(),
  resendFrom: z.string(),
});

/** invited: no account yet; joined: within the deal; bought: paid a membership without a reward to this member; rewarded; expired: the deal ended unbought. */
export const referralStates = ['INVITED', 'JOINED', 'BOUGHT', 'REWARDED', 'EXPIRED'] as const;
export type ReferralState = (typeof referralStates)[number];

export const referralFriendSchema = z.object({
  /** The number as the member typed it for an invitation; masked for a friend who came by the code alone. */
  phoneNumber: z.string(),
  /** The friend's masked name once they joined; '' before. */
  name: z.string(),
  state: z.enum(referralStates),
  invitedAt: z.string().nullable(),
  joinedAt: z.string().nullable(),
  /** The last moment the friend's purchase counts (the end of the deal's last Vietnam day); null before joining. */
  dealEndsAt: z.string().nullable(),
  rewardedAt: z.string().nullable(),
});
export type ReferralFriend = z.infer<typeof referralFriendSchema>;

/** GET /api/v1/member/screens/referral (with the shell). */
export const referralScreenSchema = z.object({
  code: z.string(),
  /** Whether a friend's purchase with the code would be accepted now (a current membership, the yearly limit not reached); else why not. */
  blockedBy: z.number().nullable(),
  offer: z.object({
    friendBonusDays: z.number(),
    rewardDays: z.number(),
    dealDays: z.number(),
    resendDays: z.number(),
  }),
  friends: z.array(referralFriendSchema),
  rewards: z.object({ given: z.number(), days: z.number() }),
});
export type ReferralScreen = z.infer<typeof referralScreenSchema>;

/** PUT /sandbox/referral/joined: moves a member's joining moment back (demos and e2e tests of the deal's end). */
export const sandboxJoinedBody = z.object({
  phoneNumber: phoneNumberSchema,
  daysAgo: z.number().int().min(0).max(3650),
});
