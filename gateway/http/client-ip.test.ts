import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { rateCounters } from '#gateway/db/schema/index.ts';
import { randomPhone, startTestGateway, TEST_INTERNAL_SECRET, type TestGateway } from '#tests/support/gateway.ts';
import { fromWebServer } from './internal.ts';

// Issue 9 "Client IP spoofing": x-client-ip is believed only from the web server (shared secret);
// anyone else is counted by the address of their socket.
let gw: TestGateway;
let server: ReturnType<typeof serve>;
let url: string;
beforeAll(async () => {
  gw = await startTestGateway();
  server = serve({ fetch: gw.app.fetch, hostname: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await gw.close();
});

const sendFrom = (headers: Record<string, string>) =>
  fetch(`${url}/api/v1/auth/otp/send`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ phoneNumber: randomPhone() }),
  });

const ipKeys = async () =>
  (await gw.db.select({ key: rateCounters.key }).from(rateCounters).where(like(rateCounters.key, 'otp-send:ip:%'))).map(
    (r) => r.key,
  );

test('without the secret, or with a wrong one, a made-up x-client-ip is ignored: the socket address counts', async () => {
  expect((await (await sendFrom({ 'x-client-ip': '192.0.2.66' })).json()).code).toBe(1001);
  expect(
    (
      await (
        await sendFrom({ 'x-client-ip': '192.0.2.67', 'x-internal-secret': 'guess-guess-guess-guess-guess-guess' })
      ).json()
    ).code,
  ).toBe(1001);
  const keys = await ipKeys();
  expect(keys).toContain('otp-send:ip:127.0.0.1');
  expect(keys).not.toContain('otp-send:ip:192.0.2.66');
  expect(keys).not.toContain('otp-send:ip:192.0.2.67');
});

test('the web server, with the secret, passes the member address on', async () => {
  expect(
    (await (await sendFrom({ 'x-client-ip': '192.0.2.68', 'x-internal-secret': TEST_INTERNAL_SECRET })).json()).code,
  ).toBe(1001);
  expect(await ipKeys()).toContain('otp-send:ip:192.0.2.68');
});

test('no configured secret believes nobody', () => {
  expect(fromWebServer('anything', undefined)).toBe(false);
  expect(fromWebServer(undefined, TEST_INTERNAL_SECRET)).toBe(false);
  expect(fromWebServer(`${TEST_INTERNAL_SECRET}x`, TEST_INTERNAL_SECRET)).toBe(false);
  expect(fromWebServer(TEST_INTERNAL_SECRET, TEST_INTERNAL_SECRET)).toBe(true);
});
