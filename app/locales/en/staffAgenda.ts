/** English texts of a trainer's agenda (/staff/agenda) in the staff area (issue 17). */
export const staffAgenda = {
  staffAgenda: {
    title: 'Agenda',
    lead: 'Package requests, and your sessions of today, the week ahead or from today on.',
    requests: 'Package requests',
    requestsNone: 'No package requests waiting.',
    package: '{{name}} · {{price}}',
    accept: 'Accept',
    decline: 'Decline',
    sessions: 'Sessions',
    notClosed: 'Not closed yet',
    notClosedLead:
      'Confirmed sessions of earlier days not yet marked completed or missed. Mark each one so the member can rate it.',
    views: { today: 'Today', week: 'Next 7 days', all: 'All' },
    none: { today: 'No sessions today.', week: 'No sessions in the next 7 days.', all: 'No sessions from today on.' },
    noShow: 'Member did not come',
    trial: 'Trial',
    sessionsLeft_one: '{{count}} session left',
    sessionsLeft_other: '{{count}} sessions left',
    confirm: 'Confirm',
    complete: 'Mark completed',
    status: {
      WAITPTCONFIRM: 'Waiting for you',
      WAITCUSCONFIRM: 'Waiting for the member',
      BOOKED: 'Confirmed',
      COMPLETED: 'Completed',
      NO_SHOW: 'Member did not come',
    },
    done: {
      'no-show': 'Marked as a no-show; the session counts as used.',
      confirm: 'Session confirmed.',
      reject: 'Session declined.',
      complete: 'Session completed.',
      accept: 'Request accepted: the member can pay now.',
      decline: 'Request declined.',
    },
  },
} as const;
