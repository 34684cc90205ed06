import { and, asc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Codes } from '#api/codes.ts';
import { formatDateTime } from '#api/format.ts';
import { addDays, vietnamDayStart } from '#api/vietnam-time.ts';
import {
  CLASS_ATTENDANCE_FROM_MINUTES,
  CLASS_ATTENDANCE_UNTIL_HOURS,
  type ClassAttendanceMark,
  type ClassAttendanceResult,
  type ClassCancelResult,
  type StaffClassBooking,
  type StaffClassSession,
  type StaffClasses,
} from '#api/staff-classes.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accounts, classBookings, classRooms, classSessions, classTypes } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { fieldChange, recordStaffAction } from '#gateway/modules/audit/staff-actions.ts';
import { worksAt, type Staff } from '#gateway/modules/accounts/staff.ts';
import { attendedSql, effectiveAttendance } from './service.ts';
import { ensureSessions } from './sessions.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

// Issue 17 "Classes" (ADR 051): the desk's day of a club's classes, marking who came, cancelling a class.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type SessionRow = typeof classSessions.$inferSelect;

const instructor = alias(accounts, 'instructor');
const member = alias(accounts, 'member');

async function sessionsWhere(db: Executor, where: ReturnType<typeof and>) {
  return db
    .select({
      session: classSessions,
      nameVi: classTypes.nameVi,
      nameEn: classTypes.nameEn,
      roomName: classRooms.nameVi,
      roomNameEn: classRooms.nameEn,
      instructorName: instructor.fullName,
    })
    .from(classSessions)
    .innerJoin(classTypes, eq(classTypes.id, classSessions.classTypeId))
    .leftJoin(classRooms, eq(classRooms.id, classSessions.roomId))
    .leftJoin(instructor, eq(instructor.id, classSessions.instructorAccountId))
    .where(where)
    .orderBy(asc(classSessions.startsAt), asc(classSessions.id));
}

/** The live bookings (spots, then the line) of these sessions, with who and whether they checked in for the class. */
async function liveBookings(db: Executor, sessionIds: number[]) {
  if (sessionIds.length === 0) return [];
  return db
    .select({
      booking: classBookings,
      member: { id: member.id, fullName: member.fullName, phoneNumber: member.phoneNumber },
      checkedIn: attendedSql(
        sql`${classBookings.accountId}`,
        sql`${classSessions.clubId}`,
        sql`${classSessions.startsAt}`,
        sql`${classSessions.endsAt}`,
      ).mapWith(Boolean),
    })
    .from(classBookings)
    .innerJoin(classSessions, eq(classSessions.id, classBookings.sessionId))
    .innerJoin(member, eq(member.id, classBookings.accountId))
    .where(and(inArray(classBookings.sessionId, sessionIds), inArray(classBookings.status, ['BOOKED', 'WAITLISTED'])))
    .orderBy(
      // BOOKED first by booking time, then the waitlist in line order.
      sql`case when ${classBookings.status} = 'BOOKED' then 0 else 1 end`,
      sql`case when ${classBookings.status} = 'BOOKED' then ${classBookings.createdAt} else ${classBookings.waitlistedAt} end`,
      asc(classBookings.id),
    );
}

type LiveBooking = Awaited<ReturnType<typeof liveBookings>>[number];

function bookingView(
  session: SessionRow,
  row: LiveBooking,
  waitlistPosition: number | null,
  now: Date,
): StaffClassBooking {
  const booked = row.booking.status === 'BOOKED';
  return {
    id: row.booking.id,
    status: row.booking.status as StaffClassBooking['status'],
    waitlistPosition: booked ? null : waitlistPosition,
    member: row.member,
    attendance: booked ? effectiveAttendance(row.booking.attendance, row.checkedIn, session.endsAt, now) : null,
    attendanceMarkedAt: booked ? (row.booking.attendanceMarkedAt?.toISOString() ?? null) : null,
  };
}

