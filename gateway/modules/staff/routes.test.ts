import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { accounts, contracts, payments } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE, DEMO_MEMBER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { cassoSignatureHeader } from '#gateway/providers/bank-transfer/casso.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';

const SECRET = 'bank-webhook-secret-for-tests';
let gw: TestGateway;
let employee: string;
let manager: string;
let ipCounter = 1;
beforeAll(async () => {
  gw = await startTestGateway({ env: { BANK_WEBHOOK_SECRET: SECRET } });
  employee = await staffLogin(DEMO_STAFF_PHONE);
  manager = await staffLogin(DEMO_MANAGER_PHONE);
});
afterAll(() => gw.close());

const freshIp = () => `192.0.2.${String(ipCounter++)}`;
const send = (phoneNumber: string, ip = freshIp()) =>
  gw.call('POST', '/api/v1/staff/auth/otp/send', { json: { phoneNumber }, ip });
const login = (phoneNumber: string, otp: string, ip = freshIp()) =>
  gw.call('POST', '/api/v1/staff/auth/otp/login', { json: { phoneNumber, otp }, ip });

async function staffLogin(phone: string) {
  gw.clock.advance(31_000);
  expect((await send(phone)).body.code).toBe(1001);
  const res = await login(phone, await gw.latestOtp(phone));
  expect(res.body.code).toBe(1002);
  return res.body.data.accessToken as string;
}

async function cashContract(clubIndex = 0) {
  const member = await gw.signUp();
  const club = await clubAt(gw, clubIndex);
  const opened = await openUnpaidContract(gw, {
    accountId: member.profile.id,
    method: PaymentMethods.CASH,
    clubId: club.id,
  });
  return { ...opened, member };
}
const confirm = (token: string, id: number | string, amount: number) =>
  gw.call('POST', `/api/v1/staff/contract/${String(id)}/cash/confirm`, { token, json: { amount } });
const contractRow = async (id: number) => (await gw.db.select().from(contracts).where(eq(contracts.id, id)))[0];

describe('staff sign-in', () => {
  test('an EMPLOYEE signs in with a code: a bearer token, the account type and the club', async () => {
    gw.clock.advance(31_000);
    expect((await send(DEMO_STAFF_PHONE)).body).toMatchObject({
      code: 1001,
      data: { resendAfterSeconds: 30, expiresInSeconds: 300 },
    });
    const res = await login(DEMO_STAFF_PHONE, await gw.latestOtp(DEMO_STAFF_PHONE));
    expect(res.status).toBe(200);
    const club = await clubAt(gw, 0);
    expect(res.body).toMatchObject({
      code: 1002,
      data: { accountType: 'EMPLOYEE', clubId: club.id, fullName: expect.any(String) },
    });
    expect(res.body.data.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The code is single use.
    expect((await login(DEMO_STAFF_PHONE, await gw.latestOtp(DEMO_STAFF_PHONE))).body.code).toBe('OTP_NOT_VALID');
  });

  test('the member rules hold: a wrong code is 209 with tries left; a second send within 30 s is refused', async () => {
    gw.clock.advance(31_000);
    await send(DEMO_MANAGER_PHONE);
    const code = await gw.latestOtp(DEMO_MANAGER_PHONE);
    const wrong = await login(DEMO_MANAGER_PHONE, code === '0000' ? '0001' : '0000');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 209, data: { attemptsLeft: 4 } });
    const again = await send(DEMO_MANAGER_PHONE);
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('LIMIT_30_SECONDS');
    expect((await login(DEMO_MANAGER_PHONE, code)).body.data.accountType).toBe('GM');
  });

  test.each([
    ['a member', () => DEMO_MEMBER_PHONE],
    ['an unknown phone', () => randomPhone()],
  ])('%s gets code 200 on send and login, no code sent and no account made', async (_, phone) => {
    const number = phone();
    const before = (await gw.db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0].n;
    const sent = await send(number);
    expect(sent.status).toBe(404);
    expect(sent.body.code).toBe(200);
    const loggedIn = await login(number, '1234');
    expect(loggedIn.body.code).toBe(200);
    expect((await gw.db.select({ n: sql<number>`count(*)::int` }).from(accounts))[0].n).toBe(before);
    await expect(gw.latestOtp(number)).rejects.toThrow(/no OTP/);
  });

  test('looking up phones that are not staff is capped per IP (10 an hour)', async () => {
    const ip = '192.0.2.250';
    for (let i = 0; i < 10; i++) expect((await send(randomPhone(), ip)).body.code).toBe(200);
    const capped = await send(randomPhone(), ip);
    expect(capped.status).toBe(429);
    expect(capped.body.code).toBe('TOO_MANY_REQUESTS');
  });

  test('the member login still answers 210 to staff; a member token on a staff endpoint is 403 code 6; a staff token on a member endpoint 403', async () => {
    expect(
      (await gw.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: DEMO_STAFF_PHONE } })).body.code,
    ).toBe(210);
    const { token } = await gw.signUp();
    for (const [method, path] of [
      ['GET', '/api/v1/staff/contracts/waiting'],
      ['GET', '/api/v1/staff/payment-events'],
      ['POST', '/api/v1/staff/contract/1/cash/confirm'],
      ['PUT', '/api/v1/staff/payment-event/1/reviewed'],
    ]) {
      const res = await gw.call(method, path, { token, json: method === 'GET' ? undefined : { amount: 1 } });
      expect(res.status, path).toBe(403);
      expect(res.body.code, path).toBe(6);
    }
    const profile = await gw.call('GET', '/api/v1/auth/profile', { token: employee });
    expect(profile.status).toBe(403);
  });
});

