import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import webpush from 'web-push';
import { makeSelfSignedSealKey } from '#gateway/providers/e-seal/seal.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { allEndpoints } from '#api/endpoints/index.ts';
import { routedEndpoints } from '#gateway/http/route.ts';
import { classSessions, clubs, paymentPlans, workoutTypes } from '#gateway/db/schema/index.ts';
import { readWorkoutContent, syncWorkoutContent } from '#gateway/modules/workouts/content-sync.ts';
import type { SmsMessage } from '#gateway/providers/sms/port.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const ZERO_ID = '0'.repeat(32);

/** What a member or a client developer must never see in an error answer. */
function expectNoInternals(text: string) {
  expect(text).not.toMatch(/^\s*at /m); // stack frames
  expect(text).not.toMatch(/\bat .+:\d+:\d+/); // "at fn (file:line:col)"
  expect(text).not.toMatch(/\/work\/|node_modules|file:\/\/|\.ts:\d+|\.js:\d+/);
  expect(text).not.toMatch(/<html|<!doctype/i);
  expect(text).not.toMatch(/SyntaxError|TypeError|ZodError|HTTPException|Unexpected token/);
}

async function raw(method: string, path: string, init: { body?: BodyInit; headers?: Record<string, string> } = {}) {
  const response = await gw.app.request(path, { method, body: init.body, headers: init.headers });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

// ---------------------------------------------------------------------------------------------
// Unknown routes: JSON, never HTML.

test.each([
  ['GET', '/'],
  ['GET', '/nope'],
  ['GET', '/api/v1'],
  ['GET', '/api/v1/nope'],
  ['POST', '/api/v1/auth/nope'],
  ['DELETE', '/api/v1/auth/profile'],
  ['PATCH', '/api/v1/account/setting/update'],
  ['GET', '/api/v1/media/not-a-media-id'],
  ['GET', `/api/v1/media/${ZERO_ID.toUpperCase().replace(/0/g, 'A')}`],
  ['GET', '/api/v2/auth/profile'],
  ['GET', '/api/v1/auth/profile/../../../etc/passwd'],
])('%s %s → 404 JSON with code NOT_FOUND', async (method, path) => {
  const res = await raw(method, path);
  expect(res.status).toBe(404);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(res.text);
  expect(body.code).toBe('NOT_FOUND');
  expect(body.message).toEqual(expect.any(String));
  expectNoInternals(res.text);
});

// ---------------------------------------------------------------------------------------------
// Bodies that are not what the route wants: 400 code 2, never 500, never internals.

// Too long for any field, yet under the 64 KB JSON limit: the schemas must refuse it.
const huge = 'x'.repeat(20_000);
const oversized = 'x'.repeat(1_000_000);

test.each([
  ['malformed JSON', '{"phoneNumber": "0901234567"', 'application/json'],
  ['JSON with a trailing comma', '{"phoneNumber": "0901234567",}', 'application/json'],
  ['a JSON array', '["0901234567"]', 'application/json'],
  ['a JSON string', '"0901234567"', 'application/json'],
  ['a JSON number', '901234567', 'application/json'],
  ['JSON null', 'null', 'application/json'],
  ['JSON true', 'true', 'application/json'],
  ['an empty body', '', 'application/json'],
  ['only whitespace', '   \n ', 'application/json'],
  ['JSON as text/plain', '{"phoneNumber": "0901234567"}', 'text/plain'],
  ['a form body', 'phoneNumber=0901234567', 'application/x-www-form-urlencoded'],
  ['no content type at all', '{"phoneNumber": "0901234567"}', undefined],
  ['a 20 KB phone number', JSON.stringify({ phoneNumber: huge }), 'application/json'],
  ['a phone number that is an object', '{"phoneNumber": {"$gt": ""}}', 'application/json'],
  [
    'a phone number nested 10 000 arrays deep',
    `{"phoneNumber": ${'['.repeat(10_000)}${']'.repeat(10_000)}}`,
    'application/json',
  ],
  [
    '__proto__ keys',
    '{"__proto__": {"phoneNumber": "0901234567"}, "constructor": {"prototype": {}}}',
    'application/json',
  ],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), 'application/json'],
] as const)('POST otp/send with %s → 400 code 2', async (_name, body, contentType) => {
  const res = await raw('POST', '/api/v1/auth/otp/send', {
    body: body as BodyInit,
    headers: contentType ? { 'content-type': contentType } : {},
  });
  expect(res.status).toBe(400);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(JSON.parse(res.text).code).toBe(2);
  expectNoInternals(res.text);
});

