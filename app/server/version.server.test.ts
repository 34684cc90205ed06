import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeEach, expect, test, vi } from 'vitest';

// A gateway stand-in that counts how often the web server asks for the version.
let answer: { status: number; body: unknown } = {
  status: 200,
  body: { code: 1000, data: { settingValueVi: '1.0.0', settingValueEn: '1.0.0' } },
};
let asked = 0;
const server = http.createServer((req, res) => {
  if (req.url !== '/api/v1/general/version') return void res.writeHead(404).end();
  asked++;
  res.writeHead(answer.status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(answer.body));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise((resolve) => server.close(resolve)));

process.env.SESSION_SECRET = 'test-secret-version';
process.env.GATEWAY_URL = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
delete process.env.APP_VERSION_CACHE_SECONDS;
const { appVersion, resetAppVersionCache } = await import('./version.server.ts');

const version = (v: string) => ({ status: 200, body: { code: 1000, data: { settingValueVi: v, settingValueEn: v } } });

beforeEach(() => {
  resetAppVersionCache();
  asked = 0;
  answer = version('1.0.0');
});

test('§7: the version is read once and kept for 15 minutes, for every visitor', async () => {
  const t0 = Date.now();
  expect(await Promise.all([appVersion(t0), appVersion(t0)])).toEqual(['1.0.0', '1.0.0']);
  expect(asked).toBe(1);
  answer = version('1.0.1');
  expect(await appVersion(t0 + 14 * 60_000)).toBe('1.0.0');
  expect(asked).toBe(1);
  expect(await appVersion(t0 + 15 * 60_000 + 1000)).toBe('1.0.1');
  expect(asked).toBe(2);
});

test('APP_VERSION_CACHE_SECONDS shortens the cache (the e2e tests use 0)', async () => {
  vi.stubEnv('APP_VERSION_CACHE_SECONDS', '0');
  try {
    expect(await appVersion()).toBe('1.0.0');
    answer = version('2.0.0');
    expect(await appVersion(Date.now() + 1)).toBe('2.0.0');
    expect(asked).toBe(2);
  } finally {
    vi.unstubAllEnvs();
  }
});

test('a gateway failure never fails the page: the last known version, or null, and a retry within 30 s', async () => {
  answer = { status: 500, body: { code: 1 } };
  expect(await appVersion()).toBeNull();
  answer = version('1.0.0');
  expect(await appVersion(Date.now() + 31_000)).toBe('1.0.0');

  answer = { status: 200, body: { code: 1000, data: {} } };
  const later = Date.now() + 20 * 60_000;
  expect(await appVersion(later)).toBe('1.0.0');
  expect(asked).toBe(3);
});
