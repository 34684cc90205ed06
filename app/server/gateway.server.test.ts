import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RouterContextProvider } from 'react-router';
import { afterAll, expect, test, vi } from 'vitest';
import { z } from 'zod';
import { Codes, messageForCode } from '#api/codes.ts';
import { endpoint, type Method } from '#api/endpoint.ts';

// A real gateway stand-in: each path answers with what the test put in `answers`.
type Answer = { status?: number; body?: unknown; raw?: string; contentType?: string; hang?: boolean; hangUp?: boolean };
type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: string };
const answers = new Map<string, Answer>();
const seen: Seen[] = [];

const server = http.createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk: string) => (body += chunk));
  req.on('end', () => {
    seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
    const answer = answers.get(req.url ?? '') ?? { status: 404, body: { code: 'NOT_FOUND' } };
    if (answer.hang) return;
    if (answer.hangUp) {
      req.socket.destroy();
      return;
    }
    res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' });
    res.end(answer.raw ?? JSON.stringify(answer.body));
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const gatewayUrl = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Loads the client fresh, since config.server.ts reads the environment at import. */
async function loadClient(env: { GATEWAY_URL: string; GATEWAY_TIMEOUT_MS?: string }) {
  vi.resetModules();
  process.env.SESSION_SECRET = 'test-secret-gateway-client';
  process.env.GATEWAY_URL = env.GATEWAY_URL;
  process.env.GATEWAY_TIMEOUT_MS = env.GATEWAY_TIMEOUT_MS ?? '1500';
  const gateway = await import('./gateway.server.ts');
  const sessions = await import('./session.server.ts');
  return { ...gateway, ...sessions };
}

// A trailing slash on GATEWAY_URL must not double the slash of the path.
const mod = await loadClient({ GATEWAY_URL: `${gatewayUrl}/` });
const { GatewayError } = mod;

async function callerFor(
  loaded: typeof mod = mod,
  {
    token,
    headers = {},
    method = 'GET',
  }: { token?: string; headers?: Record<string, string>; method?: 'GET' | 'POST' } = {},
) {
  const session = await loaded.sessionStorage.getSession();
  if (token) {
    session.set('token', token);
    session.set('accountId', 7);
    session.set('accountType', 'MEMBER');
  }
  session.set('lang', 'en');
  const context = new RouterContextProvider();
  context.set(loaded.sessionContext, session);
  const request = new Request('http://app.example/home', { headers, method });
  return { call: loaded.gatewayClient({ request, context }), session };
}

async function caught(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

const lastSeen = (url: string) => seen.filter((s) => s.url === url).at(-1);
const profile = z.object({ id: z.number(), fullName: z.string() });

/** A declaration of a stand-in path (the client only calls declared endpoints, ADR 078). */
const at = <S extends z.ZodType = z.ZodUnknown>(path: string, response?: S, method: Method = 'GET') =>
  endpoint({
    method,
    path,
    summary: 'a test path',
    auth: 'none',
    success: Codes.OK,
    response: (response ?? z.unknown()) as S,
  });
/** The same with a JSON body. */
const withBody = (path: string, method: Method = 'POST') => ({ ...at(path, z.unknown(), method), body: z.unknown() });

test('a success envelope returns its code, the code message and the parsed data', async () => {
  answers.set('/ok', { body: { code: 1000, data: { id: 7, fullName: 'Nguyễn Lan', extra: 'dropped' } } });
  const { call } = await callerFor();
  const result = await call(at('/ok', profile));
  expect(result).toEqual({ code: 1000, message: messageForCode(1000, 'vi'), data: { id: 7, fullName: 'Nguyễn Lan' } });
});

test('any 4-digit code is a success, with its own message', async () => {
  answers.set('/otp', { body: { code: Codes.OTP_SENT, data: null } });
  const { call } = await callerFor();
  const result = await call(at('/otp', z.null()));
  expect(result.code).toBe(Codes.OTP_SENT);
  expect(result.message).toBe('Mã OTP đã được gửi đến số điện thoại của bạn.');
});

test('sends the bearer token, the language and the member IP to the gateway', async () => {
  answers.set('/headers', { body: { code: 1000, data: {} } });
  const { call } = await callerFor(mod, {
    token: 'tok-123',
    headers: { 'x-client-ip': '203.0.113.7', 'x-request-id': 'page-request-0001' },
  });
  await call(at('/headers', z.object({})));
  const request = lastSeen('/headers');
  expect(request?.method).toBe('GET');
  expect(request?.headers.authorization).toBe('Bearer tok-123');
  // The i18n middleware did not run here, so the language falls back to Vietnamese.
  expect(request?.headers['accept-language']).toBe('vi');
  expect(request?.headers['x-client-ip']).toBe('203.0.113.7');
  expect(request?.headers.accept).toBe('application/json');
  // The page's request id (issue 19 §3): the gateway's log line of this call carries it.
  expect(request?.headers['x-request-id']).toBe('page-request-0001');
});

test('a signed-out visitor sends no Authorization and no made-up client IP', async () => {
  answers.set('/anonymous', { body: { code: 1000, data: {} } });
  const { call } = await callerFor();
  await call(at('/anonymous', z.object({})));
  const request = lastSeen('/anonymous');
  expect(request?.headers.authorization).toBeUndefined();
  expect(request?.headers['x-client-ip']).toBeUndefined();
});

test('a JSON body goes as JSON, with the method its declaration gives', async () => {
  answers.set('/post', { body: { code: 1001, data: {} } });
  const { call } = await callerFor();
  await call(withBody('/post'), { json: { phone: '0100123456' } });
  expect(lastSeen('/post')).toMatchObject({ method: 'POST', body: '{"phone":"0100123456"}' });
  expect(lastSeen('/post')?.headers['content-type']).toBe('application/json');

  await call(withBody('/post', 'PUT'), { json: { lang: 'en' } });
  expect(lastSeen('/post')).toMatchObject({ method: 'PUT', body: '{"lang":"en"}' });
});

test('a failure envelope throws a GatewayError with the Vietnamese message and its data', async () => {
  answers.set('/wrong-otp', { status: 400, body: { code: Codes.WRONG_OTP, data: { attemptsLeft: 4 } } });
  const { call } = await callerFor();
  const error = await caught(call(withBody('/wrong-otp'), { json: { otp: '0000' } }));
  expect(error).toBeInstanceOf(GatewayError);
  expect(error).toMatchObject({
    status: 400,
    code: 209,
    text: messageForCode(209, 'vi'),
    data: { attemptsLeft: 4 },
  });
  expect((error as InstanceType<typeof GatewayError>).text).toBe('Mã OTP không đúng, vui lòng thử lại.');
});

test('a validation failure (code 2) exposes its field errors', async () => {
  const fieldErrors = { phone: ['Số điện thoại không hợp lệ.'] };
  answers.set('/invalid', { status: 400, body: { code: Codes.VALIDATION, data: { fieldErrors } } });
  const { call } = await callerFor();
  const error = await caught(call(withBody('/invalid'), { json: { phone: 'x' } }));
  expect(error).toBeInstanceOf(GatewayError);
  expect((error as InstanceType<typeof GatewayError>).code).toBe(2);
  expect((error as InstanceType<typeof GatewayError>).fieldErrors).toEqual(fieldErrors);
});

test('a failure without field errors has none', async () => {
  answers.set('/plain-failure', { status: 409, body: { code: Codes.PHONE_EXISTS } });
  const { call } = await callerFor();
  const error = (await caught(call(at('/plain-failure')))) as InstanceType<typeof GatewayError>;
  expect(error.code).toBe(Codes.PHONE_EXISTS);
  expect(error.fieldErrors).toBeUndefined();
  expect(error.data).toBeUndefined();
});

test('a string failure code throws too (string codes are never success)', async () => {
  answers.set('/limit', { status: 429, body: { code: 'LIMIT_30_SECONDS', data: { retryAfterSeconds: 30 } } });
  const { call } = await callerFor();
  const error = (await caught(call(at('/limit')))) as InstanceType<typeof GatewayError>;
  expect(error).toBeInstanceOf(GatewayError);
  expect(error.code).toBe('LIMIT_30_SECONDS');
  expect(error.text).toBe(messageForCode('LIMIT_30_SECONDS', 'vi'));
  expect(error.data).toEqual({ retryAfterSeconds: 30 });
});

test('code 4 shows the reason the gateway gave in its description', async () => {
  answers.set('/service', { status: 502, body: { code: 4, description: { code: Codes.WRONG_OTP } } });
  const { call } = await callerFor();
  const error = (await caught(call(at('/service')))) as InstanceType<typeof GatewayError>;
  expect(error.code).toBe(4);
  expect(error.text).toBe(messageForCode(Codes.WRONG_OTP, 'vi'));
});

test.each<[string, number, number]>([
  ['HTTP 401 with code -1', 401, -1],
  ['HTTP 200 with code -1', 200, -1],
  ['HTTP 401 with another code', 401, Codes.AUTH],
])('%s: the session is signed out and a 401 data() result is thrown', async (_case, status, code) => {
  const path = `/expired/${String(status)}/${String(code)}`;
  answers.set(path, { status, body: { code } });
  const { call, session } = await callerFor(mod, { token: 'tok-expired' });
  const error = await caught(call(at(path)));
  expect(error).not.toBeInstanceOf(GatewayError);
  expect(error).toMatchObject({
    type: 'DataWithResponseInit',
    init: { status: 401 },
    data: { sessionExpired: true, message: messageForCode(Codes.SESSION_EXPIRED, 'vi'), to: '/landing' },
  });
  expect(session.get('token')).toBeUndefined();
  expect(session.get('accountId')).toBeUndefined();
  expect(session.get('accountType')).toBeUndefined();
  // The visitor keeps the language they chose.
  expect(session.get('lang')).toBe('en');
});

test.each<[string, Answer]>([
  ['an HTML error page', { status: 502, raw: '<h1>Bad gateway</h1>', contentType: 'text/html' }],
  ['an empty body', { status: 200, raw: '' }],
  ['JSON null', { status: 200, raw: 'null' }],
  ['JSON without a code', { status: 200, body: { data: { id: 1 } } }],
  ['a JSON string', { status: 200, body: 'ok' }],
])('%s throws a GatewayError with code 1 (system error)', async (_case, answer) => {
  const path = `/broken/${encodeURIComponent(_case)}`;
  answers.set(path, answer);
  const { call, session } = await callerFor(mod, { token: 'tok-kept' });
  const error = (await caught(call(at(path)))) as InstanceType<typeof GatewayError>;
  expect(error).toBeInstanceOf(GatewayError);
  expect(error.code).toBe(Codes.SYSTEM_ERROR);
  expect(error.text).toBe(messageForCode(Codes.SYSTEM_ERROR, 'vi'));
  expect(session.get('token')).toBe('tok-kept');
});

// Issue 9: a page read while the gateway is away is a 503 "try again" page, not a 500.
test('a page read whose gateway is down fails the page with 503 and Retry-After, keeping the session', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
  const down = await loadClient({ GATEWAY_URL: `http://127.0.0.1:${String(closedPort)}` });
  const { call, session } = await callerFor(down, { token: 'tok-kept' });
  const thrown = (await caught(call(at('/api/v1/account')))) as { init: ResponseInit; data: unknown };
  expect(down.isGatewayUnavailable(thrown)).toBe(true);
  expect(thrown.init.status).toBe(503);
  expect(new Headers(thrown.init.headers).get('retry-after')).toBe('5');
  expect(session.get('token')).toBe('tok-kept');
});

test('a gateway answering 503 (its database away) is the same: 503 for a page read, a GatewayError for an action', async () => {
  answers.set('/db-away', { status: 503, body: { code: Codes.SYSTEM_ERROR, message: 'x' } });
  const read = await callerFor();
  expect(mod.isGatewayUnavailable(await caught(read.call(at('/db-away'))))).toBe(true);
  const write = await callerFor(mod, { method: 'POST' });
  const error = (await caught(write.call(at('/db-away')))) as InstanceType<typeof GatewayError>;
  expect(error).toBeInstanceOf(GatewayError);
  expect(error.status).toBe(503);
  expect(error.code).toBe(Codes.SYSTEM_ERROR);
});

test('a success envelope whose data does not match the schema throws instead of passing it on', async () => {
  answers.set('/bad-shape', { body: { code: 1000, data: { id: 'seven' } } });
  const { call } = await callerFor();
  await expect(call(at('/bad-shape', profile))).rejects.toThrow();
});

test('an action whose gateway hangs up mid-request gets a GatewayError with code 3', async () => {
  answers.set('/hang-up', { hangUp: true });
  const { call } = await callerFor(mod, { method: 'POST' });
  const error = (await caught(call(at('/hang-up')))) as InstanceType<typeof GatewayError>;
  expect(error).toBeInstanceOf(GatewayError);
  expect(error.code).toBe(Codes.TIMEOUT);
  expect(error.text).toBe(messageForCode(Codes.TIMEOUT, 'vi'));
});

test('an action whose gateway never answers gets a GatewayError with code 3 after the timeout', async () => {
  answers.set('/slow', { hang: true });
  const short = await loadClient({ GATEWAY_URL: gatewayUrl, GATEWAY_TIMEOUT_MS: '300' });
  const { call } = await callerFor(short, { method: 'POST' });
  const started = Date.now();
  const error = (await caught(call(at('/slow')))) as InstanceType<typeof short.GatewayError>;
  expect(error).toBeInstanceOf(short.GatewayError);
  expect(error.code).toBe(Codes.TIMEOUT);
  expect(Date.now() - started).toBeLessThan(5_000);
});

test('an action whose gateway is down (closed port) gets a GatewayError with code 3, no crash', async () => {
  const closed = http.createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const closedPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));

  const down = await loadClient({ GATEWAY_URL: `http://127.0.0.1:${String(closedPort)}` });
  const { call, session } = await callerFor(down, { token: 'tok-kept', method: 'POST' });
  const error = (await caught(call(at('/api/v1/account')))) as InstanceType<typeof down.GatewayError>;
  expect(error).toBeInstanceOf(down.GatewayError);
  expect(error.code).toBe(Codes.TIMEOUT);
  expect(error.status).toBe(503);
  expect(error.text).toBe('Hết thời gian chờ phản hồi, vui lòng thử lại.');
  expect(session.get('token')).toBe('tok-kept');
});

