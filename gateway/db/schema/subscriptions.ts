import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { clubs } from './clubs.ts';
import { createdAt } from './columns.ts';
import { contracts } from './contracts.ts';
import { savedCards } from './payments.ts';
import { paymentPlans } from './plans.ts';

// Issue 12 §2 (ADR 038): a monthly plan (SUBSCRIPTION, BLACK_CARD_SUBSCRIPTION) renews by card.
// Each month is an ordinary contract paid through settlePayment; these rows only say which
// contract is the current month, which card pays the next, and where the renewal stands.

/** ACTIVE renews; PAST_DUE a renewal is unpaid (retries, grace); CANCELLING ends on ends_on; LAPSED and CANCELLED are over. */
export type SubscriptionStatus = 'ACTIVE' | 'PAST_DUE' | 'CANCELLING' | 'LAPSED' | 'CANCELLED';

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    /** The plan of the current month. */
    paymentPlanId: integer('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id),
    /** An upgrade (1103) waiting for the next month whose contract is not made yet. */
    pendingPlanId: integer('pending_plan_id').references(() => paymentPlans.id),
    /** The saved card (VNPAY token) that pays the renewals; null: the member pays each month from a link. */
    savedCardId: integer('saved_card_id').references(() => savedCards.id),
    /** The recurring provider's agreement for that card; null: none (pay links). */
    recurringId: text('recurring_id'),
    /** The card the agreement was last asked for: asked once per card, not at every run. */
    agreementCardId: integer('agreement_card_id'),
    /** When a replica last set out to ask for an agreement for the saved card (ADR 055: claimed, so one asks). */
    agreementAskedAt: timestamp('agreement_asked_at', { withTimezone: true }),
    /** A change of card in progress (VNPAY token_create): its card request. */
    cardRequestId: integer('card_request_id'),
    /** The month being used now (or the last one paid). */
    currentContractId: integer('current_contract_id')
      .notNull()
      .references(() => contracts.id),
    /** Months are counted from this day (so 31 January renews on 28/29 February, then 31 March). */
    anchorDate: text('anchor_date').notNull(),
    /** Which month after the anchor the current contract is (0 = the first). */
    periodNumber: integer('period_number').notNull().default(0),
    status: text('status').$type<SubscriptionStatus>().notNull(),
    /** CANCELLING: the last day of access (ADR 038's 4-day rule). */
    endsOn: text('ends_on'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('subscriptions_account_idx').on(t.accountId),
    // One live subscription per member (750): the purchase and the settlement both rely on it.
    uniqueIndex('subscriptions_one_live_idx')
      .on(t.accountId)
      .where(sql`${t.status} in ('ACTIVE', 'PAST_DUE', 'CANCELLING')`),
    index('subscriptions_live_idx')
      .on(t.status)
      .where(sql`${t.status} in ('ACTIVE', 'PAST_DUE', 'CANCELLING')`),
    check(
      'subscriptions_status_check',
      sql`${t.status} in ('ACTIVE', 'PAST_DUE', 'CANCELLING', 'LAPSED', 'CANCELLED')`,
    ),
  ],
);

/** DUE waits for money (attempts, retries); PAID; LAPSED after the grace; CANCELLED withdrawn by the member. */
export type SubscriptionPeriodState = 'DUE' | 'PAID' | 'LAPSED' | 'CANCELLED';

/** One row per month of a subscription: the renewal job's unit of work, once per month by the unique index. */
export const subscriptionPeriods = pgTable(
  'subscription_periods',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    /** First and last day, Vietnam calendar days ('YYYY-MM-DD'). */
    periodStart: text('period_start').notNull(),
    periodEnd: text('period_end').notNull(),
    paymentPlanId: integer('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id),
    /** The month's contract; replaced when an unpaid one expired (a pay link left unused). */
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    state: text('state').$type<SubscriptionPeriodState>().notNull(),
    /** Charges (or pay-link reminders) made: the first, then the retries of days 1, 3 and 5. */
    attempts: integer('attempts').notNull().default(0),
    firstAttemptOn: text('first_attempt_on'),
    nextAttemptOn: text('next_attempt_on'),
    lastResponseCode: text('last_response_code'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('subscription_periods_once_idx').on(t.subscriptionId, t.periodStart),
    index('subscription_periods_contract_idx').on(t.contractId),
    check('subscription_periods_state_check', sql`${t.state} in ('DUE', 'PAID', 'LAPSED', 'CANCELLED')`),
    check('subscription_periods_attempts_check', sql`${t.attempts} between 0 and 4`),
  ],
);
