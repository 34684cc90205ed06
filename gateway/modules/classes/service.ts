import { and, asc, eq, gte, inArray, isNull, lt, sql, type SQL } from 'drizzle-orm';
import {
  CLASS_ATTEND_FROM_MINUTES,
  CLASS_BLOCK_DAYS,
  CLASS_BOOKING_CLOSES_MINUTES,
  CLASS_BOOKING_OPENS_HOURS,
  CLASS_FREE_CANCEL_HOURS,
  CLASS_PROMOTED_FREE_CANCEL_MINUTES,
  CLASS_STRIKE_LIMIT,
  CLASS_STRIKE_WINDOW_DAYS,
  CLASS_WAITLIST_PROMOTION_HOURS,
  type ClassBookingState,
  type ClassBookingWindow,
  type ClassSession,
  type ClassSessionDetail,
  type ClassStanding,
  type ClassesQuery,
  type MyClassBooking,
} from '#api/classes.ts';
import { Codes } from '#api/codes.ts';
import type { ClassAttendanceMark } from '#api/staff-classes.ts';
import { formatDateTime } from '#api/format.ts';
import { addDays, vietnamDay, vietnamDayStart } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import { preparedFor } from '#gateway/db/prepared.ts';
import {
  accounts,
  classBookings,
  classInstructors,
  classRooms,
  classSessions,
  classTypes,
  clubs,
  visits,
} from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { clubAccess } from '#gateway/modules/club-access/queries.ts';
import { mediaUrl } from '#gateway/modules/media/queries.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { ensureSessions } from './sessions.ts';
import { lockAccount } from '#gateway/modules/accounts/queries.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type SessionRow = typeof classSessions.$inferSelect;
type BookingRow = typeof classBookings.$inferSelect;

/** A time parameter of a prepared statement, typed (a bare parameter's type is unknown to PostgreSQL). */
const placeholderTime = (name: string) => sql`${sql.placeholder(name)}::timestamptz`;

export function bookingWindow(session: Pick<SessionRow, 'startsAt' | 'endsAt'>, now: Date): ClassBookingWindow {
  const start = session.startsAt.getTime();
  if (now.getTime() < start - CLASS_BOOKING_OPENS_HOURS * HOUR) return 'NOT_YET_OPEN';
  if (now.getTime() < start - CLASS_BOOKING_CLOSES_MINUTES * MINUTE) return 'OPEN';
  if (now.getTime() < start) return 'CLOSED';
  return now < session.endsAt ? 'STARTED' : 'ENDED';
}

/** Until when a booked spot can be given back without a strike: 2 h before, or 1 h after a promotion from the waitlist. */
export function freeCancelUntil(session: Pick<SessionRow, 'startsAt'>, booking: Pick<BookingRow, 'promotedAt'>): Date {
  const normal = session.startsAt.getTime() - CLASS_FREE_CANCEL_HOURS * HOUR;
  const promoted = booking.promotedAt
    ? Math.min(booking.promotedAt.getTime() + CLASS_PROMOTED_FREE_CANCEL_MINUTES * MINUTE, session.startsAt.getTime())
    : 0;
  return new Date(Math.max(normal, promoted));
}

/** A visit at the class's club from 30 min before the start to its end: the member came. */
export const attendedSql = (accountId: SQL, clubId: SQL, startsAt: SQL, endsAt: SQL) => sql`exists (
  select 1 from ${visits} where ${visits.accountId} = ${accountId} and ${visits.clubId} = ${clubId}
  and ${visits.checkedInAt} >= ${startsAt} - interval '${sql.raw(String(CLASS_ATTEND_FROM_MINUTES))} minutes' and ${visits.checkedInAt} < ${endsAt})`;

type BookingFacts = { booking: BookingRow; attended: boolean; waitlistPosition: number | null };

/**
 * Whether a booked member came (ADR 034, 051): the desk's mark when there is one; else a check-in for
 * the class says ATTENDED, and a class that ended without one NO_SHOW; else not known yet (null).
 */
export function effectiveAttendance(
  mark: ClassAttendanceMark | null,
  checkedIn: boolean,
  endsAt: Date,
  now: Date,
): ClassAttendanceMark | null {
  if (mark) return mark;
  if (checkedIn) return 'ATTENDED';
  return now >= endsAt ? 'NO_SHOW' : null;
}