describe('cash at the counter', () => {
  test('waiting lists: the EMPLOYEE sees their club only, the GM every club, ?phoneNumber= narrows', async () => {
    const here = await cashContract(0);
    const there = await cashContract(1);
    const qr = await openUnpaidContract(gw, { accountId: (await gw.signUp()).profile.id, method: PaymentMethods.QR });
    const ids = (res: { body: { data: { contractId: number }[] } }) => res.body.data.map((r) => r.contractId);

    const mine = await gw.call('GET', '/api/v1/staff/contracts/waiting', { token: employee });
    expect(mine.status).toBe(200);
    expect(ids(mine)).toContain(here.contract.id);
    expect(ids(mine)).not.toContain(there.contract.id);
    expect(ids(mine)).not.toContain(qr.contract.id);
    expect(mine.body.data.find((r: { contractId: number }) => r.contractId === here.contract.id)).toMatchObject({
      amount: here.payment.amount,
      reference: here.payment.reference,
      member: { phoneNumber: here.member.phone },
      club: { id: here.club.id },
    });
    const all = await gw.call('GET', '/api/v1/staff/contracts/waiting', { token: manager });
    expect(ids(all)).toEqual(expect.arrayContaining([here.contract.id, there.contract.id]));
    const byPhone = await gw.call('GET', `/api/v1/staff/contracts/waiting?phoneNumber=${there.member.phone}`, {
      token: manager,
    });
    expect(ids(byPhone)).toEqual([there.contract.id]);
    const bad = await gw.call('GET', '/api/v1/staff/contracts/waiting?phoneNumber=12', { token: manager });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(2);
  });

  test('confirming: a wrong amount is 553 and changes nothing; the right one activates once; a repeat answers already', async () => {
    const { contract, payment } = await cashContract(0);
    const wrong = await confirm(employee, contract.id, payment.amount - 1000);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 553, data: { expected: payment.amount } });
    expect((await contractRow(contract.id)).paymentState).toBe('WAITFORPAYMENT');

    const done = await confirm(employee, contract.id, payment.amount);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      outcome: 'settled',
      contractId: contract.id,
      reference: payment.reference,
      amount: payment.amount,
    });
    const paid = await contractRow(contract.id);
    expect(paid).toMatchObject({ paymentState: 'PAID', isCash: true });
    const [row] = await gw.db.select().from(payments).where(eq(payments.id, payment.id));
    const [staff] = await gw.db.select().from(accounts).where(eq(accounts.phoneNumber, DEMO_STAFF_PHONE));
    expect(row).toMatchObject({ status: 'SUCCESS', confirmedBy: staff.id, providerTransactionId: payment.reference });

    gw.clock.advance(3_600_000);
    const again = await confirm(employee, contract.id, payment.amount);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ outcome: 'already', startDate: paid.startDate, endDate: paid.endDate });
    expect(await contractRow(contract.id)).toEqual(paid);
    const waiting = await gw.call('GET', '/api/v1/staff/contracts/waiting', { token: employee });
    expect(waiting.body.data.map((r: { contractId: number }) => r.contractId)).not.toContain(contract.id);
  });

  test("another club's contract is 404 for an EMPLOYEE and fine for the GM; non-cash, unknown and malformed ids are 404", async () => {
    const { contract, payment } = await cashContract(1);
    const refused = await confirm(employee, contract.id, payment.amount);
    expect(refused.status).toBe(404);
    expect((await contractRow(contract.id)).paymentState).toBe('WAITFORPAYMENT');
    expect((await confirm(manager, contract.id, payment.amount)).body.data.outcome).toBe('settled');

    const qr = await openUnpaidContract(gw, { accountId: (await gw.signUp()).profile.id, method: PaymentMethods.QR });
    expect((await confirm(employee, qr.contract.id, qr.payment.amount)).status).toBe(404);
    expect((await contractRow(qr.contract.id)).paymentState).toBe('WAITFORPAYMENT');
    for (const id of ['999999999', '0', 'abc', '1e3', '-1'])
      expect((await confirm(manager, id, 1)).status, id).toBe(404);
    for (const amount of [0, -5, 1.5, '100000']) {
      const res = await gw.call('POST', `/api/v1/staff/contract/${String(contract.id)}/cash/confirm`, {
        token: manager,
        json: { amount },
      });
      expect(res.status, String(amount)).toBe(400);
      expect(res.body.code).toBe(2);
    }
  });
});

