import { timeStepOf } from '#api/check-in.ts';
import { classBookings } from '#gateway/db/schema/index.ts';
import { openDatabase } from '#gateway/db/client.ts';
import { drawCheckInCode } from '#gateway/modules/check-in/code.ts';
import { DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { freshDatabase, randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { classSessionIn } from '#tests/support/classes.ts';
import { memberWithPlan } from '#tests/support/membership.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 19 §1 (ADR 053): the gateway is stateless. Two replicas — two apps, each with its own pool
// on one PostgreSQL database (TEST_DATABASE_URL; on PGlite both share the one embedded database) —
// must not differ for a member bounced between them, and an attacker gains nothing by using both:
// the session, OTP attempts, the 30 s resend rule, a check-in code's single use and a class's
// capacity all live in the database.

let a: TestGateway;
let b: TestGateway;
let clubId: number;

beforeAll(async () => {
  const fresh = await freshDatabase();
  // The same secrets on both, as the cluster sets them (a VNPAY link signed by one is checked by the other).
  const env = {
    VNPAY_HASH_SECRET: 'replicas-test-hash-secret-0123456789',
    BANK_WEBHOOK_SECRET: 'replicas-test-webhook-secret-012345',
  };
  a = await startTestGateway({ database: async () => fresh, env });
  const second = fresh.url
    ? await openDatabase({ kind: 'postgres', url: fresh.url, migrationsDir: 'gateway/db/migrations' })
    : { ...fresh, close: async () => {} };
  b = await startTestGateway({ database: async () => second, env });
  clubId = (await clubAt(a, 0)).id;
}, timeLimit(60_000));
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const wrongCode = (code: string) => (code === '0000' ? '0001' : '0000');
/** Real replicas read one time (NTP); the test's two manual clocks are set to one. */
const sameTime = () => b.clock.set(a.clock.now());

describe('two gateway replicas on one database', () => {
  beforeEach(sameTime);

  test('a member signed in on one reads on the other; signed out on one, refused on the other once its 5 s token cache passes (ADR 023)', async () => {
    const member = await a.signUp();
    const onB = await b.call('GET', '/api/v1/auth/profile', { token: member.token });
    expect([onB.status, onB.body.data.phoneNumber]).toEqual([200, member.phone]);
    expect((await a.call('POST', '/api/v1/auth/logout', { token: member.token })).body.code).toBe(1000);
    expect((await a.call('GET', '/api/v1/auth/profile', { token: member.token })).status).toBe(401);
    a.clock.advance(5_001);
    sameTime();
    expect((await b.call('GET', '/api/v1/auth/profile', { token: member.token })).status).toBe(401);
  });

  test('OTP: a second send on the other replica within 30 s is refused; wrong codes spread over both count as one series', async () => {
    const phone = randomPhone();
    expect((await a.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone } })).body.code).toBe(1001);
    expect((await b.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone } })).body.code).toBe(
      'LIMIT_30_SECONDS',
    );
    const code = await a.latestOtp(phone);
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          await (i % 2 ? b : a).call('POST', '/api/v1/auth/otp/login', {
            json: { phoneNumber: phone, otp: wrongCode(code) },
          })
        ).body,
      );
    expect(answers.slice(0, 4).map((body) => body.data?.attemptsLeft)).toEqual([4, 3, 2, 1]);
    expect(answers[4].code).toBe('OTP_NOT_VALID');
    // The fifth wrong try voided the code on both.
    expect(
      (await b.call('POST', '/api/v1/auth/otp/login', { json: { phoneNumber: phone, otp: code } })).body.code,
    ).toBe('OTP_NOT_VALID');
  });

  test('a check-in code scanned at a door served by one replica is refused as used by the other, even at the same moment', async () => {
    const member = await memberWithPlan(a, clubId);
    const device = await b.call('POST', '/api/v1/member/check-in/devices', {
      token: member.token,
      json: { label: 'Android' },
    });
    const key = Buffer.from(device.body.data.key as string, 'base64url');
    const code = drawCheckInCode(key, member.id, device.body.data.deviceId as string, timeStepOf(a.clock.now()));
    // One desk session (signed in on one replica) scanning through both, as the balancer spreads it.
    const desk = await staffLogin(a, DEMO_STAFF_PHONE);
    const scans = await Promise.all([
      a.call('POST', '/api/v1/staff/check-in', { token: desk, json: { code, clubId } }),
      b.call('POST', '/api/v1/staff/check-in', { token: desk, json: { code, clubId } }),
    ]);
    expect(scans.map((s) => s.status).sort()).toEqual([200, 409]);
    expect(scans.map((s) => s.body.code)).toContain('CHECK_IN_CODE_USED');
  });

  test('the last spot of a class, wanted through both replicas at once: one booking, the rest full', async () => {
    const made = await classSessionIn(a, clubId, 6 * 3_600_000, 1);
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await memberWithPlan(a, clubId));
    const answers = await Promise.all(
      members.map((m, i) =>
        (i % 2 ? b : a).call('POST', `/api/v1/member/classes/${String(made.id)}/booking`, {
          token: m.token,
          json: { joinWaitlist: false },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.body.code === 'CLASS_FULL')).toHaveLength(5);
    const booked = await a.db
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.sessionId, made.id), eq(classBookings.status, 'BOOKED')));
    expect(booked).toHaveLength(1);
  });
});