function bookingView(
  session: SessionRow,
  { booking, attended, waitlistPosition }: BookingFacts,
  now: Date,
): MyClassBooking {
  let state: ClassBookingState = booking.status;
  if (booking.status === 'BOOKED')
    state = effectiveAttendance(booking.attendance, attended, session.endsAt, now) ?? state;
  const live = booking.status === 'BOOKED' || booking.status === 'WAITLISTED';
  const canCancel = live && now < session.startsAt && state !== 'ATTENDED';
  let free: Date | null = null;
  if (canCancel) free = booking.status === 'WAITLISTED' ? session.startsAt : freeCancelUntil(session, booking);
  return {
    bookingId: booking.id,
    state,
    waitlistPosition: booking.status === 'WAITLISTED' ? waitlistPosition : null,
    promotedAt: booking.promotedAt?.toISOString() ?? null,
    freeCancelUntil: free && now < free ? free.toISOString() : null,
    canCancel,
  };
}

/** A list of ids as one parameter: a PostgreSQL array literal, so a prepared statement takes any number of them. */
const idList = (ids: readonly number[]) => `{${ids.map((id) => String(Math.trunc(id))).join(',')}}`;
const anyId = (name: string) => sql`any(${sql.placeholder(name)}::int[])`;

const bookingsOfStatement = preparedFor((db) =>
  db
    .select({
      booking: classBookings,
      attended: attendedSql(
        sql`${sql.placeholder('accountId')}::int`,
        sql`${classSessions.clubId}`,
        sql`${classSessions.startsAt}`,
        sql`${classSessions.endsAt}`,
      ).mapWith(Boolean),
      position: sql<number | null>`case when ${classBookings.status} = 'WAITLISTED' then (
        select count(*)::int + 1 from ${classBookings} ahead where ahead.session_id = ${classBookings.sessionId} and ahead.status = 'WAITLISTED'
        and (ahead.waitlisted_at, ahead.id) < (${classBookings.waitlistedAt}, ${classBookings.id})) end`,
    })
    .from(classBookings)
    .innerJoin(classSessions, eq(classSessions.id, classBookings.sessionId))
    .where(
      and(
        eq(classBookings.accountId, sql.placeholder('accountId')),
        sql`${classBookings.sessionId} = ${anyId('sessionIds')}`,
        // The newest row per session: no later booking of the same session by the member.
        sql`not exists (select 1 from ${classBookings} later where later.session_id = ${classBookings.sessionId} and later.account_id = ${classBookings.accountId} and later.id > ${classBookings.id})`,
      ),
    )
    .prepare('class_bookings_of'),
);

/** The member's newest booking of each session (live ones first), with the facts its state needs. */
async function bookingsOf(db: Executor, accountId: number, sessions: SessionRow[]): Promise<Map<number, BookingFacts>> {
  if (sessions.length === 0) return new Map();
  const rows = await bookingsOfStatement(db).execute({ accountId, sessionIds: idList(sessions.map((s) => s.id)) });
  return new Map(
    rows.map((r) => [r.booking.sessionId, { booking: r.booking, attended: r.attended, waitlistPosition: r.position }]),
  );
}

const sessionColumns = {
  session: classSessions,
  club: { id: clubs.id, nameVi: clubs.nameVi, nameEn: clubs.nameEn },
  classType: classTypes,
  instructor: {
    id: accounts.id,
    fullName: accounts.fullName,
    avatarMediaId: accounts.avatarMediaId,
    bioVi: classInstructors.bioVi,
    bioEn: classInstructors.bioEn,
  },
  room: { nameVi: classRooms.nameVi, nameEn: classRooms.nameEn },
  waitlistCount: sql<number>`(select count(*)::int from ${classBookings} where ${classBookings.sessionId} = ${classSessions.id} and ${classBookings.status} = 'WAITLISTED')`,
};

function selectSessions(db: Executor, where: SQL | undefined) {
  return db
    .select(sessionColumns)
    .from(classSessions)
    .innerJoin(clubs, eq(clubs.id, classSessions.clubId))
    .innerJoin(classTypes, eq(classTypes.id, classSessions.classTypeId))
    .innerJoin(classInstructors, eq(classInstructors.accountId, classSessions.instructorAccountId))
    .innerJoin(accounts, eq(accounts.id, classInstructors.accountId))
    .innerJoin(classRooms, eq(classRooms.id, classSessions.roomId))
    .where(where);
}

