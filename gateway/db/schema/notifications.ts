import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '#contract/notifications.ts';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';

/** A member's inbox (issue 3). The id is 128-bit random hex: not guessable, not a counter. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    bodyVi: text('body_vi').notNull(),
    bodyEn: text('body_en').notNull(),
    /** An in-app path, or null. */
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_account_created_idx').on(t.accountId, sql`${t.createdAt} desc`)],
);

/** A browser's Web Push subscription (the §3 notify token); an endpoint belongs to one account at a time. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    failureCount: integer('failure_count').notNull().default(0),
  },
  (t) => [index('push_subscriptions_account_idx').on(t.accountId)],
);
