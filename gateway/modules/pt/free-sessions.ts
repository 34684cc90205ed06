import { and, asc, desc, eq, gte, inArray, isNotNull, notExists, sql, type SQL } from 'drizzle-orm';
import { Codes } from '#api/codes.ts';
import { FREE_PT_WINDOW_DAYS } from '#api/membership.ts';
import { formatDayMinute } from '#api/format.ts';
import {
  PT_SESSION_MINUTES,
  type FreeSession,
  type FreeSessionScreen,
  type FreeSessionsInfo,
  type TrialSummary,
} from '#api/pt.ts';
import { addDays, hhmm, isoWeekday, vietnamDay, vietnamInstant } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { isExclusionViolation, isUniqueViolation, retryOnDeadlock } from '#gateway/db/errors.ts';
import {
  accounts,
  clubs,
  freeSessions,
  ptBookings,
  ptContracts,
  ptTrainers,
  ptWorkingHours,
} from '#gateway/db/schema/index.ts';
import type { FreeSessionSource } from '#gateway/db/schema/pt.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { clubAccess } from '#gateway/modules/club-access/queries.ts';
import { lockAccount } from '#gateway/modules/accounts/queries.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { bookableDays, freeStarts, startProblem } from './booking-rules.ts';
import { bookingById, bookingSelect, HOLDING, hoursOn, OPEN, release, takenOn, toBooking } from './bookings.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

// Trial (free, experience) sessions (issue 13 §4, ADR 048): granted with a membership whose plan
// gives them (§9: two in the first 14 days) or with the 1-day experience pass, booked at a start
// when any trainer of the club is free (the gateway picks the trainer), or proposed by the club
// (WAITCUSCONFIRM) for the member to accept or reject. The bookings are pt_bookings rows, so the
// trainer's clash (456) and one session a day (166) are the same database rules as a package's.

type FreeSessionRow = typeof freeSessions.$inferSelect;

const notFound = () => new ApiError(404, Codes.NOT_FOUND);

/**
 * Grants `count` free sessions at a club between two days, in the caller's transaction (the one that
 * pays the membership or activates the pass). Once per account and source: a renewal, a second
 * plan or a replayed settlement grants nothing more.
 */
export async function grantFreeSessionsIn(
  tx: Executor,
  grant: {
    accountId: number;
    clubId: number;
    contractId: number;
    source: FreeSessionSource;
    count: number;
    validFrom: string;
    validUntil: string;
  },
  now: Date,
) {
  if (grant.count <= 0) return;
  const { count, ...rest } = grant;
  await tx
    .insert(freeSessions)
    .values(Array.from({ length: count }, (_, i) => ({ ...rest, ordinal: i + 1, createdAt: now })))
    .onConflictDoNothing();
}

/** The first and last day of a plan's free sessions, from the membership's first day. */
export const planWindow = (startDate: string) => ({
  validFrom: startDate,
  validUntil: addDays(startDate, FREE_PT_WINDOW_DAYS - 1),
});

/** The member's free sessions (at one club, or all), each with its newest booking, soonest window first. */
const sessionsOf = (db: Executor, accountId: number, clubId: number | undefined, today: string) =>
  sessionsWhere(
    db,
    and(eq(freeSessions.accountId, accountId), clubId === undefined ? undefined : eq(freeSessions.clubId, clubId)),
    today,
  );

