import type { Shape } from '#app/locales/shape.ts';
import type { shell as vi } from '#app/locales/vi/shell.ts';

export const shell: Shape<typeof vi> = {
  app: { name: 'VietFit', slogan: 'Stronger every day', loading: 'Loading…' },
  language: { label: 'Language', vi: 'Tiếng Việt', en: 'English', switchTo: 'Chuyển sang tiếng Việt' },
  error: {
    title: 'Something went wrong',
    lead: 'Please try again in a few minutes.',
    retry: 'Try again',
    unavailableTitle: 'We are having a short break',
    unavailableLead: 'We cannot reach our servers right now. Your data is safe; please try again in a few minutes.',
    home: 'Go to home',
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
  platform: {
    notice: {
      title: 'Open this link on your phone',
      lead: "VietFit is made for phones. Scan the QR code with your phone's camera to open this very page.",
      copy: 'Or send this link to your phone:',
      qr: 'QR code of this link',
    },
    escape: {
      title: 'Opening in your browser…',
      lead: "To use all of VietFit and install the app, this page opens in your phone's browser.",
      open: 'Open in browser',
      stay: 'Continue here',
    },
    install: {
      title: 'Install the VietFit app',
      lead: 'Open it straight from your home screen, full screen like an app.',
      button: 'Install',
      how: 'Show how',
      later: 'Not now',
      close: 'Close',
      iosTitle: 'Add VietFit to your Home Screen',
      iosStep1: "Tap the Share button (a square with an arrow pointing up) in the browser's toolbar.",
      iosStep2: 'Scroll down and choose “Add to Home Screen”.',
      iosStep3: 'Tap “Add” in the top-right corner. The VietFit icon appears on your home screen.',
    },
    inApp: {
      title: 'Open VietFit in your browser',
      lead: "You are viewing this page inside {{app}}. This app's built-in browser cannot install VietFit.",
      androidStep1: 'Tap the ⋮ or ⋯ button in the top-right corner.',
      androidStep2: 'Choose “Open in browser” (or “Open in Chrome”).',
      androidStep3: 'In Chrome, tap “Install” to add VietFit to your home screen.',
      iosStep1: 'Tap the ⋯ or Share button in a corner of the screen.',
      iosStep2: 'Choose “Open in browser” (or “Open in Safari”).',
      iosStep3: 'In Safari, tap Share, choose “Add to Home Screen”, then tap “Add”.',
      someApp: 'another app',
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
