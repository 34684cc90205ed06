import { sql } from 'drizzle-orm';
import { TODAY_FEEDBACK_COUNTED, type StaffToday } from '#api/staff.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { ensureSessions } from '#gateway/modules/classes/sessions.ts';
import { liveClassCount } from '#gateway/modules/classes/staff.ts';
import { newFeedbackCount } from '#gateway/modules/feedback/service.ts';
import { waitingFreeSessionCount } from '#gateway/modules/pt/free-sessions.ts';
import type { Staff } from '#gateway/modules/accounts/staff.ts';
import { waitingCashCount } from './queries.ts';

/**
 * GET /staff/today (issue 18): the counts of the desk's start page, each scoped as its own list is
 * (cash, trials, feedback at the staff member's club; a GM's chosen club or every club), in one
 * statement of scalar subqueries. Today's classes need a club: none for a GM who chose none.
 */
export async function staffToday(
  db: Executor,
  staff: Staff,
  chosenClubId: number | undefined,
  now: Date,
): Promise<StaffToday> {
  const clubId = staff.accountType === 'GM' ? (chosenClubId ?? null) : (staff.clubId ?? -1);
  const classClub = clubId === null || clubId === -1 ? null : clubId;
  if (classClub !== null) await ensureSessions(db, now);
  const classes = classClub === null ? sql`null` : liveClassCount(db, classClub, vietnamDay(now));
  const result = await db.execute(sql`select
    (${waitingCashCount(db, staff, chosenClubId)}) as "cashWaiting",
    (${waitingFreeSessionCount(db, clubId, now)}) as "trialsWaiting",
    (${newFeedbackCount(staff, chosenClubId, TODAY_FEEDBACK_COUNTED)}) as "feedbackNew",
    (${classes})::int as "classesToday"`);
  // Both drivers (pg, PGlite) answer { rows }.
  const [row] = (result as unknown as { rows: StaffToday[] }).rows;
  return row;
}