async function sessionsWhere(db: Executor, where: SQL | undefined, today: string): Promise<FreeSession[]> {
  const rows = await db
    .select({ session: freeSessions, clubNameVi: clubs.nameVi, clubNameEn: clubs.nameEn })
    .from(freeSessions)
    .innerJoin(clubs, eq(clubs.id, freeSessions.clubId))
    .where(where)
    .orderBy(asc(freeSessions.validUntil), asc(freeSessions.id))
    .limit(500);
  if (rows.length === 0) return [];
  const bookings = await bookingSelect(db)
    .where(
      inArray(
        ptBookings.freeSessionId,
        rows.map((r) => r.session.id),
      ),
    )
    .orderBy(desc(ptBookings.id));
  return rows.map(({ session, clubNameVi, clubNameEn }) => {
    // The holding booking if there is one (at most one, an index says), else the newest closed one.
    const mine = bookings.filter((b) => b.booking.freeSessionId === session.id);
    const row = mine.find((b) => HOLDING.includes(b.booking.status)) ?? mine[0];
    const booking = row ? toBooking(row) : null;
    const holding = booking !== null && HOLDING.includes(booking.status);
    const status: FreeSession['status'] = holding
      ? (booking.status as FreeSession['status'])
      : today > session.validUntil
        ? 'EXPIRED'
        : 'AVAILABLE';
    return {
      freeSessionId: session.id,
      clubId: session.clubId,
      clubNameVi,
      clubNameEn,
      source: session.source,
      validFrom: session.validFrom,
      validUntil: session.validUntil,
      status,
      booking,
    };
  });
}

/** The trainers of a club free for a whole session from `afterMinute` of a day, least booked that day first. */
async function freeTrainersAt(db: Executor, clubId: number, day: string, now: Date) {
  const working = await db
    .selectDistinct({ trainerId: ptWorkingHours.trainerAccountId })
    .from(ptWorkingHours)
    .innerJoin(ptTrainers, eq(ptTrainers.accountId, ptWorkingHours.trainerAccountId))
    .where(
      and(
        eq(ptWorkingHours.clubId, clubId),
        eq(ptWorkingHours.weekday, isoWeekday(day)),
        eq(ptTrainers.isActive, true),
      ),
    )
    .orderBy(asc(ptWorkingHours.trainerAccountId));
  const trainers = await Promise.all(
    working.map(async ({ trainerId }) => {
      const [hours, taken] = await Promise.all([hoursOn(db, trainerId, clubId, day), takenOn(db, trainerId, day)]);
      return { trainerId, hours, taken, starts: freeStarts(now, day, hours, taken) };
    }),
  );
  return trainers.sort((a, b) => a.taken.length - b.taken.length || a.trainerId - b.trainerId);
}

/** A trial in the works (167 until it is done): requested, proposed or booked. */
const isOpen = (s: FreeSession) =>
  s.status === 'WAITPTCONFIRM' || s.status === 'WAITCUSCONFIRM' || s.status === 'BOOKED';

/** GET /member/club/{clubId}/free-sessions/info?date (see freeSessionsInfoSchema). */
export async function freeSessionsInfo(
  db: Executor,
  accountId: number,
  clubId: number,
  query: { date?: string },
  now: Date,
): Promise<FreeSessionsInfo> {
  return infoOf(db, await sessionsOf(db, accountId, undefined, vietnamDay(now)), clubId, query, now);
}

/** The info of one club from all the member's sessions (a trial in the works at any club blocks the next). */
async function infoOf(
  db: Executor,
  all: FreeSession[],
  clubId: number,
  query: { date?: string },
  now: Date,
): Promise<FreeSessionsInfo> {
  const sessions = all.filter((s) => s.clubId === clubId);
  const available = sessions.filter((s) => s.status === 'AVAILABLE');
  const next = all.some(isOpen) ? undefined : available[0];
  const days = next ? bookableDays(now).filter((d) => d >= next.validFrom && d <= next.validUntil) : [];
  const date = query.date && days.includes(query.date) ? query.date : (days[0] ?? null);
  let slots: FreeSessionsInfo['slots'] = [];
  if (date !== null) {
    const starts = new Set((await freeTrainersAt(db, clubId, date, now)).flatMap((t) => t.starts));
    slots = [...starts].sort((a, b) => a - b).map((m) => ({ afterMinute: m, time: hhmm(m) }));
  }
  return {
    clubId,
    total: sessions.length,
    left: available.length,
    sessions,
    nextFreeSessionId: next?.freeSessionId ?? null,
    days,
    date,
    slots,
  };
}

async function openTrial(db: Executor, accountId: number) {
  const [open] = await db
    .select({ id: ptBookings.id })
    .from(ptBookings)
    .where(
      and(eq(ptBookings.accountId, accountId), isNotNull(ptBookings.freeSessionId), inArray(ptBookings.status, OPEN)),
    )
    .limit(1);
  return open !== undefined;
}