test.each([
  [
    'register with a 20 KB name',
    '/api/v1/auth/register',
    { phoneNumber: randomPhone(), verifyToken: 'v'.repeat(43), fullName: huge },
  ],
  ['register with a 20 KB sign-up ticket', '/api/v1/auth/register', { phoneNumber: randomPhone(), verifyToken: huge }],
  [
    'register with a 20 KB referral code',
    '/api/v1/auth/register',
    { phoneNumber: randomPhone(), verifyToken: 'v'.repeat(43), referralCode: huge },
  ],
  ['login with a 20 KB code', '/api/v1/auth/otp/login', { phoneNumber: randomPhone(), otp: huge }],
  [
    'login with 50 extra fields',
    '/api/v1/auth/otp/login',
    Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`f${i}`, huge.slice(0, 1000)])),
  ],
])('%s → 400 code 2 with field errors', async (_name, path, json) => {
  const res = await gw.call('POST', path, { json });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(2);
  expect(Object.keys(res.body.data.fieldErrors).length).toBeGreaterThan(0);
  expectNoInternals(JSON.stringify(res.body));
});

test('a malformed JSON body to a member route with a valid token → 400 code 2', async () => {
  const { token } = await gw.signUp();
  const res = await gw.call('PUT', '/api/v1/auth/profile', {
    token,
    body: '{"fullName": ',
    headers: { 'content-type': 'application/json' },
  });
  expect(res.status).toBe(400);
  expect(res.body.code).toBe(2);
});

test('the 400 of a malformed body is localized like everything else', async () => {
  const vi = await gw.call('POST', '/api/v1/auth/otp/send', {
    body: '{',
    headers: { 'content-type': 'application/json' },
  });
  const en = await gw.call('POST', '/api/v1/auth/otp/send', {
    body: '{',
    lang: 'en',
    headers: { 'content-type': 'application/json' },
  });
  expect(vi.body.message).toBe('Thông tin chưa hợp lệ, vui lòng kiểm tra lại.');
  expect(en.body.message).toBe('Some details are not valid. Please check and try again.');
});

// ---------------------------------------------------------------------------------------------
// Headers on every answer.

test.each([
  ['GET', '/healthz'],
  ['GET', '/readyz'],
  ['GET', '/api/v1/openapi.json'],
  ['GET', '/api/v1/general/version'],
  ['GET', '/api/v1/nope'],
  ['GET', `/api/v1/media/${ZERO_ID}`],
  ['GET', '/api/v1/auth/profile'],
  ['POST', '/api/v1/auth/otp/send'],
  ['GET', '/sandbox/sms?phone=abc'],
])('%s %s carries x-request-id and nosniff', async (method, path) => {
  const res = await raw(method, path, {
    headers: { 'content-type': 'application/json' },
    body: method === 'GET' ? undefined : '{',
  });
  expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,64}$/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
});

test('each request gets its own id; a well-formed incoming x-request-id is kept, a bad one replaced', async () => {
  const a = await raw('GET', '/healthz');
  const b = await raw('GET', '/healthz');
  expect(a.headers.get('x-request-id')).not.toBe(b.headers.get('x-request-id'));

  const kept = await raw('GET', '/healthz', { headers: { 'x-request-id': 'bff-7f3a9c2e-0001' } });
  expect(kept.headers.get('x-request-id')).toBe('bff-7f3a9c2e-0001');

  for (const bad of ['short', 'has spaces in it ok', 'x'.repeat(65), '<script>alert(1)</script>', '../../etc/passwd']) {
    const replaced = await raw('GET', '/healthz', { headers: { 'x-request-id': bad } });
    expect(replaced.headers.get('x-request-id')).not.toBe(bad);
    expect(replaced.headers.get('x-request-id')).toMatch(/^[\w-]{8,64}$/);
  }
});

