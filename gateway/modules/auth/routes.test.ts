import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clubs } from '#gateway/db/schema/index.ts';
import { buyAndPay, plansOf } from '#tests/support/membership.ts';
import { DEMO_DESK_PHONE, DEMO_MEMBER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const send = (phoneNumber: string, ip?: string) =>
  gw.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber }, ip });
const login = (phoneNumber: string, otp: string) =>
  gw.call('POST', '/api/v1/auth/otp/login', { json: { phoneNumber, otp } });
const wrongCode = (code: string) => (code === '0000' ? '0001' : '0000');

describe('otp/send', () => {
  test('sends a 4-digit code to the sandbox outbox (1001), newest first', async () => {
    const phone = randomPhone();
    const res = await send(phone);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1001, data: { resendAfterSeconds: 30, expiresInSeconds: 300 } });
    const outbox = await gw.call('GET', `/sandbox/sms?phone=${phone}`);
    expect(outbox.body.code).toBe(1000);
    expect(outbox.body.data).toHaveLength(1);
    expect(outbox.body.data[0]).toMatchObject({ phone });
    expect(outbox.body.data[0].text).toMatch(/\b\d{4}\b/);
  });

  test.each([
    ['', 'vi', 'Vui lòng nhập số điện thoại'],
    ['', 'en', 'Please enter the phone number'],
    ['09012', 'en', 'Phone number is incorrect'],
    ['09012345678', 'vi', 'Số điện thoại không đúng'],
  ] as const)('phone %j in %s → code 2 with the §5 message', async (phoneNumber, lang, message) => {
    const res = await gw.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber }, lang });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(2);
    expect(res.body.data.fieldErrors.phoneNumber).toEqual([message]);
  });

  test('a staff account is refused with 210', async () => {
    const res = await send(DEMO_STAFF_PHONE);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe(210);
  });

  test('a second send within 30 s → LIMIT_30_SECONDS; after 30 s a new code replaces the old one', async () => {
    const phone = randomPhone();
    await send(phone);
    const first = await gw.latestOtp(phone);
    gw.clock.advance(10_000);
    const again = await send(phone);
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ code: 'LIMIT_30_SECONDS', data: { retryAfterSeconds: 20 } });
    gw.clock.advance(20_001);
    expect((await send(phone)).body.code).toBe(1001);
    const second = await gw.latestOtp(phone);
    if (first !== second) {
      expect((await login(phone, first)).body.code).toBe(209);
    }
    expect((await login(phone, second)).body.code).toBe(200);
  });

  // ADR 017: growing waits over a rolling count instead of a daily cap that an attacker could use up.
  test('sends per phone from unknown devices: 5 with only the 30 s rule, then waits that grow; a quiet day forgets them', async () => {
    const phone = randomPhone();
    for (let i = 0; i < 5; i++) {
      expect((await send(phone, `198.51.100.${i}`)).body.code).toBe(1001);
      gw.clock.advance(31_000);
    }
    const refused = await send(phone, '198.51.100.99');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', data: { retryAfterSeconds: 300 - 31 } });
    gw.clock.advance(300_000);
    expect((await send(phone, '198.51.100.98')).body.code).toBe(1001);
    gw.clock.advance(24 * 3_600_000);
    for (let i = 0; i < 5; i++) {
      expect((await send(phone, `198.51.100.${10 + i}`)).body.code).toBe(1001);
      gw.clock.advance(31_000);
    }
  });

  test('at most 30 sends per client IP per hour', async () => {
    const ip = '192.0.2.44';
    for (let i = 0; i < 30; i++) expect((await send(randomPhone(), ip)).body.code).toBe(1001);
    const refused = await send(randomPhone(), ip);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    expect((await send(randomPhone(), '192.0.2.45')).body.code).toBe(1001);
  });
});

