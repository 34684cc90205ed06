import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { attemptGuards } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

// ADR 017 and issue 9 "Sign-in lockout": an attacker with as many addresses as they like, for a
// whole year, against one member — who keeps signing in on the phone they already use.
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const DAY = 24 * 3_600_000;
const YEAR = 365 * DAY;
let ipSeq = 0;
// Every request from a fresh address: per-address limits never help here.
const freshIp = () => {
  ipSeq += 1;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};
const wrongCode = (code: string) => (code === '0000' ? '0001' : '0000');

test('a year of guessing from unknown devices: ≤ 1 % chance, and the member signs in on a known device throughout (ASVS 2.2.1)', async () => {
  const member = await gw.signUp();
  const { phone } = member;
  expect(member.deviceToken).toMatch(/^[\w-]{43}$/);
  const device = { 'x-device-token': member.deviceToken };
  const start = gw.clock.now().getTime();
  const elapsed = () => gw.clock.now().getTime() - start;

  let evaluatedGuesses = 0;
  let memberSignIns = 0;
  let nextMemberVisit = 0;
  let code: string | undefined;
  let triesOnCode = 0;
  const retryAfter = (body: { data?: { retryAfterSeconds?: number } }) => (body.data?.retryAfterSeconds ?? 31) * 1000;

  while (elapsed() < YEAR) {
    // Every 5 days the member signs in again on their own phone, whatever the attacker did.
    if (elapsed() >= nextMemberVisit) {
      const sent = await gw.call('POST', '/api/v1/auth/otp/send', {
        json: { phoneNumber: phone },
        headers: device,
        ip: freshIp(),
      });
      expect(sent.body.code, `member send on day ${Math.floor(elapsed() / DAY)}`).toBe(1001);
      const otp = await gw.latestOtp(phone);
      const signedIn = await gw.call('POST', '/api/v1/auth/otp/login', {
        json: { phoneNumber: phone, otp },
        headers: device,
        ip: freshIp(),
      });
      expect(signedIn.body.code, `member sign-in on day ${Math.floor(elapsed() / DAY)}`).toBe(1002);
      expect(signedIn.body.data.deviceToken).toBeUndefined();
      memberSignIns += 1;
      nextMemberVisit += 5 * DAY;
    }
    if (!code) {
      // Half the attacker's requests carry a made-up device token: it must count as unknown.
      const forged = ipSeq % 2 ? { 'x-device-token': 'forged-token' } : undefined;
      const sent = await gw.call('POST', '/api/v1/auth/otp/send', {
        json: { phoneNumber: phone },
        headers: forged,
        ip: freshIp(),
      });
      if (sent.status === 429) {
        gw.clock.advance(
          Math.min(retryAfter(sent.body), Math.max(1000, start + nextMemberVisit - gw.clock.now().getTime())),
        );
        continue;
      }
      expect(sent.body.code).toBe(1001);
      // The attacker cannot read the SMS; the test does, so every guess is wrong and each one is visible.
      code = await gw.latestOtp(phone);
      triesOnCode = 0;
    }
    const guess = await gw.call('POST', '/api/v1/auth/otp/login', {
      json: { phoneNumber: phone, otp: wrongCode(code) },
      ip: freshIp(),
    });
    if (guess.status === 429) {
      code = undefined; // by the end of the wait the code has expired
      gw.clock.advance(
        Math.min(retryAfter(guess.body), Math.max(1000, start + nextMemberVisit - gw.clock.now().getTime())),
      );
      continue;
    }
    if (guess.body.code === 209) {
      evaluatedGuesses += 1;
      triesOnCode += 1;
    } else {
      expect(guess.body.code).toBe('OTP_NOT_VALID');
      if (triesOnCode === 4) evaluatedGuesses += 1; // the 5th wrong try is counted, then voids the code
      code = undefined;
    }
  }

  const [guard] = await gw.db
    .select()
    .from(attemptGuards)
    .where(eq(attemptGuards.key, `otp-guess:phone:${phone}`));
  console.log('attack figures', { evaluatedGuesses, memberSignIns });
  expect(guard.count).toBe(evaluatedGuesses);
  // 78 wrong codes of 10⁴ → 0.78 % for the whole year.
  expect(evaluatedGuesses).toBeLessThanOrEqual(78);
  expect(evaluatedGuesses / 10_000).toBeLessThanOrEqual(0.01);
  expect(memberSignIns).toBe(73);
});

test('guesses racing at the end of a wait: one is compared, the others wait (no burst of tries)', async () => {
  const { phone } = await gw.signUp();
  const guessAll = (code: string, n: number) =>
    Promise.all(
      Array.from({ length: n }, () =>
        gw.call('POST', '/api/v1/auth/otp/login', {
          json: { phoneNumber: phone, otp: wrongCode(code) },
          ip: freshIp(),
        }),
      ),
    );
  // Four free wrong codes and the 5th, which starts the first 15-minute wait.
  await gw.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone }, ip: freshIp() });
  const first = await gw.latestOtp(phone);
  for (let i = 0; i < 5; i++) await guessAll(first, 1);
  gw.clock.advance(15 * 60_000);
  await gw.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: phone }, ip: freshIp() });
  const answers = await guessAll(await gw.latestOtp(phone), 5);
  expect(answers.map((a) => a.body.code).sort()).toEqual([
    209,
    'TOO_MANY_REQUESTS',
    'TOO_MANY_REQUESTS',
    'TOO_MANY_REQUESTS',
    'TOO_MANY_REQUESTS',
  ]);
});
