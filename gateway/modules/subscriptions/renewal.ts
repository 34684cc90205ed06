import { randomBytes } from 'node:crypto';
import { and, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { formatDate, formatVnd, smsVnd } from '#api/format.ts';
import { PaymentMethods } from '#api/membership.ts';
import { RENEW_DAYS_BEFORE_END, type RenewalReport } from '#api/subscription.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import {
  contracts,
  paymentPlans,
  payments,
  savedCards,
  subscriptionPeriods,
  subscriptions,
  transactions,
} from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { deliverNoticesNow, enqueueNotice, type NotifyDeps } from '#gateway/modules/notifications/service.ts';
import { settlePaymentIn } from '#gateway/modules/payments/settle.ts';
import type { PaymentRow } from '#gateway/modules/payments/start.ts';
import { recurringPortOf } from '#gateway/providers/recurring/index.ts';
import { RecurringProviderError, type RecurringCard, type RecurringPort } from '#gateway/providers/recurring/port.ts';
import { dueRenewal, followingPeriod, insertMonthContract, LIVE, type SubscriptionRow } from './queries.ts';
import { billingDate, graceEnd, MAX_ATTEMPTS, nextAttemptOn } from './rules.ts';
import { SUBSCRIPTION_LINK } from './service.ts';
import { notice, type NoticeKey, type TextValues } from '#gateway/modules/notifications/texts.ts';

// The renewal job (issue 12 §2, ADR 038). Every run looks at the live subscriptions whose paid
// month ends within RENEW_DAYS_BEFORE_END days (or has ended) and, one subscription at a time:
// makes the next month's contract (once: subscription_periods' unique index), charges it through
// the recurring port or sends the member a pay link, retries on days 1, 3 and 5, lapses it after
// the grace, and ends cancelled ones. A subscription is worked on under its row lock taken with
// SKIP LOCKED, so replicas share the work and never do the same one twice; the money itself goes
// through settlePaymentIn like every other payment. A charge is written (PENDING, its reference)
// before the provider is asked, so a crash between the two asks again with the same reference.

export type JobDeps = NotifyDeps & Pick<Deps, 'config' | 'fetch'>;

/** A charge asked but not answered for this long (a crash, a timeout) is asked again, same reference. */
const IN_FLIGHT_MS = 5 * 60_000;

type Charge = { payment: PaymentRow; contractId: number; recurringId: string; card: RecurringCard; orderInfo: string };

const emptyReport = (now: Date): RenewalReport => ({
  at: now.toISOString(),
  created: 0,
  charged: 0,
  declined: 0,
  linked: 0,
  lapsed: 0,
  ended: 0,
});

/** Runs the job as of `now` (the server's timer: the clock; the sandbox's test clock: any instant). */
export async function runRenewals(deps: JobDeps, now: Date = deps.clock.now()): Promise<RenewalReport> {
  const report = emptyReport(now);
  const horizon = addDays(vietnamDay(now), RENEW_DAYS_BEFORE_END);
  const due = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(contracts, eq(contracts.id, subscriptions.currentContractId))
    .where(and(inArray(subscriptions.status, LIVE), lte(contracts.endDate, horizon)))
    .orderBy(subscriptions.id);
  const port = recurringPortOf(deps);
  // A new card (a first month, a change of card) is asked about at once, not only when a month is due: the member sees how they will pay.
  const unasked = await deps.db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, LIVE),
        isNotNull(subscriptions.savedCardId),
        sql`${subscriptions.agreementCardId} is distinct from ${subscriptions.savedCardId}`,
      ),
    );
  for (const { id } of unasked) {
    await askForAgreement(deps, port, id, now).catch((error: unknown) =>
      deps.logger.warn({ err: error, subscriptionId: id }, 'recurring agreement not asked; the next run asks'),
    );
  }
  for (const { id } of due) {
    try {
      await renewOne(deps, port, id, now, report);
    } catch (error) {
      deps.logger.error({ err: error, subscriptionId: id }, 'subscription renewal failed; the next run tries again');
    }
  }
  // The sandbox's test clock runs the job at a later instant than the server's clock: its notices
  // are due at that instant, so they are delivered as of it (the inbox, the push, the SMS), and a
  // whole month can be walked in seconds (issue 38 §3).
  await deliverNoticesNow(now > deps.clock.now() ? { ...deps, clock: { now: () => now } } : deps);
  return report;
}

