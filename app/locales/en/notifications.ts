import type { Shape } from '#api/translate.ts';
import type { notifications as vi } from '#app/locales/vi/notifications.ts';

export const notifications: Shape<typeof vi> = {
  notification: {
    title: 'Notifications',
    markAllRead: 'Mark all as read',
    allRead: 'All notifications are marked as read.',
    unread: 'Unread',
    emptyTitle: 'No notifications yet',
    emptyText: 'We will let you know here about your membership, payments and sessions.',
    pastEndTitle: 'No more notifications',
    pastEndText: 'This page is empty. Go back to the first page for the newest ones.',
    firstPage: 'Back to the first page',
    pages: 'Notification pages',
    pageOf: 'Page {{page}} of {{count}}',
    newer: 'Newer',
    older: 'Older',
    open: 'Open',
    notFoundTitle: 'Notification not found',
    notFoundText: 'This notification does not exist or does not belong to your account.',
    backToList: 'Back to notifications',
  },
  push: {
    offTitle: 'Get notifications on your phone',
    onTitle: 'Notifications are on for this phone',
    offText: 'Turn them on to know at once when a payment goes through, a trainer confirms or a gift arrives.',
    onText: 'You will get notifications even when the app is closed.',
    deniedText: 'Notifications are blocked. Allow notifications for this site in your browser settings.',
    'ios-installText': 'On iPhone, add the app to your Home Screen and open it from there to get notifications.',
    failedText: 'Notifications could not be turned on. Please try again.',
    turnOn: 'Turn on notifications',
    turnOff: 'Turn off notifications',
  },
};
