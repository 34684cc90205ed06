import type { Shape } from '#api/translate.ts';
import type { referral as vi } from '#app/locales/vi/referral.ts';

/** English texts of /home/referral, the refer-a-friend screen (its own strings part, ADR 030). */
export const referral: Shape<typeof vi> = {
  referral: {
    dealClosedExpired:
      'Referral codes are for new members only: a first membership bought within {{days}} days of signing up. Yours ended on {{date}}.',
    dealClosedPaid:
      'Referral codes are for a new member’s first membership; you already have one, so a referral code no longer applies.',
    signUpCodeOff: 'The referral code {{code}} you gave when signing up no longer applies.',
    label: 'Refer a friend',
    offerTitle: 'Give {{bonusDays}} days, get 2 free weeks',
    offerText:
      'Friends who sign up with your code and buy a membership within {{dealDays}} days of joining get {{bonusDays}} extra days of training. For each of them, you get 2 free weeks.',
    offerRules: 'Each friend counts once. Trial plans and gift memberships do not count.',
    codeLabel: 'Your referral code',
    codeHint: 'Your referral code is your phone number.',
    share: 'Share code',
    copy: 'Copy code',
    copied: 'Referral code copied.',
    smsLink: 'Send the code by text message',
    shareTitle: 'VietFit referral code',
    shareText:
      'Train with me at VietFit! Sign up, enter referral code {{code}} and buy a membership within {{dealDays}} days to get {{bonusDays}} extra days.',
    blockedNoMembership: 'Your code works only while you have an active membership.',
    blockedLimit: "You've reached this year's referral limit.",
    seePlans: 'See memberships',
    inviteTitle: 'Invite a friend by text message',
    phoneLabel: "Your friend's phone number",
    inviteHint:
      'We send one text with your code. Each number gets at most one invitation from you every {{days}} days.',
    send: 'Send invitation',
    sent: 'Invitation sent to {{phone}}.',
    friendsTitle: 'Your friends',
    noFriends: "You haven't invited anyone yet. Share your code and train together!",
    rewards: 'Gifts received: {{count}} · {{days}} free days',
    seeGift: 'See your gift',
    state: {
      INVITED: 'Invited',
      JOINED: 'Joined',
      BOUGHT: 'Bought',
      REWARDED: 'Reward given',
      EXPIRED: 'Expired',
    },
    detail: {
      INVITED: 'Invitation sent on {{date}}',
      JOINED: 'Buys by the end of {{date}} to earn you a gift',
      BOUGHT: "Bought a membership, but not with your code within the offer's days",
      REWARDED: 'You got 2 free weeks on {{date}}',
      EXPIRED: 'The offer ended on {{date}}',
    },
  },
};
