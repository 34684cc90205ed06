import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { clubs } from './clubs.ts';

// Issue 17 §1 (ADR 049): what staff changed, written in the transaction of the change itself, so a
// change without its row (or a row without its change) cannot happen.

export const staffActions = pgTable(
  'staff_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    actorAccountId: integer('actor_account_id')
      .notNull()
      .references(() => accounts.id),
    /** What was done, e.g. 'cash.confirm', 'check-in.manual' (api/staff.ts staffActionNames). */
    action: text('action').notNull(),
    /** What it was done to: 'contract', 'visit', 'feedback', … with its id. */
    subjectType: text('subject_type').notNull(),
    subjectId: integer('subject_id').notNull(),
    /** The club the subject belongs to (null: none, e.g. money that matched no club). */
    clubId: integer('club_id').references(() => clubs.id),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('staff_actions_club_time_idx').on(t.clubId, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('staff_actions_time_idx').on(sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('staff_actions_actor_idx').on(t.actorAccountId),
  ],
);