type SessionJoin = Awaited<ReturnType<typeof selectSessions>>[number];

function sessionView(row: SessionJoin, booking: BookingFacts | undefined, now: Date): ClassSessionDetail {
  const { session, classType, instructor } = row;
  return {
    id: session.id,
    startsAt: session.startsAt.toISOString(),
    endsAt: session.endsAt.toISOString(),
    club: row.club,
    classType,
    instructor: {
      id: instructor.id,
      fullName: instructor.fullName,
      avatarUrl: instructor.avatarMediaId ? mediaUrl(instructor.avatarMediaId) : null,
      bioVi: instructor.bioVi,
      bioEn: instructor.bioEn,
    },
    room: row.room,
    capacity: session.capacity,
    spotsLeft: session.capacity - session.bookedCount,
    waitlistCount: row.waitlistCount,
    bookingOpensAt: new Date(session.startsAt.getTime() - CLASS_BOOKING_OPENS_HOURS * HOUR).toISOString(),
    bookingClosesAt: new Date(session.startsAt.getTime() - CLASS_BOOKING_CLOSES_MINUTES * MINUTE).toISOString(),
    bookingWindow: bookingWindow(session, now),
    cancelled: session.cancelledAt !== null,
    myBooking: booking ? bookingView(session, booking, now) : null,
  };
}

/** A list's card: the type and instructor without their long texts. */
function cardOf(detail: ClassSessionDetail): ClassSession {
  const { classType, instructor } = detail;
  return {
    ...detail,
    classType: {
      id: classType.id,
      slug: classType.slug,
      nameVi: classType.nameVi,
      nameEn: classType.nameEn,
      level: classType.level,
      durationMinutes: classType.durationMinutes,
    },
    instructor: { id: instructor.id, fullName: instructor.fullName, avatarUrl: instructor.avatarUrl },
  };
}

async function sessionsWith(db: Executor, rows: SessionJoin[], accountId: number | null, now: Date) {
  const mine =
    accountId === null
      ? new Map<number, BookingFacts>()
      : await bookingsOf(
          db,
          accountId,
          rows.map((r) => r.session),
        );
  return rows.map((row) => cardOf(sessionView(row, mine.get(row.session.id), now)));
}

const byStart = [asc(classSessions.startsAt), asc(classSessions.id)];

/** One club's (optionally one type's) sessions starting in [from, to). */
const clubDayStatement = preparedFor((db) =>
  selectSessions(
    db,
    and(
      eq(classSessions.clubId, sql.placeholder('clubId')),
      sql`${classSessions.startsAt} >= ${placeholderTime('from')} and ${classSessions.startsAt} < ${placeholderTime('to')}`,
      sql`(${sql.placeholder('classTypeId')}::int is null or ${classSessions.classTypeId} = ${sql.placeholder('classTypeId')}::int)`,
      eq(clubs.isActive, true),
    ),
  )
    .orderBy(...byStart)
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('class_club_day'),
);

/** GET /global/classes: the sessions of one Vietnam day (today by default), by start; the member's booking on each when signed in. */
export async function listClasses(
  db: Executor,
  query: Pick<ClassesQuery, 'clubId' | 'date' | 'classTypeId' | 'page' | 'limit'>,
  accountId: number | null,
  now: Date,
) {
  await ensureSessions(db, now);
  const date = query.date ?? vietnamDay(now);
  const from = vietnamDayStart(date);
  const to = vietnamDayStart(addDays(date, 1));
  const offset = (query.page - 1) * query.limit;
  // A club's day (every screen) is a prepared statement; every club's day (the public list) is built.
  const rows =
    query.clubId !== undefined
      ? await clubDayStatement(db).execute({
          clubId: query.clubId,
          from: from.toISOString(),
          to: to.toISOString(),
          classTypeId: query.classTypeId ?? null,
          limit: query.limit,
          offset,
        })
      : await selectSessions(
          db,
          and(
            gte(classSessions.startsAt, from),
            lt(classSessions.startsAt, to),
            eq(clubs.isActive, true),
            query.classTypeId === undefined ? undefined : eq(classSessions.classTypeId, query.classTypeId),
          ),
        )
          .orderBy(...byStart)
          .limit(query.limit)
          .offset(offset);
  return sessionsWith(db, rows, accountId, now);
}

