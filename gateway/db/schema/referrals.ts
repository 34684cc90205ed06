import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { contracts } from './contracts.ts';
import { memberGifts } from './gifts.ts';

/** Invitation texts a member sent a friend's number (issue 12 §4, ADR 037): one per number per member a week. */
export const referralInvitations = pgTable(
  'referral_invitations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    referrerAccountId: integer('referrer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    phoneNumber: text('phone_number').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_invitations_referrer_idx').on(t.referrerAccountId, t.phoneNumber, t.sentAt)],
);

/**
 * The referrer's reward for a friend's purchase (ADR 037): exactly one per friend, ever, whoever
 * referred them and however many of their contracts carry a code (the unique index on the friend).
 */
export const referralRewards = pgTable(
  'referral_rewards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    friendAccountId: integer('friend_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    referrerAccountId: integer('referrer_account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The friend's paid contract that earned it. */
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    /** The gift it became. */
    memberGiftId: integer('member_gift_id').references(() => memberGifts.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('referral_rewards_friend_idx').on(t.friendAccountId),
    uniqueIndex('referral_rewards_contract_idx').on(t.contractId),
    uniqueIndex('referral_rewards_gift_idx').on(t.memberGiftId),
    index('referral_rewards_referrer_idx').on(t.referrerAccountId),
  ],
);