test("a member's own data is never cached; the version setting is publicly cacheable", async () => {
  const { token } = await gw.signUp();
  const profile = await gw.call('GET', '/api/v1/auth/profile', { token });
  expect(profile.headers.get('cache-control')).toBe('no-store');
  const refused = await gw.call('GET', '/api/v1/auth/profile');
  expect(refused.headers.get('cache-control')).toBe('no-store');

  const version = await gw.call('GET', '/api/v1/general/version', { lang: 'en' });
  expect(version.status).toBe(200);
  expect(version.body.code).toBe(1000);
  expect(version.body.data).toEqual({ settingValueVi: '1.0.0', settingValueEn: '1.0.0' });
  expect(version.headers.get('cache-control')).toMatch(/^public\b.*max-age=\d+/);
});

// ---------------------------------------------------------------------------------------------
// Health.

test.each([
  ['/healthz', { status: 'ok' }],
  ['/readyz', { status: 'ready' }],
])('%s answers 200 %j', async (path, body) => {
  const res = await gw.call('GET', path);
  expect(res.status).toBe(200);
  expect(res.body).toEqual(body);
});

// ---------------------------------------------------------------------------------------------
// The OpenAPI document.

type OpenApi = {
  openapi: string;
  info: { title: string; version: string };
  components?: { securitySchemes?: Record<string, unknown> };
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        security?: Array<Record<string, unknown>>;
        parameters?: Array<{ name: string; in: string; required?: boolean }>;
        requestBody?: { content: Record<string, unknown> };
        responses: Record<string, { description: string; content?: Record<string, unknown> }>;
      }
    >
  >;
};

async function openApi(): Promise<OpenApi> {
  const res = await gw.call('GET', '/api/v1/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.body as OpenApi;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

async function operations() {
  const doc = await openApi();
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, op]) => ({ path, method, op })),
  );
}

