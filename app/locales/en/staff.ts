/** English texts the whole staff area shares (issue 17): sign-in, roles and the desk's frame. Each page's own texts are a part of their own (staffCash, staffScanner…). */
export const staff = {
  staff: {
    brand: 'VietFit Staff',
    login: {
      title: 'Staff sign-in',
      lead: 'For the clubs’ staff, managers and trainers. Members, please use the member app.',
      phone: 'Phone number',
      submit: 'Get a code',
      verifyTitle: 'Enter the code',
      verifySubmit: 'Sign in',
      changePhone: 'Change phone number',
      memberApp: 'A member? Open the member app',
    },
    role: {
      EMPLOYEE: 'Front desk',
      PT: 'Trainer',
      LEADER: 'Club manager',
      GM: 'General manager',
      INSTRUCTOR: 'Class instructor',
    },
    nav: {
      today: 'Today',
      agenda: 'Agenda',
      trials: 'Trials',
      audit: 'Audit log',
      inbox: 'Feedback',
      payments: 'Transfers',
      cash: 'Cash desk',
      scanner: 'Door scanner',
      classes: 'Classes',
      notify: 'Notify',
      team: 'Staff',
      settings: 'Settings',
      signOut: 'Sign out',
    },
  },
};
