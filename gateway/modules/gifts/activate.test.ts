import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activatedGiftSchema } from '#api/gift-activation.ts';
import { giftScreenSchema, memberGiftSchema } from '#api/gift.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import { contracts, memberGifts, notifications, transactions } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { buyAndPay, plansOf } from '#tests/support/membership.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';

// Issue 12 §3 (ADR 035): a gift becomes one contract with isGift, free, dated as a purchase would be.

let gw: TestGateway;
let club0: { id: number };
let club1: { id: number };

beforeAll(async () => {
  gw = await startTestGateway();
  club0 = await clubAt(gw, 0);
  club1 = await clubAt(gw, 1);
});
afterAll(() => gw.close());

const DAY = 24 * 60 * 60_000;

async function planOf(clubId: number, type: string, unit: 'month' | 'day' = 'month') {
  const plan = (await plansOf(gw, clubId)).find((p) => p.type === type && p.durationUnit === unit);
  if (!plan) throw new Error(`no ${type} plan at club ${String(clubId)}`);
  return plan;
}

/** A PLAN_DAYS gift given by the sandbox (as staff or the referral programme will). */
async function give(phone: string, { days = 14, validMs = 7 * DAY }: { days?: number; validMs?: number | null } = {}) {
  const expiresAt = validMs === null ? null : new Date(gw.clock.now().getTime() + validMs).toISOString();
  const res = await gw.call('PUT', '/sandbox/gift', {
    json: {
      phoneNumber: phone,
      kind: 'PLAN_DAYS',
      days,
      titleVi: '2 tuần tập miễn phí',
      titleEn: '2 free weeks',
      descriptionVi: 'Quà giới thiệu bạn bè',
      descriptionEn: 'A referral reward',
      expiresAt,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return memberGiftSchema.parse(res.body.data);
}

const activate = (token: string, giftId: number | string, paymentPlanId: unknown) =>
  gw.call('POST', `/api/v1/member/gift/${String(giftId)}/contract`, { token, json: { paymentPlanId } });

async function activated(token: string, giftId: number, paymentPlanId: number) {
  const res = await activate(token, giftId, paymentPlanId);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(1101);
  return activatedGiftSchema.parse(res.body.data);
}

const giftContracts = (accountId: number) =>
  gw.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.accountId, accountId), eq(contracts.isGift, true)));

describe('activating a PLAN_DAYS gift', () => {
  test('makes a paid, free contract with isGift at the club picked, from today for the gift’s days; the gift leaves the header; one notice', async () => {
    const m = await gw.signUp();
    const gift = await give(m.phone);
    const plan = await planOf(club0.id, 'CLASSIC');
    const { contract, existing } = await activated(m.token, gift.memberGiftId, plan.id);
    const today = vietnamDay(gw.clock.now());
    expect(existing).toBe(false);
    expect(contract).toMatchObject({
      status: 'CURRENT',
      isGift: true,
      clubId: club0.id,
      paymentPlanId: plan.id,
      startDate: today,
      endDate: addDays(today, 13),
      paymentPlan: {
        planNameVi: '2 tuần tập miễn phí',
        planNameEn: '2 free weeks',
        duration: { value: 14, unit: 'day' },
        isBlackCard: false,
      },
      amounts: { totalPayment: 0, originalPrice: 0, joiningFee: 0 },
    });
    expect(contract.signDate).toBe(gw.clock.now().toISOString());

    const list = await gw.call('GET', '/api/v1/member/contracts?isGift=true', { token: m.token });
    expect(list.body.data.map((c: { contractId: number }) => c.contractId)).toEqual([contract.contractId]);
    const home = await gw.call('GET', '/api/v1/member/contracts/home-page', { token: m.token });
    expect(home.body.data.current.contractId).toBe(contract.contractId);
    expect((await gw.call('GET', '/api/v1/member/gift', { token: m.token })).body.data).toBeNull();

    // No money moved: no transaction; the member still counts as new (joining fee, new-customer offers).
    expect(await gw.db.select().from(transactions).where(eq(transactions.contractId, contract.contractId))).toEqual([]);
    const cards = await gw.call('GET', `/api/v1/global/club/${String(club0.id)}/payment-plans`, { token: m.token });
    const basicId = (await planOf(club0.id, 'BASIC')).id;
    const basic = cards.body.data.find((p: { id: number }) => p.id === basicId);
    expect(basic.joiningFee).toBeGreaterThan(0);

    const [row] = await gw.db.select().from(memberGifts).where(eq(memberGifts.id, gift.memberGiftId));
    expect(row.contractId).toBe(contract.contractId);
    expect(row.usedAt).not.toBeNull();
    const notices = await gw.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.accountId, m.profile.id), eq(notifications.kind, 'GIFT')));
    expect(notices).toHaveLength(1);
    expect(notices[0].link).toBe(`/history/membership/${String(contract.contractId)}`);
    expect(notices[0].bodyVi).toContain(`${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`);
  });

  test('starts the day after the membership that opens the club ends; another club starts today', async () => {
    const m = await gw.signUp();
    const bought = await buyAndPay(gw, m.token, (await planOf(club0.id, 'CLASSIC')).id);
    const [paid] = await gw.db.select().from(contracts).where(eq(contracts.id, bought.contract.contractId));
    const here = await activated(m.token, (await give(m.phone)).memberGiftId, (await planOf(club0.id, 'BASIC')).id);
    expect(here.contract).toMatchObject({
      status: 'FUTURE',
      startDate: addDays(paid.endDate, 1),
      endDate: addDays(paid.endDate, 14),
    });
    const today = vietnamDay(gw.clock.now());
    const there = await activated(
      m.token,
      (await give(m.phone, { days: 7 })).memberGiftId,
      (await planOf(club1.id, 'CLASSIC')).id,
    );
    expect(there.contract).toMatchObject({ status: 'CURRENT', startDate: today, endDate: addDays(today, 6) });
  });

  test('after an all-club membership it starts when that one ends, at any club', async () => {
    const m = await gw.signUp();
    const bought = await buyAndPay(gw, m.token, (await planOf(club1.id, 'BLACK_CARD')).id);
    const [paid] = await gw.db.select().from(contracts).where(eq(contracts.id, bought.contract.contractId));
    const { contract } = await activated(
      m.token,
      (await give(m.phone)).memberGiftId,
      (await planOf(club0.id, 'CLASSIC')).id,
    );
    expect(contract.startDate).toBe(addDays(paid.endDate, 1));
  });
});

