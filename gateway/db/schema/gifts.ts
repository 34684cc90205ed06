import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GiftKind } from '#api/gift.ts';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { contracts } from './contracts.ts';

/**
 * §3 Member gift (issue 12 §3, ADR 035): shown behind the header's gift icon; it grants `days` of
 * membership and, once activated, names the contract it became. Gifts given before it said what
 * they grant count as PLAN_DAYS of 14 days (the referral programme's two free weeks).
 */
export const memberGifts = pgTable(
  'member_gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<GiftKind>().notNull().default('PLAN_DAYS'),
    days: integer('days').notNull().default(14),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionVi: text('description_vi').notNull(),
    descriptionEn: text('description_en').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The contract the gift became (isGift). */
    contractId: integer('contract_id').references(() => contracts.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('member_gifts_account_idx').on(t.accountId, sql`${t.createdAt} desc`),
    // One gift, one contract; and a contract comes from one gift (read beside the contract for its name).
    uniqueIndex('member_gifts_contract_idx').on(t.contractId),
    // The experience pass is taken once per account (ADR 035).
    uniqueIndex('member_gifts_one_experience_idx')
      .on(t.accountId)
      .where(sql`${t.kind} = 'EXPERIENCE'`),
    check('member_gifts_kind_check', sql`${t.kind} in ('PLAN_DAYS', 'EXPERIENCE')`),
    check('member_gifts_days_check', sql`${t.days} between 1 and 366`),
    // An activated gift is used.
    check('member_gifts_contract_used_check', sql`${t.contractId} is null or ${t.usedAt} is not null`),
  ],
);
