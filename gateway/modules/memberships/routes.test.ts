import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  accessClubSchema,
  contractDetailSchema,
  contractSchema,
  createContractResultSchema,
  homePageContractsSchema,
  paymentSchema,
  transactionSchema,
  receiptSchema,
  REFERRAL_YEARLY_LIMIT,
  type Contract,
} from '#api/membership.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import {
  accounts,
  authTokens,
  clubs,
  contracts,
  couponCampaigns,
  coupons,
  paymentMethodGroups,
  payments,
  savedCards,
} from '#gateway/db/schema/index.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { anchorCoupons, buyAndPay, clubBySlug, couponId, plansOf } from '#tests/support/membership.ts';

let gw: TestGateway;
let q1: number;
let q3: number;
let p1: Awaited<ReturnType<typeof plansOf>>;
let p3: Awaited<ReturnType<typeof plansOf>>;
// Plan positions in the seed.
const BLACK = 0;
const CLASSIC3 = 2;
const BASIC = 3;
const TRIAL = 6;

beforeAll(async () => {
  gw = await startTestGateway();
  await anchorCoupons(gw);
  q1 = (await clubBySlug(gw, 'q1-le-thanh-ton')).id;
  q3 = (await clubBySlug(gw, 'q3-vo-van-tan')).id;
  p1 = await plansOf(gw, q1);
  p3 = await plansOf(gw, q3);
});
afterAll(() => gw.close());

const MIN = 60_000;
const DAY = 24 * 60 * MIN;

const buy = (token: string, json: Record<string, unknown>) =>
  gw.call('POST', '/api/v1/member/contract', { token, json: { paymentMethodGroupId: 1, isCash: false, ...json } });

const bought = async (token: string, json: Record<string, unknown>) => {
  const res = await buy(token, json);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.code).toBe(1022);
  return createContractResultSchema.parse(res.body.data);
};