describe('otp/login and register', () => {
  test('a new phone: the right code answers 200 with a sign-up ticket, register answers 1003 and a token', async () => {
    const phone = randomPhone();
    await send(phone);
    const res = await login(phone, await gw.latestOtp(phone));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe(200);
    expect(res.body.data.verifyToken).toMatch(/^[\w-]{40,}$/);

    const reg = await gw.call('POST', '/api/v1/auth/register', {
      json: { phoneNumber: phone, verifyToken: res.body.data.verifyToken, fullName: ' ' },
    });
    expect(reg.body.code).toBe(1003);
    expect(reg.body.data.token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
    expect(reg.body.data.profile).toMatchObject({ phoneNumber: phone, accountType: 'MEMBER', fullName: '' });

    const profile = await gw.call('GET', '/api/v1/auth/profile', { token: reg.body.data.token });
    expect(profile.body).toMatchObject({ code: 1000, data: { phoneNumber: phone } });

    const replay = await gw.call('POST', '/api/v1/auth/register', {
      json: { phoneNumber: phone, verifyToken: res.body.data.verifyToken, fullName: ' ' },
    });
    expect(replay.body.code).toBe('OTP_NOT_VALID');
  });

  test('a sign-up ticket is bound to its phone and expires after 15 minutes', async () => {
    const phone = randomPhone();
    await send(phone);
    const { body } = await login(phone, await gw.latestOtp(phone));
    const other = await gw.call('POST', '/api/v1/auth/register', {
      json: { phoneNumber: randomPhone(), verifyToken: body.data.verifyToken, fullName: ' ' },
    });
    expect(other.body.code).toBe('OTP_NOT_VALID');
    gw.clock.advance(15 * 60_000 + 1);
    const late = await gw.call('POST', '/api/v1/auth/register', {
      json: { phoneNumber: phone, verifyToken: body.data.verifyToken, fullName: ' ' },
    });
    expect(late.body.code).toBe('OTP_NOT_VALID');
  });

  test('register rejects a bad referral code with the §5 message', async () => {
    const res = await gw.call('POST', '/api/v1/auth/register', {
      lang: 'en',
      json: { phoneNumber: randomPhone(), verifyToken: 'x'.repeat(43), fullName: ' ', referralCode: '12345' },
    });
    expect(res.body.code).toBe(2);
    expect(res.body.data.fieldErrors.referralCode).toEqual(['Invalid referral code']);
  });

  test('a returning member signs in with 1002; the code is single use', async () => {
    const { phone } = await gw.signUp();
    await send(phone);
    const code = await gw.latestOtp(phone);
    const res = await login(phone, code);
    expect(res.body.code).toBe(1002);
    expect(res.body.data.profile.phoneNumber).toBe(phone);
    expect((await login(phone, code)).body.code).toBe('OTP_NOT_VALID');
  });

  test('a wrong code → 209; the 5th wrong try voids the code (OTP_NOT_VALID), even for the right one', async () => {
    const { phone } = await gw.signUp();
    await send(phone);
    const code = await gw.latestOtp(phone);
    for (let left = 4; left >= 1; left--) {
      const res = await login(phone, wrongCode(code));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 209, data: { attemptsLeft: left } });
    }
    expect((await login(phone, wrongCode(code))).body.code).toBe('OTP_NOT_VALID');
    expect((await login(phone, code)).body.code).toBe('OTP_NOT_VALID');
  });

  test('a code expires after 5 minutes', async () => {
    const { phone } = await gw.signUp();
    await send(phone);
    const code = await gw.latestOtp(phone);
    gw.clock.advance(5 * 60_000 + 1);
    expect((await login(phone, code)).body.code).toBe('OTP_NOT_VALID');
  });

  test('without a sent code, login answers OTP_NOT_VALID; a staff phone answers 210', async () => {
    expect((await login(randomPhone(), '1234')).body.code).toBe('OTP_NOT_VALID');
    expect((await login(DEMO_STAFF_PHONE, '1234')).body.code).toBe(210);
  });

  test('otp/send/verify exchanges a right code for a sign-up ticket', async () => {
    const phone = randomPhone();
    await send(phone);
    const res = await gw.call('POST', '/api/v1/auth/otp/send/verify', {
      json: { phoneNumber: phone, otp: await gw.latestOtp(phone) },
    });
    expect(res.body.code).toBe(1000);
    const reg = await gw.call('POST', '/api/v1/auth/register', {
      json: { phoneNumber: phone, verifyToken: res.body.data.verifyToken, fullName: ' ' },
    });
    expect(reg.body.code).toBe(1003);
  });

  test('register for a phone that already has an account → 208', async () => {
    await send(DEMO_MEMBER_PHONE);
    const verify = await gw.call('POST', '/api/v1/auth/otp/send/verify', {
      json: { phoneNumber: DEMO_MEMBER_PHONE, otp: await gw.latestOtp(DEMO_MEMBER_PHONE) },
    });
    const reg = await gw.call('POST', '/api/v1/auth/register', {
      json: { phoneNumber: DEMO_MEMBER_PHONE, verifyToken: verify.body.data.verifyToken, fullName: ' ' },
    });
    expect(reg.status).toBe(409);
    expect(reg.body.code).toBe(208);
  });
});