const detailStatement = preparedFor((db) =>
  selectSessions(db, eq(classSessions.id, sql.placeholder('sessionId'))).prepare('class_detail'),
);

/** One session with its type's and instructor's texts, spots left and the member's booking. */
export async function classDetail(
  db: Executor,
  sessionId: number,
  accountId: number | null,
  now: Date,
): Promise<ClassSessionDetail> {
  await ensureSessions(db, now);
  const [row] = await detailStatement(db).execute({ sessionId });
  if (!row) throw notFound();
  const mine = accountId === null ? undefined : (await bookingsOf(db, accountId, [row.session])).get(sessionId);
  return sessionView(row, mine, now);
}

const upcomingStatement = preparedFor((db) =>
  selectSessions(
    db,
    and(
      sql`${classSessions.endsAt} > ${placeholderTime('now')}`,
      isNull(classSessions.cancelledAt),
      // From the member's few live bookings (their index), not every future session.
      inArray(
        classSessions.id,
        db
          .select({ id: classBookings.sessionId })
          .from(classBookings)
          .where(
            and(
              eq(classBookings.accountId, sql.placeholder('accountId')),
              inArray(classBookings.status, ['BOOKED', 'WAITLISTED']),
            ),
          ),
      ),
    ),
  )
    .orderBy(...byStart)
    .limit(sql.placeholder('limit'))
    .prepare('class_upcoming'),
);

/** The member's booked classes still to come (or under way), soonest first. */
export async function upcomingBookings(db: Executor, accountId: number, now: Date, limit = 20) {
  await ensureSessions(db, now);
  const rows = await upcomingStatement(db).execute({ accountId, now: now.toISOString(), limit });
  return sessionsWith(db, rows, accountId, now);
}

/**
 * Strikes are late cancels and no-shows (a booked class whose end passed with no visit at its club,
 * or that the desk marked NO_SHOW; a desk's ATTENDED mark clears it, ADR 051). A class the club
 * cancelled counts for nobody.
 * Any 3 within 30 days block new bookings for 7 days after the last of them.
 */
const strikesStatement = preparedFor((db) =>
  db
    .select({
      at: sql<string>`case when ${classBookings.status} = 'LATE_CANCELLED' then ${classBookings.cancelledAt} else ${classSessions.endsAt} end`,
    })
    .from(classBookings)
    .innerJoin(classSessions, eq(classSessions.id, classBookings.sessionId))
    .where(
      and(
        eq(classBookings.accountId, sql.placeholder('accountId')),
        sql`(
          (${classBookings.status} = 'LATE_CANCELLED' and ${classBookings.cancelledAt} >= ${placeholderTime('since')})
          or (${classBookings.status} = 'BOOKED' and ${classSessions.endsAt} <= ${placeholderTime('now')} and ${classSessions.endsAt} >= ${placeholderTime('since')}
              and ${classSessions.cancelledAt} is null
              -- The desk's mark decides (ADR 051); unmarked, the check-ins do.
              and (${classBookings.attendance} = 'NO_SHOW' or (${classBookings.attendance} is null
                and not ${attendedSql(sql`${classBookings.accountId}`, sql`${classSessions.clubId}`, sql`${classSessions.startsAt}`, sql`${classSessions.endsAt}`)})))
        )`,
      ),
    )
    .prepare('class_strikes'),
);

export async function classStanding(db: Executor, accountId: number, now: Date): Promise<ClassStanding> {
  const since = new Date(now.getTime() - (CLASS_STRIKE_WINDOW_DAYS + CLASS_BLOCK_DAYS) * DAY);
  const rows = await strikesStatement(db).execute({ accountId, since: since.toISOString(), now: now.toISOString() });
  const times = rows.map((r) => new Date(r.at).getTime()).sort((a, b) => a - b);
  let blockedUntil = 0;
  for (let i = CLASS_STRIKE_LIMIT - 1; i < times.length; i++) {
    if (times[i] - times[i - CLASS_STRIKE_LIMIT + 1] <= CLASS_STRIKE_WINDOW_DAYS * DAY)
      blockedUntil = Math.max(blockedUntil, times[i] + CLASS_BLOCK_DAYS * DAY);
  }
  const windowStart = now.getTime() - CLASS_STRIKE_WINDOW_DAYS * DAY;
  return {
    strikes: times.filter((t) => t >= windowStart).length,
    blockedUntil: blockedUntil > now.getTime() ? new Date(blockedUntil).toISOString() : null,
  };
}

