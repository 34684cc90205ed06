import { and, eq, isNull } from 'drizzle-orm';
import { afterPlanWord, formatDate } from '#api/format.ts';
import { isAllClubPlan, PaymentMethods } from '#api/membership.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { contracts, paymentPlans, payments, ratingRequests, transactions } from '#gateway/db/schema/index.ts';
import { coveringPeriods } from '#gateway/modules/club-access/queries.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { membershipEnd, nextStartDate } from '#gateway/modules/payments/dates.ts';
import type { PayableKind, PaidItem, SettleInput, SettleOutcome } from '#gateway/modules/payments/kinds.ts';
import { bookPaymentIn, failUnpaidIn } from '#gateway/modules/payments/settle.ts';
import type { PaymentRow } from '#gateway/modules/payments/start.ts';
import { grantFreeSessionsIn, planWindow } from '#gateway/modules/pt/free-sessions.ts';
import { rewardReferrerIn } from '#gateway/modules/referrals/service.ts';
import { subscriptionPaidIn } from '#gateway/modules/subscriptions/paid.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

// A membership as a payable kind (ADR 072): the only way money turns into a membership
// (security.md "Money"). Settled inside the transaction that holds the payment row, so a replay or
// two providers racing change nothing twice.

/** Settles a membership's payment: the contract is paid from the first day its club is not covered yet. */
async function settleMembershipIn(
  tx: Executor,
  payment: PaymentRow,
  input: SettleInput,
  now: Date,
): Promise<SettleOutcome> {
  const [contract] = await tx.select().from(contracts).where(eq(contracts.id, payment.contractId!)).for('update');
  if (payment.status !== 'PENDING' || contract.paymentState !== 'WAITFORPAYMENT')
    return { kind: 'late', contractId: contract.id };

  const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, contract.paymentPlanId));
  const today = vietnamDay(input.paidAt);
  // Paid later than planned (cash days later, a FUTURE date already passed): start no earlier than today.
  const covering = await coveringPeriods(
    tx,
    contract.accountId,
    contract.clubId,
    isAllClubPlan(plan.type),
    contract.id,
  );
  const startDate = nextStartDate(today, covering);
  const endDate = membershipEnd(startDate, { value: plan.durationValue, unit: plan.durationUnit }, contract.bonusDays);

  await bookPaymentIn(tx, payment, input, {
    attempts: and(eq(payments.contractId, contract.id), isNull(payments.freezeContractId)),
    fees: and(eq(transactions.contractId, contract.id), isNull(transactions.freezeContractId)),
  });
  await tx
    .update(contracts)
    .set({
      paymentState: 'PAID',
      signedAt: input.paidAt,
      startDate,
      endDate,
      paymentMethodGroupId: payment.method,
      isCash: payment.method === PaymentMethods.CASH,
    })
    .where(eq(contracts.id, contract.id));
  await tx
    .insert(ratingRequests)
    .values({ accountId: contract.accountId, type: 'contract', contractId: contract.id, createdAt: now })
    .onConflictDoNothing();
  await rewardReferrerIn(tx, contract, now);
  // A month of a subscription (ADR 038): starts one, or makes a renewal the current month.
  await subscriptionPaidIn(tx, { ...contract, startDate, endDate }, plan, payment, now);
  // §9 (ADR 048): some plans give free PT sessions for the membership's first 14 days, once per member.
  await grantFreeSessionsIn(
    tx,
    {
      accountId: contract.accountId,
      clubId: contract.clubId,
      contractId: contract.id,
      source: 'PLAN',
      count: plan.freePtSessions,
      ...planWindow(startDate),
    },
    now,
  );
  // In this transaction: the member hears of it if and only if the membership is paid (ADR 016).
  await enqueueNotice(
    tx,
    contract.accountId,
    notice(
      'membership.paid',
      { plan: { vi: afterPlanWord(plan.nameVi), en: plan.nameEn }, start: formatDate(startDate) },
      { kind: 'PAYMENT', link: `/history/membership/${String(contract.id)}` },
    ),
    now,
  );
  return { kind: 'settled', contractId: contract.id, accountId: contract.accountId };
}

/** The membership a payment is for (its own, or the one its freeze pauses), as the member knows it. */
export async function describeMembershipIn(tx: Executor, contractId: number): Promise<PaidItem | undefined> {
  const [row] = await tx
    .select({
      accountId: contracts.accountId,
      paymentState: contracts.paymentState,
      total: contracts.totalPayment,
      nameVi: paymentPlans.nameVi,
      nameEn: paymentPlans.nameEn,
    })
    .from(contracts)
    .innerJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .where(eq(contracts.id, contractId));
  return (
    row && {
      ...row,
      alreadyPaid: row.paymentState === 'PAID',
      noun: 'membership',
      link: `/history/membership/${String(contractId)}`,
    }
  );
}

export const membershipKind: PayableKind = {
  name: 'membership',
  pays: (payment) => payment.contractId !== null && payment.freezeContractId === null,
  settleIn: settleMembershipIn,
  expireIn: (tx, lapsed, now) =>
    failUnpaidIn(
      tx,
      { table: contracts, paymentsColumn: payments.contractId, transactionsColumn: transactions.contractId },
      lapsed.map((p) => p.contractId!),
      now,
    ),
  describeIn: (tx, payment) => describeMembershipIn(tx, payment.contractId!),
};
