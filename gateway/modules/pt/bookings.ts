import { and, asc, desc, eq, gte, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { Codes } from '#api/codes.ts';
import { formatDayMinute } from '#api/format.ts';
import {
  PT_SESSION_MINUTES,
  TRAINER_AGENDA_MAX_DAYS,
  TRAINER_AGENDA_NOT_CLOSED_DAYS,
  type PtBooking,
  type PtBookingScreen,
  type TrainerAgendaItem,
} from '#api/pt.ts';
import { addDays, hhmm, isoWeekday, vietnamDay, vietnamDayStart, vietnamInstant } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { isExclusionViolation, isUniqueViolation, retryOnDeadlock } from '#gateway/db/errors.ts';
import {
  accounts,
  clubs,
  ptBookings,
  ptContracts,
  ptDaysOff,
  ptEContracts,
  ptPackages,
  ptTrainers,
  ptWorkingHours,
} from '#gateway/db/schema/index.ts';
import type { PtBookingStatus } from '#gateway/db/schema/pt.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { clubAccess } from '#gateway/modules/club-access/queries.ts';
import { lockAccount } from '#gateway/modules/accounts/queries.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { fieldChange, recordStaffAction } from '#gateway/modules/audit/staff-actions.ts';
import { bookableDays, freeStarts, startProblem, type Interval } from './booking-rules.ts';
import { listPtContracts, ptContractStatus } from './pt-contracts.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

// Booking a session with one's trainer (issue 13 §3, ADR 046). The rules a member can read are
// checked here; the two that decide between members racing are the database's: the trainer's
// clash (an exclusion constraint, 456) and one session a day (a partial unique index, 166).

type BookingRow = typeof ptBookings.$inferSelect;

/** The states that hold the trainer's hour and count as the member's session of the day (a missed one too, ADR 051). */
export const HOLDING: PtBookingStatus[] = ['WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW'];
/** A booking not yet done or closed: the member finishes it before asking for the next (165, 167). */
export const OPEN: PtBookingStatus[] = ['WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED'];

export const bookingNotFound = () => new ApiError(404, Codes.NOT_FOUND);

/** The trainer's working intervals at a club on a day (none on a day off). */
export async function hoursOn(db: Executor, trainerId: number, clubId: number, day: string): Promise<Interval[]> {
  const [off] = await db
    .select({ day: ptDaysOff.day })
    .from(ptDaysOff)
    .where(and(eq(ptDaysOff.trainerAccountId, trainerId), eq(ptDaysOff.day, day)));
  if (off) return [];
  return db
    .select({ startMinute: ptWorkingHours.startMinute, endMinute: ptWorkingHours.endMinute })
    .from(ptWorkingHours)
    .where(
      and(
        eq(ptWorkingHours.trainerAccountId, trainerId),
        eq(ptWorkingHours.clubId, clubId),
        eq(ptWorkingHours.weekday, isoWeekday(day)),
      ),
    );
}

/** The trainer's hours taken on a day, as minutes after its 00:00. */
export async function takenOn(db: Executor, trainerId: number, day: string): Promise<Interval[]> {
  const rows = await db
    .select({ afterMinute: ptBookings.afterMinute })
    .from(ptBookings)
    .where(
      and(eq(ptBookings.trainerAccountId, trainerId), eq(ptBookings.day, day), inArray(ptBookings.status, HOLDING)),
    );
  return rows.map((r) => ({ startMinute: r.afterMinute, endMinute: r.afterMinute + PT_SESSION_MINUTES }));
}

export const bookingSelect = (db: Executor) =>
  db
    .select({ booking: ptBookings, trainerName: accounts.fullName, clubNameVi: clubs.nameVi, clubNameEn: clubs.nameEn })
    .from(ptBookings)
    .innerJoin(accounts, eq(accounts.id, ptBookings.trainerAccountId))
    .innerJoin(clubs, eq(clubs.id, ptBookings.clubId));

export function toBooking(row: {
  booking: BookingRow;
  trainerName: string;
  clubNameVi: string;
  clubNameEn: string;
}): PtBooking {
  const b = row.booking;
  return {
    bookingId: b.id,
    ptContractId: b.ptContractId,
    freeSessionId: b.freeSessionId,
    status: b.status,
    date: b.day,
    startTime: hhmm(b.afterMinute),
    endTime: hhmm(b.afterMinute + PT_SESSION_MINUTES),
    startsAt: b.startsAt.toISOString(),
    trainerId: b.trainerAccountId,
    trainerName: row.trainerName,
    clubNameVi: row.clubNameVi,
    clubNameEn: row.clubNameEn,
    rating: b.rating,
    // §4: only a booking the trainer has not confirmed can be cancelled; only a completed one without a rating rated.
    canCancel: b.status === 'WAITPTCONFIRM',
    canRate: b.status === 'COMPLETED' && b.rating === null,
    canAnswer: b.status === 'WAITCUSCONFIRM',
  };
}

/**
 * GET /member/booking/history (?clubId) and /member/booking/current (upcoming, not closed): the
 * sessions of PT packages; `trial` lists the trial sessions instead (/member/free-sessions/history,
 * /member/free-session/current).
 */
export async function listBookings(
  db: Executor,
  accountId: number,
  filter: { clubId?: number; current?: boolean; trial?: boolean },
  now: Date,
) {
  const rows = await bookingSelect(db)
    .where(
      and(
        eq(ptBookings.accountId, accountId),
        filter.trial ? isNotNull(ptBookings.freeSessionId) : isNotNull(ptBookings.ptContractId),
        filter.clubId === undefined ? undefined : eq(ptBookings.clubId, filter.clubId),
        filter.current ? and(inArray(ptBookings.status, OPEN), gte(ptBookings.endsAt, now)) : undefined,
      ),
    )
    .orderBy(filter.current ? asc(ptBookings.startsAt) : desc(ptBookings.startsAt), desc(ptBookings.id));
  return rows.map(toBooking);
}

/** Sessions are booked under a signed contract only (issue 38 §6): the package's e-contract is signed. */
async function isEContractSigned(db: Executor, ptContractId: number) {
  const [signed] = await db
    .select({ id: ptEContracts.id })
    .from(ptEContracts)
    .where(and(eq(ptEContracts.ptContractId, ptContractId), eq(ptEContracts.status, 'SIGNED')));
  return signed !== undefined;
}

/**
 * POST /member/pt-contract/{id}/booking → 1033: a session with the contract's trainer at its club.
 * 163 the contract is not usable (unpaid, over, used up, another member's); PT_CONTRACT_UNSIGNED; PT_FROZEN; 164 the time
 * (outside the window, the validity or the trainer's hours); 165 an earlier session is not done;
 * 166 a session that day already; 456 the trainer's hour is taken (the database decides).
 */
export async function bookPtSession(
  db: Executor,
  accountId: number,
  ptContractId: number,
  body: { afterMinute: number; date?: string },
  now: Date,
) {
  const today = vietnamDay(now);
  const day = body.date ?? today;
  try {
    return await retryOnDeadlock(() =>
      db.transaction(async (tx) => {
        await lockAccount(tx, accountId);
        const [contract] = await tx
          .select()
          .from(ptContracts)
          .where(and(eq(ptContracts.id, ptContractId), eq(ptContracts.accountId, accountId)))
          .for('update');
        const status = contract ? ptContractStatus(contract, today) : null;
        if (!contract || (status !== 'CURRENT' && status !== 'FUTURE'))
          throw new ApiError(409, Codes.NO_PACKAGE_AT_CLUB);
        if (!(await isEContractSigned(tx, ptContractId))) throw new ApiError(409, Codes.PT_CONTRACT_UNSIGNED);
        const access = await clubAccess(tx, accountId, contract.clubId, today);
        if (!access.ok && access.reason === 'FROZEN') throw new ApiError(409, Codes.PT_FROZEN);
        if (day < contract.startDate! || day > contract.endDate!) throw new ApiError(400, Codes.INVALID_BOOKING_TIME);
        const hours = await hoursOn(tx, contract.trainerAccountId, contract.clubId, day);
        if (startProblem(now, day, body.afterMinute, hours) !== null)
          throw new ApiError(400, Codes.INVALID_BOOKING_TIME);
        const [pending] = await tx
          .select({ id: ptBookings.id, day: ptBookings.day })
          .from(ptBookings)
          .where(
            and(
              eq(ptBookings.accountId, accountId),
              isNotNull(ptBookings.ptContractId),
              inArray(ptBookings.status, OPEN),
            ),
          );
        if (pending)
          throw new ApiError(409, pending.day === day ? Codes.BOOKING_DAILY_LIMIT : Codes.COMPLETE_CURRENT_PT_SESSION);
        // A session is taken from the package when booked and given back if cancelled or declined; the CHECK caps it.
        const [taken] = await tx
          .update(ptContracts)
          .set({ sessionsUsed: sql`${ptContracts.sessionsUsed} + 1` })
          .where(and(eq(ptContracts.id, ptContractId), sql`${ptContracts.sessionsUsed} < ${ptContracts.sessions}`))
          .returning({ id: ptContracts.id });
        if (!taken) throw new ApiError(409, Codes.NO_PACKAGE_AT_CLUB);
        const startsAt = vietnamInstant(day, body.afterMinute);
        const startEpochMinute = Math.round(startsAt.getTime() / 60_000);
        const [made] = await tx
          .insert(ptBookings)
          .values({
            ptContractId,
            accountId,
            trainerAccountId: contract.trainerAccountId,
            clubId: contract.clubId,
            day,
            afterMinute: body.afterMinute,
            startsAt,
            endsAt: new Date(startsAt.getTime() + PT_SESSION_MINUTES * 60_000),
            startEpochMinute,
            endEpochMinute: startEpochMinute + PT_SESSION_MINUTES,
            status: 'WAITPTCONFIRM',
            createdAt: now,
          })
          .returning({ id: ptBookings.id });
        return bookingById(tx, accountId, made.id);
      }),
    );
  } catch (error) {
    if (isExclusionViolation(error)) throw new ApiError(409, Codes.PT_SCHEDULE_CLASH);
    if (isUniqueViolation(error)) throw new ApiError(409, Codes.BOOKING_DAILY_LIMIT);
    throw error;
  }
}

export async function bookingById(db: Executor, accountId: number, bookingId: number) {
  const [row] = await bookingSelect(db).where(and(eq(ptBookings.id, bookingId), eq(ptBookings.accountId, accountId)));
  if (!row) throw bookingNotFound();
  return toBooking(row);
}

/** Closes a holding booking and gives its session back to the package (a trial session is free again by the booking's state alone). */
export async function release(tx: Executor, booking: BookingRow, status: 'CANCELLED' | 'REJECTED', now: Date) {
  await tx
    .update(ptBookings)
    .set({ status, closedAt: now, answeredAt: status === 'REJECTED' ? now : booking.answeredAt })
    .where(eq(ptBookings.id, booking.id));
  if (booking.ptContractId === null) return;
  await tx
    .update(ptContracts)
    .set({ sessionsUsed: sql`greatest(${ptContracts.sessionsUsed} - 1, 0)` })
    .where(eq(ptContracts.id, booking.ptContractId));
}

/** PUT /member/booking/{id}/cancel → 1035, while the trainer has not confirmed (458 after); cancelling twice changes nothing. */
export async function cancelBooking(db: Executor, accountId: number, bookingId: number, now: Date) {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(ptBookings)
      .where(and(eq(ptBookings.id, bookingId), eq(ptBookings.accountId, accountId)))
      .for('update');
    if (!booking) throw bookingNotFound();
    if (booking.status === 'CANCELLED') return bookingById(tx, accountId, bookingId);
    if (booking.status !== 'WAITPTCONFIRM') throw new ApiError(409, Codes.CANNOT_CANCEL_PT_CONFIRMED);
    await release(tx, booking, 'CANCELLED', now);
    return bookingById(tx, accountId, bookingId);
  });
}

