import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Growing waits per key (ADR 017): `count` attempts since the key was last quiet for a whole
 * window; no attempt is allowed before `nextTryAt`.
 */
export const attemptGuards = pgTable('attempt_guards', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
});

/** Fixed-window counters for abuse limits; in the database so they hold across replicas. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
