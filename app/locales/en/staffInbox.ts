/** English texts of the feedback inbox (/staff/feedback) in the staff area (issue 17). */
export const staffInbox = {
  staffInbox: {
    title: 'Feedback and reports',
    lead: 'Members’ feedback and visitors’ reports at the club. Reply and mark it handled: the member is notified.',
    state: 'State',
    states: { NEW: 'New', HANDLED: 'Handled' },
    type: 'Type',
    all: 'All',
    filter: 'Filter',
    emptyTitle: 'No feedback here',
    emptyText: 'New feedback and reports show here.',
    member: 'Member',
    public: 'Visitor (the club’s QR poster)',
    anonymous: 'No phone number left',
    photo: 'Attached photo',
    reply: 'Reply',
    markHandled: 'Reply and mark handled',
    replied: 'Replied:',
    handledToast: 'Marked handled.',
    poster: 'Print the club’s report poster (QR)',
    posterHint: 'Visitors scan it to report a problem without an account; their reports arrive here.',
  },
} as const;
