import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pino from 'pino';
import { inject } from 'vitest';
import { randomPhone } from './phones.ts';

export { randomPhone };
import { manualClock } from '#gateway/clock.ts';
import { loadGatewayConfig } from '#gateway/config.ts';
import { openDatabase, type DatabaseHandle } from '#gateway/db/client.ts';
import { seedDatabase } from '#gateway/db/seed.ts';
import { createGatewayApp } from '#gateway/http/app.ts';
import type { PushSender } from '#gateway/providers/push/port.ts';
import { createSandboxPushSender } from '#gateway/providers/push/sandbox.ts';
import { resolveVapidKeys } from '#gateway/providers/push/vapid.ts';
import { createSandboxSmsSender } from '#gateway/providers/sms/sandbox.ts';
import type { SmsSender } from '#gateway/providers/sms/port.ts';

/** The web server's shared secret in tests (GATEWAY_INTERNAL_SECRET); not a real one. */
export const TEST_INTERNAL_SECRET = 'test-internal-secret-0123456789abcdef';

/**
/**
 * A new database on TEST_DATABASE_URL and how to drop it: empty (no migrations applied), or a copy
 * of `template` (the run's migrated database, vitest-global-setup.ts). The drop waits until the
 * test's pools have closed their sockets first (pool.end() resolves before they have; forcing the
 * drop while they close kills them with 57P01, an unhandled error in the test run).
 */
export async function emptyPostgresDatabase(
  adminUrl: string,
  template?: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const { default: pg } = await import('pg');
  const name = `gym_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const drop = new pg.Client({ connectionString: adminUrl });
      await drop.connect();
      for (let i = 0; i < 50; i++) {
        const { rows } = await drop.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await drop.query(`drop database if exists ${name} with (force)`);
      await drop.end();
    },
  };
}

/**
 * A fresh database per test file: in-memory PGlite, or a new database on TEST_DATABASE_URL. Both
 * start from the run's migrated copy (vitest-global-setup.ts); the migrations still run, finding nothing to do.
 */
export async function freshDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const migrationsDir = 'gateway/db/migrations';
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const snapshot = inject('pgliteSnapshot');
    return openDatabase({
      kind: 'pglite',
      migrationsDir,
      loadDataDir: snapshot ? new Blob([readFileSync(snapshot)]) : undefined,
    });
  }
  const copy = await emptyPostgresDatabase(adminUrl, inject('postgresTemplate') || undefined);
  const handle = await openDatabase({ kind: 'postgres', url: copy.url, migrationsDir });
  return {
    ...handle,
    url: copy.url,
    close: async () => {
      await handle.close();
      await copy.drop();
    },
  };
}

type CallOptions = {
  json?: unknown;
  body?: BodyInit;
  token?: string;
  lang?: 'vi' | 'en';
  ip?: string;
  headers?: Record<string, string>;
};

export type TestGateway = Awaited<ReturnType<typeof startTestGateway>>;

export async function startTestGateway(
  options: {
    sms?: (fallback: SmsSender) => SmsSender;
    push?: (fallback: PushSender) => PushSender;
    env?: Record<string, string>;
    /** Another database than the fresh one per file (the fault tests bring their own server). */
    database?: () => Promise<DatabaseHandle>;
    /** Readiness after the start (ADR 068); absent: ready. */
    warm?: () => boolean;
  } = {},
) {
  const handle = await (options.database ?? freshDatabase)();
  // Without the demo visit history (thousands of rows): tests make the visits they read.
  await seedDatabase(handle.db, new Date(), { visitHistory: false });
  const clock = manualClock();
  const config = loadGatewayConfig({
    SANDBOX: 'true',
    LOG_LEVEL: 'silent',
    GATEWAY_INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    // A photo's reading is bounded at 20 s in production; a suite on a busy 2-core runner (CI's
    // journeys beside it) can take longer, and the reading would answer 103 "unreadable". The
    // limit has its own test (inbody/routes.test.ts, 800 ms).
    INBODY_OCR_TIMEOUT_MS: '120000',
    ...options.env,
  });
  const sandboxSms = createSandboxSmsSender(handle.db);
  const sms = options.sms ? options.sms(sandboxSms) : sandboxSms;
  const sandboxPush = createSandboxPushSender(handle.db, (await resolveVapidKeys(config, handle.db)).publicKey);
  const push = options.push ? options.push(sandboxPush) : sandboxPush;
  const logger = pino({ level: 'silent' });
  // The sandboxes' outgoing calls (a simulated bank webhook to our own endpoint) come straight back into this app.
  const loopback: typeof globalThis.fetch = (input, init) =>
    Promise.resolve(app.request(input instanceof Request ? input : String(input), init));
  const app = createGatewayApp({
    db: handle.db,
    clock,
    sms,
    push,
    config,
    logger,
    fetch: loopback,
    warm: options.warm,
  });

  async function call(method: string, path: string, { json, body, token, lang, ip, headers = {} }: CallOptions = {}) {
    // As the web server calls: the member's address, vouched for by the shared secret.
    const init: RequestInit = {
      method,
      headers: { 'x-client-ip': ip ?? '203.0.113.7', 'x-internal-secret': TEST_INTERNAL_SECRET, ...headers },
    };
    const h = init.headers as Record<string, string>;
    if (lang) h['accept-language'] = lang;
    if (token) h.authorization = `Bearer ${token}`;
    if (json !== undefined) {
      h['content-type'] = 'application/json';
      init.body = JSON.stringify(json);
    } else if (body !== undefined) {
      init.body = body;
    }
    const response = await app.request(path, init);
    const text = await response.text();
    let parsed: any;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { status: response.status, body: parsed, headers: response.headers };
  }

  /** The newest code the sandbox SMS outbox holds for this phone. */
  async function latestOtp(phone: string): Promise<string> {
    const { body } = await call('GET', `/sandbox/sms?phone=${phone}`);
    const text: string | undefined = body.data?.[0]?.text;
    const code = text?.match(/\b(\d{4})\b/)?.[1];
    if (!code) throw new Error(`no OTP in the outbox for ${phone}`);
    return code;
  }

  /** Signs a fresh member up through the public API and returns its token. */
  async function signUp(phone = randomPhone(), extra: { referralCode?: string; lang?: 'vi' | 'en' } = {}) {
    // Each member from their own phone's address, so many sign-ups stay under the per-IP OTP limit.
    const ip = `198.51.100.${1 + (Number(phone.slice(-4)) % 254)}`;
    await call('POST', '/api/v1/auth/otp/send', { ip, json: { phoneNumber: phone } });
    const login = await call('POST', '/api/v1/auth/otp/login', {
      json: { phoneNumber: phone, otp: await latestOtp(phone) },
    });
    const registered = await call('POST', '/api/v1/auth/register', {
      lang: extra.lang,
      json: {
        phoneNumber: phone,
        verifyToken: login.body.data.verifyToken,
        fullName: ' ',
        referralCode: extra.referralCode,
      },
    });
    if (registered.body.code !== 1003) throw new Error(`sign-up failed: ${JSON.stringify(registered.body)}`);
    clock.advance(31_000);
    return {
      phone,
      token: registered.body.data.token as string,
      profile: registered.body.data.profile,
      /** The sign-up phone's device token (ADR 017), as the web server keeps it in its device cookie. */
      deviceToken: registered.body.data.deviceToken as string,
    };
  }

  return { app, db: handle.db, clock, push, logger, call, latestOtp, signUp, close: handle.close };
}
