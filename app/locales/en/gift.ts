import type { Shape } from '#api/translate.ts';
import type { gift as vi } from '#app/locales/vi/gift.ts';

/** English texts of the gift: the popover in the header (loaded with it where a member has a gift) and the /gift screen (its own strings part, ADR 030). */
export const gift: Shape<typeof vi> = {
  gift: {
    label: 'Your gift',
    hint: 'You have a gift! Tap the gift icon to see it again at any time.',
    close: 'Close',
    expires: 'Valid until {{date}}',
    open: 'See and activate your gift',
    kindPlanDays: '{{days}} free days of training',
    kindExperience: 'A free 1-day experience pass',
    activateBy: 'Activate by {{time}}',
    noEnd: 'No deadline to activate it.',
    chooseClub: 'Choose the club you want to train at',
    startsNote: 'It starts today, or right after your current membership at that club ends. You pay nothing.',
    activate: 'Activate gift',
    activated: 'Gift activated! You can train at {{club}} from {{start}} to {{end}}.',
    noClubs: 'No club can take gifts right now. Please try again later.',
    noGiftTitle: 'You have no gifts yet',
    noGiftText: 'Gifts from the refer-a-friend programme and club offers will show up here.',
    seePlans: 'See memberships',
    experienceTitle: 'A free 1-day pass',
    experienceText:
      'Never bought a membership? Get one free day at the club you choose and activate it within 30 days. Each account gets it once.',
    experienceTake: 'Get my free day',
    experienceTaken: 'Your free day is ready. Choose a club to activate it.',
  },
};
