import type { Shape } from '#api/translate.ts';
import type { auth as vi } from '#app/locales/vi/auth.ts';

export const auth: Shape<typeof vi> = {
  landing: {
    legal: 'Legal',
    title: 'Train with VietFit',
    start: 'Sign in / Sign up',
    note: 'Just your phone number and a one-time code, no password.',
  },
  login: {
    title: 'Sign in',
    lead: 'Enter your phone number and we will text you a 4-digit code.',
    phone: 'Phone number',
    phonePlaceholder: '0xxx xxx xxx',
    submit: 'Get code',
  },
  verify: {
    title: 'Enter the code',
    sentTo: 'We sent a 4-digit code to {{phone}}.',
    code: 'One-time code',
    digit: 'Digit {{n}}',
    submit: 'Confirm',
    resendIn: 'Resend code in {{seconds}} s',
    resend: 'Resend code',
    changePhone: 'Change phone number',
    attemptsLeft_one: '{{count}} try left.',
    attemptsLeft_other: '{{count}} tries left.',
  },
  signUp: {
    title: 'Create your account',
    lead: '{{phone}} has no account yet. One last step to get started.',
    referral: 'Referral code (optional)',
    referralHint: '10–11 digits, usually the phone number of the friend who referred you.',
    acceptBefore: 'I have read and agree to VietFit’s ',
    acceptAnd: ' and ',
    acceptAfter: '.',
    submit: 'Sign up',
  },
};
