import { afterAll, beforeAll, expect, test } from 'vitest';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

let gw: TestGateway;
let token: string;
beforeAll(async () => {
  gw = await startTestGateway();
  token = (await gw.signUp()).token;
});
afterAll(() => gw.close());

const subscription = (endpoint: string, auth = 'auth-secret') => ({
  endpoint,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth },
});

test.each([
  ['a NUL in the profile name', 'PUT', '/api/v1/auth/profile', { fullName: 'Nguyễn\u0000A' }, 'fullName'],
  ['a lone surrogate in the profile name', 'PUT', '/api/v1/auth/profile', { fullName: 'An\ud800' }, 'fullName'],
  [
    'a NUL in a push endpoint',
    'POST',
    '/api/v1/member/push/subscription',
    subscription('https://push.example/a\u0000b'),
    'endpoint',
  ],
  [
    'a NUL in a push key',
    'POST',
    '/api/v1/member/push/subscription',
    subscription('https://push.example/ok', 'a\u0000b'),
    'keys.auth',
  ],
  [
    'a NUL in an unsubscribe endpoint',
    'DELETE',
    '/api/v1/member/push/subscription',
    { endpoint: 'x\u0000' },
    'endpoint',
  ],
])('%s → 400 code 2 with a localized field error, never a 500', async (_name, method, path, json, field) => {
  for (const lang of ['vi', 'en'] as const) {
    const res = await gw.call(method, path, { token, json, lang });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(2);
    expect(res.body.data.fieldErrors[field]).toEqual([
      lang === 'vi' ? 'Có ký tự không được phép' : 'Contains a character that is not allowed',
    ]);
  }
});

test('a NUL in a query, a form body or a raw JSON escape is refused the same way', async () => {
  const query = await gw.call('GET', '/api/v1/general/clubs?cityId=%00', { lang: 'en' });
  expect(query.status).toBe(400);
  expect(query.body.data.fieldErrors).toHaveProperty('cityId');
  const form = await gw.call('PUT', '/api/v1/auth/profile', {
    token,
    body: 'fullName=a%00b',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(form.status).toBe(400);
  const escaped = await gw.call('PUT', '/api/v1/auth/profile', {
    token,
    body: '{"fullName":"a\\u0000b"}',
    headers: { 'content-type': 'application/json' },
  });
  expect(escaped.body.data.fieldErrors).toHaveProperty('fullName');
  const profile = await gw.call('GET', '/api/v1/auth/profile', { token });
  expect(profile.body.data.fullName).not.toContain('\u0000');
});
