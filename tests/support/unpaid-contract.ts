// Opens an unpaid contract with a payment attempt straight in the database, the way the create-
// contract endpoint does (pricePlan, startPayment), for tests of what happens after: webhooks,
// cash at the counter, expiry.
import { and, asc, eq } from 'drizzle-orm';
import { PaymentLocations, PaymentMethods, type PaymentMethodId } from '#api/membership.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import { loadGatewayConfig } from '#gateway/config.ts';
import { clubs, contracts, paymentPlans, transactions } from '#gateway/db/schema/index.ts';
import { membershipEnd } from '#gateway/modules/payments/dates.ts';
import { startPayment } from '#gateway/modules/payments/start.ts';
import { pricePlan } from '#gateway/modules/plans/pricing.ts';
import type { TestGateway } from './gateway.ts';

const config = loadGatewayConfig({ SANDBOX: 'true', LOG_LEVEL: 'silent' });

/** The n-th club (by id, 0-based) with its bank account. */
export async function clubAt(gw: TestGateway, index = 0) {
  const rows = await gw.db.select().from(clubs).orderBy(asc(clubs.id));
  return rows[index];
}

export async function openUnpaidContract(
  gw: TestGateway,
  options: { accountId: number; method: PaymentMethodId; clubId?: number },
) {
  const clubId = options.clubId ?? (await clubAt(gw)).id;
  const [club] = await gw.db.select().from(clubs).where(eq(clubs.id, clubId));
  const [plan] = await gw.db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.clubId, clubId), eq(paymentPlans.type, 'CLASSIC')))
    .orderBy(asc(paymentPlans.sortOrder))
    .limit(1);
  const price = pricePlan(plan, { isNewMember: true });
  const now = gw.clock.now();
  const today = vietnamDay(now);
  const [contract] = await gw.db
    .insert(contracts)
    .values({
      accountId: options.accountId,
      clubId,
      paymentPlanId: plan.id,
      paymentState: 'WAITFORPAYMENT',
      startDate: today,
      endDate: membershipEnd(today, { value: plan.durationValue, unit: plan.durationUnit }),
      paymentMethodGroupId: options.method,
      isCash: options.method === PaymentMethods.CASH,
      originalPrice: price.originalPrice,
      membershipDiscount: price.membershipDiscount,
      joiningFee: price.joiningFee,
      joiningFeeDiscount: price.joiningFeeDiscount,
      totalPayment: price.totalPaymentFirst,
      createdAt: now,
    })
    .returning();
  const fee = {
    contractId: contract.id,
    accountId: options.accountId,
    paymentMethod: options.method,
    status: 'WAITFORPAYMENT' as const,
    createdAt: now,
  };
  const location = options.method === PaymentMethods.CASH ? PaymentLocations.COUNTER : PaymentLocations.ONLINE;
  await gw.db.insert(transactions).values([
    { ...fee, type: 'MEMBERSHIP_FEE', paymentLocation: location, amount: price.price },
    ...(price.joiningFee - price.joiningFeeDiscount > 0
      ? [
          {
            ...fee,
            type: 'JOINING_FEE' as const,
            paymentLocation: location,
            amount: price.joiningFee - price.joiningFeeDiscount,
          },
        ]
      : []),
  ]);
  const payment = await startPayment(gw.db, config, {
    contract,
    method: options.method,
    lang: 'vi',
    clientIp: '203.0.113.7',
    now,
  });
  return { contract, payment, club };
}