// ADR 017: the phone that signed in keeps the gateway's device token in a signed HttpOnly cookie,
// and every later call (OTP send and check included) passes it back.
test('a device token from sign-in is set as a signed, HttpOnly, long-lived cookie and sent back to the gateway', async () => {
  // Loaded together, so the middleware and the client share one module graph.
  const device = await loadClient({ GATEWAY_URL: gatewayUrl });
  const { sessionMiddleware } = await import('#app/server/session-middleware.server.ts');
  const run = async (cookie: string | undefined, inside: (context: RouterContextProvider) => Promise<void> | void) => {
    const context = new RouterContextProvider();
    const request = new Request('http://app.example/verify-otp', { headers: cookie ? { cookie } : {} });
    const next = async () => {
      await inside(context);
      return new Response(null, { status: 302 });
    };
    return (await sessionMiddleware({ request, context, params: {}, unstable_pattern: '' } as never, next)) as Response;
  };

  const signedIn = await run(undefined, (context) => device.rememberDevice(context, 'device-token-of-this-phone'));
  const setCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('gym_device='));
  expect(setCookie).toBeDefined();
  expect(setCookie).toMatch(/; HttpOnly/);
  expect(setCookie).toMatch(/; SameSite=Lax/);
  expect(setCookie).toMatch(/; Max-Age=34560000/);
  const pair = setCookie!.split(';')[0];
  // Signed: the value is not the bare token, and a changed value is not accepted.
  expect(pair).not.toBe('gym_device=device-token-of-this-phone');

  answers.set('/device', { body: { code: 1000, data: { id: 1, fullName: 'A' } } });
  await run(pair, (context) =>
    device
      .gatewayClient({ request: new Request('http://app.example/login'), context })(at('/device', profile))
      .then(() => undefined),
  );
  expect(lastSeen('/device')?.headers['x-device-token']).toBe('device-token-of-this-phone');

  const forged = `gym_device=${Buffer.from(JSON.stringify('someone-elses-token')).toString('base64')}`;
  const again = await run(forged, (context) =>
    device
      .gatewayClient({ request: new Request('http://app.example/login'), context })(at('/device', profile))
      .then(() => undefined),
  );
  expect(lastSeen('/device')?.headers['x-device-token']).toBeUndefined();
  expect(again.headers.getSetCookie().some((c) => c.startsWith('gym_device='))).toBe(false);
});

// Issue 9: the gateway believes x-client-ip only beside the shared secret the web server holds.
test('with GATEWAY_INTERNAL_SECRET the client IP goes with the secret; without it, no secret header', async () => {
  answers.set('/secret', { body: { code: 1000, data: {} } });
  process.env.GATEWAY_INTERNAL_SECRET = 'web-to-gateway-secret-0123456789abcdef';
  const withSecret = await loadClient({ GATEWAY_URL: gatewayUrl });
  delete process.env.GATEWAY_INTERNAL_SECRET;
  await (await callerFor(withSecret, { headers: { 'x-client-ip': '203.0.113.9' } })).call(at('/secret', z.object({})));
  expect(lastSeen('/secret')?.headers['x-internal-secret']).toBe('web-to-gateway-secret-0123456789abcdef');
  expect(lastSeen('/secret')?.headers['x-client-ip']).toBe('203.0.113.9');
  const without = await loadClient({ GATEWAY_URL: gatewayUrl });
  await (await callerFor(without)).call(at('/secret', z.object({})));
  expect(lastSeen('/secret')?.headers['x-internal-secret']).toBeUndefined();
});