async function sessionViews(
  db: Executor,
  rows: Awaited<ReturnType<typeof sessionsWhere>>,
  now: Date,
): Promise<StaffClassSession[]> {
  const bookings = await liveBookings(
    db,
    rows.map((r) => r.session.id),
  );
  return rows.map(({ session, nameVi, nameEn, roomName, roomNameEn, instructorName }) => {
    let line = 0;
    const mine = bookings
      .filter((b) => b.booking.sessionId === session.id)
      .map((b) => bookingView(session, b, b.booking.status === 'WAITLISTED' ? ++line : null, now));
    return {
      id: session.id,
      nameVi,
      nameEn,
      startsAt: session.startsAt.toISOString(),
      endsAt: session.endsAt.toISOString(),
      ...(roomName === null ? {} : { roomName }),
      ...(roomNameEn === null ? {} : { roomNameEn }),
      ...(instructorName === null ? {} : { instructorName }),
      capacity: session.capacity,
      bookedCount: session.bookedCount,
      cancelledAt: session.cancelledAt?.toISOString() ?? null,
      cancelReason: session.cancelReason,
      bookings: mine,
    };
  });
}

/** GET /staff/classes: the club's sessions starting on a Vietnam day, by start, each with its bookings. */
export async function staffClassDay(db: Executor, clubId: number, date: string, now: Date): Promise<StaffClasses> {
  await ensureSessions(db, now);
  const rows = await sessionsWhere(
    db,
    and(
      eq(classSessions.clubId, clubId),
      gte(classSessions.startsAt, vietnamDayStart(date)),
      lt(classSessions.startsAt, vietnamDayStart(addDays(date, 1))),
    ),
  );
  return { date, clubId, sessions: await sessionViews(db, rows, now) };
}

/** How many classes of a Vietnam day at the club are not cancelled, as one scalar query (GET /staff/today; call ensureSessions first). */
export function liveClassCount(db: Executor, clubId: number, date: string) {
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(classSessions)
    .where(
      and(
        eq(classSessions.clubId, clubId),
        gte(classSessions.startsAt, vietnamDayStart(date)),
        lt(classSessions.startsAt, vietnamDayStart(addDays(date, 1))),
        isNull(classSessions.cancelledAt),
      ),
    );
}

async function sessionView(db: Executor, sessionId: number, now: Date) {
  const [view] = await sessionViews(db, await sessionsWhere(db, and(eq(classSessions.id, sessionId))), now);
  return view;
}

/** The session, held (its bookings, cancels and waitlist wait), when it is at a club the staff member works at; else 404. */
async function lockSessionAt(tx: Executor, staff: Staff, sessionId: number) {
  const [session] = await tx.select().from(classSessions).where(eq(classSessions.id, sessionId)).for('update');
  if (!session || !worksAt(staff, session.clubId)) throw notFound();
  return session;
}

/**
 * PUT /staff/class-booking/{id}/attendance {attended}. Only a BOOKED spot of a class not cancelled,
 * from 30 min before its start to 24 h after its end. The mark may be changed (audited with before
 * and after); the same mark again writes nothing. The session's row is held first, as every booking
 * change does, so a cancel of the class or the member's own cancel goes before or after, not between.
 */
export async function markAttendance(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: Staff,
  bookingId: number,
  attended: boolean,
): Promise<ClassAttendanceResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const mark: ClassAttendanceMark = attended ? 'ATTENDED' : 'NO_SHOW';
  const [found] = await db
    .select({ sessionId: classBookings.sessionId })
    .from(classBookings)
    .where(eq(classBookings.id, bookingId));
  if (!found) throw notFound();
  const changed = await db.transaction(async (tx) => {
    const session = await lockSessionAt(tx, staff, found.sessionId);
    const [booking] = await tx.select().from(classBookings).where(eq(classBookings.id, bookingId)).for('update');
    if (session.cancelledAt) throw new ApiError(409, Codes.CLASS_CANCELLED);
    if (booking.status !== 'BOOKED') throw new ApiError(409, Codes.CLASS_ATTENDANCE_NOT_BOOKED);
    const opens = session.startsAt.getTime() - CLASS_ATTENDANCE_FROM_MINUTES * MINUTE;
    const closes = session.endsAt.getTime() + CLASS_ATTENDANCE_UNTIL_HOURS * HOUR;
    if (now.getTime() < opens || now.getTime() > closes) throw new ApiError(409, Codes.CLASS_ATTENDANCE_CLOSED);
    if (booking.attendance === mark) return false;
    await tx
      .update(classBookings)
      .set({ attendance: mark, attendanceMarkedAt: now })
      .where(eq(classBookings.id, bookingId));
    await recordStaffAction(tx, {
      actorAccountId: staff.id,
      action: 'class-booking.attendance',
      subjectType: 'class-booking',
      subjectId: bookingId,
      clubId: session.clubId,
      ...fieldChange('attendance', booking.attendance, mark),
      at: now,
    });
    return true;
  });
  const view = await sessionView(db, found.sessionId, now);
  const booking = view.bookings.find((b) => b.id === bookingId);
  // The booking was BOOKED under the lock; a member's cancel right after the commit could take it off the list.
  if (!booking) throw notFound();
  return { sessionId: found.sessionId, booking, changed };
}

