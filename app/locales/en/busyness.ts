import type { Shape } from '#api/translate.ts';
import type { busyness as vi } from '#app/locales/vi/busyness.ts';

/** English texts of how busy a club is (ADR 030). */
export const busyness: Shape<typeof vi> = {
  busyness: {
    yourClub: 'Your club',
    quiet: 'Quiet now',
    normal: 'Moderate now',
    busy: 'Busy now',
    inside_one: 'About {{count}} person training',
    inside_other: 'About {{count}} people training',
    insideNone: 'No one has checked in recently',
    chartTitle: 'Usually on this weekday',
    chartLabel: 'Visits per hour, averaged over the last 4 weeks; the dark bar is the current hour',
  },
};