describe('tokens', () => {
  test.each([
    ['no header', undefined],
    ['garbage', 'Bearer not-a-token'],
    ['unknown token', `Bearer ${'A'.repeat(43)}`],
    ['wrong scheme', 'Basic abc'],
  ])('%s → 401 with code -1', async (_name, authorization) => {
    const res = await gw.call('GET', '/api/v1/auth/profile', { headers: authorization ? { authorization } : {} });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(-1);
  });

  test('sign-out revokes the token', async () => {
    const { token } = await gw.signUp();
    expect((await gw.call('POST', '/api/v1/auth/logout', { token })).body.code).toBe(1000);
    const after = await gw.call('GET', '/api/v1/auth/profile', { token });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(-1);
  });

  test('a staff token is revoked by the same sign-out (the staff area, issue 17)', async () => {
    const token = await staffLogin(gw, DEMO_DESK_PHONE);
    expect((await gw.call('GET', '/api/v1/staff/contracts/waiting', { token })).status).toBe(200);
    expect((await gw.call('POST', '/api/v1/auth/logout', { token })).body.code).toBe(1000);
    expect((await gw.call('GET', '/api/v1/staff/contracts/waiting', { token })).status).toBe(401);
  });

  test('a token expires after 30 days', async () => {
    const { token } = await gw.signUp();
    gw.clock.advance(29 * 24 * 3_600_000);
    expect((await gw.call('GET', '/api/v1/auth/profile', { token })).status).toBe(200);
    gw.clock.advance(2 * 24 * 3_600_000);
    expect((await gw.call('GET', '/api/v1/auth/profile', { token })).status).toBe(401);
  });
});

