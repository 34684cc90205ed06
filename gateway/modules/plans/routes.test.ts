import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { couponSchema, paymentPlanSchema, type PaymentPlan } from '#api/membership.ts';
import { clubs, coupons, paymentPlans } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { anchorCoupons, buyAndPay, clubBySlug, plansOf } from '#tests/support/membership.ts';

let gw: TestGateway;
let hcm: number;
let hanoi: number;
let hcmPlans: Awaited<ReturnType<typeof plansOf>>;
let newMember: string;
let oldMember: string;

beforeAll(async () => {
  gw = await startTestGateway();
  await anchorCoupons(gw);
  hcm = (await clubBySlug(gw, 'q1-le-thanh-ton')).id;
  hanoi = (await clubBySlug(gw, 'cau-giay-xuan-thuy')).id;
  hcmPlans = await plansOf(gw, hcm);
  newMember = (await gw.signUp()).token;
  oldMember = (await gw.signUp()).token;
  // A paid 7-day trial at another club makes a member "not new".
  const other = await plansOf(gw, (await clubBySlug(gw, 'q3-vo-van-tan')).id);
  await buyAndPay(gw, oldMember, other[6].id);
});
afterAll(() => gw.close());

const plansAt = async (clubId: number, query = '', token?: string) => {
  const res = await gw.call('GET', `/api/v1/global/club/${String(clubId)}/payment-plans${query}`, { token });
  return res;
};

