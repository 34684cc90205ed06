import { z } from 'zod';
import { isStorableText } from './text.ts';

// Issue 17 "Classes" (ADR 051): the front desk's view of a club's classes of one day, marking who
// came, and cancelling a class (every booked and waitlisted member is told, with the reason).

/** Staff may mark attendance from this long before a class starts… */
export const CLASS_ATTENDANCE_FROM_MINUTES = 30;
/** …until this long after it ended. */
export const CLASS_ATTENDANCE_UNTIL_HOURS = 24;
/** The longest reason a cancelled class may carry (what the members read in their notice). */
export const CLASS_CANCEL_REASON_MAX = 300;

/** A Vietnam calendar day that exists (2025-02-30 does not). */
export const calendarDaySchema = z
  .string({ error: 'invalid' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid')
  .refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  }, 'invalid');

const queryId = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'invalid')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'invalid'));

/**
 * GET /staff/classes?clubId=&date=YYYY-MM-DD. EMPLOYEE/LEADER: their club (another club is 403);
 * a GM names the club (400 without it). date: a Vietnam day, today by default.
 */
export const staffClassesQuery = z.object({ clubId: queryId.optional(), date: calendarDaySchema.optional() });
export type StaffClassesQuery = z.infer<typeof staffClassesQuery>;

/** What the desk marked; null when nobody did. */
export const classAttendanceMarks = ['ATTENDED', 'NO_SHOW'] as const;
export type ClassAttendanceMark = (typeof classAttendanceMarks)[number];

export const staffClassBookingSchema = z.object({
  id: z.number(),
  status: z.enum(['BOOKED', 'WAITLISTED']),
  /** 1 = next to move up; null for a BOOKED spot. */
  waitlistPosition: z.number().nullable(),
  member: z.object({ id: z.number(), fullName: z.string(), phoneNumber: z.string() }),
  /**
   * BOOKED only: the desk's mark when there is one; else ATTENDED when the member checked in at the
   * club from 30 min before the start to its end, NO_SHOW once it ended without; else null.
   */
  attendance: z.enum(classAttendanceMarks).nullable(),
  /** When the desk marked it (null: `attendance`, if any, comes from the check-ins). */
  attendanceMarkedAt: z.string().nullable(),
});
export type StaffClassBooking = z.infer<typeof staffClassBookingSchema>;

export const staffClassSessionSchema = z.object({
  id: z.number(),
  /** The class type's names. */
  nameVi: z.string(),
  nameEn: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  roomName: z.string().optional(),
  /** The room's English name (issue 38 §20), for the English pages. */
  roomNameEn: z.string().optional(),
  instructorName: z.string().optional(),
  capacity: z.number(),
  bookedCount: z.number(),
  cancelledAt: z.string().nullable(),
  /** Why the club cancelled it (null when not cancelled, or cancelled without one before ADR 051). */
  cancelReason: z.string().nullable(),
  /** BOOKED first by booking time, then WAITLISTED in line order. Cancelled bookings are not listed. */
  bookings: z.array(staffClassBookingSchema),
});
export type StaffClassSession = z.infer<typeof staffClassSessionSchema>;

/** GET /staff/classes → the club's sessions starting that Vietnam day, by start time. */
export const staffClassesSchema = z.object({
  date: z.string(),
  clubId: z.number(),
  sessions: z.array(staffClassSessionSchema),
});
export type StaffClasses = z.infer<typeof staffClassesSchema>;

/** PUT /staff/class-booking/{id}/attendance: a BOOKED spot of a class not cancelled, from 30 min before its start to 24 h after its end. */
export const classAttendanceBody = z.object({ attended: z.boolean({ error: 'required' }) });

/** → the booking as the list shows it; `changed` false when it already carried this mark (nothing written). */
export const classAttendanceResultSchema = z.object({
  sessionId: z.number(),
  booking: staffClassBookingSchema,
  changed: z.boolean(),
});
export type ClassAttendanceResult = z.infer<typeof classAttendanceResultSchema>;

/** PUT /staff/class-session/{id}/cancel {reason}: 1–300 characters (trimmed) that PostgreSQL can store. */
export const classCancelBody = z.object({
  reason: z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: 'required' })
      .min(1, 'required')
      .max(CLASS_CANCEL_REASON_MAX, 'freeTextTooLong')
      .refine(isStorableText, 'textUnstorable'),
  ),
});

/**
 * → cancelled: done now (every BOOKED and WAITLISTED booking cancelled free, each member told);
 * already: it was cancelled before and nothing changed (the session as it stands).
 */
export const classCancelResultSchema = z.object({
  outcome: z.enum(['cancelled', 'already']),
  /** Bookings and waitlist places this request cancelled (0 for already). */
  bookingsCancelled: z.number(),
  session: staffClassSessionSchema,
});
export type ClassCancelResult = z.infer<typeof classCancelResultSchema>;
