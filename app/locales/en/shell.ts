import type { Shape } from '#app/locales/shape.ts';
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
    inbody: 'Inbody',
    history: 'History',
  },
  header: {
    account: 'Account',
    support: 'Support',
    notifications: 'Notifications',
    notificationsUnread: 'Notifications, {{count}} unread',
    gift: 'Your gift',
  },
  gift: {
    hint: 'You have a gift! Tap the gift icon to see it again at any time.',
    close: 'Close',
    expires: 'Valid until {{date}}',
    activateSoon: 'You will be able to activate gifts right here in the next update; club staff can also help you.',
  },
  tabs: {
    workout: {
      title: 'Workout',
      emptyTitle: 'Guided workouts are on their way',
      emptyText: 'Workouts by body part, with videos and timers, arrive in the next update. The trainers at your club are always there to help.',
      action: 'Contact a club',
    },
    inbody: {
      title: 'Inbody',
      emptyTitle: 'No InBody data yet',
      emptyText: 'After each InBody test at your club, take a photo of the result sheet to track your weight, muscle and fat here.',
      action: 'Learn more',
    },
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
