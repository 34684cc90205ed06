import { describe, expect, it } from 'vitest';
import type { Notification } from '#api/notifications.ts';
import { pageFromUrl, toNotificationView } from './notifications.server.ts';

const base: Notification = {
  id: 'a1',
  kind: 'MEMBERSHIP',
  titleVi: 'Chào mừng',
  titleEn: 'Welcome',
  bodyVi: 'Nội dung',
  bodyEn: 'Body',
  link: '/membership',
  createdAt: '2026-11-21T02:15:00Z',
  readAt: null,
};

describe('toNotificationView', () => {
  it('picks the language, prints Vietnam time and marks unread', () => {
    expect(toNotificationView(base, 'vi')).toEqual({
      id: 'a1',
      title: 'Chào mừng',
      body: 'Nội dung',
      time: '21/11/2026 09:15',
      unread: true,
      link: '/membership',
    });
    expect(toNotificationView({ ...base, readAt: base.createdAt }, 'en')).toMatchObject({
      title: 'Welcome',
      unread: false,
    });
  });

  it.each(['https://evil.example/x', '//evil.example', '/\\evil', 'javascript:alert(1)', ''])(
    'drops the off-site link %j',
    (link) => {
      expect(toNotificationView({ ...base, link }, 'vi').link).toBeNull();
    },
  );
});

describe('pageFromUrl', () => {
  it.each([
    ['http://x/notification', 1],
    ['http://x/notification?page=3', 3],
    ['http://x/notification?page=0', 1],
    ['http://x/notification?page=-2', 1],
    ['http://x/notification?page=abc', 1],
    ['http://x/notification?page=99999999999', 1],
  ])('%s → %i', (url, page) => expect(pageFromUrl(url)).toBe(page));
});