/** A club's cancel of a class starting within this time also goes by SMS. */
const CANCEL_SMS_WITHIN_MS = 24 * 3_600_000;

/**
 * PUT /staff/class-session/{id}/cancel {reason}. A class not yet started: in one transaction the
 * session is marked cancelled with the reason, every BOOKED and WAITLISTED booking becomes CANCELLED
 * (free: a club's cancel is no late cancel and no strike), the spots go back (booked_count 0), each
 * member gets a notice through the outbox (inbox and push; by SMS too when the class is within 24 h), and one audit row is written. Cancelled before: `already`,
 * nothing written. Started: CLASS_CANCEL_CLOSED. The session's row is held throughout, and booking
 * takes the same lock and refuses a cancelled class, so nobody is left BOOKED in it.
 */
export async function cancelClassSession(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: Staff,
  sessionId: number,
  reason: string,
): Promise<ClassCancelResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const cancelled = await db.transaction(async (tx) => {
    const session = await lockSessionAt(tx, staff, sessionId);
    if (session.cancelledAt) return null;
    if (now >= session.startsAt) throw new ApiError(409, Codes.CLASS_CANCEL_CLOSED);
    const released = await tx
      .update(classBookings)
      .set({ status: 'CANCELLED', cancelledAt: now })
      .where(and(eq(classBookings.sessionId, sessionId), inArray(classBookings.status, ['BOOKED', 'WAITLISTED'])))
      .returning({ id: classBookings.id, accountId: classBookings.accountId });
    await tx
      .update(classSessions)
      .set({ cancelledAt: now, cancelReason: reason, bookedCount: 0 })
      .where(eq(classSessions.id, sessionId));
    const [type] = await tx
      .select({ nameVi: classTypes.nameVi, nameEn: classTypes.nameEn })
      .from(classTypes)
      .where(eq(classTypes.id, session.classTypeId));
    const when = formatDateTime(session.startsAt);
    const because = /[.!?…]$/u.test(reason) ? reason : `${reason}.`;
    // A class within a day may be missed by a member who does not open the app: an SMS too (issue 38 §19).
    const withSms = session.startsAt.getTime() - now.getTime() <= CANCEL_SMS_WITHIN_MS;
    for (const { accountId } of released) {
      await enqueueNotice(
        tx,
        accountId,
        notice(
          'classes.cancelledByClub',
          { class: { vi: type.nameVi, en: type.nameEn }, when, reason: because },
          { kind: 'GENERAL', link: '/class', ...(withSms ? { sms: 'sms' } : {}) },
        ),
        now,
      );
    }
    await recordStaffAction(tx, {
      actorAccountId: staff.id,
      action: 'class-session.cancel',
      subjectType: 'class-session',
      subjectId: sessionId,
      clubId: session.clubId,
      before: { cancelledAt: null, bookedCount: session.bookedCount },
      after: { cancelledAt: now.toISOString(), reason, bookedCount: 0, bookingsCancelled: released.length },
      at: now,
    });
    return released.length;
  });
  // null: cancelled before (`already`); a number: this request cancelled it.
  const session = await sessionView(db, sessionId, now);
  return { outcome: cancelled === null ? 'already' : 'cancelled', bookingsCancelled: cancelled ?? 0, session };
}