async function renewOne(deps: JobDeps, port: RecurringPort | null, id: number, now: Date, report: RenewalReport) {
  await askForAgreement(deps, port, id, now);
  const charge = await deps.db.transaction((tx) => planStep(tx, port, id, now, report));
  if (charge && port) await chargeNow(deps, port, charge, now, report);
}

/**
 * Asks the provider once per card for an agreement; none (null, or no provider configured) means
 * pay links. The ask is claimed first (ADR 055): of replicas running at once, one asks; a claim
 * left by a replica that died mid-ask is taken again after IN_FLIGHT_MS.
 */
async function askForAgreement(deps: JobDeps, port: RecurringPort | null, id: number, now: Date) {
  const [sub] = await deps.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!sub?.savedCardId || sub.agreementCardId === sub.savedCardId) return;
  const [card] = await deps.db.select().from(savedCards).where(eq(savedCards.id, sub.savedCardId));
  if (!card || card.deletedAt) return;
  const forThisCard = and(eq(subscriptions.id, id), eq(subscriptions.savedCardId, card.id));
  const [claimed] = await deps.db
    .update(subscriptions)
    .set({ agreementAskedAt: now })
    .where(
      and(
        forThisCard,
        sql`${subscriptions.agreementCardId} is distinct from ${subscriptions.savedCardId}`,
        or(
          isNull(subscriptions.agreementAskedAt),
          lte(subscriptions.agreementAskedAt, new Date(now.getTime() - IN_FLIGHT_MS)),
        ),
      ),
    )
    .returning({ id: subscriptions.id });
  if (!claimed) return;
  let agreement;
  try {
    agreement = await port?.register(
      { token: card.token, appUserId: String(card.accountId), cardNumber: card.cardNumber },
      `VA${String(sub.id)}${randomBytes(4).toString('hex').toUpperCase()}`,
      now,
    );
  } catch (error) {
    // Not answered: the claim goes, so the next run asks at once.
    await deps.db
      .update(subscriptions)
      .set({ agreementAskedAt: null })
      .where(and(forThisCard, eq(subscriptions.agreementAskedAt, now)));
    throw error;
  }
  await deps.db
    .update(subscriptions)
    .set({ recurringId: agreement?.recurringId ?? null, agreementCardId: card.id })
    .where(forThisCard);
}

type Tx = Executor;

/** A subscription's notice: a payment notice linking to the subscription unless `link` says otherwise. */
async function notify(
  tx: Tx,
  sub: SubscriptionRow,
  key: NoticeKey,
  values: TextValues,
  now: Date,
  options: { link?: string; body?: string; sms?: string } = {},
) {
  const { link = SUBSCRIPTION_LINK, ...texts } = options;
  await enqueueNotice(tx, sub.accountId, notice(key, values, { kind: 'PAYMENT', link, ...texts }), now);
}

