import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { referralScreenSchema, type ReferralScreen } from '#api/referral.ts';
import { addDays, vietnamDay, vietnamDayEnd } from '#api/vietnam-time.ts';
import { accounts, contracts, memberGifts, noticeOutbox, referralRewards } from '#gateway/db/schema/index.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { buyAndPay, clubBySlug, plansOf } from '#tests/support/membership.ts';
import { rewardReferrerIn } from './service.ts';

let gw: TestGateway;
let p1: Awaited<ReturnType<typeof plansOf>>;
let p3: Awaited<ReturnType<typeof plansOf>>;
// Plan positions in the seed.
const CLASSIC3 = 2;
const BASIC = 3;

beforeAll(async () => {
  gw = await startTestGateway();
  p1 = await plansOf(gw, (await clubBySlug(gw, 'q1-le-thanh-ton')).id);
  p3 = await plansOf(gw, (await clubBySlug(gw, 'q3-vo-van-tan')).id);
});
afterAll(() => gw.close());

const DAY = 86_400_000;

const send = (token: string, json: unknown, lang?: 'vi' | 'en') =>
  gw.call('POST', '/api/v1/member/referral/send', { token, json, lang });

async function screen(token: string): Promise<ReferralScreen> {
  const res = await gw.call('GET', '/api/v1/member/screens/referral', { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.data.shell.profile).toBeDefined();
  return referralScreenSchema.parse(res.body.data.referral);
}

/** A member with a paid Basic membership: someone whose code counts. */
async function referrer() {
  const member = await gw.signUp();
  await buyAndPay(gw, member.token, p1[BASIC].id);
  return member;
}

const accountOf = async (phone: string) =>
  (await gw.db.select().from(accounts).where(eq(accounts.phoneNumber, phone)))[0];
const giftsOf = async (accountId: number) =>
  gw.db.select().from(memberGifts).where(eq(memberGifts.accountId, accountId));

/** Starts a purchase with the code (bank QR) and returns its payment, unpaid. */
async function startPurchase(token: string, paymentPlanId: number, referralCode: string) {
  const res = await gw.call('POST', '/api/v1/member/contract', {
    token,
    json: { paymentPlanId, paymentMethodGroupId: 1, isCash: false, referralCode },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(1022);
  return res.body.data as {
    contract: { contractId: number; bonusDays: number };
    payment: { id: number; amount: number };
  };
}

const settle = (payment: { id: number; amount: number }) =>
  settlePayment(gw, {
    paymentId: payment.id,
    amount: payment.amount,
    providerTransactionId: `BANK${String(payment.id)}`,
    paidAt: gw.clock.now(),
  });

describe('invitations', () => {
  test('an invitation is texted with the code, listed as invited, and not sent again to that number within 7 days', async () => {
    const me = await referrer();
    const friend = randomPhone();
    const res = await send(me.token, { phoneNumber: friend });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      phoneNumber: friend,
      resendFrom: new Date(gw.clock.now().getTime() + 7 * DAY).toISOString(),
    });
    const sms = await gw.call('GET', `/sandbox/sms?phone=${friend}`);
    expect(sms.body.data[0].text).toContain(`ma gioi thieu ${me.phone}`);
    expect((await screen(me.token)).friends).toEqual([
      {
        phoneNumber: friend,
        name: '',
        state: 'INVITED',
        invitedAt: gw.clock.now().toISOString(),
        joinedAt: null,
        dealEndsAt: null,
        rewardedAt: null,
      },
    ]);

    gw.clock.advance(6 * DAY);
    const again = await send(me.token, { phoneNumber: friend });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REFERRAL_INVITED_RECENTLY');
    gw.clock.advance(DAY);
    expect((await send(me.token, { phoneNumber: ` ${friend.slice(0, 4)} ${friend.slice(4)} ` }, 'en')).status).toBe(
      200,
    );
    const english = await gw.call('GET', `/sandbox/sms?phone=${friend}`);
    expect(english.body.data[0].text).toContain(`enter referral code ${me.phone}`);
    expect((await screen(me.token)).friends).toHaveLength(1);
  });

  test('refusals: own number 178, no membership 177, a paid member or one who joined over 14 days ago 179', async () => {
    const me = await referrer();
    expect((await send(me.token, { phoneNumber: me.phone })).body.code).toBe(178);
    const newcomer = await gw.signUp();
    expect((await send(newcomer.token, { phoneNumber: randomPhone() })).body.code).toBe(177);
    const paid = await referrer();
    const refusedPaid = await send(me.token, { phoneNumber: paid.phone });
    expect(refusedPaid.status).toBe(400);
    expect(refusedPaid.body.code).toBe(179);
    const late = await gw.signUp();
    expect(
      (await gw.call('PUT', '/sandbox/referral/joined', { json: { phoneNumber: late.phone, daysAgo: 15 } })).status,
    ).toBe(200);
    expect((await send(me.token, { phoneNumber: late.phone })).body.code).toBe(179);
    // A staff number is no friend to invite.
    expect((await send(me.token, { phoneNumber: '0100000001' })).body.code).toBe(179);
    // Joined 10 days ago, unbought: still welcome.
    const recent = await gw.signUp();
    await gw.call('PUT', '/sandbox/referral/joined', { json: { phoneNumber: recent.phone, daysAgo: 10 } });
    expect((await send(me.token, { phoneNumber: recent.phone })).status).toBe(200);
  });

  test('malformed input is a field error, never a 500; without a token 401', async () => {
    const me = await referrer();
    for (const json of [
      {},
      { phoneNumber: '12345' },
      { phoneNumber: 'abcdefghij' },
      { phoneNumber: 12345678901 },
      { phoneNumber: '0901\u0000234567' },
      { phoneNumber: '\uD800' },
      null,
      [],
      'x',
    ]) {
      const res = await send(me.token, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.code).toBe(2);
    }
    const raw = await gw.call('POST', '/api/v1/member/referral/send', {
      token: me.token,
      body: '{"phoneNumber":',
      headers: { 'content-type': 'application/json' },
    });
    expect(raw.status).toBe(400);
    expect(
      (await gw.call('POST', '/api/v1/member/referral/send', { json: { phoneNumber: randomPhone() } })).status,
    ).toBe(401);
    expect((await gw.call('GET', '/api/v1/member/screens/referral')).status).toBe(401);
  });

  test('rate limit: five texts at once, then a growing wait; one number gets at most 3 a day from everyone', async () => {
    const me = await referrer();
    for (let i = 0; i < 5; i++) expect((await send(me.token, { phoneNumber: randomPhone() })).status).toBe(200);
    const refused = await send(me.token, { phoneNumber: randomPhone() });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'TOO_MANY_REQUESTS', data: { retryAfterSeconds: 600 } });
    gw.clock.advance(600_000);
    expect((await send(me.token, { phoneNumber: randomPhone() })).status).toBe(200);

    const target = randomPhone();
    const senders = [await referrer(), await referrer(), await referrer(), await referrer()];
    const statuses = [];
    for (const sender of senders) statuses.push((await send(sender.token, { phoneNumber: target })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  test('double-tapped sends text once', async () => {
    const me = await referrer();
    const friend = randomPhone();
    const answers = await Promise.all(Array.from({ length: 3 }, () => send(me.token, { phoneNumber: friend })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await gw.call('GET', `/sandbox/sms?phone=${friend}`)).body.data).toHaveLength(1);
  });
});

describe('reward', () => {
  test('a friend who joins with the code and buys within 14 days: +14 days for them, a 14-day gift and a notice for the referrer, once', async () => {
    const me = await referrer();
    const friendPhone = randomPhone();
    await send(me.token, { phoneNumber: friendPhone });
    const friend = await gw.signUp(friendPhone, { referralCode: me.phone });
    expect((await screen(me.token)).friends[0]).toMatchObject({ phoneNumber: friendPhone, state: 'JOINED' });

    gw.clock.advance(13 * DAY);
    // Two purchases started while new, at two clubs, both with the code: only the first paid one rewards.
    const first = await startPurchase(friend.token, p1[CLASSIC3].id, me.phone);
    const second = await startPurchase(friend.token, p3[BASIC].id, me.phone);
    expect(first.contract.bonusDays).toBe(14);
    const ref = await accountOf(me.phone);
    expect(await giftsOf(ref.id)).toHaveLength(0);
    expect((await settle(first.payment)).kind).toBe('settled');
    expect((await settle(second.payment)).kind).toBe('settled');

    const gifts = await giftsOf(ref.id);
    expect(gifts).toHaveLength(1);
    expect(gifts[0]).toMatchObject({
      kind: 'PLAN_DAYS',
      days: 14,
      titleVi: '2 tuần tập miễn phí',
      titleEn: '2 free weeks',
      usedAt: null,
    });
    const rewards = await gw.db.select().from(referralRewards).where(eq(referralRewards.referrerAccountId, ref.id));
    expect(rewards).toMatchObject([{ contractId: first.contract.contractId, memberGiftId: gifts[0].id }]);
    const notices = await gw.db
      .select()
      .from(noticeOutbox)
      .where(and(eq(noticeOutbox.accountId, ref.id)));
    expect(notices.filter((n) => (n.content as { kind: string }).kind === 'GIFT')).toHaveLength(1);
    const view = await screen(me.token);
    expect(view.friends[0]).toMatchObject({
      phoneNumber: friendPhone,
      state: 'REWARDED',
      rewardedAt: gw.clock.now().toISOString(),
    });
    expect(view.rewards).toEqual({ given: 1, days: 14 });
    // The gift is the header's.
    const shell = await gw.call('GET', '/api/v1/member/shell', { token: me.token });
    expect(shell.body.data.gift).toMatchObject({ memberGiftId: gifts[0].id, days: 14 });
  });

  test('10 concurrent settles and replays of the same payment give one reward', async () => {
    const me = await referrer();
    const friend = await gw.signUp(randomPhone(), { referralCode: me.phone });
    const { payment } = await startPurchase(friend.token, p1[BASIC].id, me.phone);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => settle(payment)));
    expect(outcomes.filter((o) => o.kind === 'settled')).toHaveLength(1);
    expect((await settle(payment)).kind).toBe('already');
    expect(await giftsOf((await accountOf(me.phone)).id)).toHaveLength(1);
  });

  test('14 days after joining the deal is over: the code is refused (152) and nothing is given; the friend shows as expired', async () => {
    const me = await referrer();
    const friend = await gw.signUp(randomPhone(), { referralCode: me.phone });
    // Joined 03:00 UTC (10:00 in Vietnam) on 21/11: the deal holds to the end of 05/12 in Vietnam.
    const joined = (await accountOf(friend.phone)).createdAt;
    const ends = vietnamDayEnd(addDays(vietnamDay(joined), 14));
    expect((await screen(me.token)).friends[0]).toMatchObject({ state: 'JOINED', dealEndsAt: ends.toISOString() });
    const profile = async () =>
      (await gw.call('GET', '/api/v1/auth/profile', { token: friend.token })).body.data as {
        referralCode: string | null;
        referralDeal: unknown;
      };
    gw.clock.set(ends);
    // The plan page fills in the sign-up's code while the deal runs, and not after.
    expect(await profile()).toMatchObject({
      referralCode: me.phone,
      referralDeal: { open: true, endsAt: ends.toISOString(), closedBy: null, signUpCode: me.phone },
    });
    gw.clock.set(new Date(ends.getTime() + 1));
    // Issue 38 §10: after it, the page is told why the code no longer counts, and which code it was.
    expect(await profile()).toMatchObject({
      referralCode: null,
      referralDeal: { open: false, endsAt: ends.toISOString(), closedBy: 'expired', signUpCode: me.phone },
    });
    const check = await gw.call('POST', '/api/v1/member/referral/check', {
      token: friend.token,
      json: { phoneNumber: me.phone },
    });
    expect(check.body.code).toBe(152);
    expect(check.body.message).toBe(
      'Mã giới thiệu chỉ dành cho hội viên mới: mua gói tập đầu tiên trong vòng 14 ngày kể từ ngày đăng ký tài khoản.',
    );
    const late = await gw.call('POST', '/api/v1/member/contract', {
      token: friend.token,
      json: { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 1, isCash: false, referralCode: me.phone },
    });
    expect(late.body.code).toBe(152);
    expect((await screen(me.token)).friends[0]).toMatchObject({ state: 'EXPIRED' });
    // Bought without the code after the deal: bought, no reward.
    await buyAndPay(gw, friend.token, p1[BASIC].id);
    expect((await screen(me.token)).friends[0]).toMatchObject({ state: 'BOUGHT', rewardedAt: null });
    expect(await giftsOf((await accountOf(me.phone)).id)).toHaveLength(0);
    expect((await profile()).referralDeal).toMatchObject({ open: false, closedBy: 'paid' });
    gw.clock.set(new Date('2026-11-21T03:00:00Z'));
  });

  test('a purchase started inside the deal and paid after it still rewards; a contract dated after the deal does not', async () => {
    const me = await referrer();
    const friend = await gw.signUp(randomPhone(), { referralCode: me.phone });
    const { payment } = await startPurchase(friend.token, p1[BASIC].id, me.phone);
    gw.clock.advance(10 * 60_000);
    expect((await settle(payment)).kind).toBe('settled');
    expect(await giftsOf((await accountOf(me.phone)).id)).toHaveLength(1);

    const other = await referrer();
    const friend2 = await gw.signUp(randomPhone(), { referralCode: other.phone });
    const second = await startPurchase(friend2.token, p1[BASIC].id, other.phone);
    // As if the contract had been made after the deal (a purchase before this rule, or a clock step).
    await gw.db
      .update(contracts)
      .set({ createdAt: new Date(gw.clock.now().getTime() + 15 * DAY) })
      .where(eq(contracts.id, second.contract.contractId));
    expect((await settle(second.payment)).kind).toBe('settled');
    expect(await giftsOf((await accountOf(other.phone)).id)).toHaveLength(0);
  });

  test('a gift contract never counts as a purchase', async () => {
    const me = await referrer();
    const friend = await gw.signUp(randomPhone(), { referralCode: me.phone });
    const friendId = (await accountOf(friend.phone)).id;
    const ref = await accountOf(me.phone);
    const [template] = await gw.db.select().from(contracts).where(eq(contracts.accountId, ref.id));
    const { id: _id, ...copy } = template;
    const [gift] = await gw.db
      .insert(contracts)
      .values({ ...copy, accountId: friendId, isGift: true, referrerAccountId: ref.id, createdAt: gw.clock.now() })
      .returning();
    await gw.db.transaction((tx) => rewardReferrerIn(tx, gift, gw.clock.now()));
    expect(await giftsOf(ref.id)).toHaveLength(0);
    expect((await screen(me.token)).friends[0]).toMatchObject({ state: 'JOINED' });
  });

  test("ownership: a member sees only their own friends and codes; another referrer's friend shows nowhere else", async () => {
    const me = await referrer();
    const other = await referrer();
    await gw.signUp(randomPhone(), { referralCode: me.phone });
    await send(me.token, { phoneNumber: randomPhone() });
    const mine = await screen(me.token);
    expect(mine.code).toBe(me.phone);
    expect(mine.friends).toHaveLength(2);
    // A friend who came by the code alone shows masked.
    expect(mine.friends.find((f) => f.invitedAt === null)?.phoneNumber).toMatch(/^\d{3}•••\d{3}$/);
    const theirs = await screen(other.token);
    expect(theirs).toMatchObject({ code: other.phone, friends: [], rewards: { given: 0, days: 0 }, blockedBy: null });
    const newcomer = await gw.signUp();
    expect((await screen(newcomer.token)).blockedBy).toBe(177);
  });
});
