import type { vi } from './vi.ts';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

export const en: Shape<typeof vi> = {
  app: { name: 'VietFit', slogan: 'Stronger every day', loading: 'Loading…' },
  language: { label: 'Language', vi: 'Tiếng Việt', en: 'English', switchTo: 'Chuyển sang tiếng Việt' },
  landing: {
    title: 'Train with VietFit',
    lead: 'Buy memberships, check in, book a personal trainer and track your InBody results on your phone.',
    start: 'Sign in / Sign up',
    note: 'Just your phone number and a one-time code, no password.',
  },
  login: {
    title: 'Sign in',
    lead: 'Enter your phone number and we will text you a 4-digit code.',
    phone: 'Phone number',
    phonePlaceholder: '0xxx xxx xxx',
    submit: 'Get code',
    back: 'Back',
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
    attemptsLeft: '{{count}} tries left.',
  },
  signUp: {
    title: 'Create your account',
    lead: '{{phone}} has no account yet. One last step to get started.',
    referral: 'Referral code (optional)',
    referralHint: '10–11 digits, usually the phone number of the friend who referred you.',
    acceptTerms: "I agree to VietFit's Terms and Conditions",
    submit: 'Sign up',
  },
  home: {
    greeting: 'Hello, {{name}}!',
    greetingNoName: 'Hello!',
    lead: 'Welcome to VietFit. Your membership, PT sessions and InBody results will show here.',
    signOut: 'Sign out',
  },
  error: {
    title: 'Something went wrong',
    lead: 'Please try again in a few minutes.',
    home: 'Go to home',
    sessionExpired: 'Taking you back to sign in…',
  },
  pwa: {
    offlineTitle: 'No internet connection',
    offlineBody: 'Check your Wi‑Fi or mobile data. The app works again as soon as you are back online.',
    updateTitle: 'A new version is available',
    updateBody: 'VietFit {{version}} is ready. Update to use the latest version.',
    updateButton: 'Update now',
    pullToReload: 'Pull down to reload',
    releaseToReload: 'Release to reload',
  },
};
