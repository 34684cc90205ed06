// The clubs' clock: Vietnam keeps UTC+7 all year (no daylight saving). A day is a Vietnam calendar
// day 'YYYY-MM-DD'; a time of day is minutes after its 00:00. No zod and no imports: the staff pages
// use this in the browser (bundle.spec).

const OFFSET_MS = 7 * 3_600_000;
const MINUTE_MS = 60_000;

type Instant = Date | number;

/** The instant shifted onto the Vietnam clock, read with the UTC getters. */
const onVietnamClock = (at: Instant) => new Date((typeof at === 'number' ? at : at.getTime()) + OFFSET_MS);

/** The Vietnam calendar day of an instant: 17:00 UTC is already the next day there. */
export const vietnamDay = (at: Instant) => onVietnamClock(at).toISOString().slice(0, 10);

/** Minutes after 00:00 on the Vietnam clock at an instant (0–1439). */
export function vietnamMinute(at: Instant) {
  const local = onVietnamClock(at);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The Vietnam wall-clock time of an instant, 'YYYY-MM-DD HH:mm:ss'. */
export const vietnamDateTime = (at: Instant) => onVietnamClock(at).toISOString().slice(0, 19).replace('T', ' ');

/** The instant `minute` minutes after 00:00 of a Vietnam day. */
export const vietnamInstant = (day: string, minute: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + minute * MINUTE_MS - OFFSET_MS);

/** The first moment of a Vietnam day. */
export const vietnamDayStart = (day: string) => vietnamInstant(day, 0);

/** The last moment (…59.999) of a Vietnam day: "until the end of that day". */
export const vietnamDayEnd = (day: string) => new Date(vietnamDayStart(addDays(day, 1)).getTime() - 1);

/** The day `days` after `day` (negative: before), across months and years. */
export function addDays(day: string, days: number) {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** 1 Monday … 7 Sunday, as PostgreSQL's isodow and the weekly timetables count. */
export const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** A time of day in minutes after 00:00 as 'HH:mm'. */
export const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
