import type { Shape } from '#api/translate.ts';
import type { shell as vi } from '#app/locales/vi/shell.ts';

export const shell: Shape<typeof vi> = {
  app: {
    name: 'VietFit',
    slogan: 'Stronger every day',
    loading: 'Loading…',
    description: 'Buy memberships, check in, book a personal trainer and track your InBody results on your phone.',
  },
  language: { label: 'Language', vi: 'Tiếng Việt', en: 'English', switchTo: 'Chuyển sang tiếng Việt' },
  error: {
    title: 'Something went wrong',
    lead: 'Please try again in a few minutes.',
    retry: 'Try again',
    unavailableTitle: 'We are having a short break',
    unavailableLead: 'We cannot reach our servers right now. Your data is safe; please try again in a few minutes.',
    home: 'Go to home',
    notFoundTitle: 'Not found',
    notFoundLead: 'The page you opened does not exist or does not belong to your account.',
    sessionExpired: 'Taking you back to sign in…',
  },
  // ── app shell: header, navigation, tabs, notifications ──
  nav: {
    label: 'Main navigation',
    home: 'Home',
    membership: 'Membership',
    workout: 'Workout',
    inbody: 'InBody',
    history: 'History',
    yourPlan: 'My plan',
  },
  header: {
    account: 'Account',
    support: 'Support',
    notifications: 'Notifications',
    notificationsUnread: 'Notifications, {{count}} unread',
  },
  upload: {
    stepsLabel: 'Photo upload progress',
    sending: 'Sending the photo…',
    sent: 'Photo sent',
    processing: 'Processing the photo…',
    mayTakeSeconds:
      'After you send, the page may take a few seconds to upload and process the photo. Please wait and do not tap again.',
  },
  pwa: {
    offlineTitle: 'No internet connection',
    offlineBody: 'Check your Wi‑Fi or mobile data. The app works again as soon as you are back online.',
    offlineClose: 'Close this message',
    savedCopy: 'Saved copy from {{time}} — trying to reconnect',
    savedCopyRetry: 'Try again',
    savedCopyFresh: 'A newer copy is here',
    savedCopyShowFresh: 'Show it',
    formSlowTitle: 'Not sent yet — the network is slow',
    formSlowBody:
      'What you typed stays on the page and is not sent again by itself. The page carries on when the server answers.',
  },
};
