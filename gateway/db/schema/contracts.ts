import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ContractCloseReason, TransactionStatus, TransactionType } from '#api/membership.ts';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { clubs } from './clubs.ts';
import { coupons, paymentPlans } from './plans.ts';

/** Unpaid → WAITFORPAYMENT; paid → FUTURE/CURRENT/PAST by its dates; never paid → FAIL. */
export type ContractPaymentState = 'WAITFORPAYMENT' | 'PAID' | 'FAIL';

export const contracts = pgTable(
  'contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    paymentPlanId: integer('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id),
    paymentState: text('payment_state').$type<ContractPaymentState>().notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    isGift: boolean('is_gift').notNull().default(false),
    paymentMethodGroupId: integer('payment_method_group_id').notNull(),
    isCash: boolean('is_cash').notNull().default(false),
    couponId: integer('coupon_id').references(() => coupons.id),
    referrerAccountId: integer('referrer_account_id').references(() => accounts.id),
    referralCode: text('referral_code'),
    bonusDays: integer('bonus_days').notNull().default(0),
    // The prices as computed when the contract was made: what the member agreed to pay.
    originalPrice: bigint('original_price', { mode: 'number' }).notNull(),
    membershipDiscount: bigint('membership_discount', { mode: 'number' }).notNull(),
    joiningFee: bigint('joining_fee', { mode: 'number' }).notNull(),
    joiningFeeDiscount: bigint('joining_fee_discount', { mode: 'number' }).notNull(),
    totalPayment: bigint('total_payment', { mode: 'number' }).notNull(),
    /** An unpaid contract that ended (FAIL): when, and whether the member cancelled it or it expired. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedReason: text('closed_reason').$type<ContractCloseReason>(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contracts_account_idx').on(t.accountId, sql`${t.createdAt} desc`),
    // A coupon's uses are counted at every check of it (issue 18: not a scan of every contract).
    index('contracts_coupon_idx')
      .on(t.couponId)
      .where(sql`${t.couponId} is not null`),
    // At most one unpaid contract per member and club: a double tap gets the same one back.
    uniqueIndex('contracts_one_unpaid_per_club_idx')
      .on(t.accountId, t.clubId)
      .where(sql`${t.paymentState} = 'WAITFORPAYMENT'`),
  ],
);

/** One row per fee of a contract (§3 transaction types). */
export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type').$type<TransactionType>().notNull(),
    paymentType: text('payment_type').$type<'FULLPAID' | 'DEPOSIT'>().notNull().default('FULLPAID'),
    paymentMethod: integer('payment_method').notNull(),
    paymentLocation: integer('payment_location').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    paymentId: integer('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** FREEZE_CONTRACT fees (ADR 036): the freeze they pay; `contract_id` is the membership. */
    freezeContractId: integer('freeze_contract_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('transactions_account_idx').on(t.accountId, sql`${t.createdAt} desc`),
    index('transactions_contract_idx').on(t.contractId),
  ],
);

/** §3 Rating request: made pending when a contract is paid; the ratings feature answers it. */
export const ratingRequests = pgTable(
  'rating_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type').$type<'contract' | 'pt_booking'>().notNull(),
    contractId: integer('contract_id').references(() => contracts.id),
    status: text('status').$type<'pending' | 'rated' | 'ignored'>().notNull().default('pending'),
    rate: integer('rate'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rating_requests_account_idx').on(t.accountId, t.status),
    uniqueIndex('rating_requests_contract_idx').on(t.contractId),
  ],
);
