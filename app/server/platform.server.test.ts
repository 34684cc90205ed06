import { expect, test } from 'vitest';
import { clientPlatform, detectPlatform, iosVersion, systemBrowserUrl } from './platform.server.ts';
import type { Platform } from './platform.ts';
import { userAgents as ua } from '#tests/support/user-agents.ts';

const phone = (os: Platform['os'], inApp: Platform['inApp'] = null): Platform => ({ kind: 'phone', os, inApp });
const desktop: Platform = { kind: 'desktop', os: 'other', inApp: null };
const bot: Platform = { kind: 'bot', os: 'other', inApp: null };

test.each<[string, Record<string, string>, Platform]>([
  ['Zalo on Android', { 'user-agent': ua.zaloAndroid }, phone('android', 'zalo')],
  ['Zalo on iOS', { 'user-agent': ua.zaloIos }, phone('ios', 'zalo')],
  ['Facebook on iOS (FBAN/FBAV)', { 'user-agent': ua.facebookIos }, phone('ios', 'facebook')],
  ['Facebook on Android (FB_IAB/FB4A)', { 'user-agent': ua.facebookAndroid }, phone('android', 'facebook')],
  ['Messenger on Android (Orca)', { 'user-agent': ua.messengerAndroid }, phone('android', 'messenger')],
  ['Messenger on iOS', { 'user-agent': ua.messengerIos }, phone('ios', 'messenger')],
  ['Instagram on iOS', { 'user-agent': ua.instagramIos }, phone('ios', 'instagram')],
  ['Instagram on Android', { 'user-agent': ua.instagramAndroid }, phone('android', 'instagram')],
  ['TikTok on Android (musical_ly, BytedanceWebview)', { 'user-agent': ua.tiktokAndroid }, phone('android', 'tiktok')],
  ['TikTok on iOS', { 'user-agent': ua.tiktokIos }, phone('ios', 'tiktok')],
  ['Line on Android', { 'user-agent': ua.lineAndroid }, phone('android', 'line')],
  [
    'Chrome on Android',
    { 'user-agent': ua.chromeAndroid, 'sec-ch-ua-mobile': '?1', 'sec-ch-ua-platform': '"Android"' },
    phone('android'),
  ],
  ['Samsung Internet', { 'user-agent': ua.samsungInternet }, phone('android')],
  ['iOS Safari', { 'user-agent': ua.iosSafari }, phone('ios')],
  ['Chrome on iOS (CriOS)', { 'user-agent': ua.iosChrome }, phone('ios')],
  ['an old iPad user agent', { 'user-agent': ua.iPadLegacy }, { kind: 'tablet', os: 'ios', inApp: null }],
  [
    'iPadOS Safari once the touch check marked it',
    { 'user-agent': ua.iPadOsSafari, cookie: 'a=b; gym_touch=1' },
    { kind: 'tablet', os: 'ios', inApp: null },
  ],
  [
    'an Android tablet (no "Mobile")',
    { 'user-agent': ua.androidTablet, 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Android"' },
    { kind: 'tablet', os: 'android', inApp: null },
  ],
  [
    'an Android tablet in desktop mode, by its platform hint',
    {
      'user-agent': ua.headlessChrome.replace('HeadlessChrome', 'Chrome'),
      'sec-ch-ua-mobile': '?0',
      'sec-ch-ua-platform': '"Android"',
    },
    { kind: 'tablet', os: 'android', inApp: null },
  ],
  ['Chrome on Windows', { 'user-agent': ua.chromeWindows }, desktop],
  [
    'Chrome on Windows with client hints',
    { 'user-agent': ua.chromeWindows, 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Windows"' },
    desktop,
  ],
  [
    'a reduced user agent, decided by the hints',
    {
      'user-agent': 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
      'sec-ch-ua-mobile': '?0',
      'sec-ch-ua-platform': '"Windows"',
    },
    desktop,
  ],
  ['Edge on Windows', { 'user-agent': ua.edgeWindows }, desktop],
  ['Firefox on Windows', { 'user-agent': ua.firefoxWindows }, desktop],
  ['Firefox on Linux', { 'user-agent': ua.firefoxLinux }, desktop],
  ['Safari on a Mac (no touch mark)', { 'user-agent': ua.safariMac }, desktop],
  [
    'a Mac with a forged touch mark on another cookie name',
    { 'user-agent': ua.safariMac, cookie: 'xgym_touch=1' },
    desktop,
  ],
  [
    'a Windows laptop with the touch mark stays desktop',
    { 'user-agent': ua.chromeWindows, cookie: 'gym_touch=1' },
    desktop,
  ],
  ['a Chromebook', { 'user-agent': ua.chromeOs }, desktop],
  ['Googlebot (smartphone)', { 'user-agent': ua.googlebot }, bot],
  ['Bingbot', { 'user-agent': ua.bingbot }, bot],
  ['Lighthouse with its desktop user agent', { 'user-agent': ua.lighthouseDesktop }, bot],
  ['headless Chrome', { 'user-agent': ua.headlessChrome }, bot],
  ['no user agent (curl -A "", health checks)', {}, bot],
])('%s', (_case, headers, expected) => {
  expect(detectPlatform(headers)).toEqual(expected);
  // The same answer from a fetch Headers object (the root loader) as from Node's headers (Express).
  expect(detectPlatform(new Headers(headers))).toEqual(expected);
});

test("Lighthouse's mobile run is a phone: it gets the app", () => {
  expect(detectPlatform({ 'user-agent': ua.lighthouseMobile }).kind).toBe('phone');
});

test('an unknown Android WebView counts as an in-app browser; Chrome and Samsung Internet do not', () => {
  expect(detectPlatform({ 'user-agent': ua.chromeAndroid.replace('; K)', '; K; wv)') }).inApp).toBe('webview');
  expect(detectPlatform({ 'user-agent': ua.chromeAndroid }).inApp).toBeNull();
  expect(detectPlatform({ 'user-agent': ua.samsungInternet }).inApp).toBeNull();
});

test('iOS version from the user agent', () => {
  expect(iosVersion(ua.zaloIos)).toBe(17);
  expect(iosVersion(ua.messengerIos)).toBe(16);
  expect(iosVersion(ua.chromeAndroid)).toBe(0);
});

test('Android: a Chrome intent to the flagged URL, with the flagged URL as fallback', () => {
  const url = new URL('https://app.example/membership?club=3');
  const link = systemBrowserUrl(url, detectPlatform({ 'user-agent': ua.zaloAndroid }), ua.zaloAndroid);
  expect(link).toBe(
    'intent://app.example/membership?club=3&_ext=1#Intent;scheme=https;package=com.android.chrome;' +
      `S.browser_fallback_url=${encodeURIComponent('https://app.example/membership?club=3&_ext=1')};end`,
  );
});

test('iOS 17+: x-safari-https to the flagged URL; older iOS has no such link', () => {
  const url = new URL('https://app.example/home');
  expect(systemBrowserUrl(url, detectPlatform({ 'user-agent': ua.zaloIos }), ua.zaloIos)).toBe(
    'x-safari-https://app.example/home?_ext=1',
  );
  expect(systemBrowserUrl(url, detectPlatform({ 'user-agent': ua.messengerIos }), ua.messengerIos)).toBeNull();
});

test('the root loader learns whether this is the document after the attempt', () => {
  const headers = { 'user-agent': ua.facebookAndroid };
  expect(clientPlatform(new Request('http://x/home?_ext=1', { headers })).escapeTried).toBe(true);
  expect(clientPlatform(new Request('http://x/home', { headers }))).toEqual({
    ...phone('android', 'facebook'),
    escapeTried: false,
  });
});
