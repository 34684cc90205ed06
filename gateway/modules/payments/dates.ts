import type { Duration } from '#api/membership.ts';
import { addDays } from '#api/vietnam-time.ts';

// Membership dates are Vietnam calendar days, kept as 'YYYY-MM-DD' (#api/vietnam-time.ts).

const toUtc = (day: string) => new Date(`${day}T00:00:00Z`);
const fromUtc = (date: Date) => date.toISOString().slice(0, 10);

/** Adds calendar months; a day past the end of the target month clamps to its last day (31 Jan + 1 month = 28/29 Feb). */
export const addMonths = (day: string, months: number) => {
  const d = toUtc(day);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return fromUtc(target);
};

/** The last day of a membership that starts on `start`: inclusive, so one month from 1 March ends 31 March. */
export function membershipEnd(start: string, duration: Duration, bonusDays = 0) {
  const afterEnd = duration.unit === 'month' ? addMonths(start, duration.value) : addDays(start, duration.value);
  return addDays(afterEnd, bonusDays - 1);
}

/** A paid membership's days, first and last inclusive. */
export type Period = { start: string; end: string };

/**
 * When a new membership starts (ADR 021): today when the member cannot enter the club today;
 * otherwise the day after the unbroken run of memberships that opens it from today ends (it is then
 * FUTURE). `covering` are the paid memberships that open this club (same club, or all-club). A
 * membership that starts later, after a gap, does not push the new one back: a Black Card that
 * begins in 2027 says nothing about a club the member wants to use now.
 */
export function nextStartDate(today: string, covering: Period[]) {
  let day = today;
  for (;;) {
    const open = covering.filter((p) => p.start <= day && p.end >= day);
    if (open.length === 0) return day;
    day = addDays(
      open
        .map((p) => p.end)
        .sort()
        .at(-1)!,
      1,
    );
  }
}

export const addMinutes = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