/** PUT /member/booking/{id}/rating {rating} → 1128: a completed session, once (459 not completed, 460 rated); the trainer's average moves in the same statement. */
export async function rateBooking(db: Executor, accountId: number, bookingId: number, rating: number) {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(ptBookings)
      .where(and(eq(ptBookings.id, bookingId), eq(ptBookings.accountId, accountId)))
      .for('update');
    if (!booking) throw bookingNotFound();
    if (booking.status !== 'COMPLETED') throw new ApiError(409, Codes.CANNOT_RATE);
    if (booking.rating !== null) throw new ApiError(409, Codes.ALREADY_RATED);
    await tx.update(ptBookings).set({ rating }).where(eq(ptBookings.id, bookingId));
    await tx
      .update(ptTrainers)
      .set({ ratingSum: sql`${ptTrainers.ratingSum} + ${rating}`, ratingCount: sql`${ptTrainers.ratingCount} + 1` })
      .where(eq(ptTrainers.accountId, booking.trainerAccountId));
    return bookingById(tx, accountId, bookingId);
  });
}

const targets = { confirm: 'BOOKED', reject: 'REJECTED', complete: 'COMPLETED', 'no-show': 'NO_SHOW' } as const;

/**
 * The trainer's answers (issue 17 gives them a screen): confirm (→ BOOKED), reject (→ REJECTED, the
 * session back to the package), complete (→ COMPLETED, once it has started), no-show (→ NO_SHOW, once
 * it has started: the member did not come and the session stays used, ADR 051). Another trainer: 404.
 * The same answer again changes and records nothing.
 */