/** GET /member/screens/free-session?clubId&date: the clubs where the member has free sessions, and the info of the chosen one (or the first). */
export async function freeSessionScreen(
  db: Executor,
  accountId: number,
  query: { clubId?: number; date?: string },
  now: Date,
): Promise<FreeSessionScreen> {
  const all = await sessionsOf(db, accountId, undefined, vietnamDay(now));
  const byClub = new Map<number, FreeSessionScreen['clubs'][number]>();
  for (const s of all) {
    const club = byClub.get(s.clubId) ?? { clubId: s.clubId, nameVi: s.clubNameVi, nameEn: s.clubNameEn, left: 0 };
    if (s.status === 'AVAILABLE') club.left += 1;
    byClub.set(s.clubId, club);
  }
  const clubList = [...byClub.values()];
  const clubId =
    clubList.find((c) => c.clubId === query.clubId)?.clubId ??
    clubList.find((c) => c.left > 0)?.clubId ??
    clubList[0]?.clubId;
  return { clubs: clubList, info: clubId === undefined ? null : await infoOf(db, all, clubId, query, now) };
}

/** /pt's trial card: the free sessions left (the soonest to end first) and the trial in the works, if any. */
export async function trialSummary(db: Executor, accountId: number, now: Date): Promise<TrialSummary> {
  const sessions = await sessionsOf(db, accountId, undefined, vietnamDay(now));
  const available = sessions.filter((s) => s.status === 'AVAILABLE');
  const open = sessions.find(isOpen);
  return {
    left: available.length,
    validUntil: available[0]?.validUntil ?? null,
    clubId: (open ?? available[0])?.clubId ?? null,
    open: open?.booking ?? null,
  };
}

/** GET /member/club/{clubId}/sessions/count: PT sessions left in usable packages and free sessions left at the club. */
export async function sessionsCount(db: Executor, accountId: number, clubId: number, now: Date) {
  const today = vietnamDay(now);
  const [pt] = await db
    .select({ left: sql<number>`coalesce(sum(${ptContracts.sessions} - ${ptContracts.sessionsUsed}), 0)::int` })
    .from(ptContracts)
    .where(
      and(
        eq(ptContracts.accountId, accountId),
        eq(ptContracts.clubId, clubId),
        eq(ptContracts.state, 'PAID'),
        sql`${ptContracts.endDate} >= ${today}`,
      ),
    );
  const free = await sessionsOf(db, accountId, clubId, today);
  return { clubId, ptSessionsLeft: pt.left, freeSessionsLeft: free.filter((s) => s.status === 'AVAILABLE').length };
}

async function lockOwnSession(tx: Executor, accountId: number, freeSessionId: number): Promise<FreeSessionRow> {
  await lockAccount(tx, accountId);
  const [session] = await tx
    .select()
    .from(freeSessions)
    .where(and(eq(freeSessions.id, freeSessionId), eq(freeSessions.accountId, accountId)));
  if (!session) throw notFound();
  return session;
}

/** The session's booking in one of `states`, locked. */
async function bookingIn(tx: Executor, freeSessionId: number, states: typeof HOLDING) {
  const [booking] = await tx
    .select()
    .from(ptBookings)
    .where(and(eq(ptBookings.freeSessionId, freeSessionId), inArray(ptBookings.status, states)))
    .for('update');
  return booking;
}

async function insertTrialBooking(
  tx: Executor,
  values: {
    freeSessionId: number;
    accountId: number;
    trainerId: number;
    clubId: number;
    day: string;
    afterMinute: number;
    status: 'WAITPTCONFIRM' | 'WAITCUSCONFIRM';
  },
  now: Date,
) {
  const startsAt = vietnamInstant(values.day, values.afterMinute);
  const startEpochMinute = Math.round(startsAt.getTime() / 60_000);
  const [made] = await tx
    .insert(ptBookings)
    .values({
      freeSessionId: values.freeSessionId,
      accountId: values.accountId,
      trainerAccountId: values.trainerId,
      clubId: values.clubId,
      day: values.day,
      afterMinute: values.afterMinute,
      startsAt,
      endsAt: new Date(startsAt.getTime() + PT_SESSION_MINUTES * 60_000),
      startEpochMinute,
      endEpochMinute: startEpochMinute + PT_SESSION_MINUTES,
      status: values.status,
      createdAt: now,
    })
    .returning({ id: ptBookings.id });
  return made.id;
}

