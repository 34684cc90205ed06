/** English texts of the desk's Today page (/staff) in the staff area (issue 17). */
export const staffToday = {
  staffToday: {
    title: 'Hello, {{name}}',
    lead: 'What needs doing at the desk today.',
    cashWaiting: '{{count}} waiting to pay cash',
    cashNone: 'Nobody is waiting to pay cash',
    trialsWaiting_one: '{{count}} trial session waiting for a time',
    trialsWaiting_other: '{{count}} trial sessions waiting for a time',
    trialsNone: 'No trial sessions waiting for a time',
    feedbackNew: 'New feedback and reports to answer: {{count}}',
    feedbackNone: 'No new feedback',
    classes: 'Classes today: {{count}}',
    scanner: 'Open the door scanner',
  },
} as const;