describe('exactly one contract per gift', () => {
  test('twice: the second answers the same contract; another plan afterwards is refused as used', async () => {
    const m = await gw.signUp();
    const gift = await give(m.phone);
    const plan = await planOf(club0.id, 'CLASSIC');
    const first = await activated(m.token, gift.memberGiftId, plan.id);
    const second = await activated(m.token, gift.memberGiftId, plan.id);
    expect(second.existing).toBe(true);
    expect(second.contract.contractId).toBe(first.contract.contractId);
    const other = await activate(m.token, gift.memberGiftId, (await planOf(club1.id, 'CLASSIC')).id);
    expect([other.status, other.body.code]).toEqual([409, 'GIFT_USED']);
    expect(await giftContracts(m.profile.id)).toHaveLength(1);
    expect(
      await gw.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, m.profile.id), eq(notifications.kind, 'GIFT'))),
    ).toHaveLength(1);
  });

  test('10 taps at once: one contract, every answer names it', async () => {
    const m = await gw.signUp();
    const gift = await give(m.phone);
    const plan = await planOf(club0.id, 'CLASSIC');
    const answers = await Promise.all(Array.from({ length: 10 }, () => activate(m.token, gift.memberGiftId, plan.id)));
    for (const res of answers) expect([res.status, res.body.code], JSON.stringify(res.body)).toEqual([200, 1101]);
    const made = await giftContracts(m.profile.id);
    expect(made).toHaveLength(1);
    expect(new Set(answers.map((res) => res.body.data.contract.contractId))).toEqual(new Set([made[0].id]));
    expect(answers.filter((res) => res.body.data.existing === false)).toHaveLength(1);
  });

  test('the database refuses a second contract for one gift and an activated gift left unused', async () => {
    const m = await gw.signUp();
    const gift = await give(m.phone);
    const { contract } = await activated(m.token, gift.memberGiftId, (await planOf(club0.id, 'CLASSIC')).id);
    const other = await give(m.phone);
    await expect(
      gw.db
        .update(memberGifts)
        .set({ usedAt: gw.clock.now(), contractId: contract.contractId })
        .where(eq(memberGifts.id, other.memberGiftId)),
    ).rejects.toThrow();
    await expect(
      gw.db.update(memberGifts).set({ usedAt: null }).where(eq(memberGifts.id, gift.memberGiftId)),
    ).rejects.toThrow();
  });
});