/** Refusals every trial booking shares: the window, the membership frozen, one trial in the works. */
async function checkBookable(tx: Executor, session: FreeSessionRow, day: string, today: string) {
  if (day < session.validFrom || day > session.validUntil) throw new ApiError(400, Codes.INVALID_BOOKING_TIME);
  const access = await clubAccess(tx, session.accountId, session.clubId, today);
  if (!access.ok && access.reason === 'FROZEN') throw new ApiError(409, Codes.PT_FROZEN);
}

/**
 * POST /member/free-session/{id}/booking {date?, afterMinute} → 1033: the start at which some trainer
 * of the club is free; the least booked of them gets the request. 167 another trial in the works (or
 * this one used); 164 the time; 456 every trainer free by the page's reading was taken meanwhile.
 */
export async function bookFreeSession(
  db: Executor,
  accountId: number,
  freeSessionId: number,
  body: { afterMinute: number; date?: string },
  now: Date,
) {
  const today = vietnamDay(now);
  const day = body.date ?? today;
  try {
    return await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const session = await lockOwnSession(tx, accountId, freeSessionId);
        if ((await bookingIn(tx, freeSessionId, HOLDING)) || (await openTrial(tx, accountId)))
          throw new ApiError(409, Codes.COMPLETE_FREE_SESSION);
        await checkBookable(tx, session, day, today);
        const trainers = await freeTrainersAt(tx, session.clubId, day, now);
        const free = trainers.filter((t) => t.starts.includes(body.afterMinute));
        if (free.length === 0) {
          const working = trainers.some((t) => startProblem(now, day, body.afterMinute, t.hours) === null);
          throw new ApiError(working ? 409 : 400, working ? Codes.PT_SCHEDULE_CLASH : Codes.INVALID_BOOKING_TIME);
        }
        // Each try in its own savepoint: a trainer taken by a racing request leaves the next one to try.
        for (const trainer of free) {
          try {
            const id = await tx.transaction((sp) =>
              insertTrialBooking(
                sp,
                {
                  freeSessionId,
                  accountId,
                  trainerId: trainer.trainerId,
                  clubId: session.clubId,
                  day,
                  afterMinute: body.afterMinute,
                  status: 'WAITPTCONFIRM',
                },
                now,
              ),
            );
            return bookingById(tx, accountId, id);
          } catch (error) {
            if (!isExclusionViolation(error)) throw error;
          }
        }
        throw new ApiError(409, Codes.PT_SCHEDULE_CLASH);
      }),
    );
  } catch (error) {
    if (isExclusionViolation(error)) throw new ApiError(409, Codes.PT_SCHEDULE_CLASH);
    if (isUniqueViolation(error)) throw new ApiError(409, Codes.BOOKING_DAILY_LIMIT);
    throw error;
  }
}

/**
 * PUT /member/free-session/{id}/cancel (1035, only while the trainer has not confirmed: 458 after),
 * /accept (the club's proposal → BOOKED) and /reject (→ REJECTED: the session is free to book again).
 * Repeating an answer already given changes nothing; anything else with no such booking is 409.
 */
export async function answerFreeSession(
  db: Executor,
  accountId: number,
  freeSessionId: number,
  verb: 'cancel' | 'accept' | 'reject',
  now: Date,
) {
  return db.transaction(async (tx) => {
    await lockOwnSession(tx, accountId, freeSessionId);
    const booking = await bookingIn(tx, freeSessionId, HOLDING);
    if (verb === 'cancel') {
      if (!booking) return latestTrialBooking(tx, accountId, freeSessionId, 'CANCELLED');
      if (booking.status !== 'WAITPTCONFIRM') throw new ApiError(409, Codes.CANNOT_CANCEL_PT_CONFIRMED);
      await release(tx, booking, 'CANCELLED', now);
      return bookingById(tx, accountId, booking.id);
    }
    if (!booking || booking.status !== 'WAITCUSCONFIRM') {
      if (verb === 'accept' && booking?.status === 'BOOKED') return bookingById(tx, accountId, booking.id);
      if (verb === 'reject' && !booking) return latestTrialBooking(tx, accountId, freeSessionId, 'REJECTED');
      throw new ApiError(409, Codes.VALIDATION);
    }
    if (verb === 'reject') await release(tx, booking, 'REJECTED', now);
    else await tx.update(ptBookings).set({ status: 'BOOKED', answeredAt: now }).where(eq(ptBookings.id, booking.id));
    return bookingById(tx, accountId, booking.id);
  });
}

