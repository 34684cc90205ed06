import {
  PT_BOOKING_MAX_DAYS_AHEAD,
  PT_BOOKING_MIN_LEAD_MINUTES,
  PT_SESSION_MINUTES,
  PT_SLOT_STEP_MINUTES,
} from '#api/pt.ts';
import { addDays, vietnamDay, vietnamInstant } from '#api/vietnam-time.ts';

// When a PT session may start (ADR 046): pure rules, tested on their own.

/** Today and the next 14 Vietnam days: the days a session may be on. */
export const bookableDays = (now: Date) =>
  Array.from({ length: PT_BOOKING_MAX_DAYS_AHEAD + 1 }, (_, i) => addDays(vietnamDay(now), i));

export type Interval = { startMinute: number; endMinute: number };

/** Why a start is not bookable, or null: on a bookable day, on the half hour, 2 h ahead at least, the whole hour inside one working interval. */
export function startProblem(
  now: Date,
  day: string,
  afterMinute: number,
  hours: Interval[],
): 'DAY' | 'STEP' | 'LEAD' | 'HOURS' | null {
  if (!bookableDays(now).includes(day)) return 'DAY';
  if (afterMinute % PT_SLOT_STEP_MINUTES !== 0) return 'STEP';
  if (vietnamInstant(day, afterMinute).getTime() < now.getTime() + PT_BOOKING_MIN_LEAD_MINUTES * 60_000) return 'LEAD';
  const end = afterMinute + PT_SESSION_MINUTES;
  if (!hours.some((h) => afterMinute >= h.startMinute && end <= h.endMinute)) return 'HOURS';
  return null;
}

/** The starts a member may pick on a day: every half hour of the trainer's hours that is not taken and far enough ahead. */
export function freeStarts(now: Date, day: string, hours: Interval[], taken: Interval[]) {
  const starts: number[] = [];
  for (const h of [...hours].sort((a, b) => a.startMinute - b.startMinute)) {
    const first = Math.ceil(h.startMinute / PT_SLOT_STEP_MINUTES) * PT_SLOT_STEP_MINUTES;
    for (let m = first; m + PT_SESSION_MINUTES <= h.endMinute; m += PT_SLOT_STEP_MINUTES) {
      const end = m + PT_SESSION_MINUTES;
      if (taken.some((t) => m < t.endMinute && t.startMinute < end)) continue;
      if (startProblem(now, day, m, hours) === null) starts.push(m);
    }
  }
  return starts;
}
