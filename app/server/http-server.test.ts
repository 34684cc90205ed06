import type { IncomingHttpHeaders } from 'node:http';
import { expect, test } from 'vitest';
import { isCrossOrigin, isOversizedBody, MAX_FORM_BYTES } from './http-server.ts';

type Req = Parameters<typeof isCrossOrigin>[0];
const req = (method: string, headers: IncomingHttpHeaders, protocol = 'http') =>
  ({ method, headers, protocol }) as unknown as Req;

const host = 'app.example:3000';
const sameOrigin = 'http://app.example:3000';
const unsafe = ['POST', 'PUT', 'PATCH', 'DELETE'];

test.each(['GET', 'HEAD', 'OPTIONS'])('%s from another origin is allowed (reads are not refused)', (method) => {
  expect(isCrossOrigin(req(method, { host, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }))).toBe(
    false,
  );
});

test.each<[string, IncomingHttpHeaders, boolean]>([
  ['Origin equal to Host', { host, origin: sameOrigin }, false],
  ['Origin equal to Host, https', { host: 'app.example', origin: 'https://app.example' }, false],
  ['a different Origin', { host, origin: 'https://evil.example' }, true],
  ['a sibling subdomain as Origin', { host, origin: 'http://evil.app.example:3000' }, true],
  ['the same host on another port', { host, origin: 'http://app.example:4000' }, true],
  ['Origin "null" (sandboxed frame, data: page)', { host, origin: 'null' }, true],
  ['an Origin that is not a URL', { host, origin: 'not a url' }, true],
  [
    'a different Origin even when Sec-Fetch-Site claims same-origin',
    { host, origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    true,
  ],
  ['no Origin, Sec-Fetch-Site cross-site', { host, 'sec-fetch-site': 'cross-site' }, true],
  ['no Origin, Sec-Fetch-Site same-site', { host, 'sec-fetch-site': 'same-site' }, false],
  ['no Origin, Sec-Fetch-Site same-origin', { host, 'sec-fetch-site': 'same-origin' }, false],
  ['no Origin, Sec-Fetch-Site none (typed in the address bar)', { host, 'sec-fetch-site': 'none' }, false],
  ['no Origin and no Sec-Fetch-Site (curl, old browsers)', { host }, false],
  [
    'Origin matching X-Forwarded-Host behind a proxy',
    { host: '127.0.0.1:3000', 'x-forwarded-host': 'app.example', origin: 'https://app.example' },
    false,
  ],
  [
    'Origin matching only the inner Host when X-Forwarded-Host differs',
    { host, 'x-forwarded-host': 'app.example', origin: sameOrigin },
    true,
  ],
  [
    'a different Origin behind a proxy',
    { host: '127.0.0.1:3000', 'x-forwarded-host': 'app.example', origin: 'https://evil.example' },
    true,
  ],
])('%s', (_case, headers, refused) => {
  for (const method of unsafe) {
    expect(isCrossOrigin(req(method, headers)), method).toBe(refused);
  }
});

test('the protocol of the request does not change the answer', () => {
  for (const protocol of ['http', 'https']) {
    expect(isCrossOrigin(req('POST', { host, origin: sameOrigin }, protocol))).toBe(false);
    expect(isCrossOrigin(req('POST', { host, origin: 'https://evil.example' }, protocol))).toBe(true);
  }
});

test.each<[string, string, IncomingHttpHeaders, boolean]>([
  ['a sign-in form', 'POST', { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '23' }, false],
  [
    'a form at the limit',
    'POST',
    { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(MAX_FORM_BYTES) },
    false,
  ],
  [
    'a form over the limit',
    'POST',
    { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(MAX_FORM_BYTES + 1) },
    true,
  ],
  ['JSON over the limit', 'PUT', { 'content-type': 'application/json', 'content-length': '10000000' }, true],
  [
    'an avatar upload (bounded by its own action)',
    'POST',
    { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '6000000' },
    false,
  ],
  ['a GET with a body length', 'GET', { 'content-length': '10000000' }, false],
])('%s: oversized %s', (_, method, headers, oversized) => {
  expect(isOversizedBody({ method, headers } as unknown as Parameters<typeof isOversizedBody>[0])).toBe(oversized);
});

// Issue 9 "Client IP spoofing": the gateway counts OTP sends per member address, so by default a
// client must not choose it with X-Forwarded-For; a proxy in front is trusted only when configured.
test.each<[string | undefined, string]>([
  [undefined, '127.0.0.1'],
  ['', '127.0.0.1'],
  ['false', '127.0.0.1'],
  ['loopback', '192.0.2.9'],
  ['1', '192.0.2.9'],
])('TRUST_PROXY=%j: a client on loopback sending X-Forwarded-For: 192.0.2.9 is seen as %s', async (setting, seenAs) => {
  const { default: express } = await import('express');
  const { trustProxySetting } = await import('#app/server/http-server.ts');
  const app = express();
  app.set('trust proxy', trustProxySetting(setting));
  app.get('/ip', (req, res) => {
    res.send(req.ip);
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${port}/ip`, { headers: { 'x-forwarded-for': '192.0.2.9' } });
    expect(await res.text()).toBe(seenAs);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test('a request id: a well-formed incoming one is kept (the balancer’s), anything else is replaced by a new one', async () => {
  const { requestIdOf } = await import('./http-server.ts');
  expect(requestIdOf('7F000001_C0A8_0001')).toBe('7F000001_C0A8_0001');
  for (const bad of [
    undefined,
    '',
    'short',
    'x'.repeat(65),
    'has space in it',
    'a;b=c,d',
    ['one-id-1234', 'two-id-1234'],
  ]) {
    const made = requestIdOf(bad);
    expect(made).toMatch(/^[0-9a-f-]{36}$/);
    expect(made).not.toBe(bad);
  }
});