/** A repeated cancel or reject answers the booking it closed; with none, there was nothing to close. */
async function latestTrialBooking(
  tx: Executor,
  accountId: number,
  freeSessionId: number,
  status: 'CANCELLED' | 'REJECTED',
) {
  const [row] = await bookingSelect(tx)
    .where(and(eq(ptBookings.freeSessionId, freeSessionId), eq(ptBookings.accountId, accountId)))
    .orderBy(desc(ptBookings.id))
    .limit(1);
  if (!row || row.booking.status !== status) throw new ApiError(409, Codes.VALIDATION);
  return toBooking(row);
}

/**
 * POST /staff/free-session/{id}/propose {date, afterMinute, ptId}: the club proposes a start with one
 * of its trainers (WAITCUSCONFIRM), replacing a request the trainer has not confirmed. The member is
 * told and accepts or rejects. 164 the time or the trainer's hours; 456 the trainer is taken; 166 the
 * member has a session that day; 409 the session is already booked or done.
 */
export type ProposedFreeSession = {
  clubId: number;
  /** The request or proposal it replaced, if any. */
  replaced: { bookingId: number; status: string; ptId: number; date: string; afterMinute: number } | null;
  booking: { bookingId: number; status: 'WAITCUSCONFIRM'; ptId: number; date: string; afterMinute: number };
};

export async function proposeFreeSession(
  db: Executor,
  mayServe: (clubId: number) => boolean,
  freeSessionId: number,
  body: { date: string; afterMinute: number; ptId: number },
  now: Date,
  /** Runs in the proposal's transaction once it is made (the staff audit row, ADR 049). */
  inTx?: (tx: Executor, proposed: ProposedFreeSession) => Promise<void>,
) {
  const today = vietnamDay(now);
  try {
    return await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        const [found] = await tx.select().from(freeSessions).where(eq(freeSessions.id, freeSessionId));
        if (!found || !mayServe(found.clubId)) throw notFound();
        const session = await lockOwnSession(tx, found.accountId, freeSessionId);
        await checkBookable(tx, session, body.date, today);
        const hours = await hoursOn(tx, body.ptId, session.clubId, body.date);
        if (startProblem(now, body.date, body.afterMinute, hours) !== null)
          throw new ApiError(400, Codes.INVALID_BOOKING_TIME);
        const current = await bookingIn(tx, freeSessionId, HOLDING);
        if (current && current.status !== 'WAITPTCONFIRM' && current.status !== 'WAITCUSCONFIRM')
          throw new ApiError(409, Codes.VALIDATION);
        if (current) await release(tx, current, 'REJECTED', now);
        else if (await openTrial(tx, session.accountId)) throw new ApiError(409, Codes.COMPLETE_FREE_SESSION);
        const id = await insertTrialBooking(
          tx,
          {
            freeSessionId,
            accountId: session.accountId,
            trainerId: body.ptId,
            clubId: session.clubId,
            day: body.date,
            afterMinute: body.afterMinute,
            status: 'WAITCUSCONFIRM',
          },
          now,
        );
        await inTx?.(tx, {
          clubId: session.clubId,
          replaced: current
            ? {
                bookingId: current.id,
                status: current.status,
                ptId: current.trainerAccountId,
                date: current.day,
                afterMinute: current.afterMinute,
              }
            : null,
          booking: {
            bookingId: id,
            status: 'WAITCUSCONFIRM',
            ptId: body.ptId,
            date: body.date,
            afterMinute: body.afterMinute,
          },
        });
        const when = formatDayMinute(body.date, body.afterMinute);
        await enqueueNotice(
          tx,
          session.accountId,
          notice('pt.trialProposed', { when }, { kind: 'PT', link: '/pt/free-session' }),
          now,
        );
        return bookingById(tx, session.accountId, id);
      }),
    );
  } catch (error) {
    if (isExclusionViolation(error)) throw new ApiError(409, Codes.PT_SCHEDULE_CLASH);
    if (isUniqueViolation(error)) throw new ApiError(409, Codes.BOOKING_DAILY_LIMIT);
    throw error;
  }
}

