import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ClassBookingStatus, ClassLevel } from '#api/classes.ts';
import type { ClassAttendanceMark } from '#api/staff-classes.ts';
import { accounts } from './accounts.ts';
import { clubs } from './clubs.ts';
import { createdAt } from './columns.ts';

// Issue 11 §4 (ADR 034): class types, instructors, rooms, weekly schedules, the sessions they produce
// and members' bookings. A session's spots are counted in its own row (`booked_count`), changed only
// by a conditional update and bounded by a check: the database, not the code, refuses the 21st spot.

export const classTypes = pgTable('class_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  nameVi: text('name_vi').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionVi: text('description_vi').notNull(),
  descriptionEn: text('description_en').notNull(),
  level: text('level').$type<ClassLevel>().notNull(),
  durationMinutes: smallint('duration_minutes').notNull(),
  bringVi: text('bring_vi').notNull(),
  bringEn: text('bring_en').notNull(),
});

/** A staff account that teaches classes, with what members read about them. */
export const classInstructors = pgTable('class_instructors', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  bioVi: text('bio_vi').notNull(),
  bioEn: text('bio_en').notNull(),
});

export const classRooms = pgTable(
  'class_rooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (t) => [uniqueIndex('class_rooms_club_name_key').on(t.clubId, t.nameEn)],
);

/** Where, what and who: a schedule's, and the session it makes (which keeps its own copy). */
const classPlacement = () => ({
  clubId: integer('club_id')
    .notNull()
    .references(() => clubs.id),
  classTypeId: integer('class_type_id')
    .notNull()
    .references(() => classTypes.id),
  instructorAccountId: integer('instructor_account_id')
    .notNull()
    .references(() => classInstructors.accountId),
  roomId: integer('room_id')
    .notNull()
    .references(() => classRooms.id),
});

/** Every week on `weekday` (1 = Monday … 7 = Sunday) at `startMinute` past midnight, Vietnam time. */
export const classSchedules = pgTable(
  'class_schedules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ...classPlacement(),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    capacity: smallint('capacity').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('class_schedules_club_idx').on(t.clubId),
    check('class_schedules_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('class_schedules_start_check', sql`${t.startMinute} between 0 and 1439`),
    check('class_schedules_capacity_check', sql`${t.capacity} > 0`),
  ],
);

/** One class on one day. Made from a schedule once (the unique index), then lives on its own. */
export const classSessions = pgTable(
  'class_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id').references(() => classSchedules.id),
    ...classPlacement(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: smallint('capacity').notNull(),
    /** Spots taken (BOOKED rows): moved only together with a booking's status, in one transaction. */
    bookedCount: smallint('booked_count').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** What the members were told when the club cancelled it (ADR 051). */
    cancelReason: text('cancel_reason'),
  },
  (t) => [
    uniqueIndex('class_sessions_schedule_start_key').on(t.scheduleId, t.startsAt),
    index('class_sessions_club_start_idx').on(t.clubId, t.startsAt),
    index('class_sessions_start_idx').on(t.startsAt),
    check('class_sessions_spots_check', sql`${t.bookedCount} between 0 and ${t.capacity}`),
    check(
      'class_sessions_cancel_reason_check',
      sql`${t.cancelReason} is null or (${t.cancelledAt} is not null and char_length(${t.cancelReason}) between 1 and 300)`,
    ),
  ],
);

export const classBookings = pgTable(
  'class_bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => classSessions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<ClassBookingStatus>().notNull(),
    createdAt: createdAt(),
    /** Where the member stands in line: the waitlist moves up in this order. */
    waitlistedAt: timestamp('waitlisted_at', { withTimezone: true }),
    promotedAt: timestamp('promoted_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The desk's mark (ADR 051): it overrides what the check-ins say. Null: nobody marked it. */
    attendance: text('attendance').$type<ClassAttendanceMark>(),
    attendanceMarkedAt: timestamp('attendance_marked_at', { withTimezone: true }),
  },
  (t) => [
    // One live booking (a spot or a place in line) per member and session: a double tap books once.
    uniqueIndex('class_bookings_live_key')
      .on(t.sessionId, t.accountId)
      .where(sql`${t.status} in ('BOOKED', 'WAITLISTED')`),
    index('class_bookings_account_idx').on(t.accountId, t.status),
    index('class_bookings_waitlist_idx')
      .on(t.sessionId, t.waitlistedAt)
      .where(sql`${t.status} = 'WAITLISTED'`),
    check('class_bookings_status_check', sql`${t.status} in ('BOOKED', 'WAITLISTED', 'CANCELLED', 'LATE_CANCELLED')`),
    check(
      'class_bookings_attendance_check',
      sql`(${t.attendance} is null and ${t.attendanceMarkedAt} is null) or (${t.attendance} in ('ATTENDED', 'NO_SHOW') and ${t.attendanceMarkedAt} is not null)`,
    ),
  ],
);
