import { eq, sql } from 'drizzle-orm';
import type { Executor } from '#gateway/db/client.ts';
import { attemptGuards } from '#gateway/db/schema/index.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/**
 * Growing waits instead of a daily reset (ADR 017): from attempt `waitsFrom` on, each attempt
 * is followed by a wait that doubles every `step` attempts, up to `maxWaitMs`. The count is
 * forgotten only after `quietMs` without an attempt.
 */
export type GuardRule = { waitsFrom: number; step: number; baseWaitMs: number; maxWaitMs: number; quietMs: number };

/** Wrong codes per phone (unknown devices) or per known device. ADR 017 has the arithmetic. */
export const GUESS_RULE: GuardRule = {
  waitsFrom: 5,
  step: 5,
  baseWaitMs: 15 * MINUTE,
  maxWaitMs: 14 * DAY,
  quietMs: 365 * DAY,
};
/** Codes sent per phone (unknown devices) or per known device: SMS cost, and no flood of texts. */
export const SEND_RULE: GuardRule = { waitsFrom: 5, step: 5, baseWaitMs: 5 * MINUTE, maxWaitMs: DAY, quietMs: DAY };

/** The wait that follows the n-th attempt (n from 1). */
export function waitAfter(rule: GuardRule, n: number): number {
  if (n < rule.waitsFrom) return 0;
  return Math.min(rule.maxWaitMs, rule.baseWaitMs * 2 ** Math.floor((n - rule.waitsFrom) / rule.step));
}

/** The most attempts a patient attacker gets through one guard in `periodMs` (each one as soon as allowed). */
export function maxAttemptsIn(rule: GuardRule, periodMs: number): number {
  let at = 0;
  let n = 0;
  while (at <= periodMs) {
    n += 1;
    at += waitAfter(rule, n);
  }
  return n;
}

type GuardTake = { ok: true } | { ok: false; retryAfterSeconds: number };

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Takes one attempt, atomically: of attempts racing at the moment a wait ends, one passes and
 * the others are refused (the row lock orders them), so parallel requests gain nothing.
 */
export async function takeAttempt(db: Executor, key: string, rule: GuardRule, now: Date): Promise<GuardTake> {
  const quietSince = new Date(now.getTime() - rule.quietMs);
  const n = sql`(case when ${attemptGuards.lastAt} <= ${iso(quietSince)} then 1 else ${attemptGuards.count} + 1 end)`;
  const waitMs = sql`(case when ${n} < ${rule.waitsFrom} then 0
    else least(${rule.maxWaitMs}::float8, ${rule.baseWaitMs}::float8 * power(2, floor((${n} - ${rule.waitsFrom})::float8 / ${rule.step}))) end)`;
  const taken = await db
    .insert(attemptGuards)
    .values({ key, count: 1, lastAt: now, nextTryAt: new Date(now.getTime() + waitAfter(rule, 1)) })
    .onConflictDoUpdate({
      target: attemptGuards.key,
      set: { count: n, lastAt: now, nextTryAt: sql`${iso(now)} + ${waitMs} * interval '1 millisecond'` },
      setWhere: sql`${attemptGuards.nextTryAt} <= ${iso(now)}`,
    })
    .returning({ count: attemptGuards.count });
  if (taken.length === 1) return { ok: true };
  const [row] = await db
    .select({ nextTryAt: attemptGuards.nextTryAt })
    .from(attemptGuards)
    .where(eq(attemptGuards.key, key));
  const retryAfterSeconds = Math.max(
    1,
    Math.ceil(((row?.nextTryAt.getTime() ?? now.getTime()) - now.getTime()) / 1000),
  );
  return { ok: false, retryAfterSeconds };
}

/** Gives an attempt back (a right code is no failure) and lifts the wait it set. */
export async function refundAttempt(db: Executor, key: string, now: Date) {
  await db
    .update(attemptGuards)
    .set({ count: sql`greatest(${attemptGuards.count} - 1, 0)`, nextTryAt: now })
    .where(eq(attemptGuards.key, key));
}
