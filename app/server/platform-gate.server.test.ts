import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { platformGate } from './platform-gate.server.ts';
import { userAgents as ua } from '#tests/support/user-agents.ts';

// The gate in front of a stand-in for React Router, as app/server/http-server.ts mounts it.
let base = '';
let close = () => {};
beforeAll(async () => {
  const app = express();
  app.use(platformGate({ secure: false }));
  app.use((_req, res) => {
    res.type('text/html').send('<!doctype html><p>APP</p><script type="module" src="/assets/entry.js"></script>');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
});
afterAll(() => close());

const documentHeaders = (userAgent: string, extra: Record<string, string> = {}) => ({
  'user-agent': userAgent,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'sec-fetch-dest': 'document',
  ...extra,
});

const get = (path: string, headers: Record<string, string>, method = 'GET') =>
  fetch(base + path, { method, headers, redirect: 'manual' });

test('a desktop browser gets only the bilingual notice with a QR code of the current URL', async () => {
  const res = await get(
    '/membership/3?tab=plans',
    documentHeaders(ua.chromeWindows, { 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Windows"' }),
  );
  const html = await res.text();
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(res.headers.get('vary')).toContain('User-Agent, Sec-CH-UA-Mobile, Sec-CH-UA-Platform');
  expect(res.headers.get('accept-ch')).toBe('Sec-CH-UA-Mobile, Sec-CH-UA-Platform');
  expect(html).not.toContain('APP');
  expect(html).toContain('Mở liên kết này trên điện thoại');
  expect(html).toContain('Open this link on your phone');
  expect(html).toMatch(/<svg role="img" aria-label="[^"]+"[^>]*viewBox=/);
  expect(html).toContain(`<code>${base}/membership/3?tab=plans</code>`);
  // No script but the touch check: nothing loaded from a file, no module, no app.
  expect(html.match(/<script/g)).toHaveLength(1);
  expect(html).not.toMatch(/<script[^>]+src=|type="module"/);
});

test("the notice's own CSP allows its inline style and touch check by hash, and nothing else", async () => {
  const res = await get('/home', documentHeaders(ua.safariMac));
  const csp = res.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/^default-src 'none'; script-src 'sha256-[A-Za-z0-9+/=]+'; style-src 'sha256-[A-Za-z0-9+/=]+';/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  const html = await res.text();
  const { createHash } = await import('node:crypto');
  for (const [tag, directive] of [
    ['script', 'script-src'],
    ['style', 'style-src'],
  ]) {
    const body = new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(html)![1];
    expect(csp).toContain(`${directive} 'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
});

test('the QR code and link never carry the in-app flag, and markup in the URL is escaped', async () => {
  const html = await (await get('/home?_ext=1&q=%3Cb%3E', documentHeaders(ua.firefoxLinux))).text();
  expect(html).toContain(`<code>${base}/home?q=%3Cb%3E</code>`);
  expect(html).not.toContain('<b>');
});

test('HEAD on a desktop answers the notice headers without a body', async () => {
  const res = await get('/home', documentHeaders(ua.edgeWindows), 'HEAD');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(await res.text()).toBe('');
});

test.each([
  ['an iPhone', ua.iosSafari, {}],
  ['Chrome on Android', ua.chromeAndroid, { 'sec-ch-ua-mobile': '?1', 'sec-ch-ua-platform': '"Android"' }],
  ['an Android tablet', ua.androidTablet, { 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Android"' }],
  ['an old iPad', ua.iPadLegacy, {}],
  ['an iPad with a desktop user agent, after the touch check', ua.iPadOsSafari, { cookie: 'gym_touch=1' }],
  ['Googlebot', ua.googlebot, {}],
  ['Lighthouse (desktop preset)', ua.lighthouseDesktop, {}],
])('%s gets the app, marked as varying by device', async (_case, userAgent, extra) => {
  const res = await get('/home', documentHeaders(userAgent, extra));
  expect(await res.text()).toContain('APP');
  expect(res.headers.get('vary')).toContain('User-Agent');
});

test.each([
  ['a script asset', '/assets/entry-abc.js'],
  ['the service worker', '/sw.js'],
  ['the manifest', '/manifest.webmanifest'],
  ['a route data request', '/home.data'],
  ['the health probe', '/healthz'],
])('a desktop asking for %s is not gated', async (_case, path) => {
  const res = await get(path, documentHeaders(ua.chromeWindows));
  expect(await res.text()).toContain('APP');
});

test('a desktop fetch from a script (not a navigation) and a POST are not gated', async () => {
  expect(
    await (await get('/home', { 'user-agent': ua.chromeWindows, 'sec-fetch-dest': 'empty', accept: '*/*' })).text(),
  ).toContain('APP');
  expect(await (await get('/login', documentHeaders(ua.chromeWindows), 'POST')).text()).toContain('APP');
});

test('an in-app browser on Android gets one attempt: a Chrome intent, then the flagged URL here', async () => {
  const res = await get('/home?club=2', documentHeaders(ua.zaloAndroid));
  const html = await res.text();
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
  expect(html).not.toContain('APP');
  const host = new URL(base).host;
  const flagged = `${base}/home?club=2&amp;_ext=1`;
  expect(html).toContain(
    `id="open" href="intent://${host}/home?club=2&amp;_ext=1#Intent;scheme=http;package=com.android.chrome;S.browser_fallback_url=`,
  );
  expect(html).toContain(`id="stay" href="${flagged}"`);
  expect(html).toContain(`<noscript><meta http-equiv="refresh" content="2;url=${flagged}"></noscript>`);
  expect(html).toContain('Mở bằng trình duyệt');

  // The flagged request renders the app and remembers the attempt for this in-app session.
  const after = await get('/home?club=2&_ext=1', documentHeaders(ua.zaloAndroid));
  expect(await after.text()).toContain('APP');
  expect(after.headers.get('set-cookie')).toBe('gym_ext=1; Path=/; HttpOnly; SameSite=Lax');
  // With that cookie, a later plain URL (a reload after the flag was stripped) is not tried again.
  expect(await (await get('/home', documentHeaders(ua.zaloAndroid, { cookie: 'gym_ext=1' }))).text()).toContain('APP');
});

test('an in-app browser on iOS 17+ is sent to Safari with x-safari-https', async () => {
  const html = await (await get('/landing', documentHeaders(ua.facebookIos))).text();
  expect(html).toContain(`id="open" href="x-safari-${base}/landing?_ext=1"`);
});

test('an in-app browser on iOS before 17 has no way out: straight to the flagged URL', async () => {
  const res = await get('/landing', documentHeaders(ua.messengerIos));
  expect(res.status).toBe(302);
  expect(res.headers.get('location')).toBe('/landing?_ext=1');
});

test('a real browser on a phone never gets the attempt, nor the cookie', async () => {
  for (const userAgent of [ua.chromeAndroid, ua.iosSafari, ua.samsungInternet]) {
    const res = await get('/home?_ext=1', documentHeaders(userAgent));
    expect(await res.text()).toContain('APP');
    expect(res.headers.get('set-cookie')).toBeNull();
  }
});

test('a public URL decides the origin in the QR code, not the Host header', async () => {
  const app = express();
  app.use(platformGate({ publicUrl: 'https://app.example', secure: true }));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const port = (server.address() as AddressInfo).port;
    const html = await (
      await fetch(`http://127.0.0.1:${port}/home`, {
        headers: { ...documentHeaders(ua.chromeWindows), host: 'evil.example' },
      })
    ).text();
    expect(html).toContain('<code>https://app.example/home</code>');
    expect(html).not.toContain('evil.example');
  } finally {
    server.close();
  }
});

// Issue 10 §18: in a sandbox demo only, the notice offers the app in a phone-sized frame.
test('production: the notice offers no frame, and /try is just another page (the app decides)', async () => {
  const desktop = documentHeaders(ua.chromeWindows, { 'sec-ch-ua-mobile': '?0' });
  expect(await (await get('/landing', desktop)).text()).not.toContain('/try');
  const tryPage = await get('/try?path=/landing', desktop);
  expect(await tryPage.text()).not.toContain('<iframe');
});

test('sandbox: the notice links to /try with this page, which frames the app at 390 × 844 under a CSP that frames only this site', async () => {
  const app = express();
  app.use(platformGate({ secure: false, sandbox: true }));
  app.use((_req, res) => res.type('text/html').send('<p>APP</p>'));
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const sandboxBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const desktop = documentHeaders(ua.chromeWindows, { 'sec-ch-ua-mobile': '?0' });
    const notice = await (await fetch(`${sandboxBase}/membership/3?tab=plans`, { headers: desktop })).text();
    expect(notice).toContain('href="/try?path=%2Fmembership%2F3%3Ftab%3Dplans"');
    expect(notice).toContain('Dùng thử trong khung điện thoại');
    const frame = await fetch(`${sandboxBase}/try?path=${encodeURIComponent('/membership/3?tab=plans')}`, {
      headers: desktop,
    });
    const html = await frame.text();
    expect(html).toContain('<iframe src="/membership/3?tab=plans"');
    expect(frame.headers.get('content-security-policy')).toContain("frame-src 'self'");
    expect(frame.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(html).not.toContain('<script');
    // Only a path of this site is framed: another origin or a protocol-relative URL falls back to the landing page.
    for (const path of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/try?path=/try',
    ]) {
      const other = await (
        await fetch(`${sandboxBase}/try?path=${encodeURIComponent(path)}`, { headers: desktop })
      ).text();
      expect(other, path).toContain('<iframe src="/landing"');
    }
    // The frame's own loads are not documents: they reach the app, even from a desktop.
    const inFrame = await fetch(`${sandboxBase}/landing`, { headers: { ...desktop, 'sec-fetch-dest': 'iframe' } });
    expect(await inFrame.text()).toBe('<p>APP</p>');
  } finally {
    server.close();
  }
});

test('the staff area (issue 17) reaches the app on a desktop; /staffing is not the staff area', async () => {
  const desktop = documentHeaders(ua.chromeWindows, { 'sec-ch-ua-mobile': '?0', 'sec-ch-ua-platform': '"Windows"' });
  for (const path of ['/staff', '/staff/login', '/staff/cash?phone=0100000001']) {
    expect(await (await get(path, desktop)).text(), path).toContain('APP');
  }
  expect(await (await get('/staffing', desktop)).text()).not.toContain('APP');
});
