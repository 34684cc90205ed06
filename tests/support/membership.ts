import { and, asc, eq, ne } from 'drizzle-orm';
import type { PlanType } from '#api/membership.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import { clubs, contracts, coupons, freezeContracts, paymentPlans } from '#gateway/db/schema/index.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import type { TestGateway } from './gateway.ts';

const DAY = 86_400_000;

/** The seed dates coupons from the real clock; tests run on a manual one, so re-anchor them to it. */
export async function anchorCoupons(gw: TestGateway) {
  const now = gw.clock.now().getTime();
  await gw.db
    .update(coupons)
    .set({ validFrom: new Date(now - 30 * DAY), validTo: new Date(now + 120 * DAY) })
    .where(ne(coupons.code, 'HE2026'));
  await gw.db
    .update(coupons)
    .set({ validFrom: new Date(now - 200 * DAY), validTo: new Date(now - 60 * DAY) })
    .where(eq(coupons.code, 'HE2026'));
}

export async function clubBySlug(gw: TestGateway, slug: string) {
  const [club] = await gw.db.select().from(clubs).where(eq(clubs.slug, slug));
  return club;
}

/** The club's plans in display order, by seed position (0 Black Card 12 m … 6 the 7-day trial). */
export async function plansOf(gw: TestGateway, clubId: number) {
  return gw.db.select().from(paymentPlans).where(eq(paymentPlans.clubId, clubId)).orderBy(asc(paymentPlans.sortOrder));
}

export async function couponId(gw: TestGateway, code: string) {
  const [row] = await gw.db.select({ id: coupons.id }).from(coupons).where(eq(coupons.code, code));
  return row.id;
}

/** Buys a plan by bank QR and settles it as the bank webhook would (G2/G3 own the real providers). */
export async function buyAndPay(
  gw: TestGateway,
  token: string,
  paymentPlanId: number,
  extra: Record<string, unknown> = {},
) {
  const res = await gw.call('POST', '/api/v1/member/contract', {
    token,
    json: { paymentPlanId, paymentMethodGroupId: 1, isCash: false, ...extra },
  });
  if (res.body.code !== 1022) throw new Error(`purchase failed: ${JSON.stringify(res.body)}`);
  const outcome = await settlePayment(gw, {
    paymentId: res.body.data.payment.id,
    amount: res.body.data.payment.amount,
    providerTransactionId: `BANK${String(res.body.data.payment.id)}`,
    paidAt: gw.clock.now(),
  });
  if (outcome.kind !== 'settled') throw new Error(`settle failed: ${outcome.kind}`);
  return res.body.data as { contract: { contractId: number }; payment: { id: number; amount: number } };
}

/** A new member who bought and paid the club's plan of this type (CLASSIC opens that club only, BLACK_CARD every club). */
export async function memberWithPlan(gw: TestGateway, clubId: number, planType: PlanType = 'CLASSIC') {
  const m = await gw.signUp();
  const plan = (await plansOf(gw, clubId)).find((p) => p.type === planType)!;
  await buyAndPay(gw, m.token, plan.id);
  return { ...m, id: m.profile.id as number };
}

/**
 * Freezes the member's paid memberships around today as a paid freeze would (from yesterday for a
 * week; ADR 036), without the payment: for tests of what a frozen member may not do.
 */
export async function freezeMemberships(gw: TestGateway, accountId: number) {
  const today = vietnamDay(gw.clock.now());
  const paid = await gw.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.accountId, accountId), eq(contracts.paymentState, 'PAID')));
  for (const contract of paid) {
    await gw.db.insert(freezeContracts).values({
      accountId,
      contractId: contract.id,
      days: 7,
      price: 0,
      startDate: addDays(today, -1),
      endDate: addDays(today, 5),
      paymentState: 'PAID',
      paidAt: gw.clock.now(),
    });
  }
}