const card = async (planIndex: number, coupon: string | null, who: 'anonymous' | 'new' | 'old') => {
  const token = who === 'new' ? newMember : who === 'old' ? oldMember : undefined;
  const q = coupon ? `?coupon=${coupon}` : '';
  const res = await gw.call(
    'GET',
    `/api/v1/global/club/${String(hcm)}/payment-plan/${String(hcmPlans[planIndex].id)}/detail${q}`,
    { token },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return paymentPlanSchema.strict().parse(res.body.data);
};

type Row = [string, number, string | null, 'anonymous' | 'new' | 'old', Partial<PaymentPlan>];

// Numbers from the seed (gateway/db/seed-membership.ts), Ho Chi Minh City prices (factor 1).
const table: Row[] = [
  [
    'Black Card 12 m, new member: joining fee due',
    0,
    null,
    'anonymous',
    {
      originalPrice: 9_990_000,
      membershipDiscount: 1_500_000,
      price: 8_490_000,
      pricePerMonth: 708_000,
      joiningFee: 300_000,
      joiningFeeDiscount: 0,
      totalPaymentFirst: 8_790_000,
      nextPayment: null,
      promotionCode: null,
    },
  ],
  [
    'Black Card 12 m, returning member: no joining fee',
    0,
    null,
    'old',
    { price: 8_490_000, joiningFee: 0, joiningFeeDiscount: 0, totalPaymentFirst: 8_490_000 },
  ],
  [
    'Black Card 12 m, CHAOBAN10 10% capped at 500k',
    0,
    'CHAOBAN10',
    'new',
    { membershipDiscount: 2_000_000, price: 7_990_000, totalPaymentFirst: 8_290_000, promotionCode: 'CHAOBAN10' },
  ],
  [
    'Black Card 12 m, BLACK500 for Black Card only',
    0,
    'BLACK500',
    'old',
    { membershipDiscount: 2_000_000, price: 7_990_000, totalPaymentFirst: 7_990_000 },
  ],
  [
    'Classic 12 m: the club waives its joining fee',
    1,
    null,
    'new',
    {
      price: 5_490_000,
      pricePerMonth: 458_000,
      joiningFee: 300_000,
      joiningFeeDiscount: 300_000,
      totalPaymentFirst: 5_490_000,
    },
  ],
  [
    'Classic 12 m, MIENPHIGIANHAP on an already waived fee changes nothing',
    1,
    'MIENPHIGIANHAP',
    'new',
    { joiningFeeDiscount: 300_000, totalPaymentFirst: 5_490_000, promotionCode: 'MIENPHIGIANHAP' },
  ],
  ['Classic 3 m', 2, null, 'new', { price: 1_690_000, pricePerMonth: 563_000, totalPaymentFirst: 1_990_000 }],
  [
    'Basic 1 m, CHAOBAN10 10% floored to thousands',
    3,
    'CHAOBAN10',
    'new',
    { membershipDiscount: 69_000, price: 621_000, pricePerMonth: 621_000, totalPaymentFirst: 921_000 },
  ],
  [
    'Basic 1 m, TET2027 200k off',
    3,
    'TET2027',
    'old',
    { membershipDiscount: 200_000, price: 490_000, joiningFee: 0, totalPaymentFirst: 490_000 },
  ],
  [
    'Basic 1 m, MIENPHIGIANHAP waives the joining fee',
    3,
    'MIENPHIGIANHAP',
    'anonymous',
    { price: 690_000, joiningFee: 300_000, joiningFeeDiscount: 300_000, totalPaymentFirst: 690_000 },
  ],
  [
    'Subscription: the coupon counts for the first month only',
    4,
    'TET2027',
    'new',
    { price: 399_000, totalPaymentFirst: 699_000, nextPayment: 599_000, isSubscription: true },
  ],
  [
    'Black Card monthly',
    5,
    null,
    'new',
    { price: 899_000, totalPaymentFirst: 1_199_000, nextPayment: 899_000, isBlackCard: true, isSubscription: true },
  ],
  [
    '7-day trial: no joining fee, a trial',
    6,
    'CHAOBAN10',
    'new',
    {
      unit: 'day',
      duration: 7,
      membershipDiscount: 19_000,
      price: 180_000,
      joiningFee: 0,
      totalPaymentFirst: 180_000,
      isTrial: true,
    },
  ],
];

describe('plan prices through the endpoint', () => {
  test.each(table)('%s', async (_label, index, coupon, who, expected) => {
    const plan = await card(index, coupon, who);
    expect(plan).toMatchObject(expected);
    expect(plan.totalPaymentFirst).toBe(plan.price + plan.joiningFee - plan.joiningFeeDiscount);
    expect(plan.price).toBe(plan.originalPrice - plan.membershipDiscount);
    if (coupon) expect(couponSchema.parse(plan.coupon).code).toBe(coupon);
  });

  test('the list prices every plan of the club the same way as the detail', async () => {
    const res = await plansAt(hcm, '?coupon=chaoban10', newMember);
    expect(res.status).toBe(200);
    const list = res.body.data.map((p: unknown) => paymentPlanSchema.strict().parse(p));
    expect(list.map((p: PaymentPlan) => p.id)).toEqual(hcmPlans.map((p) => p.id));
    for (const [i, plan] of list.entries()) expect(plan).toEqual(await card(i, 'CHAOBAN10', 'new'));
  });

  test('a coupon for one plan type prices that plan and leaves the others at their usual price', async () => {
    const res = await plansAt(hcm, '?coupon=BLACK500');
    expect(res.status).toBe(200);
    const [black, classic] = res.body.data as PaymentPlan[];
    expect(black).toMatchObject({ promotionCode: 'BLACK500', price: 7_990_000 });
    expect(classic).toMatchObject({ promotionCode: null, coupon: null, price: 5_490_000 });
  });

  test('Hanoi is priced for its city: Basic 1 m = 720k + 300k joining fee', async () => {
    const res = await plansAt(hanoi);
    expect(res.body.data[3]).toMatchObject({
      originalPrice: 720_000,
      price: 720_000,
      joiningFee: 300_000,
      totalPaymentFirst: 1_020_000,
    });
  });
});

describe('coupon refusals', () => {
  test.each([
    ['unknown', '?coupon=NOPE123', newMember, 'PROMO_CODE_INVALID'],
    ['expired (HE2026)', '?coupon=HE2026', undefined, 'PROMO_CODE_INVALID'],
    ['malformed', '?coupon=%3Cscript%3E', undefined, 2],
  ] as const)('%s → 400', async (_label, query, token, code) => {
    const res = await plansAt(hcm, query, token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
  });

  test('new-customer-only coupon for a member with a paid contract → 353', async () => {
    const res = await plansAt(hcm, '?coupon=CHAOBAN10', oldMember);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(353);
  });

  test('BLACK500 on a Classic plan → PROMO_CODE_INVALID (wrong plan type)', async () => {
    const res = await gw.call(
      'GET',
      `/api/v1/global/club/${String(hcm)}/payment-plan/${String(hcmPlans[1].id)}/detail?coupon=BLACK500`,
    );
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PROMO_CODE_INVALID');
  });

  test('inactive, wrong club, not yet valid and used-up coupons → PROMO_CODE_INVALID', async () => {
    const set = (values: Partial<typeof coupons.$inferInsert>) =>
      gw.db.update(coupons).set(values).where(eq(coupons.code, 'TET2027'));
    const check = async () => {
      const res = await plansAt(hcm, '?coupon=TET2027', newMember);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('PROMO_CODE_INVALID');
    };
    await set({ isActive: false });
    await check();
    await set({ isActive: true, clubIds: [hanoi] });
    await check();
    await set({ clubIds: null, validFrom: new Date(gw.clock.now().getTime() + 60_000) });
    await check();
    await set({ validFrom: new Date(gw.clock.now().getTime() - 60_000), usageLimit: 0 });
    await check();
    await set({ usageLimit: 500 });
    expect((await plansAt(hcm, '?coupon=TET2027', newMember)).status).toBe(200);
  });

  test('a coupon this member already used → 352; once their contract fails it is usable again', async () => {
    const { token } = await gw.signUp();
    const [tet] = await gw.db.select().from(coupons).where(eq(coupons.code, 'TET2027'));
    const made = await gw.call('POST', '/api/v1/member/contract', {
      token,
      json: { paymentPlanId: hcmPlans[3].id, paymentMethodGroupId: 1, couponId: tet.id },
    });
    expect(made.body.code).toBe(1022);
    const res = await plansAt(hcm, '?coupon=TET2027', token);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(352);
    await gw.call('PUT', `/api/v1/member/contract/${String(made.body.data.contract.contractId)}/cancel`, { token });
    expect((await plansAt(hcm, '?coupon=TET2027', token)).status).toBe(200);
  });
});

describe('who may see plans', () => {
  test('a closed club sells nothing → 404; unknown and malformed ids → 404', async () => {
    const { id: _club, ...open } = await clubBySlug(gw, 'q7-nguyen-thi-thap');
    const [club] = await gw.db
      .insert(clubs)
      .values({ ...open, slug: 'closed-test', isActive: false })
      .returning();
    const { id: _plan, ...basic } = hcmPlans[3];
    await gw.db.insert(paymentPlans).values({ ...basic, clubId: club.id });
    for (const path of [
      `/api/v1/global/club/${String(club.id)}/payment-plans`,
      '/api/v1/global/club/999999/payment-plans',
      '/api/v1/global/club/abc/payment-plans',
      '/api/v1/global/club/1e3/payment-plans',
      `/api/v1/global/club/${String(hcm)}/payment-plan/999999/detail`,
      `/api/v1/global/club/${String(hanoi)}/payment-plan/${String(hcmPlans[0].id)}/detail`,
      `/api/v1/global/club/${String(hcm)}/payment-plan/-1/detail`,
    ]) {
      const res = await gw.call('GET', path);
      expect(res.status, path).toBe(404);
      expect(res.body.code, path).toBe('NOT_FOUND');
    }
  });

  test('an inactive plan is not listed and its detail is 404', async () => {
    const { id: _id, ...basic } = hcmPlans[3];
    const [extra] = await gw.db
      .insert(paymentPlans)
      .values({ ...basic, isActive: false, sortOrder: 99 })
      .returning();
    const res = await plansAt(hcm);
    expect(res.body.data.map((p: PaymentPlan) => p.id)).not.toContain(extra.id);
    expect(
      (await gw.call('GET', `/api/v1/global/club/${String(hcm)}/payment-plan/${String(extra.id)}/detail`)).status,
    ).toBe(404);
  });

  test('a bad bearer token on the public plans → 401 (the session ended); no token → priced as new', async () => {
    const bad = await plansAt(hcm, '', 'x'.repeat(43));
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe(-1);
    expect((await plansAt(hcm)).body.data[0].joiningFee).toBe(300_000);
  });
});

describe('the coupon chooser', () => {
  const codes = async (token: string, query: string) => {
    const res = await gw.call('GET', `/api/v1/member/coupons${query}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as unknown[]).map((c) => couponSchema.strict().parse(c).code).sort();
  };

  test('a new member sees every live coupon; a returning one loses the new-customer ones; a plan narrows by type', async () => {
    expect(await codes(newMember, `?clubId=${String(hcm)}`)).toEqual([
      'BLACK500',
      'CHAOBAN10',
      'MIENPHIGIANHAP',
      'TET2027',
    ]);
    expect(await codes(oldMember, `?clubId=${String(hcm)}`)).toEqual(['BLACK500', 'TET2027']);
    expect(await codes(newMember, `?clubId=${String(hcm)}&paymentPlanId=${String(hcmPlans[3].id)}`)).toEqual([
      'CHAOBAN10',
      'MIENPHIGIANHAP',
      'TET2027',
    ]);
  });

  test('bad queries → 400 code 2; unknown club or a plan of another club → 404; no token → 401', async () => {
    expect((await gw.call('GET', '/api/v1/member/coupons', { token: newMember })).body.code).toBe(2);
    expect((await gw.call('GET', '/api/v1/member/coupons?clubId=x', { token: newMember })).status).toBe(400);
    expect((await gw.call('GET', '/api/v1/member/coupons?clubId=999999', { token: newMember })).status).toBe(404);
    expect(
      (
        await gw.call('GET', `/api/v1/member/coupons?clubId=${String(hanoi)}&paymentPlanId=${String(hcmPlans[0].id)}`, {
          token: newMember,
        })
      ).status,
    ).toBe(404);
    expect((await gw.call('GET', `/api/v1/member/coupons?clubId=${String(hcm)}`)).status).toBe(401);
  });
});
