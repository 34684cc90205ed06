import { sql } from 'drizzle-orm';
import type { Executor } from '#gateway/db/client.ts';
import { rateCounters } from '#gateway/db/schema.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Vietnam has no daylight saving: its day is always UTC+7. */
const VIETNAM_OFFSET = 7 * HOUR;

export const hourWindow = (now: Date) => new Date(Math.floor(now.getTime() / HOUR) * HOUR);
export const vietnamDayWindow = (now: Date) =>
  new Date(Math.floor((now.getTime() + VIETNAM_OFFSET) / DAY) * DAY - VIETNAM_OFFSET);

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
