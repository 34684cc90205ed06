import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CardType, PaymentStatus } from '#api/membership.ts';
import type { PaymentEventOutcome } from '#api/staff.ts';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { contracts } from './contracts.ts';
import { freezeContracts } from './freezes.ts';
import { ptContracts } from './pt.ts';

/** QR=1, CARD=2, CASH=3 (§3 payment method). */
export const paymentMethodGroups = pgTable('payment_method_groups', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameVi: text('name_vi').notNull(),
  nameEn: text('name_en').notNull(),
  sortOrder: integer('sort_order').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

/** 'free': a contract a coupon covers entirely, settled at once (reference FREE…). */
export type PaymentProvider = 'vietqr' | 'vnpay' | 'cash' | 'free';

/** One attempt to pay a contract. `reference` is the transfer memo, the vnp_TxnRef or the cash slip. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The membership paid, or paused by the freeze paid; null for a PT package's money (pt_contract_id). */
    contractId: integer('contract_id').references(() => contracts.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    method: integer('method').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    reference: text('reference').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's own id for the money movement (bank transaction id, vnp_TransactionNo, staff receipt). */
    providerTransactionId: text('provider_transaction_id'),
    /** vnp_ResponseCode of a card payment, for the member's message. */
    responseCode: text('response_code'),
    /** Card payments: the signed pay URL; saved-card payments name the card. */
    payUrl: text('pay_url'),
    savedCardId: integer('saved_card_id'),
    /** A freeze's money (ADR 036): the freeze it pays; `contract_id` is then the membership it pauses. */
    freezeContractId: integer('freeze_contract_id').references(() => freezeContracts.id),
    /** A PT package's money (ADR 045): the PT contract it pays; `contract_id` is then null. */
    ptContractId: integer('pt_contract_id').references(() => ptContracts.id),
    /** The staff account that took cash. */
    confirmedBy: integer('confirmed_by'),
    /** A renewal's recurring charge: when the provider was last asked (ADR 055: one replica asks again after 5 min unanswered). */
    chargeAskedAt: timestamp('charge_asked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_idx').on(t.provider, t.reference),
    index('payments_contract_idx').on(t.contractId),
    index('payments_freeze_idx')
      .on(t.freezeContractId)
      .where(sql`${t.freezeContractId} is not null`),
    index('payments_pt_idx')
      .on(t.ptContractId)
      .where(sql`${t.ptContractId} is not null`),
    // Exactly one thing is paid: a membership (or its freeze) or a PT package.
    check('payments_pays_one_check', sql`num_nonnulls(${t.contractId}, ${t.ptContractId}) = 1`),
    index('payments_pending_idx').on(t.status, t.expiresAt),
  ],
);

export type { PaymentEventOutcome };

/**
 * Every server-to-server payment message (bank webhook, VNPAY IPN), once per provider id:
 * a replay hits the unique index and changes nothing. Outcomes other than matched/declined/ignored
 * are money staff must look at (`needsReview`).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    paymentId: integer('payment_id'),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    description: text('description').notNull().default(''),
    outcome: text('outcome').$type<PaymentEventOutcome>().notNull(),
    needsReview: boolean('needs_review').notNull().default(false),
    reviewedBy: integer('reviewed_by'),
    raw: jsonb('raw').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_external_idx').on(t.provider, t.externalId),
    index('payment_events_review_idx').on(t.needsReview, sql`${t.createdAt} desc`),
    // A contract's unbooked money is read through its payments on every list of contracts (issue 18).
    index('payment_events_payment_idx').on(t.paymentId),
  ],
);

/** §3 Saved card: a VNPAY token; only the masked number and bank leave the gateway. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    token: text('token').notNull(),
    cardNumber: text('card_number').notNull(),
    bankCode: text('bank_code').notNull(),
    cardType: text('card_type').$type<CardType>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('saved_cards_account_idx').on(t.accountId), uniqueIndex('saved_cards_token_idx').on(t.token)],
);

/** A started "add a card" flow (VNPAY token_create), matched back by its reference. */
export const cardRequests = pgTable('card_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  reference: text('reference').notNull().unique(),
  cardType: text('card_type').$type<CardType>().notNull(),
  status: text('status').$type<'PENDING' | 'SUCCESS' | 'FAIL'>().notNull(),
  responseCode: text('response_code'),
  savedCardId: integer('saved_card_id'),
  createdAt: createdAt(),
});
