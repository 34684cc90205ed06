import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { createEsmsSender, type EsmsConfig } from './esms.ts';
import { SmsDeliveryError, type SmsMessage } from './port.ts';

const API_KEY = 'test-api-key-7F3A9C';
const SECRET_KEY = 'test-secret-key-Q8W2E4';
const BRANDNAME = 'GYMCLUB';
const SEND_PATH = '/MainService.svc/json/SendMultipleMessage_V4_post_json/';
const VIETNAMESE_OTP = 'Mã xác thực của bạn là 1234';
const ASCII_OTP = 'Ma xac thuc cua ban la 5678';

// What the fake server should answer next; each test sets it.
type Reply = { status: number; body: string; contentType?: string } | 'hang';

type Recorded = { problems: string[]; body: Record<string, unknown> | undefined };

let reply: Reply = { status: 200, body: '' };
let expected: { text: string; isUnicode: '0' | '1'; sandbox: '0' | '1'; phone: string; requestId: string } | undefined;
const recorded: Recorded[] = [];

// Validates the request the way eSMS would need it; problems are recorded and also turn the answer
// into a 400, so a malformed request can never look like a success.
function checkRequest(req: IncomingMessage, raw: string): Recorded {
  const problems: string[] = [];
  if (req.method !== 'POST') problems.push(`method ${req.method}`);
  if (req.url !== SEND_PATH) problems.push(`path ${req.url}`);
  if (!String(req.headers['content-type']).startsWith('application/json')) {
    problems.push(`content-type ${req.headers['content-type']}`);
  }
  let body: Record<string, unknown> | undefined;
  try {
    body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    problems.push('body is not JSON');
  }
  if (body && expected) {
    const want: Record<string, string> = {
      ApiKey: API_KEY,
      SecretKey: SECRET_KEY,
      Phone: expected.phone,
      Content: expected.text,
      Brandname: BRANDNAME,
      SmsType: '2',
      IsUnicode: expected.isUnicode,
      Sandbox: expected.sandbox,
      RequestId: expected.requestId,
    };
    for (const [key, value] of Object.entries(want)) {
      if (body[key] !== value) problems.push(`${key}=${JSON.stringify(body[key])}, want ${JSON.stringify(value)}`);
    }
    const extra = Object.keys(body).filter((key) => !(key in want));
    if (extra.length > 0) problems.push(`unexpected fields ${extra.join(',')}`);
  }
  return { problems, body };
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const record = checkRequest(req, Buffer.concat(chunks).toString('utf8'));
    recorded.push(record);
    if (reply === 'hang') return; // never answer
    if (record.problems.length > 0) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ CodeResult: '99', ErrorMessage: record.problems.join('; ') }));
      return;
    }
    res.writeHead(reply.status, { 'content-type': reply.contentType ?? 'application/json' });
    res.end(reply.body);
  });
}

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
});

beforeEach(() => {
  recorded.length = 0;
  reply = { status: 200, body: JSON.stringify({ CodeResult: '100', CountRegenerate: 0, SMSID: 'c5b8a3f0-esms-1' }) };
  expected = undefined;
});

function config(overrides: Partial<EsmsConfig> = {}): EsmsConfig {
  return {
    apiKey: API_KEY,
    secretKey: SECRET_KEY,
    brandname: BRANDNAME,
    baseUrl,
    sandbox: true,
    timeoutMs: 2000,
    ...overrides,
  };
}

function message(text: string, requestId = 'req-0001'): SmsMessage {
  return { phone: '0912345678', text, requestId };
}

function expectOk(text: string, isUnicode: '0' | '1', sandbox: '0' | '1', requestId = 'req-0001'): void {
  expected = { text, isUnicode, sandbox, phone: '0912345678', requestId };
}

async function rejection(promise: Promise<unknown>): Promise<SmsDeliveryError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SmsDeliveryError);
  return error as SmsDeliveryError;
}

function expectNoSecrets(error: Error, text: string): void {
  for (const shown of [error.message, String(error), JSON.stringify(error), error.stack ?? '']) {
    expect(shown).not.toContain(API_KEY);
    expect(shown).not.toContain(SECRET_KEY);
    expect(shown).not.toContain(text);
    expect(shown).not.toContain('1234');
  }
}

test('sends Vietnamese text as Unicode with every eSMS field and resolves on CodeResult "100"', async () => {
  expectOk(VIETNAMESE_OTP, '1', '1');
  const sender = createEsmsSender(config());
  expect(sender.name).toBe('esms');
  await expect(sender.send(message(VIETNAMESE_OTP))).resolves.toBeUndefined();
  expect(recorded).toHaveLength(1);
  expect(recorded[0]?.problems).toEqual([]);
});