const detail = async (token: string, id: number) => {
  const res = await gw.call('GET', `/api/v1/member/contract/${String(id)}/detail`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return contractDetailSchema.parse(res.body.data);
};

const settle = (paymentId: number, amount: number) =>
  settlePayment(gw, { paymentId, amount, providerTransactionId: `BANK-${String(paymentId)}`, paidAt: gw.clock.now() });

const today = () => vietnamDay(gw.clock.now());

describe('buying a plan', () => {
  test('bank QR: a contract awaiting payment, its fees, and a 15-minute QR for the exact amount', async () => {
    const { token } = await gw.signUp();
    const { contract, payment, existing } = await bought(token, { paymentPlanId: p1[BASIC].id });
    expect(existing).toBe(false);
    expect(contract).toMatchObject({
      status: 'WAITFORPAYMENT',
      clubId: q1,
      startDate: today(),
      signDate: null,
      paymentMethodGroupId: 1,
      isCash: false,
      amounts: {
        originalPrice: 690_000,
        membershipDiscount: 0,
        joiningFee: 300_000,
        joiningFeeDiscount: 0,
        totalPayment: 990_000,
      },
      bonusDays: 0,
    });
    expect(payment).toMatchObject({ method: 1, status: 'PENDING', amount: 990_000, payUrl: null, counter: null });
    expect(payment.qr?.memo).toMatch(/^[A-Z0-9]+$/);
    expect(payment.qr?.payload).toContain(payment.qr!.memo);
    expect(new Date(payment.expiresAt!).getTime() - gw.clock.now().getTime()).toBe(15 * MIN);

    const d = await detail(token, contract.contractId);
    expect(d.transactions.map((t) => [t.type, t.amount, t.status, t.paymentLocation])).toEqual([
      ['JOINING_FEE', 300_000, 'WAITFORPAYMENT', 2],
      ['MEMBERSHIP_FEE', 690_000, 'WAITFORPAYMENT', 2],
    ]);
    expect(d.payment?.id).toBe(payment.id);
    expect(d.receipts).toHaveLength(1);
    expect(receiptSchema.parse(d.receipts[0])).toMatchObject({
      paymentDate: null,
      totalPayment: 990_000,
      membershipFee: 690_000,
      startupFee: 300_000,
      transactionId: payment.qr!.memo,
    });
  });

  test('the charged amount is the plan card price: coupon and joining-fee rules through create', async () => {
    const { token } = await gw.signUp();
    const card = await gw.call(
      'GET',
      `/api/v1/global/club/${String(q1)}/payment-plan/${String(p1[BLACK].id)}/detail?coupon=CHAOBAN10`,
      { token },
    );
    const { contract, payment } = await bought(token, {
      paymentPlanId: p1[BLACK].id,
      couponId: await couponId(gw, 'CHAOBAN10'),
    });
    expect(contract.amounts.totalPayment).toBe(card.body.data.totalPaymentFirst);
    expect(contract.amounts.totalPayment).toBe(8_290_000);
    expect(payment.amount).toBe(8_290_000);
    expect(contract.promotionCode).toBe('CHAOBAN10');
    // Classic 12 m: the club waives the joining fee, so only the membership fee is a transaction.
    const other = await gw.signUp();
    const classic = await bought(other.token, { paymentPlanId: p1[1].id });
    const d = await detail(other.token, classic.contract.contractId);
    expect(d.transactions.map((t) => t.type)).toEqual(['MEMBERSHIP_FEE']);
  });

  test('cash waits at the counter (method 3, location 1, no expiry); card gets a signed pay URL', async () => {
    const { token } = await gw.signUp();
    const cash = await bought(token, { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 1, isCash: true });
    expect(cash.contract).toMatchObject({ isCash: true, paymentMethodGroupId: 3 });
    expect(cash.payment).toMatchObject({ method: 3, expiresAt: null, qr: null, payUrl: null });
    expect(cash.payment.counter?.clubNameVi).toBe('Gym Lê Thánh Tôn');
    expect(
      (await detail(token, cash.contract.contractId)).transactions.every(
        (t) => t.paymentLocation === 1 && t.paymentMethod === 3,
      ),
    ).toBe(true);

    const card = await bought(token, { paymentPlanId: p3[BASIC].id, paymentMethodGroupId: 2 });
    expect(card.payment.method).toBe(2);
    expect(card.payment.payUrl).toMatch(/vnp_SecureHash=[0-9a-f]{128}/);
    expect(card.payment.payUrl).toContain(`vnp_Amount=${String(card.payment.amount * 100)}`);
  });

  test('an inactive payment method group → 400 code 2', async () => {
    const { token } = await gw.signUp();
    await gw.db.update(paymentMethodGroups).set({ isActive: false }).where(eq(paymentMethodGroups.id, 2));
    try {
      const res = await buy(token, { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 2 });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(2);
    } finally {
      await gw.db.update(paymentMethodGroups).set({ isActive: true }).where(eq(paymentMethodGroups.id, 2));
    }
  });

  test("a saved card that is not the caller's (or deleted) → 550; the caller's own card is used", async () => {
    const a = await gw.signUp();
    const b = await gw.signUp();
    const [aId] = await gw.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phoneNumber, a.phone));
    const [card] = await gw.db
      .insert(savedCards)
      .values({
        accountId: aId.id,
        token: `tok-${a.phone}`,
        cardNumber: '970436xxxxxx1234',
        bankCode: 'VCB',
        cardType: '01',
        createdAt: gw.clock.now(),
      })
      .returning();
    const stolen = await buy(b.token, { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 2, savedCardId: card.id });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe(550);
    const missing = await buy(b.token, { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 2, savedCardId: 999_999 });
    expect(missing.body.code).toBe(550);
    const own = await bought(a.token, { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 2, savedCardId: card.id });
    const [row] = await gw.db.select().from(payments).where(eq(payments.id, own.payment.id));
    expect(row.savedCardId).toBe(card.id);
  });

  test('a coupon covering everything settles at once: CURRENT, signed, a paid receipt', async () => {
    const [campaign] = await gw.db
      .insert(couponCampaigns)
      .values({ nameVi: 'Tặng', nameEn: 'Gift', descriptionVi: 'Miễn phí', descriptionEn: 'Free' })
      .returning();
    const [free] = await gw.db
      .insert(coupons)
      .values({
        code: 'FREEALL',
        campaignId: campaign.id,
        percentOff: 100,
        appliesTo: 'both',
        validFrom: new Date(gw.clock.now().getTime() - DAY),
      })
      .returning();
    const { token } = await gw.signUp();
    const { contract, payment } = await bought(token, { paymentPlanId: p1[BASIC].id, couponId: free.id });
    expect(contract.amounts.totalPayment).toBe(0);
    expect(contract.status).toBe('CURRENT');
    expect(contract.signDate).toBe(gw.clock.now().toISOString());
    expect(payment).toMatchObject({ status: 'SUCCESS', amount: 0, qr: null, counter: null });
    const d = await detail(token, contract.contractId);
    expect(d.receipts[0].paymentDate).toBe(gw.clock.now().toISOString());
    expect(d.receipts[0].transactionId).toMatch(/^FREE/);
    // The member is told, as for any paid membership.
    const inbox = await gw.call('GET', '/api/v1/member/notifications?page=1&limit=5', { token });
    expect(inbox.body.data.items.map((n: { kind: string; link: string }) => [n.kind, n.link])).toContainEqual([
      'PAYMENT',
      `/history/membership/${String(contract.contractId)}`,
    ]);
  });
});

