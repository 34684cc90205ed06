import { randomBytes } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { PaymentLocations, PaymentMethods } from '#api/membership.ts';
import { addDays, vietnamDay, vietnamInstant } from '#api/vietnam-time.ts';
import type { Executor } from './client.ts';
import { contracts, paymentPlans, payments, ratingRequests, savedCards, transactions } from './schema/index.ts';
import { feeRows } from '#gateway/modules/memberships/service.ts';
import { membershipEnd } from '#gateway/modules/payments/dates.ts';
import { pricePlan } from '#gateway/modules/plans/pricing.ts';
import { transferMemo } from '#gateway/providers/bank-transfer/memo.ts';

// Issue 10 §19: the demo member signs in to a history, not an empty app: a membership paid by card
// running now, an expired one paid by bank transfer a year ago, their fees and receipts, a saved
// card. Rows as the purchase and the settlement write them (the same fee rows and prices), paid.
// Sandbox only, once: a demo member who already has contracts is left as they are.

type DemoPurchase = {
  planType: 'BASIC' | 'CLASSIC';
  months: number;
  startDaysAgo: number;
  method: 1 | 2;
  isNewMember: boolean;
};

const purchases: DemoPurchase[] = [
  // A year ago: one month of Basic, the first membership (with the joining fee), by bank transfer.
  { planType: 'BASIC', months: 1, startDaysAgo: 400, method: PaymentMethods.QR, isNewMember: true },
  // Two months ago: a year of Classic, by the saved card.
  { planType: 'CLASSIC', months: 12, startDaysAgo: 60, method: PaymentMethods.CARD, isNewMember: false },
];

export async function seedDemoMemberHistory(tx: Executor, accountId: number, clubId: number, now: Date) {
  const [existing] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(contracts)
    .where(eq(contracts.accountId, accountId));
  if (existing.n > 0) return;
  const [card] = await tx
    .insert(savedCards)
    .values({
      accountId,
      token: `sandbox-demo-${randomBytes(12).toString('hex')}`,
      cardNumber: '970419******1432',
      bankCode: 'NCB',
      cardType: '01',
      isDefault: true,
      createdAt: new Date(now.getTime() - 61 * 86_400_000),
    })
    .returning();
  const today = vietnamDay(now);
  for (const purchase of purchases) {
    const [plan] = await tx
      .select()
      .from(paymentPlans)
      .where(
        and(
          eq(paymentPlans.clubId, clubId),
          eq(paymentPlans.type, purchase.planType),
          eq(paymentPlans.durationUnit, 'month'),
          eq(paymentPlans.durationValue, purchase.months),
        ),
      )
      .orderBy(asc(paymentPlans.sortOrder))
      .limit(1);
    if (!plan) continue;
    const price = pricePlan(plan, { isNewMember: purchase.isNewMember });
    const startDate = addDays(today, -purchase.startDaysAgo);
    const paidAt = vietnamInstant(startDate, 9 * 60 + 30);
    const [contract] = await tx
      .insert(contracts)
      .values({
        accountId,
        clubId,
        paymentPlanId: plan.id,
        paymentState: 'PAID',
        startDate,
        endDate: membershipEnd(startDate, { value: plan.durationValue, unit: plan.durationUnit }),
        signedAt: paidAt,
        paymentMethodGroupId: purchase.method,
        originalPrice: price.originalPrice,
        membershipDiscount: price.membershipDiscount,
        joiningFee: price.joiningFee,
        joiningFeeDiscount: price.joiningFeeDiscount,
        totalPayment: price.totalPaymentFirst,
        createdAt: new Date(paidAt.getTime() - 5 * 60_000),
      })
      .returning();
    const byCard = purchase.method === PaymentMethods.CARD;
    const reference = byCard
      ? `VF${String(contract.id)}${randomBytes(3).toString('hex').toUpperCase()}`
      : transferMemo();
    const [payment] = await tx
      .insert(payments)
      .values({
        contractId: contract.id,
        accountId,
        method: purchase.method,
        provider: byCard ? 'vnpay' : 'vietqr',
        reference,
        amount: price.totalPaymentFirst,
        status: 'SUCCESS',
        paidAt,
        providerTransactionId: byCard ? String(14_000_000 + contract.id) : `FT${String(contract.id).padStart(10, '0')}`,
        savedCardId: byCard ? card.id : null,
        createdAt: contract.createdAt,
      })
      .returning();
    const fee = {
      contractId: contract.id,
      accountId,
      paymentMethod: purchase.method,
      paymentLocation: PaymentLocations.ONLINE,
      status: 'SUCCESS' as const,
      paidAt,
      paymentId: payment.id,
      createdAt: contract.createdAt,
    };
    await tx.insert(transactions).values(feeRows(price, fee));
    await tx
      .insert(ratingRequests)
      .values({ accountId, type: 'contract', contractId: contract.id, status: 'ignored', createdAt: paidAt })
      .onConflictDoNothing();
  }
}
