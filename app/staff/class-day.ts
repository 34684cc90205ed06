// What the desk may do with a class and when (no server code: the page uses it to draw its buttons).
import { z } from 'zod';
import { calendarDaySchema, classCancelBody } from '#contract/staff-classes.ts';

const VIETNAM_OFFSET_MS = 7 * 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

/** Today on the clubs' clock (Vietnam, UTC+7), YYYY-MM-DD. */
export const vietnamDay = (now: number) => new Date(now + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);

/** The day `days` after `day` (YYYY-MM-DD; negative: before). */
export const shiftDay = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The day asked for by `?date=`, if it is a real day, else today. */
export const chosenDay = (asked: string | null, now: number) => {
  const parsed = calendarDaySchema.safeParse(asked);
  return parsed.success ? parsed.data : vietnamDay(now);
};

const bookingId = z.coerce.number().int().positive().max(2_147_483_647);

/** A mark of who came: posted by the Attended / No-show buttons of one booked spot. */
export const attendanceForm = z.object({ intent: z.enum(['attended', 'no-show']), bookingId });

/** Cancelling a class: the reason every booked and waitlisted member reads (required, 1–300 characters). */
export const cancelClassForm = classCancelBody.extend({ intent: z.literal('cancel'), sessionId: bookingId });

/**
 * Whether the desk may mark who came: from 30 min before the start to 24 h after the end (the
 * gateway's window, ADR 051), and the class not cancelled.
 */
export const canMarkAttendance = (session: { startsAt: string; endsAt: string; cancelledAt: string | null }, now: number) =>
  session.cancelledAt === null && now >= Date.parse(session.startsAt) - 30 * 60_000 && now <= Date.parse(session.endsAt) + 24 * 60 * 60_000;

/** A class may be cancelled until it starts. */
export const canCancelClass = (session: { startsAt: string; cancelledAt: string | null }, now: number) => session.cancelledAt === null && now < Date.parse(session.startsAt);