export async function answerBooking(
  db: Executor,
  trainerId: number,
  bookingId: number,
  verb: keyof typeof targets,
  now: Date,
) {
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .select()
      .from(ptBookings)
      .where(and(eq(ptBookings.id, bookingId), eq(ptBookings.trainerAccountId, trainerId)))
      .for('update');
    if (!booking) throw bookingNotFound();
    const target = targets[verb];
    if (booking.status === target) return { bookingId, status: target };
    const afterStart = verb === 'complete' || verb === 'no-show';
    // A no-show marked by mistake may still be completed; a completed session (maybe rated) stays so.
    const from: PtBookingStatus[] = verb === 'complete' ? ['BOOKED', 'NO_SHOW'] : ['BOOKED'];
    const allowed = afterStart
      ? from.includes(booking.status) && booking.startsAt.getTime() <= now.getTime()
      : booking.status === 'WAITPTCONFIRM';
    if (!allowed) throw new ApiError(409, Codes.VALIDATION);
    if (target === 'REJECTED') await release(tx, booking, 'REJECTED', now);
    else
      await tx
        .update(ptBookings)
        .set({ status: target, answeredAt: verb === 'confirm' ? now : booking.answeredAt })
        .where(eq(ptBookings.id, bookingId));
    const subject = { subjectType: 'pt-booking', subjectId: bookingId, clubId: booking.clubId };
    await recordStaffAction(tx, {
      actorAccountId: trainerId,
      action: `pt-booking.${verb}`,
      ...subject,
      ...fieldChange('status', booking.status, target),
      at: now,
    });
    const when = formatDayMinute(booking.day, booking.afterMinute);
    const key = {
      BOOKED: 'pt.sessionConfirmed',
      REJECTED: 'pt.sessionDeclined',
      COMPLETED: 'pt.sessionCompleted',
      NO_SHOW: 'pt.sessionMissed',
    } as const;
    await enqueueNotice(
      tx,
      booking.accountId,
      notice(
        key[target],
        { when },
        { kind: 'PT', link: booking.freeSessionId === null ? '/pt/booking' : '/pt/free-session' },
      ),
      now,
    );
    return { bookingId, status: target };
  });
}

