import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContractCloseReason } from '#api/membership.ts';
import { accounts } from './accounts.ts';
import { createdAt } from './columns.ts';
import { contracts } from './contracts.ts';

// Issue 12 §1 (ADR 036): a member pauses a paid membership for a number of days, paid through the
// one payment path. A freeze's money rides on a payment row that names both the membership and
// the freeze (payments.freeze_contract_id); settlePayment moves the membership's end date.

/** The durations a member may choose and what each costs (general/freeze-price, freeze-duration); staff edit them later. */
export const freezeOptions = pgTable(
  'freeze_options',
  {
    days: integer('days').primaryKey(),
    price: bigint('price', { mode: 'number' }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check('freeze_options_days_check', sql`${t.days} between 1 and 366`),
    check('freeze_options_price_check', sql`${t.price} >= 0`),
  ],
);

/** Unpaid → WAITFORPAYMENT; paid → PAID (FUTURE, CURRENT or UNFREEZE by its dates); never paid → FAIL. */
export type FreezePaymentState = 'WAITFORPAYMENT' | 'PAID' | 'FAIL';

export const freezeContracts = pgTable(
  'freeze_contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    /** The membership it pauses. */
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    days: integer('days').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    /** First and last frozen day, Vietnam calendar days ('YYYY-MM-DD'); an early unfreeze moves end_date back. */
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    paymentState: text('payment_state').$type<FreezePaymentState>().notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The member ended it before its last day (1043): when. end_date then holds the last day actually frozen (or the day before start_date). */
    unfrozenAt: timestamp('unfrozen_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason').$type<ContractCloseReason>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('freeze_contracts_contract_idx').on(t.contractId),
    index('freeze_contracts_account_idx').on(t.accountId, sql`${t.createdAt} desc`),
    // One unpaid freeze per membership: a double tap finds the first (168 otherwise).
    uniqueIndex('freeze_contracts_one_unpaid_idx')
      .on(t.contractId)
      .where(sql`${t.paymentState} = 'WAITFORPAYMENT'`),
    check('freeze_contracts_days_check', sql`${t.days} between 1 and 366`),
    check('freeze_contracts_price_check', sql`${t.price} >= 0`),
    check('freeze_contracts_state_check', sql`${t.paymentState} in ('WAITFORPAYMENT', 'PAID', 'FAIL')`),
    // Ended early: no later than planned, and at most the day before it began (nothing frozen).
    check('freeze_contracts_dates_check', sql`${t.endDate} >= (${t.startDate}::date - 1)::text`),
  ],
);