test('/api/v1/openapi.json is an OpenAPI 3.1 document with described operations', async () => {
  const doc = await openApi();
  expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
  expect(doc.info.title.trim()).not.toBe('');
  expect(doc.info.version.trim()).not.toBe('');
  const ops = await operations();
  expect(ops.length).toBeGreaterThanOrEqual(10);
  for (const { path, method, op } of ops) {
    expect(path).toMatch(/^\/api\/v1\//);
    expect(HTTP_METHODS).toContain(method);
    expect(op.summary?.trim()).toBeTruthy();
    expect(Object.keys(op.responses).length).toBeGreaterThan(0);
    for (const response of Object.values(op.responses)) expect(typeof response.description).toBe('string');
    for (const requirement of op.security ?? []) {
      for (const scheme of Object.keys(requirement)) expect(doc.components?.securitySchemes).toHaveProperty(scheme);
    }
  }
});

test('every path template {name} of the OpenAPI document declares its path parameter (OAS 3.1 Path Templating: a MUST)', async () => {
  const doc = await openApi();
  for (const [path, item] of Object.entries(doc.paths)) {
    const names = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
    for (const [method, op] of Object.entries(item)) {
      for (const name of names) {
        const declared = [
          ...((item as { parameters?: OpenApi['paths'][string][string]['parameters'] }).parameters ?? []),
          ...(op.parameters ?? []),
        ];
        expect(declared, `${method.toUpperCase()} ${path} declares {${name}}`).toContainEqual(
          expect.objectContaining({ name, in: 'path', required: true }),
        );
      }
    }
  }
});

test('the media operation documents what it really answers: image bytes', async () => {
  const doc = await openApi();
  const media = doc.paths['/api/v1/media/{id}']?.get;
  expect(media).toBeDefined();
  expect(Object.keys(media!.responses['200']?.content ?? {})).toContain('image/webp');
});

test('every operation the OpenAPI document lists is routed, and its security matches the real check', async () => {
  // A real media id, so the media route can prove it is there with a 200.
  const { token } = await gw.signUp();
  const png = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#000' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new File([png], 'a.png'));
  const upload = await gw.call('PUT', '/api/v1/auth/profile/avatar', { token, body: form });
  const mediaId = String(upload.body.data.avatarUrl).split('/').pop()!;
  const [club] = await gw.db.select({ id: clubs.id }).from(clubs).limit(1);
  const [plan] = await gw.db
    .select({ id: paymentPlans.id })
    .from(paymentPlans)
    .where(eq(paymentPlans.clubId, club.id))
    .limit(1);
  await gw.call('GET', '/api/v1/global/classes'); // the timetable's first read makes the sessions
  const [session] = await gw.db.select({ id: classSessions.id }).from(classSessions).limit(1);

  // Workout content is copied in at the gateway's start, not by the seed (ADR 041).
  await syncWorkoutContent(gw.db, readWorkoutContent('gateway/modules/workouts/content'));
  const [cover] = await gw.db.select({ url: workoutTypes.coverUrl }).from(workoutTypes).limit(1);
  const drawing = cover.url.split('/').slice(-2).join('/');

  const ops = await operations();
  for (const { path, method, op } of ops) {
    const label = `${method.toUpperCase()} ${path}`;
    if (path === '/api/v1/media/{id}') {
      const found = await raw(method.toUpperCase(), path.replace('{id}', mediaId));
      expect(found.status, label).toBe(200);
      const missing = await gw.call(method.toUpperCase(), path.replace('{id}', ZERO_ID));
      expect(missing.status, label).toBe(404);
      expect(missing.body.code, label).toBe('NOT_FOUND');
      continue;
    }
    // Other path parameters: a value that exists (a slug, a seeded club) or one that needs a token first.
    const res = await gw.call(
      method.toUpperCase(),
      path
        .replace('{hash}/{file}', drawing)
        .replace('{typeId}', '1')
        .replace('{lessonId}', '101')
        .replace('{slug}', 'about')
        .replace('{clubId}', String(club.id))
        .replace('{paymentPlanId}', String(plan.id))
        .replace('{sessionId}', String(session.id))
        .replace('{id}', ZERO_ID),
    );
    expect(res.body.code, label).not.toBe('NOT_FOUND');
    expect(res.status, label).toBeLessThan(500);
    const schemes = (op.security ?? []).flatMap((requirement) => Object.keys(requirement));
    // `{}` among the requirements: the token is optional (OAS 3.1 Security Requirement Object).
    const optional = (op.security ?? []).some((requirement) => Object.keys(requirement).length === 0);
    const needsToken = schemes.includes('bearer') && !optional;
    if (schemes.length > 0 && !needsToken && !optional) {
      // Webhooks: refused without the provider's signature or key.
      expect(res.status, label).toBe(401);
      expect(res.body.code, label).toBe(552);
    } else if (needsToken) {
      expect(res.status, label).toBe(401);
      expect(res.body.code, label).toBe(-1);
    } else {
      expect(res.status, label).not.toBe(401);
    }
  }
});

test('every /api/v1 route the app serves comes from a declaration, and every declaration is routed (ADR 078)', async () => {
  const key = (e: { method: string; path: string }) => `${e.method} ${e.path}`;
  const declared = new Set(allEndpoints.map(key));
  const routed = new Set([...routedEndpoints].map(key));
  const served = new Set(
    gw.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/v1/') && r.path !== '/api/v1/openapi.json')
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)(\{.*?\})?(?=\/|$)/g, '{$1}')}`),
  );
  expect(served.size).toBeGreaterThan(0);
  // Hono serves nothing under /api/v1 that was not registered through route() from a declaration…
  for (const route of served) expect(routed, route).toContain(route);
  // …and every declaration is served, once.
  for (const endpoint of declared) expect(served, endpoint).toContain(endpoint);
  expect(declared.size, 'two declarations of one method and path').toBe(allEndpoints.length);
  // The OpenAPI document is generated from the same declarations.
  const documented = new Set((await operations()).map(({ path, method }) => `${method.toUpperCase()} ${path}`));
  expect(documented).toEqual(declared);
});

// ---------------------------------------------------------------------------------------------
// Localization by Accept-Language.

test.each([
  [undefined, 'vi'],
  ['vi', 'vi'],
  ['vi-VN,vi;q=0.9,en;q=0.8', 'vi'],
  ['en', 'en'],
  ['en-US,en;q=0.9', 'en'],
  ['EN-gb', 'en'],
  ['fr-FR', 'vi'],
  ['', 'vi'],
])('Accept-Language %j answers in %s', async (acceptLanguage, lang) => {
  const headers: Record<string, string> = acceptLanguage === undefined ? {} : { 'accept-language': acceptLanguage };
  const notFound = await gw.call('GET', '/api/v1/nope', { headers });
  const expired = await gw.call('GET', '/api/v1/auth/profile', { headers });
  if (lang === 'en') {
    expect(notFound.body.message).toBe("We couldn't find what you were looking for.");
    expect(expired.body.message).toBe('Login session expired');
  } else {
    expect(notFound.body.message).toBe('Không tìm thấy nội dung bạn yêu cầu.');
    expect(expired.body.message).toBe('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại.');
  }
});

// ---------------------------------------------------------------------------------------------
// Sandbox off: no sandbox windows, the real provider carries the code.

test('with SANDBOX=false the sandbox SMS window is not routed, and codes go through the real provider', async () => {
  const delivered: SmsMessage[] = [];
  const vapid = webpush.generateVAPIDKeys();
  const prod = await startTestGateway({
    env: {
      SANDBOX: 'false',
      SMS_PROVIDER: 'esms',
      ESMS_API_KEY: 'dummy-key',
      ESMS_SECRET_KEY: 'dummy-secret',
      ESMS_BRANDNAME: 'GYMCLUB',
      PUSH_PROVIDER: 'webpush',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:ops@vietfit.example',
      FPT_AI_API_KEY: 'dummy-fpt-api-key-0123',
      VNPAY_HASH_SECRET: 'test-hash-secret-0123456789',
      VNPAY_PAY_URL: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
      BANK_WEBHOOK_SECRET: 'test-webhook-secret-0123456789',
      // The chain's seal (ADR 047): any PKCS#12 of the right shape; nothing is sealed in this test.
      E_SEAL_P12_BASE64: (await makeSelfSignedSealKey('Test chain', 'test-pass', new Date())).p12.toString('base64'),
      E_SEAL_PASSPHRASE: 'test-pass',
    },
    sms: () => ({
      name: 'recorder',
      send: async (message) => {
        delivered.push(message);
      },
    }),
  });
  try {
    const phone = randomPhone();
    for (const [method, path] of [
      ['GET', `/sandbox/sms?phone=${phone}`],
      ['GET', '/sandbox/sms'],
      ['POST', '/sandbox/sms'],
      ['GET', `/sandbox/push?phone=${phone}`],
      ['POST', '/sandbox/notifications'],
      ['PUT', '/sandbox/gift'],
      ['PUT', '/sandbox/app-version'],
    ] as const) {
      const res = await prod.call(method, path);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }

    const sent = await prod.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone } });
    expect(sent.body.code).toBe(1001);
    expect(delivered).toHaveLength(1);
    expect(delivered[0]?.phone).toBe(phone);
    const code = delivered[0]?.text.match(/\b(\d{4})\b/)?.[1];
    expect(code).toBeDefined();
    // The code is never in the HTTP answer outside the sandbox.
    expect(JSON.stringify(sent.body)).not.toContain(code);
    const login = await prod.call('POST', '/api/v1/auth/otp/login', { json: { phoneNumber: phone, otp: code } });
    expect(login.body.code).toBe(200); // a new phone: sign-up ticket
    expect(login.body.data.verifyToken).toEqual(expect.any(String));
  } finally {
    await prod.close();
  }
});

// ---------------------------------------------------------------------------------------------
// The SMS provider fails.

test('an SMS provider that throws → 503 code 4 with a description; asking again is allowed at once', async () => {
  let attempts = 0;
  const broken = await startTestGateway({
    sms: () => ({
      name: 'broken',
      send: async () => {
        attempts++;
        throw new Error('smsc-link-down at 10.0.0.7:2775');
      },
    }),
  });
  try {
    const phone = randomPhone();
    for (const lang of ['en', 'vi'] as const) {
      const res = await broken.call('POST', '/api/v1/auth/otp/send', { lang, json: { phoneNumber: phone } });
      expect(res.status).toBe(503);
      expect(res.body.code).toBe(4);
      expect(res.body.description).toEqual(expect.any(Object));
      expect(res.body.description.code ?? res.body.description.message).toBeDefined();
      expect(res.body.message).toEqual(expect.any(String));
      expect(res.body.message.trim()).not.toBe('');
      const text = JSON.stringify(res.body);
      expect(text).not.toContain('smsc-link-down');
      expect(text).not.toContain('10.0.0.7');
      expectNoInternals(text);
    }
    // Two sends, both tried: the failed first one left no 30-second lock behind.
    expect(attempts).toBe(2);
    // No code was stored that someone could guess.
    expect(
      (await broken.call('POST', '/api/v1/auth/otp/login', { json: { phoneNumber: phone, otp: '1234' } })).body.code,
    ).toBe('OTP_NOT_VALID');
  } finally {
    await broken.close();
  }
});

test('after a failed delivery the member asks again at once and signs in with the new code', async () => {
  let failNext = true;
  const flaky = await startTestGateway({
    sms: (sandbox) => ({
      name: 'flaky',
      send: async (message) => {
        if (failNext) {
          failNext = false;
          throw new Error('down');
        }
        await sandbox.send(message);
      },
    }),
  });
  try {
    const phone = randomPhone();
    const first = await flaky.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone } });
    expect(first.status).toBe(503);
    expect(first.body.code).toBe(4);
    const second = await flaky.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone } });
    expect(second.status).toBe(200);
    expect(second.body.code).toBe(1001);
    const login = await flaky.call('POST', '/api/v1/auth/otp/login', {
      json: { phoneNumber: phone, otp: await flaky.latestOtp(phone) },
    });
    expect(login.body.code).toBe(200);
    // And the 30-second rule applies again after the successful send.
    const third = await flaky.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone } });
    expect(third.status).toBe(429);
    expect(third.body.code).toBe('LIMIT_30_SECONDS');
  } finally {
    await flaky.close();
  }
});

// ---------------------------------------------------------------------------------------------
// The database goes away: 503 code 1 (ADR 015) with a request id, no internals; readiness says so.

test('with the database gone: /readyz answers 503 and a read answers 503 code 1 with the request id', async () => {
  const doomed = await startTestGateway();
  await doomed.close();

  const ready = await doomed.call('GET', '/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body.status).not.toBe('ready');

  const healthy = await doomed.call('GET', '/healthz');
  expect(healthy.status).toBe(200);

  for (const lang of ['en', 'vi'] as const) {
    const res = await doomed.call('GET', '/api/v1/general/version', { lang });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(res.body.code).toBe(1);
    expect(res.body.message).toBe(
      lang === 'en'
        ? 'Something went wrong. Please try again later.'
        : 'Hệ thống đang gặp sự cố, vui lòng thử lại sau.',
    );
    expect(res.body.requestId).toBe(res.headers.get('x-request-id'));
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expectNoInternals(JSON.stringify(res.body));
  }
});

test.each([
  ['a 1 MB JSON body', '/api/v1/auth/otp/send', { phoneNumber: oversized }],
  [
    '1 000 fields of 1 KB',
    '/api/v1/auth/otp/login',
    Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, oversized.slice(0, 1000)])),
  ],
])('%s is refused before it is parsed: 413 with code 2, never 500', async (_name, path, json) => {
  const res = await gw.call('POST', path, { json });
  expect(res.status).toBe(413);
  expect(res.body.code).toBe(2);
  expectNoInternals(JSON.stringify(res.body));
});