test('sends ASCII text with IsUnicode "0" and Sandbox "0" in production mode', async () => {
  expectOk(ASCII_OTP, '0', '0', 'req-ascii');
  await createEsmsSender(config({ sandbox: false })).send(message(ASCII_OTP, 'req-ascii'));
  expect(recorded[0]?.problems).toEqual([]);
});

test('accepts a numeric CodeResult 100 and a trailing slash on baseUrl', async () => {
  expectOk(ASCII_OTP, '0', '1');
  reply = { status: 200, body: JSON.stringify({ CodeResult: 100, SMSID: 'numeric-1' }) };
  await createEsmsSender(config({ baseUrl: `${baseUrl}/` })).send(message(ASCII_OTP));
  expect(recorded[0]?.problems).toEqual([]);
});

const errorCodes: Array<[code: string | number, meaning: RegExp, providerCode: string]> = [
  ['101', /authentication failed/, '101'],
  ['104', /brandname/, '104'],
  ['124', /duplicate RequestId/, '124'],
  ['146', /template/, '146'],
  ['789', /unknown/, '789'],
  [101, /authentication failed/, '101'],
];

for (const [code, meaning, providerCode] of errorCodes) {
  test(`CodeResult ${JSON.stringify(code)} rejects with SmsDeliveryError naming it, providerCode ${providerCode}`, async () => {
    expectOk(VIETNAMESE_OTP, '1', '1');
    reply = { status: 200, body: JSON.stringify({ CodeResult: code, ErrorMessage: 'provider text' }) };
    const error = await rejection(createEsmsSender(config()).send(message(VIETNAMESE_OTP)));
    expect(error.message).toMatch(meaning);
    expect(error.message).toContain(providerCode);
    expect(error.providerCode).toBe(providerCode);
    expect(recorded[0]?.problems).toEqual([]);
    expectNoSecrets(error, VIETNAMESE_OTP);
  });
}

test('a server that never answers rejects within timeoutMs', async () => {
  expectOk(VIETNAMESE_OTP, '1', '1');
  reply = 'hang';
  const started = performance.now();
  const error = await rejection(createEsmsSender(config({ timeoutMs: 300 })).send(message(VIETNAMESE_OTP)));
  const elapsed = performance.now() - started;
  expect(elapsed).toBeGreaterThanOrEqual(250);
  expect(elapsed).toBeLessThan(1500);
  expect(error.message).toMatch(/timed out/);
  expect(error.providerCode).toBeUndefined();
  expectNoSecrets(error, VIETNAMESE_OTP);
});

test('a garbage (non-JSON) 200 body rejects', async () => {
  reply = { status: 200, body: '<html>502 Bad Gateway</html>', contentType: 'text/html' };
  const error = await rejection(createEsmsSender(config()).send(message(VIETNAMESE_OTP)));
  expect(error.message).toMatch(/not JSON/);
  expectNoSecrets(error, VIETNAMESE_OTP);
});

test('JSON without a CodeResult, or with a non-numeric one, rejects', async () => {
  reply = { status: 200, body: JSON.stringify({ SMSID: 'x' }) };
  await rejection(createEsmsSender(config()).send(message(ASCII_OTP)));
  reply = { status: 200, body: JSON.stringify({ CodeResult: 'ApiKey=leak <script>' }) };
  const error = await rejection(createEsmsSender(config()).send(message(ASCII_OTP)));
  expect(error.message).not.toContain('<script>');
});

test('a non-2xx answer rejects even if it carries CodeResult "100"', async () => {
  reply = { status: 500, body: JSON.stringify({ CodeResult: '100' }) };
  const error = await rejection(createEsmsSender(config()).send(message(VIETNAMESE_OTP)));
  expect(error.message).toMatch(/HTTP 500/);
  expectNoSecrets(error, VIETNAMESE_OTP);
});

test('a refused connection rejects with SmsDeliveryError without secrets', async () => {
  // Grab a free port, then close it so nothing listens there.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  const error = await rejection(
    createEsmsSender(config({ baseUrl: `http://127.0.0.1:${port}` })).send(message(VIETNAMESE_OTP)),
  );
  expect(error.message).toMatch(/network error/);
  expectNoSecrets(error, VIETNAMESE_OTP);
});

test('uses the injected fetch implementation', async () => {
  const calls: Array<[string, RequestInit | undefined]> = [];
  const fakeFetch: typeof fetch = async (input, init) => {
    calls.push([String(input), init]);
    return new Response(JSON.stringify({ CodeResult: '100', SMSID: 'injected' }), { status: 200 });
  };
  await createEsmsSender(config({ baseUrl: 'https://rest.esms.vn' }), fakeFetch).send(message(ASCII_OTP));
  expect(calls).toHaveLength(1);
  expect(calls[0]?.[0]).toBe(`https://rest.esms.vn${SEND_PATH}`);
  expect(calls[0]?.[1]?.signal).toBeInstanceOf(AbortSignal);
});