describe('double submit and the unpaid contract per club', () => {
  test('two concurrent POSTs create exactly one contract; the other answer is the same contract (existing)', async () => {
    const { token, phone } = await gw.signUp();
    const [a, b] = await Promise.all([
      buy(token, { paymentPlanId: p1[BASIC].id }),
      buy(token, { paymentPlanId: p1[BASIC].id }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.contract.contractId).toBe(b.body.data.contract.contractId);
    expect(a.body.data.payment.id).toBe(b.body.data.payment.id);
    expect([a.body.data.existing, b.body.data.existing].sort()).toEqual([false, true]);
    const [acc] = await gw.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phoneNumber, phone));
    expect(await gw.db.select().from(contracts).where(eq(contracts.accountId, acc.id))).toHaveLength(1);
    expect(await gw.db.select().from(payments).where(eq(payments.accountId, acc.id))).toHaveLength(1);
  });

  test('a later purchase at the same club returns the unpaid one; another club gets its own', async () => {
    const { token } = await gw.signUp();
    const first = await bought(token, { paymentPlanId: p1[BASIC].id });
    const again = await bought(token, { paymentPlanId: p1[CLASSIC3].id });
    expect(again).toMatchObject({
      existing: true,
      contract: { contractId: first.contract.contractId, paymentPlanId: p1[BASIC].id },
    });
    const elsewhere = await bought(token, { paymentPlanId: p3[BASIC].id });
    expect(elsewhere.existing).toBe(false);
    expect(elsewhere.contract.contractId).not.toBe(first.contract.contractId);
  });

  test('returning to an unpaid contract whose attempt failed opens a new attempt', async () => {
    const { token } = await gw.signUp();
    const first = await bought(token, { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 2 });
    await gw.db.update(payments).set({ status: 'FAIL', responseCode: '24' }).where(eq(payments.id, first.payment.id));
    const again = await bought(token, { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 1 });
    expect(again.existing).toBe(true);
    expect(again.payment).toMatchObject({ status: 'PENDING', method: 1 });
    expect(again.payment.id).not.toBe(first.payment.id);
  });
});

