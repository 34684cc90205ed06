import type { Shape } from '#app/locales/shape.ts';
import type { gift as vi } from '#app/locales/vi/gift.ts';

/** English texts of the gift popover in the header, loaded with it where a member has a gift (its own strings part, ADR 030). */
export const gift: Shape<typeof vi> = {
  gift: {
    label: 'Your gift',
    hint: 'You have a gift! Tap the gift icon to see it again at any time.',
    close: 'Close',
    expires: 'Valid until {{date}}',
    activateSoon: 'You will be able to activate gifts right here in the next update; club staff can also help you.',
  },
};