describe('change phone', () => {
  test('code to the new number, then the change (1081); the session keeps working', async () => {
    const { token } = await gw.signUp();
    const newPhone = randomPhone();
    const sent = await gw.call('POST', '/api/v1/auth/otp/send/phone-number/new', {
      token,
      json: { phoneNumber: newPhone },
    });
    expect(sent.body.code).toBe(1001);
    const res = await gw.call('PUT', '/api/v1/auth/account/phone-number/change', {
      token,
      json: { phoneNumber: newPhone, otp: await gw.latestOtp(newPhone) },
    });
    expect(res.body).toMatchObject({ code: 1081, data: { phoneNumber: newPhone } });
    const profile = await gw.call('GET', '/api/v1/auth/profile', { token });
    expect(profile.body.data.phoneNumber).toBe(newPhone);
  });

  test('a number that already has an account → 208', async () => {
    const { token } = await gw.signUp();
    const res = await gw.call('POST', '/api/v1/auth/otp/send/phone-number/new', {
      token,
      json: { phoneNumber: DEMO_MEMBER_PHONE },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe(208);
  });

  test('your own current number → 400 PHONE_IS_CURRENT, said as such, and no code is sent (issue 10 §16)', async () => {
    const { token, phone } = await gw.signUp();
    for (const lang of ['vi', 'en'] as const) {
      const res = await gw.call('POST', '/api/v1/auth/otp/send/phone-number/new', {
        token,
        lang,
        json: { phoneNumber: phone },
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('PHONE_IS_CURRENT');
      expect(res.body.message).toBe(
        lang === 'vi'
          ? 'Đây là số điện thoại hiện tại của bạn. Hãy nhập số mới.'
          : 'This is your current phone number. Please enter the new one.',
      );
    }
    // Only the sign-up's code went to this phone.
    const outbox = await gw.call('GET', `/sandbox/sms?phone=${phone}`);
    expect(outbox.body.data).toHaveLength(1);
  });

  test("another member cannot use a code sent for someone else's change", async () => {
    const alice = await gw.signUp();
    const bob = await gw.signUp();
    const newPhone = randomPhone();
    await gw.call('POST', '/api/v1/auth/otp/send/phone-number/new', {
      token: alice.token,
      json: { phoneNumber: newPhone },
    });
    const res = await gw.call('PUT', '/api/v1/auth/account/phone-number/change', {
      token: bob.token,
      json: { phoneNumber: newPhone, otp: await gw.latestOtp(newPhone) },
    });
    expect(res.body.code).toBe('OTP_NOT_VALID');
  });
});

describe('a referral code at sign-up (issue 10 §7)', () => {
  async function ticket(phone: string) {
    await gw.call('POST', '/api/v1/auth/otp/send', { ip: '198.51.100.77', json: { phoneNumber: phone } });
    const login = await gw.call('POST', '/api/v1/auth/otp/login', {
      json: { phoneNumber: phone, otp: await gw.latestOtp(phone) },
    });
    return login.body.data.verifyToken as string;
  }
  const register = (phone: string, verifyToken: string, referralCode?: string) =>
    gw.call('POST', '/api/v1/auth/register', {
      json: { phoneNumber: phone, verifyToken, fullName: ' ', referralCode },
    });

  test('is checked like the purchase checks it; a refusal keeps the phone ticket good', async () => {
    const phone = randomPhone();
    const verifyToken = await ticket(phone);
    const unknown = await register(phone, verifyToken, randomPhone());
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe(153);
    const self = await register(phone, verifyToken, phone);
    expect(self.body.code).toBe(178);
    // A member without a current membership cannot bring friends (155 is "not a member"; 156 no membership).
    const idle = await gw.signUp();
    expect((await register(phone, verifyToken, idle.phone)).body.code).toBe(156);
    // Nothing was written: the same ticket signs up without a code.
    const plain = await register(phone, verifyToken);
    expect(plain.body.code).toBe(1003);
    expect(
      (await gw.call('GET', '/api/v1/auth/profile', { token: plain.body.data.token })).body.data.referralCode,
    ).toBeNull();
  });

  test('an accepted code is carried to the first purchase, and gone once a membership is paid', async () => {
    const referrer = await gw.signUp();
    const [club] = await gw.db.select().from(clubs).where(eq(clubs.isActive, true)).limit(1);
    const plans = await plansOf(gw, club.id);
    const monthly = plans.find((p) => p.durationUnit === 'month')!;
    await buyAndPay(gw, referrer.token, monthly.id);

    const phone = randomPhone();
    const accepted = await register(phone, await ticket(phone), referrer.phone);
    expect(accepted.body.code).toBe(1003);
    const token = accepted.body.data.token as string;
    expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.referralCode).toBe(referrer.phone);
    const { contract } = await buyAndPay(gw, token, monthly.id, { referralCode: referrer.phone });
    const detail = await gw.call('GET', `/api/v1/member/contract/${String(contract.contractId)}/detail`, { token });
    expect(detail.body.data).toMatchObject({ referralCode: referrer.phone, bonusDays: 14 });
    expect((await gw.call('GET', '/api/v1/auth/profile', { token })).body.data.referralCode).toBeNull();
  });
});
