/** English texts of the trial sessions to schedule (/staff/trials) in the staff area (issue 17). */
export const staffTrials = {
  staffTrials: {
    title: 'Trial sessions',
    lead: 'New members get a free session with a trainer. Call the member, then propose a time; they accept it in the app.',
    emptyTitle: 'No trial sessions waiting',
    emptyText: 'When a member has a trial session without a time, it shows here.',
    window: 'to use from {{from}} to {{until}}',
    trainer: 'Trainer',
    date: 'Day',
    time: 'Start',
    propose: 'Propose this time',
    proposed: 'Proposal sent. The member accepts or declines it in the app.',
    status: {
      AVAILABLE: 'No time yet',
      WAITPTCONFIRM: 'The member chose a time, waiting to be confirmed',
      WAITCUSCONFIRM: 'Waiting for the member',
    },
  },
} as const;
