import { expect, test } from 'vitest';
import { isNewVersion, pullOffset, pullReloads, PULL_THRESHOLD } from './pwa.ts';
import { pushNotification, safeLink } from './sw-logic.ts';

test('§9: the pull reloads from 70 px down, not before, and not for a sideways swipe', () => {
  expect(PULL_THRESHOLD).toBe(70);
  expect(pullReloads(69, 0)).toBe(false);
  expect(pullReloads(70, 0)).toBe(true);
  expect(pullReloads(120, 10)).toBe(true);
  expect(pullReloads(80, -90)).toBe(false);
  expect(pullReloads(-100, 0)).toBe(false);
});

test('the pull indicator follows the finger at half speed and stops', () => {
  expect(pullOffset(-20)).toBe(0);
  expect(pullOffset(40)).toBe(20);
  expect(pullOffset(1000)).toBe(52.5);
});

test('the update prompt shows only when the server announces another version than the one the page started with', () => {
  expect(isNewVersion(null, '1.0.0')).toBe(false);
  expect(isNewVersion('1.0.0', '1.0.0')).toBe(false);
  expect(isNewVersion('1.0.0', null)).toBe(false);
  expect(isNewVersion('1.0.0', '1.0.1')).toBe(true);
  // Any change counts, a rollback too.
  expect(isNewVersion('2.0.0', '1.9.9')).toBe(true);
});

const origin = 'https://app.example';

test('a push opens only in-app links', () => {
  expect(safeLink('/notification/12?x=1#a', origin)).toBe('/notification/12?x=1#a');
  for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 42, null, undefined]) {
    expect(safeLink(bad, origin)).toBe('/notification');
  }
});

test('the gateway payload {id, title, body, link} becomes the notification', () => {
  expect(pushNotification({ id: 'n1', title: 'Gói tập', body: 'Đã gia hạn', link: '/membership' }, origin)).toEqual({
    title: 'Gói tập',
    options: { body: 'Đã gia hạn', icon: '/icons/icon-192.png', badge: '/icons/badge-96.png', tag: 'n1', data: { link: '/membership' } },
  });
  const empty = pushNotification(undefined, origin);
  expect(empty.title).toBe('VietFit');
  expect(empty.options.data).toEqual({ link: '/notification' });
  expect(empty.options).not.toHaveProperty('tag');
});