describe('expiry and settlement', () => {
  test('the hot list reads see an expiry at once: the home page and the list, unfiltered and filtered by FAIL', async () => {
    for (const read of ['home', 'list', 'failed'] as const) {
      const { token } = await gw.signUp();
      const { contract } = await bought(token, { paymentPlanId: p3[BASIC].id });
      gw.clock.advance(16 * MIN);
      if (read === 'home') {
        const home = await gw.call('GET', '/api/v1/member/contracts/home-page', { token });
        expect(home.body.data.waitingForPayment).toEqual([]);
      } else {
        const list = await gw.call('GET', `/api/v1/member/contracts${read === 'failed' ? '?status=FAIL' : ''}`, {
          token,
        });
        expect(list.body.data.map((x: { contractId: number; status: string }) => [x.contractId, x.status])).toEqual([
          [contract.contractId, 'FAIL'],
        ]);
      }
    }
  });

  test('16 minutes without payment: the payment EXPIRED, the contract and its fees FAIL; a new purchase is a new contract', async () => {
    const { token } = await gw.signUp();
    const { contract, payment } = await bought(token, { paymentPlanId: p3[BASIC].id });
    gw.clock.advance(16 * MIN);
    const latest = await gw.call('GET', `/api/v1/member/contract/${String(contract.contractId)}/payment`, { token });
    expect(paymentSchema.parse(latest.body.data)).toMatchObject({ id: payment.id, status: 'EXPIRED' });
    const d = await detail(token, contract.contractId);
    expect(d.status).toBe('FAIL');
    expect(d.payment).toBeNull();
    expect(d.receipts).toEqual([]);
    expect(d.transactions.every((t) => t.status === 'FAIL')).toBe(true);
    expect(d.timeline.map((e) => e.kind)).toEqual(['created', 'expired']);
    expect(d.transactions.every((t) => t.closedReason === 'expired')).toBe(true);
    const next = await bought(token, { paymentPlanId: p3[BASIC].id });
    expect(next.existing).toBe(false);
  });

  test('settled by settlePayment: CURRENT with signDate, SUCCESS fees with the reference, a receipt with paymentDate', async () => {
    const { token } = await gw.signUp();
    const { contract, payment } = await bought(token, { paymentPlanId: p1[BASIC].id });
    gw.clock.advance(5 * MIN);
    expect((await settle(payment.id, payment.amount)).kind).toBe('settled');
    const paidAt = gw.clock.now().toISOString();
    const d = await detail(token, contract.contractId);
    expect(d).toMatchObject({ status: 'CURRENT', signDate: paidAt, startDate: today(), payment: null });
    expect(d.receipts).toHaveLength(1);
    expect(d.receipts[0]).toMatchObject({
      paymentDate: paidAt,
      totalPayment: 990_000,
      paymentMethod: 1,
      startDate: d.startDate,
      endDate: d.endDate,
    });
    expect(d.transactions.map((t) => [t.status, t.paymentDate, t.reference])).toEqual([
      ['SUCCESS', paidAt, `BANK-${String(payment.id)}`],
      ['SUCCESS', paidAt, `BANK-${String(payment.id)}`],
    ]);
    expect(d.timeline.map((e) => e.kind)).toEqual(['created', 'paid', 'starts', 'ends']);

    const latest = await gw.call('GET', `/api/v1/member/contract/${String(contract.contractId)}/payment`, { token });
    expect(latest.body.data).toMatchObject({ status: 'SUCCESS', paidAt });

    const list = await gw.call('GET', '/api/v1/member/transactions', { token });
    const txs = list.body.data.map((t: unknown) => transactionSchema.strict().parse(t));
    expect(txs).toHaveLength(2);
    const one = await gw.call('GET', `/api/v1/member/transaction/${String(txs[0].transactionId)}/detail`, { token });
    expect(one.status).toBe(200);
    expect(transactionSchema.extend({ receipt: receiptSchema }).parse(one.body.data).receipt.paymentDate).toBe(paidAt);

    const home = homePageContractsSchema.parse(
      (await gw.call('GET', '/api/v1/member/contracts/home-page', { token })).body.data,
    );
    expect(home).toMatchObject({
      isExistsCurrentContract: true,
      current: { contractId: contract.contractId },
      future: [],
      waitingForPayment: [],
    });
    const access = (await gw.call('GET', '/api/v1/member/contract/access-clubs', { token })).body.data.map(
      (c: unknown) => accessClubSchema.parse(c),
    );
    expect(access).toEqual([{ id: q1, nameVi: 'Gym Lê Thánh Tôn', nameEn: 'Gym Le Thanh Ton' }]);
    const latestAtClub = await gw.call('GET', `/api/v1/member/club/${String(q1)}/contract/latest`, { token });
    expect(latestAtClub.body.data.contractId).toBe(contract.contractId);
    expect((await gw.call('GET', `/api/v1/member/club/${String(q3)}/contract/latest`, { token })).body.data).toBeNull();
  });

  test('a second plan at the same club starts the day after the first ends (FUTURE)', async () => {
    const { token } = await gw.signUp();
    await buyAndPay(gw, token, p1[BASIC].id);
    const first = (await gw.call('GET', '/api/v1/member/contracts', { token })).body.data[0] as Contract;
    expect(first.endDate).toBe('2026-12-20');
    const { contract, payment } = await bought(token, { paymentPlanId: p1[CLASSIC3].id });
    expect(contract.startDate).toBe('2026-12-21');
    expect(contract.endDate).toBe('2027-03-20');
    expect(contract.amounts.joiningFee).toBe(0);
    await settle(payment.id, payment.amount);
    const home = homePageContractsSchema.parse(
      (await gw.call('GET', '/api/v1/member/contracts/home-page', { token })).body.data,
    );
    expect(home.current?.contractId).toBe(first.contractId);
    expect(home.future.map((c) => [c.contractId, c.status])).toEqual([[contract.contractId, 'FUTURE']]);
    // A month later the first is PAST and the second CURRENT (tokens live 30 days: keep this one alive).
    await gw.db.update(authTokens).set({ expiresAt: new Date(gw.clock.now().getTime() + 60 * DAY) });
    gw.clock.advance(31 * DAY);
    try {
      const filtered = async (q: string) =>
        (await gw.call('GET', `/api/v1/member/contracts${q}`, { token })).body.data.map((c: Contract) => c.contractId);
      expect(await filtered('?status=CURRENT')).toEqual([contract.contractId]);
      expect(await filtered('?status=PAST')).toEqual([first.contractId]);
      expect(await filtered(`?clubId=${String(q3)}`)).toEqual([]);
      expect(await filtered(`?paymentPlanId=${String(p1[BASIC].id)}&isGift=false&isFrozen=false`)).toEqual([
        first.contractId,
      ]);
    } finally {
      gw.clock.advance(-31 * DAY);
    }
  });

  test('issue 10 §3 §4: plans at two clubs are both current; a Black Card that starts later does not push back a plan at another club', async () => {
    const { token } = await gw.signUp();
    const today = (
      await gw.call('GET', `/api/v1/member/club/${String(q1)}/payment-plan/${String(p1[CLASSIC3].id)}/dates`, { token })
    ).body.data;
    expect(today).toMatchObject({ afterCurrent: false });
    await buyAndPay(gw, token, p1[CLASSIC3].id);
    // A Black Card bought now waits for the Classic at club 1 to end (it opens club 1 too).
    const blackDates = (
      await gw.call('GET', `/api/v1/member/club/${String(q1)}/payment-plan/${String(p1[BLACK].id)}/dates`, { token })
    ).body.data;
    expect(blackDates.afterCurrent).toBe(true);
    await buyAndPay(gw, token, p1[BLACK].id);
    const black = ((await gw.call('GET', '/api/v1/member/contracts', { token })).body.data as Contract[])[0];
    expect(black).toMatchObject({ status: 'FUTURE', startDate: blackDates.startDate, endDate: blackDates.endDate });

    // Club 3 cannot be entered today: its plan starts today, as the plan page said before Confirm.
    const planned = (
      await gw.call('GET', `/api/v1/member/club/${String(q3)}/payment-plan/${String(p3[BASIC].id)}/dates`, { token })
    ).body.data;
    expect(planned).toEqual({ startDate: today.startDate, endDate: expect.any(String), afterCurrent: false });
    const { contract, payment } = await bought(token, { paymentPlanId: p3[BASIC].id });
    expect(contract.startDate).toBe(today.startDate);
    await settle(payment.id, payment.amount);
    const home = homePageContractsSchema.parse(
      (await gw.call('GET', '/api/v1/member/contracts/home-page', { token })).body.data,
    );
    expect(home.currents.map((c) => c.clubId).sort()).toEqual([q1, q3].sort());
    expect(home.future.map((c) => c.contractId)).toEqual([black.contractId]);

    // Not a plan of this club, or not a plan at all: 404.
    expect(
      (await gw.call('GET', `/api/v1/member/club/${String(q3)}/payment-plan/${String(p1[BASIC].id)}/dates`, { token }))
        .status,
    ).toBe(404);
    expect(
      (await gw.call('GET', `/api/v1/member/club/${String(q3)}/payment-plan/999999/dates`, { token })).status,
    ).toBe(404);
    expect(
      (await gw.call('GET', `/api/v1/member/club/${String(q3)}/payment-plan/${String(p3[BASIC].id)}/dates`)).status,
    ).toBe(401);
  });

  test('a current Black Card opens every active club', async () => {
    const { token } = await gw.signUp();
    await buyAndPay(gw, token, p1[BLACK].id);
    const access = (await gw.call('GET', '/api/v1/member/contract/access-clubs', { token })).body.data;
    const active = await gw.db.select({ id: clubs.id }).from(clubs).where(eq(clubs.isActive, true));
    expect(access.map((c: { id: number }) => c.id).sort((x: number, y: number) => x - y)).toEqual(
      active.map((c) => c.id).sort((x, y) => x - y),
    );
  });
});