/** GET /staff/free-sessions: the trial sessions of the staff member's club (every club: null) waiting for a time or an answer, with whom to call (issue 17 gives them a screen). */
export async function waitingFreeSessions(db: Executor, clubId: number | null, now: Date) {
  const today = vietnamDay(now);
  const sessions = (
    await sessionsWhere(
      db,
      and(gte(freeSessions.validUntil, today), clubId === null ? undefined : eq(freeSessions.clubId, clubId)),
      today,
    )
  ).filter((s) => s.status === 'AVAILABLE' || s.status === 'WAITPTCONFIRM' || s.status === 'WAITCUSCONFIRM');
  if (sessions.length === 0) return [];
  const members = await db
    .select({
      id: freeSessions.id,
      accountId: freeSessions.accountId,
      fullName: accounts.fullName,
      phoneNumber: accounts.phoneNumber,
    })
    .from(freeSessions)
    .innerJoin(accounts, eq(accounts.id, freeSessions.accountId))
    .where(
      inArray(
        freeSessions.id,
        sessions.map((s) => s.freeSessionId),
      ),
    );
  const byId = new Map(members.map((m) => [m.id, m]));
  // A member with a trial in the works (booked included) books no other until it is done (167): theirs waits for nothing (issue 38 §17).
  const busy = await db
    .selectDistinct({ accountId: ptBookings.accountId })
    .from(ptBookings)
    .where(
      and(
        inArray(ptBookings.accountId, [...new Set(members.map((m) => m.accountId))]),
        isNotNull(ptBookings.freeSessionId),
        inArray(ptBookings.status, OPEN),
      ),
    );
  const inTheWorks = new Set(busy.map((b) => b.accountId));
  return sessions
    .filter((s) => s.status !== 'AVAILABLE' || !inTheWorks.has(byId.get(s.freeSessionId)!.accountId))
    .map((s) => {
      const { fullName, phoneNumber } = byId.get(s.freeSessionId)!;
      return { ...s, member: { fullName, phoneNumber } };
    });
}

/** A holding booking past the club's proposal (booked, done or missed): its session waits no more. */
const TAKEN = HOLDING.filter((status) => status !== 'WAITPTCONFIRM' && status !== 'WAITCUSCONFIRM');

/**
 * How many sessions waitingFreeSessions lists (AVAILABLE, WAITPTCONFIRM, WAITCUSCONFIRM in their
 * window), as one scalar query for GET /staff/today: a session has at most one holding booking.
 */
export function waitingFreeSessionCount(db: Executor, clubId: number | null, now: Date) {
  const taken = db
    .select({ one: sql`1` })
    .from(ptBookings)
    .where(and(eq(ptBookings.freeSessionId, freeSessions.id), inArray(ptBookings.status, TAKEN)));
  // The member's other trial in the works (issue 38 §17): this one waits until that is done.
  const openElsewhere = db
    .select({ one: sql`1` })
    .from(ptBookings)
    .where(
      and(
        eq(ptBookings.accountId, freeSessions.accountId),
        isNotNull(ptBookings.freeSessionId),
        sql`${ptBookings.freeSessionId} <> ${freeSessions.id}`,
        inArray(ptBookings.status, OPEN),
      ),
    );
  return db
    .select({ n: sql<number>`count(*)::int` })
    .from(freeSessions)
    .where(
      and(
        gte(freeSessions.validUntil, vietnamDay(now)),
        clubId === null ? undefined : eq(freeSessions.clubId, clubId),
        notExists(taken),
        notExists(openElsewhere),
      ),
    );
}
