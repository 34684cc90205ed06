import { z } from 'zod';

// Issue 11 §4 (ADR 034): group classes. Weekly schedules per club produce sessions for the next 14
// days; members book a spot in a window before the start, a full class has a waitlist, and late
// cancels and no-shows count against a member.

/** Sessions exist this many days ahead, today included. */
export const CLASS_SCHEDULE_DAYS = 14;
/** Booking opens this long before the start… */
export const CLASS_BOOKING_OPENS_HOURS = 48;
/** …and closes this long before it. */
export const CLASS_BOOKING_CLOSES_MINUTES = 30;
/** Cancelling later than this before the start is a late cancel (a strike). */
export const CLASS_FREE_CANCEL_HOURS = 2;
/** The waitlist moves up by itself only while more than this remains before the start. */
export const CLASS_WAITLIST_PROMOTION_HOURS = 2;
/** A member moved up from the waitlist may cancel free for this long after, whatever the hour. */
export const CLASS_PROMOTED_FREE_CANCEL_MINUTES = 60;
/** This many strikes (late cancels, no-shows) within the window… */
export const CLASS_STRIKE_LIMIT = 3;
export const CLASS_STRIKE_WINDOW_DAYS = 30;
/** …block new bookings for this long after the last of them. */
export const CLASS_BLOCK_DAYS = 7;
/** A check-in at the class's club from this long before the start counts as attending it. */
export const CLASS_ATTEND_FROM_MINUTES = 30;

export const classLevels = ['ALL', 'BEGINNER', 'INTERMEDIATE', 'ADVANCED'] as const;
export type ClassLevel = (typeof classLevels)[number];

/** What a booking row holds. */
export const classBookingStatuses = ['BOOKED', 'WAITLISTED', 'CANCELLED', 'LATE_CANCELLED'] as const;
export type ClassBookingStatus = (typeof classBookingStatuses)[number];
/** What a member sees: a booked class that has begun is attended (checked in at the club) or a no-show once it ended. */
export const classBookingStates = [
  'BOOKED',
  'WAITLISTED',
  'ATTENDED',
  'NO_SHOW',
  'CANCELLED',
  'LATE_CANCELLED',
] as const;
export type ClassBookingState = (typeof classBookingStates)[number];

/** Where a session's booking stands now (ENDED: the class is over, issue 37). */
export const classBookingWindows = ['NOT_YET_OPEN', 'OPEN', 'CLOSED', 'STARTED', 'ENDED'] as const;
export type ClassBookingWindow = (typeof classBookingWindows)[number];

const named = { nameVi: z.string(), nameEn: z.string() };

export const classTypeSchema = z.object({
  id: z.number(),
  slug: z.string(),
  ...named,
  descriptionVi: z.string(),
  descriptionEn: z.string(),
  level: z.enum(classLevels),
  durationMinutes: z.number(),
  bringVi: z.string(),
  bringEn: z.string(),
});
export type ClassType = z.infer<typeof classTypeSchema>;

export const classInstructorSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  bioVi: z.string(),
  bioEn: z.string(),
});
export type ClassInstructor = z.infer<typeof classInstructorSchema>;

/** The member's own booking of a session, when signed in. */
export const myClassBookingSchema = z.object({
  bookingId: z.number(),
  state: z.enum(classBookingStates),
  /** 1 = next to move up; null unless waitlisted. */
  waitlistPosition: z.number().nullable(),
  promotedAt: z.string().nullable(),
  /** Until when cancelling costs nothing; null once it would be a late cancel (or cannot be cancelled). */
  freeCancelUntil: z.string().nullable(),
  canCancel: z.boolean(),
});
export type MyClassBooking = z.infer<typeof myClassBookingSchema>;

export const classSessionSchema = z.object({
  id: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  club: z.object({ id: z.number(), ...named }),
  classType: classTypeSchema.pick({
    id: true,
    slug: true,
    nameVi: true,
    nameEn: true,
    level: true,
    durationMinutes: true,
  }),
  instructor: classInstructorSchema.pick({ id: true, fullName: true, avatarUrl: true }),
  room: z.object(named),
  capacity: z.number(),
  spotsLeft: z.number(),
  waitlistCount: z.number(),
  bookingOpensAt: z.string(),
  bookingClosesAt: z.string(),
  bookingWindow: z.enum(classBookingWindows),
  cancelled: z.boolean(),
  myBooking: myClassBookingSchema.nullable(),
});
export type ClassSession = z.infer<typeof classSessionSchema>;

export const classSessionDetailSchema = classSessionSchema.extend({
  classType: classTypeSchema,
  instructor: classInstructorSchema,
});
export type ClassSessionDetail = z.infer<typeof classSessionDetailSchema>;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** GET /global/classes: one club's (or every club's) sessions of one Vietnam day, by start time. */
export const classesQuery = z.object({
  clubId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  date: day.optional(),
  classTypeId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(50),
});
export type ClassesQuery = z.infer<typeof classesQuery>;

/** POST /member/classes/{sessionId}/booking: a spot, or with joinWaitlist a place in line when it is full. */
export const classBookingBody = z.object({ joinWaitlist: z.boolean().default(false) });

/** What booking or cancelling answers: the member's booking as it now stands. */
export const classBookingResultSchema = z.object({ sessionId: z.number(), booking: myClassBookingSchema });

/** Whether the member may book now; `blockedUntil` when 3 strikes in 30 days blocked them. */
export const classStandingSchema = z.object({ strikes: z.number(), blockedUntil: z.string().nullable() });
export type ClassStanding = z.infer<typeof classStandingSchema>;

/** GET /member/screens/classes: the /class screen in one read (issue 18): clubs (the member's first), types, days, sessions. */
export const classesScreenSchema = z.object({
  clubs: z.array(z.object({ id: z.number(), ...named, mine: z.boolean() })),
  clubId: z.number().nullable(),
  classTypes: z.array(classTypeSchema.pick({ id: true, slug: true, nameVi: true, nameEn: true })),
  classTypeId: z.number().nullable(),
  /** Today and the next 13 Vietnam days. */
  days: z.array(day),
  date: day,
  sessions: z.array(classSessionSchema),
  standing: classStandingSchema,
});
export type ClassesScreen = z.infer<typeof classesScreenSchema>;

/** GET /member/screens/class/{sessionId} */
export const classScreenSchema = z.object({ session: classSessionDetailSchema, standing: classStandingSchema });
export type ClassScreen = z.infer<typeof classScreenSchema>;

/** GET /member/screens/today-classes: the classes still to come today at the member's clubs. */
export const todayClassesScreenSchema = z.object({ sessions: z.array(classSessionSchema), hasClubs: z.boolean() });
export type TodayClassesScreen = z.infer<typeof todayClassesScreenSchema>;

/** What /home shows of classes: the member's next booked one and today's at their clubs (3). */
export const homeClassesSchema = z.object({
  next: classSessionSchema.nullable(),
  today: z.array(classSessionSchema),
  todayTotal: z.number(),
});
export type HomeClasses = z.infer<typeof homeClassesSchema>;
