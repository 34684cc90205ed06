import { sql, type SQL } from 'drizzle-orm';
import type { Database } from './db/client.ts';

// Rows that only grow, purged when they can no longer matter (issue 41 §6, ADR 070). The periods are
// in docs/operations.md ("Retention"); each rule says why its rows are dead by then. Deletes go in
// batches so no run holds many row locks; every replica runs the job, and a row deleted by one is
// simply not found by the other.

const DAY = 24 * 3_600_000;

export type RetentionRule = { table: string; keepDays: number; why: string; dead: (cutoff: SQL) => SQL };

export const RETENTION_RULES: RetentionRule[] = [
  {
    table: 'notice_outbox',
    keepDays: 30,
    why: 'a delivered notice lives on in the member inbox (notifications); the outbox row only proved delivery',
    dead: (cutoff) => sql`status = 'delivered' and delivered_at < ${cutoff}`,
  },
  {
    table: 'trusted_devices',
    keepDays: 400,
    why: 'unused for longer than the device cookie lives (400 days, ADR 017): no browser can present it',
    dead: (cutoff) => sql`last_used_at < ${cutoff}`,
  },
  {
    table: 'auth_tokens',
    keepDays: 30,
    why: 'expired or signed out a month ago: refused either way, kept a month for support questions',
    dead: (cutoff) => sql`coalesce(revoked_at, expires_at) < ${cutoff}`,
  },
  {
    table: 'phone_verifications',
    keepDays: 7,
    why: 'a sign-up proof past its expiry cannot be exchanged',
    dead: (cutoff) => sql`expires_at < ${cutoff}`,
  },
  {
    table: 'rate_counters',
    keepDays: 2,
    why: 'the longest window is a day: an older window is never counted again',
    dead: (cutoff) => sql`window_start < ${cutoff}`,
  },
  {
    table: 'attempt_guards',
    keepDays: 366,
    why: 'a guard forgets its count after a year without an attempt (ADR 017)',
    dead: (cutoff) => sql`last_at < ${cutoff} and next_try_at < ${cutoff}`,
  },
  {
    table: 'sms_outbox',
    keepDays: 7,
    why: 'the sandbox SMS outbox: codes of a week ago are of no use to a tester',
    dead: (cutoff) => sql`created_at < ${cutoff}`,
  },
  {
    table: 'push_deliveries',
    keepDays: 7,
    why: 'the sandbox record of pushes it would have sent',
    dead: (cutoff) => sql`created_at < ${cutoff}`,
  },
];

const BATCH = 5_000;

/** Deletes what each rule says is dead at `now`; answers the rows deleted by table. */
export async function purgeOldRows(db: Database, now: Date, rules = RETENTION_RULES): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rule of rules) {
    const cutoff = sql`${new Date(now.getTime() - rule.keepDays * DAY).toISOString()}::timestamptz`;
    let total = 0;
    for (;;) {
      const result = await db.execute(
        sql`delete from ${sql.identifier(rule.table)} where ctid in (select ctid from ${sql.identifier(rule.table)} where ${rule.dead(cutoff)} limit ${BATCH})`,
      );
      const n =
        (result as unknown as { rowCount?: number; affectedRows?: number }).rowCount ??
        (result as unknown as { affectedRows?: number }).affectedRows ??
        0;
      total += n;
      if (n < BATCH) break;
    }
    if (total > 0) deleted[rule.table] = total;
  }
  return deleted;
}
