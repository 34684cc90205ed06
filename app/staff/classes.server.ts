import { z } from 'zod';
import { calendarDaySchema, classCancelBody } from '#api/staff-classes.ts';
import { vietnamDay } from '#api/vietnam-time.ts';

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
