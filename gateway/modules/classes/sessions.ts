import { and, eq } from 'drizzle-orm';
import { CLASS_SCHEDULE_DAYS } from '#api/classes.ts';
import { addDays, isoWeekday, vietnamDay, vietnamInstant } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { classSchedules, classSessions, classTypes } from '#gateway/db/schema/index.ts';

/** The Vietnam days sessions exist for: today and the next 13. */
export function scheduleDays(now: Date) {
  const today = vietnamDay(now);
  return Array.from({ length: CLASS_SCHEDULE_DAYS }, (_, i) => addDays(today, i));
}

/** Per database handle: the last day whose sessions this process has made (at most one pass per day). */
const madeThrough = new WeakMap<object, string>();

/**
 * Makes the sessions of the active weekly schedules for the next 14 days, once per process and day.
 * Replicas may race: the unique (schedule, start) index keeps one of each.
 */
export async function ensureSessions(db: Executor, now: Date, { force = false } = {}) {
  const days = scheduleDays(now);
  const last = days.at(-1)!;
  if (!force && madeThrough.get(db) === last) return;
  const schedules = await db
    .select({ schedule: classSchedules, durationMinutes: classTypes.durationMinutes })
    .from(classSchedules)
    .innerJoin(classTypes, eq(classTypes.id, classSchedules.classTypeId))
    .where(and(eq(classSchedules.isActive, true)));
  const rows: (typeof classSessions.$inferInsert)[] = [];
  for (const day of days) {
    const weekday = isoWeekday(day);
    for (const { schedule, durationMinutes } of schedules) {
      if (schedule.weekday !== weekday) continue;
      const startsAt = vietnamInstant(day, schedule.startMinute);
      rows.push({
        scheduleId: schedule.id,
        clubId: schedule.clubId,
        classTypeId: schedule.classTypeId,
        instructorAccountId: schedule.instructorAccountId,
        roomId: schedule.roomId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000),
        capacity: schedule.capacity,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insert(classSessions)
      .values(rows.slice(i, i + 200))
      .onConflictDoNothing({ target: [classSessions.scheduleId, classSessions.startsAt] });
  }
  madeThrough.set(db, last);
}