/** Everything but the provider call, in one transaction under the subscription's lock. Returns the charge to make, if any. */
async function planStep(
  tx: Tx,
  port: RecurringPort | null,
  id: number,
  now: Date,
  report: RenewalReport,
): Promise<Charge | null> {
  const today = vietnamDay(now);
  const [sub] = await tx
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, id))
    .for('update', { skipLocked: true });
  if (!sub || !LIVE.includes(sub.status)) return null;
  const [paid] = await tx.select().from(contracts).where(eq(contracts.id, sub.currentContractId));

  let period = await dueRenewal(tx, sub.id);
  if (!period) {
    const next = followingPeriod(sub, paid.endDate);
    if (sub.status === 'CANCELLING' && sub.endsOn !== null && next.start > sub.endsOn) {
      if (today > sub.endsOn) {
        await tx.update(subscriptions).set({ status: 'CANCELLED' }).where(eq(subscriptions.id, sub.id));
        await notify(tx, sub, 'subscription.ended', { on: formatDate(sub.endsOn) }, now, { link: '/membership' });
        report.ended++;
      }
      return null;
    }
    if (today < billingDate(paid.endDate)) return null;
    const [plan] = await tx
      .select()
      .from(paymentPlans)
      .where(eq(paymentPlans.id, sub.pendingPlanId ?? sub.paymentPlanId));
    const contract = await insertMonthContract(tx, sub, plan, next, now);
    if (!contract) {
      // Another unpaid contract of this member at this club (a purchase being paid): tried again next run.
      return null;
    }
    const [created] = await tx
      .insert(subscriptionPeriods)
      .values({
        subscriptionId: sub.id,
        periodStart: next.start,
        periodEnd: next.end,
        paymentPlanId: plan.id,
        contractId: contract.id,
        state: 'DUE',
        firstAttemptOn: today,
        nextAttemptOn: today,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!created) throw new Error(`subscription ${String(sub.id)}: month ${next.start} exists but is not due`);
    if (sub.pendingPlanId !== null)
      await tx.update(subscriptions).set({ pendingPlanId: null }).where(eq(subscriptions.id, sub.id));
    period = created;
    report.created++;
  }

  const lastDayToPay = graceEnd(addDays(period.periodStart, -1));
  // A settlement locks payment → contract → period → subscription, the opposite order to ours: a
  // contract (or its open payment) locked now is being settled, so this run leaves it to the next
  // one rather than wait holding the subscription (a deadlock with two replicas, ADR 053).
  let [contract] = await tx
    .select()
    .from(contracts)
    .where(eq(contracts.id, period.contractId))
    .for('update', { skipLocked: true });
  if (!contract) return null;
  if (today > lastDayToPay) {
    const open = and(eq(payments.contractId, contract.id), eq(payments.status, 'PENDING'));
    const [{ n }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(payments)
      .where(open);
    if (
      (await tx.select({ id: payments.id }).from(payments).where(open).for('update', { skipLocked: true })).length < n
    )
      return null;
    await lapseIn(tx, sub, period.id, contract, now);
    report.lapsed++;
    return null;
  }
  if (sub.status === 'ACTIVE' && today >= period.periodStart) {
    await tx.update(subscriptions).set({ status: 'PAST_DUE' }).where(eq(subscriptions.id, sub.id));
  }
  if (contract.paymentState === 'PAID') return null;
  if (contract.paymentState === 'FAIL') {
    // The member opened a pay link and let the attempt expire (ADR 010 fails such a contract): a fresh one for the same month.
    const [plan] = await tx.select().from(paymentPlans).where(eq(paymentPlans.id, period.paymentPlanId));
    const fresh = await insertMonthContract(tx, sub, plan, { start: period.periodStart, end: period.periodEnd }, now);
    if (!fresh) return null;
    await tx.update(subscriptionPeriods).set({ contractId: fresh.id }).where(eq(subscriptionPeriods.id, period.id));
    contract = fresh;
  }

  const [inFlight] = await tx
    .select()
    .from(payments)
    .where(
      and(eq(payments.contractId, contract.id), eq(payments.status, 'PENDING'), sql`${payments.reference} like 'VR%'`),
    );
  const card = sub.savedCardId
    ? (await tx.select().from(savedCards).where(eq(savedCards.id, sub.savedCardId)))[0]
    : undefined;
  const recurring =
    port && sub.recurringId && card && !card.deletedAt
      ? {
          recurringId: sub.recurringId,
          card: { token: card.token, appUserId: String(card.accountId), cardNumber: card.cardNumber },
        }
      : null;
  const orderInfo = `Gia han goi thang ${String(contract.id)}`;
  if (inFlight) {
    // Asked and not answered (a crash, a timeout): asked again with the same reference once
    // IN_FLIGHT_MS has passed, marked under the subscription's lock so one replica asks (ADR 055).
    const askedAt = inFlight.chargeAskedAt ?? inFlight.createdAt;
    if (!recurring || askedAt.getTime() > now.getTime() - IN_FLIGHT_MS) return null;
    await tx.update(payments).set({ chargeAskedAt: now }).where(eq(payments.id, inFlight.id));
    return { payment: inFlight, contractId: contract.id, ...recurring, orderInfo };
  }
  if (period.attempts >= MAX_ATTEMPTS || period.nextAttemptOn === null || period.nextAttemptOn > today) return null;

  const attempts = period.attempts + 1;
  const first = period.firstAttemptOn ?? today;
  await tx
    .update(subscriptionPeriods)
    .set({ attempts, firstAttemptOn: first, nextAttemptOn: nextAttemptOn(first, attempts) })
    .where(eq(subscriptionPeriods.id, period.id));

  if (recurring) {
    const [payment] = await tx
      .insert(payments)
      .values({
        contractId: contract.id,
        accountId: sub.accountId,
        method: PaymentMethods.CARD,
        provider: 'vnpay',
        reference: `VR${String(contract.id)}${randomBytes(5).toString('hex').toUpperCase()}`,
        amount: contract.totalPayment,
        status: 'PENDING',
        expiresAt: null,
        savedCardId: card!.id,
        chargeAskedAt: now,
        createdAt: now,
      })
      .returning();
    return { payment, contractId: contract.id, ...recurring, orderInfo };
  }

  // No agreement: the member pays from the app (token_pay with the bank's OTP, or any method).
  await notify(
    tx,
    sub,
    'subscription.payNext',
    {
      from: formatDate(period.periodStart),
      to: formatDate(period.periodEnd),
      amount: { vi: formatVnd(contract.totalPayment, 'vi'), en: formatVnd(contract.totalPayment, 'en') },
      lastDay: formatDate(lastDayToPay),
    },
    now,
    { link: `/membership/payment/${String(contract.id)}` },
  );
  report.linked++;
  return null;
}

/** Not paid by the end of the grace: the month's contract fails, the subscription lapses. */
async function lapseIn(
  tx: Tx,
  sub: SubscriptionRow,
  periodId: number,
  contract: typeof contracts.$inferSelect,
  now: Date,
) {
  await tx
    .update(subscriptionPeriods)
    .set({ state: 'LAPSED', nextAttemptOn: null })
    .where(eq(subscriptionPeriods.id, periodId));
  if (contract.paymentState === 'WAITFORPAYMENT') {
    await tx
      .update(payments)
      .set({ status: 'FAIL' })
      .where(and(eq(payments.contractId, contract.id), eq(payments.status, 'PENDING')));
    await tx.update(transactions).set({ status: 'FAIL' }).where(eq(transactions.contractId, contract.id));
    await tx
      .update(contracts)
      .set({ paymentState: 'FAIL', closedAt: now, closedReason: 'expired' })
      .where(eq(contracts.id, contract.id));
  }
  await tx.update(subscriptions).set({ status: 'LAPSED', pendingPlanId: null }).where(eq(subscriptions.id, sub.id));
  await notify(tx, sub, 'subscription.lapsed', {}, now, { link: '/membership', sms: 'sms' });
}

/** Asks the provider, then settles (settlePaymentIn, as every payment) or records the decline and tells the member. */
async function chargeNow(deps: JobDeps, port: RecurringPort, charge: Charge, now: Date, report: RenewalReport) {
  let result;
  try {
    result = await port.charge({
      recurringId: charge.recurringId,
      card: charge.card,
      reference: charge.payment.reference,
      amount: charge.payment.amount,
      orderInfo: charge.orderInfo,
      now,
    });
  } catch (error) {
    if (!(error instanceof RecurringProviderError)) throw error;
    deps.logger.warn(
      { err: error.message, reference: charge.payment.reference },
      'recurring charge unanswered; asked again later with the same reference',
    );
    return;
  }
  if (result.ok) {
    const outcome = await deps.db.transaction((tx) =>
      settlePaymentIn(
        tx,
        {
          paymentId: charge.payment.id,
          amount: charge.payment.amount,
          providerTransactionId: result.transactionNo,
          paidAt: now,
        },
        now,
      ),
    );
    if (outcome.kind === 'settled') report.charged++;
    return;
  }
  const declined = await deps.db.transaction(async (tx) => {
    const failed = await tx
      .update(payments)
      .set({ status: 'FAIL', responseCode: result.responseCode })
      .where(and(eq(payments.id, charge.payment.id), eq(payments.status, 'PENDING')))
      .returning({ id: payments.id });
    if (failed.length === 0) return false;
    const [period] = await tx
      .update(subscriptionPeriods)
      .set({ lastResponseCode: result.responseCode })
      .where(and(eq(subscriptionPeriods.contractId, charge.contractId), eq(subscriptionPeriods.state, 'DUE')))
      .returning();
    if (!period) return true;
    const [sub] = await tx
      .update(subscriptions)
      .set({
        status: sql`case when ${subscriptions.status} = 'ACTIVE' then 'PAST_DUE' else ${subscriptions.status} end`,
      })
      .where(eq(subscriptions.id, period.subscriptionId))
      .returning();
    const lastDay = graceEnd(addDays(period.periodStart, -1));
    const again = period.nextAttemptOn;
    await notify(
      tx,
      sub,
      'subscription.declined',
      {
        amount: { vi: formatVnd(charge.payment.amount, 'vi'), en: formatVnd(charge.payment.amount, 'en') },
        smsAmount: { vi: smsVnd(charge.payment.amount, 'vi'), en: smsVnd(charge.payment.amount, 'en') },
        code: result.responseCode,
        again: again ? formatDate(again) : '',
        lastDay: formatDate(lastDay),
      },
      now,
      again ? { body: 'bodyRetry', sms: 'smsRetry' } : { body: 'bodyLast', sms: 'smsLast' },
    );
    return true;
  });
  if (declined) report.declined++;
}
