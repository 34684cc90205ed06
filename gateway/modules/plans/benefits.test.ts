import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { FREE_PT_WINDOW_DAYS, memberHomeSchema, paymentPlanSchema, planBenefitsSchema } from '#api/membership.ts';
import { paymentPlans } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { buyAndPay, clubBySlug, plansOf } from '#tests/support/membership.ts';

// Issue 37 §5: a plan's free PT sessions are the plan's data (payment_plans.free_pt_sessions), and
// everything that speaks of them reads it: the plan card, the chain's plan benefits (the compare
// panel, the guide) and, after buying, the member's home.

let gw: TestGateway;
let hcm: number;

beforeAll(async () => {
  gw = await startTestGateway();
  hcm = (await clubBySlug(gw, 'q1-le-thanh-ton')).id;
});
afterAll(() => gw.close());

const benefits = async () => {
  const res = await gw.call('GET', '/api/v1/global/plan-benefits');
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return planBenefitsSchema.strict().parse(res.body.data);
};

test('the plan benefits list every kind of plan on sale once, with the free PT sessions the plans table gives (single-club Classic 12 months included)', async () => {
  const { plans, freePtWindowDays } = await benefits();
  expect(freePtWindowDays).toBe(FREE_PT_WINDOW_DAYS);
  const seeded = await plansOf(gw, hcm);
  // One row per kind, not per club.
  expect(plans.map((p) => p.planNameVi)).toEqual(seeded.map((p) => p.nameVi));
  for (const row of seeded) {
    const listed = plans.find((p) => p.planNameVi === row.nameVi)!;
    expect(listed, row.nameVi).toMatchObject({
      type: row.type,
      planNameEn: row.nameEn,
      unit: row.durationUnit,
      duration: row.durationValue,
      freePtSessions: row.freePtSessions,
    });
  }
  const classicYear = plans.find((p) => p.planNameVi === 'Classic 12 tháng')!;
  expect(classicYear).toMatchObject({ isBlackCard: false, isSubscription: false, freePtSessions: 2 });
  expect(plans.find((p) => p.type === 'BLACK_CARD')).toMatchObject({ isBlackCard: true, freePtSessions: 2 });
});

test('the plan card says what the plan gives, and a change of the plans table is what every reader sees', async () => {
  const classic3 = (await plansOf(gw, hcm)).find((p) => p.nameVi === 'Classic 3 tháng')!;
  const card = async () =>
    paymentPlanSchema
      .strict()
      .parse(
        (await gw.call('GET', `/api/v1/global/club/${String(hcm)}/payment-plan/${String(classic3.id)}/detail`)).body
          .data,
      );
  expect((await card()).freePtSessions).toBe(0);

  await gw.db.update(paymentPlans).set({ freePtSessions: 1 }).where(eq(paymentPlans.nameVi, 'Classic 3 tháng'));
  try {
    expect((await card()).freePtSessions).toBe(1);
    expect((await benefits()).plans.find((p) => p.planNameVi === 'Classic 3 tháng')?.freePtSessions).toBe(1);
    // One club giving another number is another kind of plan: both are listed, none hidden.
    await gw.db
      .update(paymentPlans)
      .set({ freePtSessions: 0 })
      .where(and(eq(paymentPlans.nameVi, 'Classic 3 tháng'), eq(paymentPlans.clubId, hcm)));
    const counts = (await benefits()).plans
      .filter((p) => p.planNameVi === 'Classic 3 tháng')
      .map((p) => p.freePtSessions);
    expect(counts.sort()).toEqual([0, 1]);
  } finally {
    await gw.db.update(paymentPlans).set({ freePtSessions: 0 }).where(eq(paymentPlans.nameVi, 'Classic 3 tháng'));
  }
});

test("after buying Classic 12 months, /member/home has the plan's free PT sessions to book; a plan without any gives none", async () => {
  const plans = await plansOf(gw, hcm);
  const home = async (token: string) =>
    memberHomeSchema.parse((await gw.call('GET', '/api/v1/member/home', { token })).body.data).trial;

  const year = await gw.signUp();
  expect(await home(year.token)).toEqual({ left: 0, validUntil: null, clubId: null, inTheWorks: false });
  const classicYear = plans.find((p) => p.nameVi === 'Classic 12 tháng')!;
  await buyAndPay(gw, year.token, classicYear.id);
  const trial = await home(year.token);
  expect(trial).toMatchObject({ left: classicYear.freePtSessions, clubId: hcm, inTheWorks: false });
  expect(trial.left).toBe(2);
  expect(trial.validUntil).toMatch(/^\d{4}-\d{2}-\d{2}$/);

  const month = await gw.signUp();
  await buyAndPay(gw, month.token, plans.find((p) => p.nameVi === 'Basic 1 tháng')!.id);
  expect((await home(month.token)).left).toBe(0);
});
