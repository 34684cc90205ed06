import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';

/** The sandbox SMS provider's outbox (ARCHITECTURE §6). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phoneNumber: text('phone_number').notNull(),
    text: text('text').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phoneNumber, sql`${t.createdAt} desc`)],
);

/** The sandbox push provider's record of what it would have sent (ARCHITECTURE §6). */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_deliveries_account_idx').on(t.accountId, sql`${t.createdAt} desc`)],
);
