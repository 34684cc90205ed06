import type { Shape } from '#api/translate.ts';
import type { classCards as vi } from '#app/locales/vi/classCards.ts';

/** English texts of a class as a card; the same keys as vi/classCards.ts. */
export const classCards: Shape<typeof vi> = {
  classCard: {
    cancelledClass: 'Class cancelled',
    bookingClosed: 'Booking closed',
    underWay: 'Under way',
    ended: 'Ended',
    full: 'Full',
    fullWaiting: 'Full · {{count}} waiting',
    minutes: '{{count}} min',
    spotsLeft_one: '{{count}} spot left',
    spotsLeft_other: '{{count}} spots left',
    with: 'with {{name}}',
    level: {
      ALL: 'All levels',
      BEGINNER: 'Beginner',
      INTERMEDIATE: 'Intermediate',
      ADVANCED: 'Advanced',
    },
    state: {
      BOOKED: 'Booked',
      WAITLISTED: 'Waitlist · place {{position}}',
      ATTENDED: 'Attended',
      NO_SHOW: 'Missed',
      CANCELLED: 'Cancelled',
      LATE_CANCELLED: 'Cancelled late',
    },
  },
};
