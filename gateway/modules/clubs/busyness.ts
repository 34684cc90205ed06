import { and, asc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import { BUSYNESS_HISTORY_WEEKS, BUSYNESS_INSIDE_MINUTES, type BusynessLevel, type ClubBusyness } from '#api/clubs.ts';
import { isoWeekday, vietnamDay, vietnamDayStart, vietnamMinute } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { clubs, visits } from '#gateway/db/schema/index.ts';

// A constant written into the statement (not a parameter): GROUP BY must see the same expression as SELECT.
const VN = sql.raw(`'Asia/Ho_Chi_Minh'`);

/**
 * The word for how busy a club is, against its own usual peak: the members inside now compared
 * with the visits of its busiest usual 90 minutes on this weekday. A club with no history yet is
 * judged on the number alone.
 */
export function busynessLevel(insideNow: number, usualByHour: readonly number[]): BusynessLevel {
  const peak = Math.max(...usualByHour) * (BUSYNESS_INSIDE_MINUTES / 60);
  if (peak < 5) return insideNow < 10 ? 'quiet' : insideNow < 30 ? 'normal' : 'busy';
  const ratio = insideNow / peak;
  return ratio < 0.35 ? 'quiet' : ratio < 0.75 ? 'normal' : 'busy';
}

/** Every active club's busyness now: two grouped reads over the visits index (club, time). */
export async function clubsBusyness(db: Executor, now: Date): Promise<ClubBusyness[]> {
  const since = new Date(now.getTime() - BUSYNESS_INSIDE_MINUTES * 60_000);
  // The usual pattern: the same weekday of the 4 weeks before today (Vietnam's day).
  const day = vietnamDay(now);
  const today = vietnamDayStart(day);
  const from = new Date(today.getTime() - BUSYNESS_HISTORY_WEEKS * 7 * 86_400_000);
  const hour = Math.floor(vietnamMinute(now) / 60);
  const weekday = isoWeekday(day);
  const localHour = sql<number>`extract(hour from ${visits.checkedInAt} at time zone ${VN})::int`;
  const [inside, usual] = await Promise.all([
    db
      .select({ clubId: clubs.id, n: sql<number>`count(${visits.id})::int` })
      .from(clubs)
      .leftJoin(visits, and(eq(visits.clubId, clubs.id), gt(visits.checkedInAt, since), lte(visits.checkedInAt, now)))
      .where(eq(clubs.isActive, true))
      .groupBy(clubs.id)
      .orderBy(asc(clubs.id)),
    db
      .select({ clubId: visits.clubId, hour: localHour, n: sql<number>`count(*)::int` })
      .from(visits)
      .where(
        and(
          gte(visits.checkedInAt, from),
          lt(visits.checkedInAt, today),
          sql`extract(isodow from ${visits.checkedInAt} at time zone ${VN}) = ${weekday}`,
        ),
      )
      .groupBy(visits.clubId, localHour),
  ]);
  const byClub = new Map<number, number[]>();
  for (const row of usual) {
    const hours = byClub.get(row.clubId) ?? Array.from({ length: 24 }, () => 0);
    hours[row.hour] = Math.round((row.n / BUSYNESS_HISTORY_WEEKS) * 10) / 10;
    byClub.set(row.clubId, hours);
  }
  return inside.map(({ clubId, n }) => {
    const usualByHour = byClub.get(clubId) ?? Array.from({ length: 24 }, () => 0);
    return { clubId, insideNow: n, level: busynessLevel(n, usualByHour), hour, usualByHour };
  });
}

/** One minute of answers per gateway process: every club card of every member asks for the same. */
const cache = new WeakMap<object, { minute: number; value: Promise<ClubBusyness[]> }>();
export function cachedClubsBusyness(db: Executor, now: Date): Promise<ClubBusyness[]> {
  const minute = Math.floor(now.getTime() / 60_000);
  const hit = cache.get(db);
  if (hit?.minute === minute) return hit.value;
  const value = clubsBusyness(db, now);
  cache.set(db, { minute, value });
  value.catch(() => cache.delete(db));
  return value;
}