const accessRefusals = {
  NO_MEMBERSHIP: Codes.CLASS_NO_MEMBERSHIP,
  EXPIRED: Codes.CLASS_NO_MEMBERSHIP,
  FROZEN: Codes.CLASS_FROZEN,
  WRONG_CLUB: Codes.CLASS_WRONG_CLUB,
} as const;

/** Takes one spot if one is left: the conditional update and the table's check are what refuse the 21st. */
async function takeSpot(tx: Executor, sessionId: number) {
  const taken = await tx
    .update(classSessions)
    .set({ bookedCount: sql`${classSessions.bookedCount} + 1` })
    .where(and(eq(classSessions.id, sessionId), sql`${classSessions.bookedCount} < ${classSessions.capacity}`))
    .returning({ id: classSessions.id });
  return taken.length === 1;
}

/** The session; `lock` holds its row, so the session's bookings, cancels and waitlist places go one at a time. */
async function findSession(tx: Executor, sessionId: number, { lock = false } = {}) {
  const query = tx.select().from(classSessions).where(eq(classSessions.id, sessionId));
  const [session] = lock ? await query.for('update') : await query;
  if (!session) throw notFound();
  return session;
}

async function bookingFacts(tx: Executor, accountId: number, session: SessionRow, now: Date) {
  const facts = (await bookingsOf(tx, accountId, [session])).get(session.id);
  if (!facts) throw notFound();
  return { sessionId: session.id, booking: bookingView(session, facts, now) };
}

/**
 * POST /member/classes/{id}/booking. A double tap answers the same booking. A full class refuses
 * (CLASS_FULL) unless the member asked for the waitlist; a waitlisted member who taps Book when a
 * spot is free (no one is moved up in the last 2 h) takes it.
 */
export async function bookClass(
  deps: Pick<Deps, 'db' | 'clock'>,
  accountId: number,
  sessionId: number,
  { joinWaitlist }: { joinWaitlist: boolean },
) {
  const { db, clock } = deps;
  const now = clock.now();
  await ensureSessions(db, now);
  try {
    return await db.transaction(async (tx) => {
      await lockAccount(tx, accountId);
      const session = await findSession(tx, sessionId, { lock: true });
      if (session.cancelledAt) throw new ApiError(409, Codes.CLASS_CANCELLED);
      const [live] = await tx
        .select()
        .from(classBookings)
        .where(
          and(
            eq(classBookings.sessionId, sessionId),
            eq(classBookings.accountId, accountId),
            inArray(classBookings.status, ['BOOKED', 'WAITLISTED']),
          ),
        );
      if (live?.status === 'BOOKED' || (live && joinWaitlist)) return bookingFacts(tx, accountId, session, now);

      const window = bookingWindow(session, now);
      if (window === 'NOT_YET_OPEN') throw new ApiError(409, Codes.CLASS_BOOKING_NOT_OPEN);
      if (window !== 'OPEN') throw new ApiError(409, Codes.CLASS_BOOKING_CLOSED);
      const access = await clubAccess(tx, accountId, session.clubId, vietnamDay(session.startsAt));
      if (!access.ok) throw new ApiError(403, accessRefusals[access.reason]);
      const standing = await classStanding(tx, accountId, now);
      if (standing.blockedUntil) throw new ApiError(403, Codes.CLASS_BLOCKED, { blockedUntil: standing.blockedUntil });

      if (await takeSpot(tx, sessionId)) {
        if (live) await tx.update(classBookings).set({ status: 'BOOKED' }).where(eq(classBookings.id, live.id));
        else await tx.insert(classBookings).values({ sessionId, accountId, status: 'BOOKED', createdAt: now });
      } else if (live) {
        return bookingFacts(tx, accountId, session, now);
      } else if (joinWaitlist) {
        await tx
          .insert(classBookings)
          .values({ sessionId, accountId, status: 'WAITLISTED', createdAt: now, waitlistedAt: now });
      } else {
        throw new ApiError(409, Codes.CLASS_FULL);
      }
      return bookingFacts(tx, accountId, await findSession(tx, sessionId), now);
    });
  } catch (error) {
    // Cannot happen while the member's row is held; kept so a racing insert still answers, not 500.
    if (isUniqueViolation(error))
      return db.transaction(async (tx) => bookingFacts(tx, accountId, await findSession(tx, sessionId), now));
    throw error;
  }
}

