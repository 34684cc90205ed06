import { and, eq, ne, sql } from 'drizzle-orm';
import { isAllClubPlan, planTypes } from '#api/membership.ts';
import { formatDate } from '#api/format.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { contracts, freezeContracts, paymentPlans, payments, transactions } from '#gateway/db/schema/index.ts';
import { releaseBookingsIn } from '#gateway/modules/classes/service.ts';
import { describeMembershipIn } from '#gateway/modules/memberships/payable.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import type { PayableKind, SettleInput, SettleOutcome } from '#gateway/modules/payments/kinds.ts';
import { bookPaymentIn, failUnpaidIn } from '#gateway/modules/payments/settle.ts';
import type { PaymentRow } from '#gateway/modules/payments/start.ts';
import { freezeDates } from './rules.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

// What paying for a freeze and ending it early do to the membership (ADR 036), and a freeze's fee as
// a payable kind (ADR 072). Called inside the transaction that holds the payment row
// (settlePaymentIn) or the member's account (unfreeze).

type MembershipRow = typeof contracts.$inferSelect;

/**
 * Moves a membership's end by `days` (back when negative), and with it every later paid membership
 * that opens the same club and starts after it: a renewal bought to follow it still follows it.
 */
export async function moveMembershipEnd(tx: Executor, membership: MembershipRow, days: number) {
  if (days === 0) return;
  const [plan] = await tx
    .select({ type: paymentPlans.type })
    .from(paymentPlans)
    .where(eq(paymentPlans.id, membership.paymentPlanId));
  const allClubTypes = planTypes.filter(isAllClubPlan);
  const opensSameClub = isAllClubPlan(plan.type)
    ? undefined
    : sql`(${contracts.clubId} = ${membership.clubId} or ${contracts.paymentPlanId} in (select id from ${paymentPlans} where type in (${sql.join(
        allClubTypes.map((t) => sql`${t}`),
        sql`, `,
      )})))`;
  await tx
    .update(contracts)
    .set({
      startDate: sql`(${contracts.startDate}::date + ${days}::int)::text`,
      endDate: sql`(${contracts.endDate}::date + ${days}::int)::text`,
    })
    .where(
      and(
        eq(contracts.accountId, membership.accountId),
        eq(contracts.paymentState, 'PAID'),
        ne(contracts.id, membership.id),
        sql`${contracts.startDate} > ${membership.endDate}`,
        opensSameClub,
      ),
    );
  await tx
    .update(contracts)
    .set({ endDate: addDays(membership.endDate, days) })
    .where(eq(contracts.id, membership.id));
}

/**
 * Settles a freeze's payment (the payment row is already locked by settlePaymentIn and its amount
 * checked): the freeze is paid, frozen from its start day (tomorrow at the earliest, if the money
 * came late), the membership's end moves back by its days, class bookings inside it are released.
 */
async function settleFreezeIn(
  tx: Executor,
  payment: PaymentRow,
  input: SettleInput,
  now: Date,
): Promise<SettleOutcome> {
  const freezeId = payment.freezeContractId!;
  const [freeze] = await tx.select().from(freezeContracts).where(eq(freezeContracts.id, freezeId)).for('update');
  const [membership] = await tx.select().from(contracts).where(eq(contracts.id, freeze.contractId)).for('update');
  const today = vietnamDay(input.paidAt);
  const startDate = freeze.startDate > today ? freeze.startDate : addDays(today, 1);
  // Paid too late to freeze anything (cash days after the membership ended), or already ended: staff must look.
  if (payment.status !== 'PENDING' || freeze.paymentState !== 'WAITFORPAYMENT' || startDate > membership.endDate) {
    return { kind: 'late', contractId: membership.id };
  }
  const dates = freezeDates(startDate, freeze.days, membership.endDate);

  await bookPaymentIn(tx, payment, input, {
    attempts: eq(payments.freezeContractId, freezeId),
    fees: eq(transactions.freezeContractId, freezeId),
  });
  await tx
    .update(freezeContracts)
    .set({ paymentState: 'PAID', paidAt: input.paidAt, startDate: dates.startDate, endDate: dates.endDate })
    .where(eq(freezeContracts.id, freezeId));
  await moveMembershipEnd(tx, membership, freeze.days);
  const released = await releaseBookingsIn(tx, membership.accountId, dates.startDate, dates.endDate, now);

  const [from, to, end] = [
    formatDate(dates.startDate),
    formatDate(dates.endDate),
    formatDate(dates.newMembershipEndDate),
  ];
  await enqueueNotice(
    tx,
    membership.accountId,
    notice(
      'freeze.confirmed',
      { from, to, end, count: released },
      {
        kind: 'MEMBERSHIP',
        link: `/history/freeze/${String(freezeId)}`,
        body: released > 0 ? 'bodyWithClasses' : 'body',
      },
    ),
    now,
  );
  return { kind: 'settled', contractId: membership.id, accountId: membership.accountId };
}

export const freezeKind: PayableKind = {
  name: 'freeze',
  pays: (payment) => payment.freezeContractId !== null,
  settleIn: settleFreezeIn,
  expireIn: (tx, lapsed, now) =>
    failUnpaidIn(
      tx,
      {
        table: freezeContracts,
        paymentsColumn: payments.freezeContractId,
        transactionsColumn: transactions.freezeContractId,
      },
      lapsed.map((p) => p.freezeContractId!),
      now,
    ),
  // A freeze's money is named as the membership it pauses.
  describeIn: (tx, payment) => describeMembershipIn(tx, payment.contractId!),
};