describe('paying again and cancelling', () => {
  test('pay another way: the QR is superseded by a card attempt; the same method twice returns the open attempt', async () => {
    const { token } = await gw.signUp();
    const { contract, payment } = await bought(token, { paymentPlanId: p1[BASIC].id });
    const path = `/api/v1/member/contract/${String(contract.contractId)}/payment`;
    const card = await gw.call('POST', path, { token, json: { paymentMethodGroupId: 2 } });
    expect(card.body.code).toBe(1022);
    expect(card.body.data.payment).toMatchObject({ method: 2, status: 'PENDING' });
    expect(card.body.data.contract).toMatchObject({ paymentMethodGroupId: 2 });
    const [old] = await gw.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(old.status).toBe('FAIL');
    const again = await gw.call('POST', path, { token, json: { paymentMethodGroupId: 2 } });
    expect(again.body.data.payment.id).toBe(card.body.data.payment.id);
    const cash = await gw.call('POST', path, { token, json: { paymentMethodGroupId: 3 } });
    expect(cash.body.data).toMatchObject({ contract: { isCash: true }, payment: { method: 3 } });
    expect(
      (await detail(token, contract.contractId)).transactions.every(
        (t) => t.paymentMethod === 3 && t.paymentLocation === 1,
      ),
    ).toBe(true);
  });

  test('cancel: the unpaid contract and its attempt fail; cancelling twice is harmless; a paid one cannot be cancelled or paid', async () => {
    const { token } = await gw.signUp();
    const { contract, payment } = await bought(token, { paymentPlanId: p1[BASIC].id });
    const cancel = () => gw.call('PUT', `/api/v1/member/contract/${String(contract.contractId)}/cancel`, { token });
    const res = await cancel();
    expect(res.status).toBe(200);
    expect(contractSchema.parse(res.body.data).status).toBe('FAIL');
    expect((await cancel()).body.data.status).toBe('FAIL');
    const [row] = await gw.db.select().from(payments).where(eq(payments.id, payment.id));
    expect(row.status).toBe('FAIL');
    expect((await settle(payment.id, payment.amount)).kind).toBe('late');
    const payFailed = await gw.call('POST', `/api/v1/member/contract/${String(contract.contractId)}/payment`, {
      token,
      json: { paymentMethodGroupId: 1 },
    });
    expect(payFailed.status).toBe(409);

    const paid = await buyAndPay(gw, token, p1[BASIC].id);
    const refused = await gw.call('PUT', `/api/v1/member/contract/${String(paid.contract.contractId)}/cancel`, {
      token,
    });
    expect(refused.status).toBe(409);
    const payPaid = await gw.call('POST', `/api/v1/member/contract/${String(paid.contract.contractId)}/payment`, {
      token,
      json: { paymentMethodGroupId: 1 },
    });
    expect(payPaid.status).toBe(409);
  });
});