/**
 * PUT /member/class-bookings/{id}/cancel. Free until 2 h before (or 1 h after a promotion), a late
 * cancel after, refused once started. A freed spot moves the waitlist up only while more than 2 h
 * remain (that member is told, and may cancel free for an hour); later the waitlist is told a spot
 * is open, and whoever books first has it: nobody is moved into a late-cancel penalty unasked.
 */
export async function cancelBooking(deps: Pick<Deps, 'db' | 'clock'>, accountId: number, bookingId: number) {
  const { db, clock } = deps;
  const now = clock.now();
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [booking] = await tx
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.id, bookingId), eq(classBookings.accountId, accountId)));
    if (!booking) throw notFound();
    const session = await findSession(tx, booking.sessionId, { lock: true });
    if (booking.status !== 'BOOKED' && booking.status !== 'WAITLISTED')
      return bookingFacts(tx, accountId, session, now);
    if (now >= session.startsAt) throw new ApiError(409, Codes.CLASS_CANCEL_CLOSED);

    if (booking.status === 'WAITLISTED') {
      await tx
        .update(classBookings)
        .set({ status: 'CANCELLED', cancelledAt: now })
        .where(eq(classBookings.id, booking.id));
      return bookingFacts(tx, accountId, session, now);
    }
    const late = now > freeCancelUntil(session, booking);
    await tx
      .update(classBookings)
      .set({ status: late ? 'LATE_CANCELLED' : 'CANCELLED', cancelledAt: now })
      .where(eq(classBookings.id, booking.id));
    await tx
      .update(classSessions)
      .set({ bookedCount: sql`${classSessions.bookedCount} - 1` })
      .where(eq(classSessions.id, session.id));
    await fillFreedSpot(tx, session, now);
    return bookingFacts(tx, accountId, session, now);
  });
}

/**
 * A paid freeze (ADR 036): the member's bookings and waitlist places of classes that start on the
 * frozen days (Vietnam days `firstDay`..`lastDay`) and have not begun are cancelled, free (no strike),
 * and each freed spot goes to the waitlist as a cancel's would. Returns how many were released.
 * Runs in the caller's transaction; session rows are locked one by one, in id order.
 */
export async function releaseBookingsIn(tx: Executor, accountId: number, firstDay: string, lastDay: string, now: Date) {
  const from = new Date(Math.max(vietnamDayStart(firstDay).getTime(), now.getTime()));
  const until = vietnamDayStart(addDays(lastDay, 1));
  const live = await tx
    .select({ booking: classBookings })
    .from(classBookings)
    .innerJoin(classSessions, eq(classSessions.id, classBookings.sessionId))
    .where(
      and(
        eq(classBookings.accountId, accountId),
        inArray(classBookings.status, ['BOOKED', 'WAITLISTED']),
        gte(classSessions.startsAt, from),
        lt(classSessions.startsAt, until),
      ),
    )
    .orderBy(asc(classSessions.id));
  for (const { booking } of live) {
    const session = await findSession(tx, booking.sessionId, { lock: true });
    await tx
      .update(classBookings)
      .set({ status: 'CANCELLED', cancelledAt: now })
      .where(eq(classBookings.id, booking.id));
    if (booking.status !== 'BOOKED') continue;
    await tx
      .update(classSessions)
      .set({ bookedCount: sql`${classSessions.bookedCount} - 1` })
      .where(eq(classSessions.id, session.id));
    await fillFreedSpot(tx, session, now);
  }
  return live.length;
}

