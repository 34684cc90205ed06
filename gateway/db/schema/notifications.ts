import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '#api/notifications.ts';
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

/** What a notice says: the inbox row's texts and link (the notification service's input). */
export type NoticeContent = {
  kind: NotificationKind;
  titleVi: string;
  titleEn: string;
  bodyVi: string;
  bodyEn: string;
  link: string | null;
  /** Also sent by SMS (ASCII, as the brandname templates are), in the member's language; dropped once sent. */
  sms?: { vi: string; en: string };
};

/**
 * The transactional outbox of notices (ADR 016): written in the transaction of the change that
 * causes it, delivered (inbox row + Web Push) by a worker. `notificationId` is chosen at enqueue
 * time and is the inbox row's primary key, so a notice is stored once however often delivery runs.
 */
export const noticeOutbox = pgTable(
  'notice_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    notificationId: text('notification_id').notNull().unique(),
    content: jsonb('content').$type<NoticeContent>().notNull(),
    /** pending → delivered, or failed after the last attempt. */
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('notice_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