/** GET /member/screens/pt-booking?ptContractId&date: what /pt/booking shows, in one read. */
export async function bookingScreen(
  db: Executor,
  accountId: number,
  query: { ptContractId?: number; date?: string },
  now: Date,
): Promise<PtBookingScreen> {
  const today = vietnamDay(now);
  const [contracts, bookings] = await Promise.all([
    listPtContracts(db, accountId, {}, now).then((all) =>
      all.filter((c) => (c.status === 'CURRENT' || c.status === 'FUTURE') && c.sessionsLeft > 0),
    ),
    listBookings(db, accountId, {}, now),
  ]);
  const contract = contracts.find((c) => c.ptContractId === query.ptContractId) ?? contracts[0] ?? null;
  const days = contract ? bookableDays(now).filter((d) => d >= contract.startDate! && d <= contract.endDate!) : [];
  const date = query.date && days.includes(query.date) ? query.date : (days[0] ?? today);
  let slots: PtBookingScreen['slots'] = [];
  if (contract && days.includes(date)) {
    const [hours, taken] = await Promise.all([
      hoursOn(db, contract.ptId, contract.clubId, date),
      takenOn(db, contract.ptId, date),
    ]);
    slots = freeStarts(now, date, hours, taken).map((m) => ({ afterMinute: m, time: hhmm(m) }));
  }
  const [toSign] = contract
    ? await db
        .select({ id: ptEContracts.id })
        .from(ptEContracts)
        .where(and(eq(ptEContracts.ptContractId, contract.ptContractId), eq(ptEContracts.status, 'UNSIGNED')))
    : [];
  return {
    contracts,
    ptContractId: contract?.ptContractId ?? null,
    eContractToSign: toSign?.id ?? null,
    days,
    date,
    slots,
    bookings,
  };
}

