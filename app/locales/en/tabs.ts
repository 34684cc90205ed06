import type { Shape } from '#app/locales/shape.ts';
import type { tabs as vi } from '#app/locales/vi/tabs.ts';

/** English texts of the Workout and InBody tabs (ADR 030). */
export const tabs: Shape<typeof vi> = {
  tabs: {
    workout: {
      title: 'Workout',
      emptyTitle: 'Guided workouts are on their way',
      emptyText: 'Workouts by body part, with videos and timers, arrive in the next update. The trainers at your club are always there to help.',
      action: 'Contact a club',
    },
    inbody: {
      title: 'Inbody',
      emptyTitle: 'No InBody data yet',
      emptyText: 'After each InBody test at your club, take a photo of the result sheet to track your weight, muscle and fat here.',
      action: 'Learn more',
    },
  },
};