describe('refusals', () => {
  test('expired, used, unknown and another member’s gifts, each with its code; nothing is made', async () => {
    const owner = await gw.signUp();
    const other = await gw.signUp();
    const plan = await planOf(club0.id, 'CLASSIC');

    const expiring = await give(owner.phone, { validMs: DAY });
    gw.clock.advance(DAY);
    const expired = await activate(owner.token, expiring.memberGiftId, plan.id);
    expect([expired.status, expired.body.code]).toEqual([409, 'GIFT_EXPIRED']);
    expect(expired.body.message).toBe('Quà tặng này đã hết hạn kích hoạt.');
    const english = await gw.call('POST', `/api/v1/member/gift/${String(expiring.memberGiftId)}/contract`, {
      token: owner.token,
      lang: 'en',
      json: { paymentPlanId: plan.id },
    });
    expect(english.body.message).toBe('This gift can no longer be activated: it has expired.');

    const usedByStaff = await give(owner.phone);
    await gw.db.update(memberGifts).set({ usedAt: gw.clock.now() }).where(eq(memberGifts.id, usedByStaff.memberGiftId));
    const used = await activate(owner.token, usedByStaff.memberGiftId, plan.id);
    expect([used.status, used.body.code]).toEqual([409, 'GIFT_USED']);

    const unknown = await activate(owner.token, 2_000_000_000, plan.id);
    expect([unknown.status, unknown.body.code]).toEqual([404, 'GIFT_NOT_FOUND']);

    const owners = await give(owner.phone);
    const stolen = await activate(other.token, owners.memberGiftId, plan.id);
    expect([stolen.status, stolen.body.code]).toEqual([404, 'GIFT_NOT_FOUND']);
    expect((await gw.call('GET', '/api/v1/member/gift', { token: owner.token })).body.data.memberGiftId).toBe(
      owners.memberGiftId,
    );

    expect(await giftContracts(owner.profile.id)).toEqual([]);
    expect(await giftContracts(other.profile.id)).toEqual([]);
  });

  test('all-club, subscription and unknown plans are refused; the gift stays usable', async () => {
    const m = await gw.signUp();
    const gift = await give(m.phone);
    for (const type of ['BLACK_CARD', 'SUBSCRIPTION', 'BLACK_CARD_SUBSCRIPTION']) {
      const res = await activate(m.token, gift.memberGiftId, (await planOf(club0.id, type)).id);
      expect([res.status, res.body.code], type).toEqual([409, 'GIFT_PLAN_NOT_ALLOWED']);
    }
    const unknown = await activate(m.token, gift.memberGiftId, 2_000_000_000);
    expect(unknown.status).toBe(404);
    expect((await gw.call('GET', '/api/v1/member/gift', { token: m.token })).body.data.memberGiftId).toBe(
      gift.memberGiftId,
    );
    await activated(m.token, gift.memberGiftId, (await planOf(club0.id, 'BASIC', 'day')).id);
  });

  test('malformed ids and bodies are 4xx, never 5xx; without a token 401', async () => {
    const m = await gw.signUp();
    const gift = await give(m.phone);
    const plan = await planOf(club0.id, 'CLASSIC');
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%00', '1e3']) {
      const res = await activate(m.token, id, plan.id);
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
    }
    const bodies: [string, string | undefined][] = [
      ['no body', undefined],
      ['not JSON', 'paymentPlanId=1'],
      ['an array', '[]'],
      ['null', 'null'],
    ];
    for (const [name, body] of bodies) {
      const res = await gw.call('POST', `/api/v1/member/gift/${String(gift.memberGiftId)}/contract`, {
        token: m.token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect([res.status, res.body.code], name).toEqual([400, 2]);
    }
    for (const paymentPlanId of [
      undefined,
      null,
      '1',
      String(plan.id),
      -1,
      0,
      1.5,
      2 ** 31,
      'x\u0000',
      [plan.id],
      { id: plan.id },
    ]) {
      const res = await activate(m.token, gift.memberGiftId, paymentPlanId);
      expect([res.status, res.body.code], JSON.stringify(paymentPlanId)).toEqual([400, 2]);
    }
    const nul = await gw.call('POST', `/api/v1/member/gift/${String(gift.memberGiftId)}/contract`, {
      token: m.token,
      json: { paymentPlanId: plan.id, note: 'a\u0000b' },
    });
    expect([nul.status, nul.body.code]).toEqual([400, 2]);
    expect(await giftContracts(m.profile.id)).toEqual([]);

    for (const [method, path] of [
      ['POST', `/api/v1/member/gift/${String(gift.memberGiftId)}/contract`],
      ['POST', '/api/v1/member/gift/experience'],
      ['GET', '/api/v1/member/screens/gift'],
    ]) {
      const res = await gw.call(method, path, { json: method === 'POST' ? { paymentPlanId: plan.id } : undefined });
      expect([res.status, res.body.code], path).toEqual([401, -1]);
    }
  });
});

describe('the experience pass (§9: 1 day)', () => {
  const take = (token: string) => gw.call('POST', '/api/v1/member/gift/experience', { token });
  const screen = async (token: string) => {
    const res = await gw.call('GET', '/api/v1/member/screens/gift', { token });
    expect(res.status).toBe(200);
    return { shell: res.body.data.shell, ...giftScreenSchema.parse(res.body.data.gift) };
  };

  test('a newcomer takes it once: the same gift until used, 1 day at the club picked, never again', async () => {
    const m = await gw.signUp();
    expect((await screen(m.token)).experienceAvailable).toBe(true);
    const first = await take(m.token);
    expect([first.status, first.body.code]).toEqual([200, 1000]);
    expect(first.body.data).toMatchObject({
      existing: false,
      gift: { kind: 'EXPERIENCE', days: 1, titleVi: 'Trải nghiệm miễn phí 1 ngày' },
    });
    const expiresAt = Date.parse(first.body.data.gift.expiresAt);
    expect(expiresAt - gw.clock.now().getTime()).toBeGreaterThan(29 * DAY);
    expect(expiresAt - gw.clock.now().getTime()).toBeLessThanOrEqual(30 * DAY);

    const again = await take(m.token);
    expect(again.body.data).toMatchObject({
      existing: true,
      gift: { memberGiftId: first.body.data.gift.memberGiftId },
    });
    const view = await screen(m.token);
    expect(view.experienceAvailable).toBe(false);
    expect(view.gift).toEqual(first.body.data.gift);
    expect(view.shell.gift).toEqual(first.body.data.gift);

    const { contract } = await activated(
      m.token,
      first.body.data.gift.memberGiftId,
      (await planOf(club1.id, 'CLASSIC')).id,
    );
    const today = vietnamDay(gw.clock.now());
    expect(contract).toMatchObject({
      isGift: true,
      startDate: today,
      endDate: today,
      status: 'CURRENT',
      paymentPlan: { duration: { value: 1, unit: 'day' } },
    });

    const later = await take(m.token);
    expect([later.status, later.body.code]).toEqual([409, 'GIFT_EXPERIENCE_TAKEN']);
    // The sandbox cannot give a second one either: the database allows one per account.
    const sandbox = await gw.call('PUT', '/sandbox/gift', {
      json: {
        phoneNumber: m.phone,
        kind: 'EXPERIENCE',
        titleVi: 'Thử',
        titleEn: 'Try',
        descriptionVi: 'Một ngày',
        descriptionEn: 'A day',
      },
    });
    expect([sandbox.status, sandbox.body.code]).toEqual([409, 'GIFT_EXPERIENCE_TAKEN']);
  });

  test('a member who bought a membership cannot take it; a gift contract alone does not count as buying', async () => {
    const buyer = await gw.signUp();
    await buyAndPay(gw, buyer.token, (await planOf(club0.id, 'BASIC')).id);
    expect((await screen(buyer.token)).experienceAvailable).toBe(false);
    const refused = await take(buyer.token);
    expect([refused.status, refused.body.code]).toEqual([409, 'GIFT_EXPERIENCE_MEMBERS']);
    expect(refused.body.message).toBe('Buổi trải nghiệm miễn phí chỉ dành cho người chưa từng mua gói tập.');

    const gifted = await gw.signUp();
    await activated(gifted.token, (await give(gifted.phone)).memberGiftId, (await planOf(club0.id, 'CLASSIC')).id);
    expect((await take(gifted.token)).status).toBe(200);
  });

  test('an expired, unused pass is not given again', async () => {
    const m = await gw.signUp();
    const taken = await take(m.token);
    // Past its end (moving the clock 30 days would also end the member's session).
    await gw.db
      .update(memberGifts)
      .set({ expiresAt: gw.clock.now() })
      .where(eq(memberGifts.id, taken.body.data.gift.memberGiftId));
    const res = await take(m.token);
    expect([res.status, res.body.code]).toEqual([409, 'GIFT_EXPERIENCE_TAKEN']);
  });

  test('5 takes at once give one pass', async () => {
    const m = await gw.signUp();
    const answers = await Promise.all(Array.from({ length: 5 }, () => take(m.token)));
    for (const res of answers) expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await gw.db
      .select()
      .from(memberGifts)
      .where(and(eq(memberGifts.accountId, m.profile.id), eq(memberGifts.kind, 'EXPERIENCE')));
    expect(rows).toHaveLength(1);
  });
});

test('the /gift screen lists every active club once, each with a CLASSIC plan, by city', async () => {
  const m = await gw.signUp();
  const res = await gw.call('GET', '/api/v1/member/screens/gift', { token: m.token });
  const { clubs, gift } = giftScreenSchema.parse(res.body.data.gift);
  expect(gift).toBeNull();
  expect(clubs.length).toBeGreaterThanOrEqual(9);
  expect(new Set(clubs.map((c) => c.clubId)).size).toBe(clubs.length);
  expect(clubs[0]).toMatchObject({
    clubId: club0.id,
    paymentPlanId: (await planOf(club0.id, 'CLASSIC')).id,
    cityNameVi: 'TP. Hồ Chí Minh',
  });
});
