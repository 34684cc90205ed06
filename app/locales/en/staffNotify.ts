/** English texts of the notice sender (/staff/notify) in the staff area (issue 17). */
export const staffNotify = {
  staffNotify: {
    title: 'Send a notice',
    lead: 'Send a notice to the inbox and phone of one member or of every member of the club.',
    to: 'Send to',
    toMember: 'One member (by phone number)',
    toClub: 'Every member of the club',
    phone: 'Member’s phone number',
    club: 'Club',
    titleVi: 'Title (Vietnamese)',
    titleEn: 'Title (English)',
    bodyVi: 'Message (Vietnamese)',
    bodyEn: 'Message (English)',
    link: 'Open a page of the app (optional, e.g. /classes)',
    submit: 'Send the notice',
    clubWarning: 'This goes to every member of the club. Check it before you send.',
    sentToast: 'Notice sent; members reached: {{count}}.',
  },
} as const;