async function fillFreedSpot(tx: Executor, session: SessionRow, now: Date) {
  if (session.cancelledAt) return;
  const [type] = await tx
    .select({ nameVi: classTypes.nameVi, nameEn: classTypes.nameEn })
    .from(classTypes)
    .where(eq(classTypes.id, session.classTypeId));
  const when = formatDateTime(session.startsAt);
  const link = `/class/${String(session.id)}`;
  if (session.startsAt.getTime() - now.getTime() > CLASS_WAITLIST_PROMOTION_HOURS * HOUR) {
    // The first in line who may still come (their membership opens the club that day). FOR UPDATE
    // skips an entry a concurrent cancel just took.
    const line = await tx
      .select()
      .from(classBookings)
      .where(and(eq(classBookings.sessionId, session.id), eq(classBookings.status, 'WAITLISTED')))
      .orderBy(asc(classBookings.waitlistedAt), asc(classBookings.id))
      .limit(20)
      .for('update');
    let next: BookingRow | undefined;
    for (const entry of line) {
      if ((await clubAccess(tx, entry.accountId, session.clubId, vietnamDay(session.startsAt))).ok) {
        next = entry;
        break;
      }
    }
    if (!next || !(await takeSpot(tx, session.id))) return;
    await tx.update(classBookings).set({ status: 'BOOKED', promotedAt: now }).where(eq(classBookings.id, next.id));
    await enqueueNotice(
      tx,
      next.accountId,
      notice('classes.spotGiven', { class: { vi: type.nameVi, en: type.nameEn }, when }, { kind: 'GENERAL', link }),
      now,
    );
    return;
  }
  const waiting = await tx
    .select({ accountId: classBookings.accountId })
    .from(classBookings)
    .where(and(eq(classBookings.sessionId, session.id), eq(classBookings.status, 'WAITLISTED')))
    .orderBy(asc(classBookings.waitlistedAt), asc(classBookings.id))
    .limit(50);
  for (const { accountId } of waiting) {
    await enqueueNotice(
      tx,
      accountId,
      notice('classes.spotOpened', { class: { vi: type.nameVi, en: type.nameEn }, when }, { kind: 'GENERAL', link }),
      now,
    );
  }
}

const todayStatement = preparedFor((db) =>
  selectSessions(
    db,
    and(
      sql`${classSessions.clubId} = ${anyId('clubIds')}`,
      sql`${classSessions.endsAt} > ${placeholderTime('now')} and ${classSessions.startsAt} < ${placeholderTime('dayEnd')}`,
      // A lower bound on the start too (no class lasts a day), so the (club, start) index reads today's
      // sessions, not every past one of the club: with a year of history the unbounded range read
      // 1 460 rows a club to return a handful (issue 19 load run).
      sql`${classSessions.startsAt} > ${placeholderTime('dayAgo')}`,
      isNull(classSessions.cancelledAt),
    ),
  )
    .orderBy(...byStart)
    .prepare('class_today'),
);

/** Today's classes still to come or under way at these clubs, by start: the first `limit` and how many in all. */
export async function todayClasses(db: Executor, accountId: number, clubIds: number[], now: Date, limit: number) {
  if (clubIds.length === 0) return { sessions: [], total: 0 };
  await ensureSessions(db, now);
  const rows = await todayStatement(db).execute({
    clubIds: idList(clubIds),
    now: now.toISOString(),
    dayAgo: new Date(now.getTime() - DAY).toISOString(),
    dayEnd: vietnamDayStart(addDays(vietnamDay(now), 1)).toISOString(),
  });
  return { sessions: await sessionsWith(db, rows.slice(0, limit), accountId, now), total: rows.length };
}

/** How many of today's classes /home shows (with "see all"). */
export const HOME_TODAY_CLASSES = 3;

/** Class types for the filter, by name. */
export const listClassTypes = (db: Executor) =>
  db
    .select({ id: classTypes.id, slug: classTypes.slug, nameVi: classTypes.nameVi, nameEn: classTypes.nameEn })
    .from(classTypes)
    .orderBy(asc(classTypes.nameEn));

/** Every active club, the member's own (those their membership opens today) first. */
export async function clubsForMember(db: Executor, mine: number[]) {
  const all = await db
    .select({ id: clubs.id, nameVi: clubs.nameVi, nameEn: clubs.nameEn })
    .from(clubs)
    .where(eq(clubs.isActive, true))
    .orderBy(asc(clubs.id));
  const own = new Set(mine);
  return all.map((c) => ({ ...c, mine: own.has(c.id) })).sort((a, b) => Number(b.mine) - Number(a.mine) || a.id - b.id);
}
