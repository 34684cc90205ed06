import type { Notification } from '#api/notifications.ts';
import type { Lang } from '#api/codes.ts';
import { safeRedirectPath } from '#app/auth/auth.server.ts';
import { formatDateTime } from '#api/format.ts';

export type NotificationView = {
  id: string;
  title: string;
  body: string;
  time: string;
  unread: boolean;
  /** An in-app path, or null when the notification points nowhere (or somewhere off this site). */
  link: string | null;
};

/** The page's language picked on the server, the date printed once, and only in-app links kept. */
export function toNotificationView(notification: Notification, lang: Lang): NotificationView {
  const link = notification.link ? safeRedirectPath(notification.link, '') : '';
  return {
    id: notification.id,
    title: lang === 'en' ? notification.titleEn : notification.titleVi,
    body: lang === 'en' ? notification.bodyEn : notification.bodyVi,
    time: formatDateTime(notification.createdAt),
    unread: notification.readAt === null,
    link: link || null,
  };
}

/** ?page=N from the address; anything that is not a page number is page 1. */
export function pageFromUrl(url: string) {
  const raw = new URL(url).searchParams.get('page');
  const page = raw && /^\d{1,6}$/.test(raw) ? Number(raw) : 1;
  return Math.max(1, page);
}
