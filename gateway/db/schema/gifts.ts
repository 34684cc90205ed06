import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';

/** §3 Member gift: shown behind the header's gift icon; activation comes with a later issue. */
export const memberGifts = pgTable(
  'member_gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionVi: text('description_vi').notNull(),
    descriptionEn: text('description_en').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('member_gifts_account_idx').on(t.accountId, sql`${t.createdAt} desc`)],
);