describe('ownership and malformed input', () => {
  test("member B cannot see, pay or cancel A's contract, payment or transaction → 404", async () => {
    const a = await gw.signUp();
    const b = await gw.signUp();
    const { contract } = await bought(a.token, { paymentPlanId: p1[BASIC].id });
    const txId = (await detail(a.token, contract.contractId)).transactions[0].transactionId;
    const id = String(contract.contractId);
    for (const [method, path, json] of [
      ['GET', `/api/v1/member/contract/${id}/detail`],
      ['GET', `/api/v1/member/contract/${id}/payment`],
      ['POST', `/api/v1/member/contract/${id}/payment`, { paymentMethodGroupId: 1 }],
      ['PUT', `/api/v1/member/contract/${id}/cancel`],
      ['GET', `/api/v1/member/transaction/${String(txId)}/detail`],
    ] as const) {
      const res = await gw.call(method, path, { token: b.token, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.code).toBe('NOT_FOUND');
    }
    expect((await gw.call('GET', '/api/v1/member/contracts', { token: b.token })).body.data).toEqual([]);
    expect((await gw.call('GET', '/api/v1/member/transactions', { token: b.token })).body.data).toEqual([]);
    expect((await detail(a.token, contract.contractId)).status).toBe('WAITFORPAYMENT');
  });

  test('malformed ids → 404, malformed bodies and queries → 400 code 2, never 500', async () => {
    const { token } = await gw.signUp();
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999', '%27%20or%201=1']) {
      for (const [method, path] of [
        ['GET', `/api/v1/member/contract/${bad}/detail`],
        ['GET', `/api/v1/member/contract/${bad}/payment`],
        ['PUT', `/api/v1/member/contract/${bad}/cancel`],
        ['GET', `/api/v1/member/transaction/${bad}/detail`],
        ['GET', `/api/v1/member/club/${bad}/contract/latest`],
      ]) {
        const res = await gw.call(method, path, { token });
        expect(res.status, `${method} ${path}`).toBe(404);
      }
    }
    const bodies: unknown[] = [
      {},
      { paymentPlanId: 'x', paymentMethodGroupId: 1 },
      { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 4 },
      { paymentPlanId: -1, paymentMethodGroupId: 1 },
      { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 1, referralCode: '12ab' },
      { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 1, couponId: 'CHAOBAN10' },
      [],
      'null',
    ];
    for (const json of bodies) {
      const res = await buy(token, json as Record<string, unknown>);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.code).toBe(2);
    }
    const broken = await gw.call('POST', '/api/v1/member/contract', {
      token,
      body: '{"paymentPlanId":',
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.status).toBe(400);
    expect((await gw.call('GET', '/api/v1/member/contracts?status=ACTIVE', { token })).status).toBe(400);
    expect((await buy(token, { paymentPlanId: 999_999 })).status).toBe(404);
    expect((await buy(token, { paymentPlanId: p1[BASIC].id, couponId: 999_999 })).body.code).toBe('PROMO_CODE_INVALID');
    expect(
      (
        await gw.call('POST', '/api/v1/member/contract', {
          json: { paymentPlanId: p1[BASIC].id, paymentMethodGroupId: 1 },
        })
      ).status,
    ).toBe(401);
  });
});

