import type { Shape } from '#api/translate.ts';
import type { vi } from './vi.ts';

/** English texts of what the gateway says to a member outside the app's pages: the keys of vi.ts, see there. */
export const en: Shape<typeof vi> = {
  account: {
    welcome: {
      title: 'Welcome to VietFit!',
      body: 'Your account is ready. Choose a membership to get started, then browse classes and book sessions with a personal trainer right in the app.',
    },
    otpSms: 'Your gym verification code is {{code}}. It expires in 5 minutes. Never share it with anyone.',
    approvalSms:
      'Code {{code}} is to {{approves}}. It works for this only and expires in 5 minutes. Never share it with anyone.',
  },
  membership: {
    paid: { title: 'Payment received', body: 'Your {{plan}} membership is confirmed, starting {{start}}.' },
  },
  payments: {
    unbooked: {
      title: 'Money received, waiting for the club',
      body: 'We received {{amount}} at {{when}} for your {{plan}} {{noun}}, but {{why}}, so it was not activated automatically. The club will contact you within 1 working day to activate it or refund you. Please do not transfer again.',
      wrongAmount: 'it does not match the {{due}} due',
      alreadyPaid: 'this {{noun}} was already paid',
      requestEnded: 'the payment request had ended before it arrived',
    },
  },
  checkIn: {
    done: { title: 'Checked in', body: 'You checked in at {{club}} at {{time}}. Have a great workout!' },
  },
  classes: {
    spotGiven: {
      title: 'You got a spot in the class',
      body: 'A spot in {{class}} at {{when}} opened up and is now yours. If you cannot come, you can cancel free within the next hour.',
    },
    spotOpened: {
      title: 'A spot opened in a class you are waiting for',
      body: 'A spot opened in {{class}} at {{when}}. The first to book gets it: open the app to book.',
    },
    cancelledByClub: {
      title: 'Class cancelled',
      body: 'The club cancelled {{class}} at {{when}}. Reason: {{reason}} Your booking was cancelled free of charge and does not count as a late cancel.',
      sms: 'VietFit: The club cancelled {{class}} at {{when}}. Reason: {{reason}} Your booking was cancelled free of charge.',
    },
  },
  freeze: {
    confirmed: {
      title: 'Freeze confirmed',
      body: 'Your membership is frozen from {{from}} to {{to}}. New end date: {{end}}.',
      bodyWithClasses_one:
        'Your membership is frozen from {{from}} to {{to}}. New end date: {{end}}. {{count}} class booking in that time was cancelled, with no penalty.',
      bodyWithClasses_other:
        'Your membership is frozen from {{from}} to {{to}}. New end date: {{end}}. {{count}} class bookings in that time were cancelled, with no penalty.',
    },
    ended: { title: 'Freeze ended', body: 'Your membership is active again from today. New end date: {{end}}.' },
  },
  gifts: {
    activated: { title: 'Gift activated', body: '{{gift}}: train at {{club}} from {{from}} to {{to}}.' },
    experience: {
      title: 'Free 1-day experience pass',
      description: 'One free day at the club you choose: the machines, the free weights and the day’s group classes.',
    },
  },
  referral: {
    reward: {
      title: '2 free weeks',
      description: 'Thank you for referring {{friend}}: 14 free days at the club you choose.',
    },
    rewarded: {
      title: 'You got 2 free weeks',
      body: '{{friend}} bought a membership with your referral code. Activate your gift by {{by}}.',
    },
    invitationSms:
      'VietFit: {{code}} invites you to train together. Sign up with this phone number, enter referral code {{code}} and buy a membership within {{dealDays}} days to get {{bonusDays}} extra days.',
  },
  feedback: {
    answered: { title: 'Your feedback was answered', body: '{{reply}}' },
  },
  pt: {
    trainerAccepted: {
      title: 'Your PT said yes',
      body: '{{trainer}} accepted your PT package. Pay for it to start booking sessions.',
    },
    trainerDeclined: {
      title: 'Your PT could not take you on',
      body: '{{trainer}} cannot take this PT package. You have not been charged; please choose another trainer.',
    },
    paid: {
      title: 'PT package paid',
      body: 'Your PT package “{{package}}” can be used from {{from}} to {{to}}. Please sign the e-contract under PT; you can book sessions with your trainer.',
    },
    signApproval: 'sign PT contract no. {{id}} ({{package}}, {{amount}})',
    sessionConfirmed: { title: 'Session confirmed', body: 'Your session at {{when}} is confirmed.' },
    sessionDeclined: {
      title: 'Session declined',
      body: 'Your trainer cannot take the session at {{when}}. It is back in your package; please pick another time.',
    },
    sessionCompleted: { title: 'Session completed', body: 'Your session at {{when}} is done. Rate it!' },
    sessionMissed: {
      title: 'You missed your session',
      body: 'Your trainer marked you absent from the session at {{when}}. The session counts as used. If this is a mistake, please contact the front desk.',
    },
    trialProposed: {
      title: 'A time for your trial session',
      body: 'The club proposes your trial session at {{when}}. Please accept or decline it.',
    },
  },
  subscription: {
    cancelled: {
      title: 'Subscription cancelled',
      body: 'Your subscription will not renew again. You can keep training until {{until}}.',
    },
    upgraded: {
      title: 'Upgraded to Black Card',
      body: 'From {{from}} your subscription is {{plan}}, {{price}} a month, at every club.',
    },
    upgradeApproval: 'upgrade your subscription to {{plan}}, {{amount}} more a month from {{from}}',
    ended: {
      title: 'Subscription ended',
      body: 'Your subscription ended on {{on}} as you cancelled it. Hope to see you again!',
    },
    payNext: {
      title: 'Pay for your next month',
      body: 'The month from {{from}} to {{to}}: {{amount}}. Please pay by {{lastDay}} to keep your subscription.',
    },
    lapsed: {
      title: 'Subscription lapsed',
      body: 'We did not receive the monthly payment within the 7 days of grace, so your subscription has stopped. You can subscribe again at any time.',
      sms: 'VietFit: Your monthly subscription has stopped: we did not receive the payment within the 7 days of grace. You can subscribe again in the app at any time.',
    },
    declined: {
      title: 'Monthly payment declined',
      bodyRetry:
        'Your bank declined the payment of {{amount}} (code {{code}}). We will try again on {{again}}; you can also pay or change the card now.',
      bodyLast:
        'Your bank declined the payment of {{amount}} (code {{code}}). Please pay or change the card by {{lastDay}} to keep your subscription.',
      smsRetry:
        'VietFit: Your bank declined the monthly payment of {{smsAmount}} (code {{code}}). We will try again on {{again}}. Please pay or change the card in the app by {{lastDay}}.',
      smsLast:
        'VietFit: Your bank declined the monthly payment of {{smsAmount}} (code {{code}}). Please pay or change the card in the app by {{lastDay}}.',
    },
  },
};
