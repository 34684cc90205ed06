import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { FeedbackState, FeedbackType } from '#api/feedback-types.ts';
import { accounts } from './accounts.ts';
import { clubs } from './clubs.ts';
import { createdAt } from './columns.ts';
import { mediaFiles } from './media.ts';

// Issue 16 §1 (ADR 039): one store for members' feedback and visitors' reports from a club's
// poster; staff read it by club and answer each once.

export const feedback = pgTable(
  'feedback',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** MEMBER: POST /member/feedback; PUBLIC: the poster's report page, no account. */
    source: text('source').$type<'MEMBER' | 'PUBLIC'>().notNull(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    /** The member who wrote it; null for a visitor and for an anonymous member (never kept, so never shown or notified). */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    type: text('type').$type<FeedbackType>().notNull(),
    rate: integer('rate').notNull(),
    comment: text('comment').notNull(),
    /** A visitor's number for a call back (optional). */
    phoneNumber: text('phone_number'),
    /** A visitor's one photo, re-encoded like an avatar. */
    photoMediaId: text('photo_media_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    state: text('state').$type<FeedbackState>().notNull().default('NEW'),
    reply: text('reply'),
    handledBy: integer('handled_by').references(() => accounts.id),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('feedback_club_idx').on(t.clubId, t.state, sql`${t.createdAt} desc`),
    check('feedback_rate_check', sql`${t.rate} between 1 and 5`),
    check('feedback_source_check', sql`${t.source} in ('MEMBER', 'PUBLIC')`),
    check('feedback_state_check', sql`${t.state} in ('NEW', 'HANDLED')`),
    check('feedback_comment_check', sql`char_length(${t.comment}) between 1 and 1000`),
    check(
      'feedback_handled_check',
      sql`(${t.state} = 'HANDLED') = (${t.handledAt} is not null and ${t.reply} is not null)`,
    ),
  ],
);
