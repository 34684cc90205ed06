import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { APIRequestContext } from '@playwright/test';
import { seededRandom } from '#gateway/db/seeded-random.ts';
import { expect, signUp, test } from './fixtures.ts';

// Done means 0 × 5xx: every route with an action in the built app (so a new form is fuzzed without
// touching this file) gets bodies that are not its form, with and without a session. Seeded.
type BuiltRoute = { parentId?: string; path?: string; module: { action?: unknown } };

async function formRoutes(): Promise<string[]> {
  const build = (await import(pathToFileURL(path.resolve('build/server/index.js')).href)) as {
    routes: Record<string, BuiltRoute>;
  };
  const fullPath = (id: string | undefined): string => {
    const route = id ? build.routes[id] : undefined;
    if (!route) return '';
    return [fullPath(route.parentId), route.path ?? ''].filter(Boolean).join('/');
  };
  return Object.entries(build.routes)
    .filter(([, route]) => typeof route.module.action === 'function')
    .map(([id]) => `/${fullPath(id).replace('*', 'no-such-page')}`);
}

const random = seededRandom(9_018);
const controls = Array.from({ length: 16 }, () => String.fromCharCode(Math.floor(random() * 32))).join('');
const fields = [
  'phoneNumber',
  'otp',
  'fullName',
  'email',
  'referralCode',
  'terms',
  'lang',
  'redirectTo',
  'intent',
  'method',
  'coupon',
  'paymentMethodId',
  'cardId',
  'id',
];
const urlencoded = (value: string) => fields.map((f) => `${f}=${encodeURIComponent(value)}`).join('&');

type Sent = { data?: string | Buffer; type?: string };
const bodies: Sent[] = [
  {},
  { data: '', type: 'application/x-www-form-urlencoded' },
  { data: JSON.stringify({ phoneNumber: '0100000002', terms: 'on' }), type: 'application/json' },
  { data: '{"broken":', type: 'application/json' },
  { data: 'hello\u0000world', type: 'text/plain' },
  { data: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nbroken', type: 'multipart/form-data; boundary=x' },
  { data: 'garbage', type: 'multipart/form-data' },
  {
    data: Buffer.from([0x2d, 0x2d, 0x62, 0x0d, 0x0a, 0xff, 0xfe, 0x00, 0xc3, 0x28]),
    type: 'multipart/form-data; boundary=b',
  },
  { data: urlencoded('\u0000'), type: 'application/x-www-form-urlencoded' },
  { data: urlencoded(controls), type: 'application/x-www-form-urlencoded' },
  { data: `${urlencoded('x'.repeat(2_000))}&y=%&z=%ED%A0%80`, type: 'application/x-www-form-urlencoded' },
  {
    data: Buffer.concat([
      Buffer.from('--b\r\nContent-Disposition: form-data; name="fullName"\r\n\r\nA\u0000'),
      Buffer.from([0xc3, 0x28]),
      Buffer.from('\r\n--b--\r\n'),
    ]),
    type: 'multipart/form-data; boundary=b',
  },
];
const badIds = ['1', '-1', 'abc', '1e999', '9'.repeat(400)];

async function fuzz(request: APIRequestContext, routes: string[]) {
  const failures: string[] = [];
  for (const route of routes) {
    const paths = route.includes(':') ? badIds.map((id) => route.replace(/:\w+/g, id)) : [route];
    for (const [i, url] of paths.entries()) {
      for (const sent of i === 0 ? bodies : bodies.slice(0, 4)) {
        const res = await request.post(url, {
          data: sent.data,
          headers: sent.type ? { 'content-type': sent.type } : {},
          maxRedirects: 0,
        });
        if (res.status() >= 500) failures.push(`${String(res.status())} POST ${url} ${sent.type ?? '(no body)'}`);
      }
    }
  }
  return failures;
}

test('no web form answers 5xx to a body that is not its form, signed out or in', async ({ page, request }) => {
  test.setTimeout(90_000);
  const routes = await formRoutes();
  expect(routes).toEqual(
    expect.arrayContaining(['/login', '/sign-up', '/verify-otp', '/account/information', '/language']),
  );
  expect(await fuzz(request, routes)).toEqual([]);
  await signUp(page);
  expect(await fuzz(page.request, routes)).toEqual([]);
});

test('a POST that is not a form answers 400 with the localized error page', async ({ request }) => {
  const res = await request.post('/login', {
    data: '{"phoneNumber":"0100000002"}',
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain('<html');
});
