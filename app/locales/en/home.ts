import type { Shape } from '#app/locales/shape.ts';
import type { home as vi } from '#app/locales/vi/home.ts';

export const home: Shape<typeof vi> = {
  home: {
    greeting: 'Hello, {{name}}!',
    greetingNoName: 'Hello!',
    lead: 'Welcome to VietFit. Your membership, PT sessions and InBody results will show here.',
    signOut: 'Sign out',
  },
  checkIn: {
    title: 'Check in',
    lead: 'Show this screen at reception when you arrive at the club.',
    kicker: 'VietFit membership pass',
    memberNo: 'Member no. {{no}}',
    qrSoon: 'QR check-in is coming in the next update. The clock on the pass runs live so reception can tell an old screenshot.',
    noneTitle: 'No active membership',
    noneText: 'You need an active membership to train. An upcoming one works from its start date.',
  },
  homeCard: {
    yourMembership: 'Your membership',
    upcoming: 'Upcoming membership',
    validUntil: 'Valid until {{date}}',
    startsOn: 'Starts on {{date}}',
    frozenUntil: 'Frozen until {{date}}',
    checkIn: 'Check in',
    yourPlan: 'Your plan',
    noMembershipTitle: "You don't have a membership yet",
    noMembershipText: 'Pick a club and a plan to start training.',
    joinNow: 'Join now',
    waiting: 'Your {{plan}} plan ({{amount}}) is waiting for payment.',
    allClubs: 'All clubs',
    unbooked: 'Received {{amount}} · waiting for the club',
    completePayment: 'Complete your payment',
    yourPlanTitle: 'My plan',
    current: 'In use now',
    future: 'Coming next',
    waitingTitle: 'Waiting for payment',
    accessClubs: 'Clubs you can train at',
    noAccessClubs: 'No clubs yet: your membership has not started.',
  },
};
