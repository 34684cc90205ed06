import { expect, test } from 'vitest';
import { isNewVersion, pullOffset, pullReloads, PULL_THRESHOLD } from './pwa.ts';
import {
  copyShownTo,
  keepsCopyOf,
  nonceOf,
  pageLang,
  pushNotification,
  safeLink,
  withSavedCopyBanner,
} from './sw-logic.ts';
import { PUBLIC_OWNER } from '#app/server/copy-owner.ts';

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
  for (const bad of [
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    42,
    null,
    undefined,
  ]) {
    expect(safeLink(bad, origin)).toBe('/notification');
  }
});

test('the gateway payload {id, title, body, link} becomes the notification', () => {
  expect(pushNotification({ id: 'n1', title: 'Gói tập', body: 'Đã gia hạn', link: '/membership' }, origin)).toEqual({
    title: 'Gói tập',
    options: {
      body: 'Đã gia hạn',
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      tag: 'n1',
      data: { link: '/membership' },
    },
  });
  const empty = pushNotification(undefined, origin);
  expect(empty.title).toBe('VietFit');
  expect(empty.options.data).toEqual({ link: '/notification' });
  expect(empty.options).not.toHaveProperty('tag');
});

// ── ADR 067: the worker's page copies ──

test('a copy is shown to the visitor it was made for: anyone for a public page, else the same member only', () => {
  expect(copyShownTo(PUBLIC_OWNER, PUBLIC_OWNER)).toBe(true);
  expect(copyShownTo(PUBLIC_OWNER, 'memberA')).toBe(true);
  expect(copyShownTo('memberA', 'memberA')).toBe(true);
  expect(copyShownTo('memberA', 'memberB')).toBe(false);
  expect(copyShownTo('memberA', PUBLIC_OWNER)).toBe(false);
  // A page the server did not let be kept (the staff area) is never shown.
  expect(copyShownTo(null, PUBLIC_OWNER)).toBe(false);
});

test('steps of a flow and check-in are never kept; the tabs and their pages are', () => {
  for (const path of [
    '/home',
    '/membership',
    '/inbody',
    '/history',
    '/account',
    '/login',
    '/landing',
    '/account/information/payment-method',
    '/class/12',
  ]) {
    expect(keepsCopyOf(path), path).toBe(true);
  }
  for (const path of [
    '/home/check-in',
    '/sign-up',
    '/verify-otp',
    '/membership/payment/12',
    '/membership/freeze/payment',
    '/pt/payment/result/3',
    '/membership/payment/vnpay-return',
    '/account/information/change-phone/verify',
    '/pt/contract/4/preview/sign',
  ]) {
    expect(keepsCopyOf(path), path).toBe(false);
  }
});

test("the banner goes first in <body>, its style under the copy's own CSP nonce, with the time the copy was saved", () => {
  const html =
    '<!DOCTYPE html><html lang="en"><head><title>x</title></head><body class="b"><div id="app"></div></body></html>';
  const savedAt = new Date(2026, 10, 28, 9, 5);
  const texts = {
    savedCopy: 'Saved copy from {{time}} — trying to reconnect',
    savedCopyRetry: 'Try again',
    savedCopyFresh: 'A newer copy is here',
    savedCopyShowFresh: 'Show "it"',
  };
  const out = withSavedCopyBanner(
    html,
    savedAt,
    nonceOf("default-src 'self'; style-src 'self' 'nonce-abc123=='"),
    texts,
  );
  expect(out).toContain('<style nonce="abc123==">');
  expect(out.indexOf('<style')).toBeLessThan(out.indexOf('</head>'));
  expect(out).toMatch(
    /<body class="b"><saved-copy-banner id="saved-copy" role="status"[^>]*><span>Saved copy from 09:05 — trying to reconnect<\/span><a href="">Try again<\/a><\/saved-copy-banner><div id="app">/,
  );
  expect(out).toContain(`data-saved-at="${String(savedAt.getTime())}"`);
  expect(out).toContain('data-show-fresh="Show &#34;it&#34;"');
  expect(pageLang(html)).toBe('en');
  expect(pageLang('<html lang="vi">')).toBe('vi');
  // Not a page: left as it is.
  expect(withSavedCopyBanner('plain', savedAt, null, texts)).toBe('plain');
});
