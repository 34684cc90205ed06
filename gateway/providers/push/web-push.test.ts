import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest';
import { PushDeliveryError, type PushTarget } from './port.ts';
import { createWebPushSender, isKnownPushService, type WebPushConfig } from './web-push.ts';

const VAPID = webpush.generateVAPIDKeys();
const SUBJECT = 'mailto:ops@vietfit.example';
const TTL = 3600;
const b64url = (value: string) => Buffer.from(value, 'base64url');

// A browser's side of a subscription: its P-256 key pair and auth secret.
type Browser = { ecdh: ECDH; auth: Buffer; target: (endpoint: string) => PushTarget };
function browser(): Browser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    target: (endpoint) => ({
      endpoint,
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: auth.toString('base64url'),
    }),
  };
}

/** RFC 8291 decryption, as the browser does it: proves the payload is encrypted for this subscription. */
function decrypt(body: Buffer, receiver: Browser): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20];
  const senderKey = body.subarray(21, 21 + idLength);
  const cipherText = body.subarray(21 + idLength);
  const shared = receiver.ecdh.computeSecret(senderKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, receiver.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(cipherText.subarray(-16));
  const padded = Buffer.concat([decipher.update(cipherText.subarray(0, -16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

/** Checks the VAPID header (RFC 8292): the JWT is signed by k, for this origin, not expired. */
function checkVapid(header: string | undefined, origin: string, problems: string[]) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!match) {
    problems.push(`authorization ${header}`);
    return;
  }
  const [, jwt, k] = match;
  if (k !== VAPID.publicKey) problems.push('k is not the configured public key');
  const [head, claims, signature] = jwt.split('.');
  const point = b64url(k);
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    b64url(signature),
  );
  if (!signed) problems.push('JWT signature does not verify with k');
  if (JSON.parse(b64url(head).toString()).alg !== 'ES256') problems.push('alg is not ES256');
  const body = JSON.parse(b64url(claims).toString()) as { aud: string; exp: number; sub: string };
  if (body.aud !== origin) problems.push(`aud ${body.aud}, want ${origin}`);
  if (body.sub !== SUBJECT) problems.push(`sub ${body.sub}`);
  const now = Date.now() / 1000;
  if (!(body.exp > now && body.exp <= now + 24 * 3600)) problems.push(`exp ${body.exp} not within 24 h`);
}

type Received = { problems: string[]; path: string; plaintext?: string };
const received: Received[] = [];
let reply: number | 'hang' = 201;
let receiver: Browser;
let server: Server;
let origin: string;

function handle(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks);
    const problems: string[] = [];
    if (req.method !== 'POST') problems.push(`method ${req.method}`);
    if (req.headers['content-encoding'] !== 'aes128gcm')
      problems.push(`content-encoding ${req.headers['content-encoding']}`);
    if (req.headers.ttl !== String(TTL)) problems.push(`TTL ${req.headers.ttl}`);
    if (req.headers['content-type'] !== 'application/octet-stream')
      problems.push(`content-type ${req.headers['content-type']}`);
    checkVapid(req.headers.authorization, origin, problems);
    let plaintext: string | undefined;
    if (body.length === 0) problems.push('empty body');
    else {
      try {
        plaintext = decrypt(body, receiver);
      } catch {
        problems.push('body does not decrypt for the subscription');
      }
    }
    received.push({ problems, path: req.url ?? '', plaintext });
    if (reply === 'hang') return;
    res.writeHead(problems.length > 0 ? 400 : reply);
    res.end();
  });
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  received.length = 0;
  reply = 201;
  receiver = browser();
});

// The fake service is plain http on loopback; production allows only the known https services.
const sender = (overrides: Partial<WebPushConfig> = {}) =>
  createWebPushSender({
    publicKey: VAPID.publicKey,
    privateKey: VAPID.privateKey,
    subject: SUBJECT,
    timeoutMs: 2000,
    ttlSeconds: TTL,
    allowEndpoint: () => true,
    ...overrides,
  });

const payload = JSON.stringify({
  id: 'a'.repeat(32),
  title: 'Chào mừng bạn đến với VietFit!',
  body: 'Tài khoản đã sẵn sàng.',
  link: '/membership',
});

test('posts an aes128gcm body the subscription can decrypt, with TTL and a VAPID JWT for the endpoint origin', async () => {
  const push = sender();
  expect(push.name).toBe('webpush');
  expect(push.publicKey).toBe(VAPID.publicKey);
  const outcome = await push.send({ accountId: 1, target: receiver.target(`${origin}/push/v2/abc123`), payload });
  expect(outcome).toBe('sent');
  expect(received).toHaveLength(1);
  expect(received[0].problems).toEqual([]);
  expect(received[0].path).toBe('/push/v2/abc123');
  expect(received[0].plaintext).toBe(payload);
});

test.each([200, 202])('a %i answer counts as sent', async (status) => {
  reply = status;
  expect(await sender().send({ accountId: 1, target: receiver.target(`${origin}/s`), payload })).toBe('sent');
});

test.each([404, 410])('a %i answer reports the subscription gone', async (status) => {
  reply = status;
  expect(await sender().send({ accountId: 1, target: receiver.target(`${origin}/s`), payload })).toBe('gone');
  expect(received[0].problems).toEqual([]);
});

test.each([400, 413, 429, 500, 503])(
  'a %i answer rejects with PushDeliveryError carrying the status',
  async (status) => {
    reply = status;
    const error = await sender()
      .send({ accountId: 1, target: receiver.target(`${origin}/s`), payload })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PushDeliveryError);
    expect((error as PushDeliveryError).statusCode).toBe(status);
    expect(String(error)).not.toContain(payload);
  },
);

test('a service that never answers rejects within the timeout', async () => {
  reply = 'hang';
  const started = performance.now();
  const error = await sender({ timeoutMs: 300 })
    .send({ accountId: 1, target: receiver.target(`${origin}/s`), payload })
    .catch((e: unknown) => e);
  expect(error).toBeInstanceOf(PushDeliveryError);
  expect((error as Error).message).toMatch(/timed out/);
  expect(performance.now() - started).toBeLessThan(1500);
});

test('subscription keys that are not a P-256 point are refused before anything is sent', async () => {
  const target = { ...receiver.target(`${origin}/s`), p256dh: 'bm90LWEta2V5' };
  await expect(sender().send({ accountId: 1, target, payload })).rejects.toBeInstanceOf(PushDeliveryError);
  expect(received).toHaveLength(0);
});

test('by default only https endpoints of the known push services are called', async () => {
  const strict = sender({ allowEndpoint: undefined });
  for (const endpoint of [
    `${origin}/s`,
    'https://127.0.0.1/s',
    'https://fcm.googleapis.com.evil.example/s',
    'http://fcm.googleapis.com/fcm/send/x',
  ]) {
    await expect(strict.send({ accountId: 1, target: receiver.target(endpoint), payload }), endpoint).rejects.toThrow(
      /not a known push service/,
    );
  }
  expect(received).toHaveLength(0);
  for (const endpoint of [
    'https://fcm.googleapis.com/fcm/send/abc',
    'https://updates.push.services.mozilla.com/wpush/v2/abc',
    'https://wns2-par02p.notify.windows.com/w/?token=abc',
    'https://web.push.apple.com/QGx',
  ]) {
    expect(isKnownPushService(new URL(endpoint)), endpoint).toBe(true);
  }
});
