import { sql } from 'drizzle-orm';
import type { Executor } from '#gateway/db/client.ts';
import { rateCounters } from '#gateway/db/schema/index.ts';

const HOUR = 3_600_000;

export const hourWindow = (now: Date) => new Date(Math.floor(now.getTime() / HOUR) * HOUR);

/** Counts one hit in a fixed window and says whether it is still within the limit. */
export async function countHit(db: Executor, key: string, windowStart: Date, limit: number): Promise<boolean> {
  const [row] = await db
    .insert(rateCounters)
    .values({ key, windowStart, count: 1 })
    .onConflictDoUpdate({
      target: [rateCounters.key, rateCounters.windowStart],
      set: { count: sql`${rateCounters.count} + 1` },
    })
    .returning({ count: rateCounters.count });
  return row.count <= limit;
}