/**
 * The Vietnam days GET /staff/pt/bookings reads: without `from`/`to`, today on (no end); `from` alone:
 * 31 days from it; `to` alone: from today. Null when the range is backwards or longer than 31 days.
 */
export function agendaRange(
  range: { from?: string; to?: string },
  now: Date,
): { from: string; to: string | null } | null {
  const from = range.from ?? vietnamDay(now);
  const to = range.to ?? (range.from === undefined ? null : addDays(from, TRAINER_AGENDA_MAX_DAYS - 1));
  if (to !== null && (to < from || to > addDays(from, TRAINER_AGENDA_MAX_DAYS - 1))) return null;
  return { from, to };
}

/**
 * A trainer's agenda (issue 17): their sessions that hold their time on those days, soonest first, with
 * each client's name, phone, package and sessions left. A range with today in it also brings the
 * confirmed sessions of the 30 days before it that nobody marked completed or missed (ADR 051,
 * amended): they sort first, as they started earlier. One statement, one range of the (trainer,
 * starts_at) index: a Vietnam day is a range of start instants.
 */
export async function trainerAgenda(
  db: Executor,
  trainerId: number,
  { from, to }: { from: string; to: string | null },
  now: Date,
): Promise<TrainerAgendaItem[]> {
  const today = vietnamDay(now);
  const notClosedSince =
    from <= today && (to === null || to >= today) ? addDays(today, -TRAINER_AGENDA_NOT_CLOSED_DAYS) : null;
  const since = notClosedSince !== null && notClosedSince < from ? notClosedSince : from;
  const member = alias(accounts, 'member');
  const rows = await db
    .select({
      booking: ptBookings,
      memberName: member.fullName,
      memberPhone: member.phoneNumber,
      sessions: ptContracts.sessions,
      sessionsUsed: ptContracts.sessionsUsed,
      packageNameVi: ptPackages.nameVi,
      packageNameEn: ptPackages.nameEn,
    })
    .from(ptBookings)
    .innerJoin(member, eq(member.id, ptBookings.accountId))
    .leftJoin(ptContracts, eq(ptContracts.id, ptBookings.ptContractId))
    .leftJoin(ptPackages, eq(ptPackages.id, ptContracts.ptPackageId))
    .where(
      and(
        eq(ptBookings.trainerAccountId, trainerId),
        gte(ptBookings.startsAt, vietnamDayStart(since)),
        to === null ? undefined : lt(ptBookings.startsAt, vietnamDayStart(addDays(to, 1))),
        since === from
          ? inArray(ptBookings.status, HOLDING)
          : or(
              and(gte(ptBookings.startsAt, vietnamDayStart(from)), inArray(ptBookings.status, HOLDING)),
              eq(ptBookings.status, 'BOOKED'),
            ),
      ),
    )
    .orderBy(asc(ptBookings.startsAt), asc(ptBookings.id));
  return rows.map((r) => ({
    bookingId: r.booking.id,
    status: r.booking.status as TrainerAgendaItem['status'],
    date: r.booking.day,
    startTime: hhmm(r.booking.afterMinute),
    endTime: hhmm(r.booking.afterMinute + PT_SESSION_MINUTES),
    startsAt: r.booking.startsAt.toISOString(),
    endsAt: r.booking.endsAt.toISOString(),
    member: { fullName: r.memberName, phoneNumber: r.memberPhone },
    freeSessionId: r.booking.freeSessionId,
    ptContractId: r.booking.ptContractId,
    packageNameVi: r.packageNameVi,
    packageNameEn: r.packageNameEn,
    sessionsLeft: r.sessions === null || r.sessionsUsed === null ? null : r.sessions - r.sessionsUsed,
    notClosed: r.booking.status === 'BOOKED' && r.booking.day < today,
  }));
}