describe('coupons in create-contract', () => {
  test('353 for a returning member on a new-customer coupon; 352 for a second use; PROMO_CODE_INVALID for a wrong plan type', async () => {
    const { token } = await gw.signUp();
    await buyAndPay(gw, token, p3[TRIAL].id);
    const res = await buy(token, { paymentPlanId: p1[BASIC].id, couponId: await couponId(gw, 'CHAOBAN10') });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(353);
    await bought(token, { paymentPlanId: p1[BASIC].id, couponId: await couponId(gw, 'TET2027') });
    const twice = await buy(token, { paymentPlanId: p3[BASIC].id, couponId: await couponId(gw, 'TET2027') });
    expect(twice.body.code).toBe(352);
    const wrongType = await buy(token, { paymentPlanId: p3[BASIC].id, couponId: await couponId(gw, 'BLACK500') });
    expect(wrongType.body.code).toBe('PROMO_CODE_INVALID');
  });
});

describe('referral', () => {
  const check = (token: string, json: unknown) => gw.call('POST', '/api/v1/member/referral/check', { token, json });

  test('success 1019 with the referrer name masked and 14 days; create-contract adds them to the end date', async () => {
    const referrer = await gw.signUp();
    await gw.call('PUT', '/api/v1/auth/profile', { token: referrer.token, json: { fullName: 'Phạm Thị Giới Thiệu' } });
    await buyAndPay(gw, referrer.token, p1[BASIC].id);
    const friend = await gw.signUp();
    const res = await check(friend.token, { phoneNumber: referrer.phone, paymentPlanId: p1[CLASSIC3].id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 1019, data: { referrerName: 'Phạm T… G… T', bonusDays: 14 } });
    const { contract } = await bought(friend.token, { paymentPlanId: p1[CLASSIC3].id, referralCode: referrer.phone });
    expect(contract).toMatchObject({
      referralCode: referrer.phone,
      bonusDays: 14,
      startDate: '2026-11-21',
      endDate: '2027-03-06',
    });
    const d = await detail(friend.token, contract.contractId);
    expect(d.receipts[0].referralInfo).toEqual({ referralCode: referrer.phone, bonusDays: 14 });
  });

  test('every refusal code: 154, 178, 153, 155, 152, 156, 157, 180 — the same inside create-contract', async () => {
    const referrer = await gw.signUp();
    const friend = await gw.signUp();
    const expectCode = async (token: string, phoneNumber: string, code: number, planIndex?: number) => {
      const res = await check(token, {
        phoneNumber,
        ...(planIndex === undefined ? {} : { paymentPlanId: p1[planIndex].id }),
      });
      expect(res.status, `${phoneNumber} → ${String(code)}`).toBe(400);
      expect(res.body.code).toBe(code);
      if (code !== 154) {
        const created = await buy(token, { paymentPlanId: p1[planIndex ?? BASIC].id, referralCode: phoneNumber });
        expect(created.body.code, `create with ${phoneNumber}`).toBe(code);
      }
    };
    for (const malformed of ['12345', 'abcdefghij', '091234567890', '']) {
      const res = await check(friend.token, { phoneNumber: malformed });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(154);
    }
    await expectCode(friend.token, friend.phone, 178);
    await expectCode(friend.token, '0399999999', 153);
    await expectCode(friend.token, '0100000001', 155);
    await expectCode(friend.token, referrer.phone, 156);
    await buyAndPay(gw, referrer.token, p3[BASIC].id);
    await expectCode(friend.token, referrer.phone, 180, TRIAL);

    // Ten friends already brought this year (paid contracts naming the referrer) → 157.
    const [ref] = await gw.db.select().from(accounts).where(eq(accounts.phoneNumber, referrer.phone));
    const [template] = await gw.db
      .select()
      .from(contracts)
      .where(and(eq(contracts.accountId, ref.id), eq(contracts.paymentState, 'PAID')));
    const { id: _id, ...copy } = template;
    const rows = Array.from({ length: REFERRAL_YEARLY_LIMIT }, () => ({
      ...copy,
      paymentState: 'FAIL' as const,
      referrerAccountId: ref.id,
    }));
    const inserted = await gw.db.insert(contracts).values(rows).returning({ id: contracts.id });
    await gw.db.update(contracts).set({ paymentState: 'PAID' }).where(eq(contracts.referrerAccountId, ref.id));
    await expectCode(friend.token, referrer.phone, 157);
    // Last year's friends do not count.
    await gw.db
      .update(contracts)
      .set({ signedAt: new Date('2025-06-01T00:00:00Z') })
      .where(eq(contracts.id, inserted[0].id));
    expect((await check(friend.token, { phoneNumber: referrer.phone })).body.code).toBe(1019);

    await buyAndPay(gw, friend.token, p3[TRIAL].id);
    await expectCode(friend.token, referrer.phone, 152);
    expect((await check(friend.token, { phoneNumber: referrer.phone, paymentPlanId: 999_999 })).status).toBe(404);
  });

  // Issue 9 "Enumeration": 100 lookups used to answer 100 names in 1.3 s.
  test('at most 10 lookups per member and 30 per address an hour (429), counted in the database', async () => {
    const friend = await gw.signUp();
    const ip = '192.0.2.150';
    for (let i = 0; i < 10; i++)
      expect(
        (
          await gw.call('POST', '/api/v1/member/referral/check', {
            token: friend.token,
            ip,
            json: { phoneNumber: '0399999999' },
          })
        ).body.code,
      ).toBe(153);
    const refused = await gw.call('POST', '/api/v1/member/referral/check', {
      token: friend.token,
      ip,
      json: { phoneNumber: '0399999998' },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('TOO_MANY_REQUESTS');
    // Other members at the same address: 30 in all from it, whoever asks.
    const others = [await gw.signUp(), await gw.signUp()];
    const fromIp = async (token: string) =>
      (await gw.call('POST', '/api/v1/member/referral/check', { token, ip, json: { phoneNumber: '0399999999' } }))
        .status;
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push(await fromIp(others[0].token));
    for (let i = 0; i < 10; i++) statuses.push(await fromIp(others[1].token));
    expect(statuses.filter((s) => s === 400)).toHaveLength(19);
    expect(statuses.at(-1)).toBe(429);
    gw.clock.advance(3_600_000);
    expect(
      (
        await gw.call('POST', '/api/v1/member/referral/check', {
          token: friend.token,
          ip,
          json: { phoneNumber: '0399999999' },
        })
      ).body.code,
    ).toBe(153);
  });
});