describe('the payment review queue', () => {
  const unmatchedTransfer = async (accountNumber: string) => {
    const body = {
      error: 0,
      data: {
        id: Math.floor(Math.random() * 1e12),
        description: 'tien tap gym thang 11',
        amount: 777_000,
        accountNumber,
        reference: 'FT-REVIEW',
      },
    };
    const res = await gw.call('POST', '/api/v1/payment/bank/casso', {
      json: body,
      headers: { 'x-casso-signature': cassoSignatureHeader(SECRET, body, gw.clock.now()) },
    });
    expect(res.body.data.results[0].outcome).toBe('unmatched');
    return res.body.data.results[0].eventId as number;
  };
  const queue = async (token: string, query = '?needsReview=true') => {
    const res = await gw.call('GET', `/api/v1/staff/payment-events${query}`, { token });
    expect(res.status).toBe(200);
    return res.body.data as {
      id: number;
      needsReview: boolean;
      reviewedBy: number | null;
      accountNumber: string;
      amount: number;
    }[];
  };

  test('money on a club account is in that club’s queue and the GM’s; marking it reviewed takes it out, with who', async () => {
    const club0 = await clubAt(gw, 0);
    const club1 = await clubAt(gw, 1);
    const here = await unmatchedTransfer(club0.bankAccountNumber!);
    const there = await unmatchedTransfer(club1.bankAccountNumber!);

    const mine = await queue(employee);
    expect(mine.map((e) => e.id)).toContain(here);
    expect(mine.map((e) => e.id)).not.toContain(there);
    expect(mine.find((e) => e.id === here)).toMatchObject({
      amount: 777_000,
      accountNumber: club0.bankAccountNumber,
      needsReview: true,
      outcome: 'unmatched',
    });
    expect((await queue(manager)).map((e) => e.id)).toEqual(expect.arrayContaining([here, there]));

    expect(
      (await gw.call('PUT', `/api/v1/staff/payment-event/${String(there)}/reviewed`, { token: employee })).status,
    ).toBe(404);
    const reviewed = await gw.call('PUT', `/api/v1/staff/payment-event/${String(here)}/reviewed`, { token: employee });
    expect(reviewed.status).toBe(200);
    const [staff] = await gw.db.select().from(accounts).where(eq(accounts.phoneNumber, DEMO_STAFF_PHONE));
    expect(reviewed.body.data).toMatchObject({ id: here, needsReview: false, reviewedBy: staff.id });
    expect((await queue(employee)).map((e) => e.id)).not.toContain(here);
    expect((await queue(employee, '?needsReview=false')).map((e) => e.id)).toContain(here);
    // Again: nothing changes, still the first reviewer.
    expect(
      (await gw.call('PUT', `/api/v1/staff/payment-event/${String(here)}/reviewed`, { token: manager })).body.data
        .reviewedBy,
    ).toBe(staff.id);
  });

  test('bad filters are 400, unknown or malformed ids 404', async () => {
    for (const query of ['?needsReview=yes', '?limit=0', '?limit=201', '?limit=x']) {
      const res = await gw.call('GET', `/api/v1/staff/payment-events${query}`, { token: manager });
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe(2);
    }
    for (const id of ['999999999', 'abc', '0'])
      expect((await gw.call('PUT', `/api/v1/staff/payment-event/${id}/reviewed`, { token: manager })).status).toBe(404);
  });
});

// Issue 9: staff sign-in follows the member OTP limits (ADR 017), whatever address asks.
describe('staff sign-in limits', () => {
  test('sends to a staff phone: 5, then growing waits, from any address; wrong codes take the same guard', async () => {
    const phone = randomPhone();
    await gw.db.insert(accounts).values({ phoneNumber: phone, accountType: 'EMPLOYEE', fullName: 'Nhân Viên Thử' });
    const wrong = (code: string) => (code === '0000' ? '0001' : '0000');
    let code = '';
    for (let i = 0; i < 5; i++) {
      expect((await send(phone)).body.code).toBe(1001);
      code = await gw.latestOtp(phone);
      expect((await login(phone, wrong(code))).body.code).toBe(209);
      gw.clock.advance(31_000);
    }
    // The 5th wrong code started a 15-minute wait; the 6th send waits 5 minutes.
    expect((await login(phone, wrong(code))).body).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      data: { retryAfterSeconds: 15 * 60 - 31 },
    });
    const refused = await send(phone);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
  });

  test('the member otp/send answers "staff phone" (210) at most 30 times an hour per address', async () => {
    const ip = '192.0.2.250';
    for (let i = 0; i < 30; i++) {
      expect(
        (await gw.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: DEMO_STAFF_PHONE }, ip })).body.code,
      ).toBe(210);
    }
    const refused = await gw.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: DEMO_STAFF_PHONE }, ip });
    expect(refused.status).toBe(429);
  });
});
