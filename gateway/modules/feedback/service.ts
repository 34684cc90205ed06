import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { Codes } from '#api/codes.ts';
import { STAFF_FEEDBACK_PAGE_SIZE, type FeedbackState, type FeedbackType, type StaffFeedback } from '#api/feedback.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accounts, clubs, feedback } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import type { ProcessedImage } from '#gateway/modules/media/image.ts';
import { mediaUrl, storeImage } from '#gateway/modules/media/queries.ts';
import { deliverNoticesNow, enqueueNotice } from '#gateway/modules/notifications/service.ts';
import type { Staff } from '#gateway/modules/accounts/staff.ts';
import { recordStaffAction } from '#gateway/modules/audit/staff-actions.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

/** Abuse limits (ADR 039): reports per client address and per club an hour, feedback per member an hour. */
export const FEEDBACK_LIMITS = {
  reportsPerIpPerHour: 8,
  reportsPerClubPerHour: 60,
  feedbackPerMemberPerHour: 10,
} as const;
/** A report's photo: the longest side after re-encoding (enough to see which machine and what is broken). */
export const REPORT_PHOTO_SIDE = 1600;
/** media_files.owner_account_id of a visitor's photo: no account made it. */
const NO_ACCOUNT = 0;

/** An active club, or 404: feedback and reports name a real club. */
export async function assertActiveClub(db: Executor, clubId: number) {
  const [club] = await db
    .select({ id: clubs.id })
    .from(clubs)
    .where(and(eq(clubs.id, clubId), eq(clubs.isActive, true)));
  if (!club) throw notFound();
}

async function limit(db: Executor, key: string, now: Date, max: number) {
  if (!(await countHit(db, key, hourWindow(now), max))) throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
}

export type MemberFeedbackInput = {
  clubId: number;
  type: FeedbackType;
  rate: number;
  comment: string;
  isAnonymous: boolean;
};

/** POST /member/feedback: kept under the member's account, or under none when anonymous. */
export async function recordMemberFeedback(deps: Deps, accountId: number, input: MemberFeedbackInput) {
  const { db, clock } = deps;
  await assertActiveClub(db, input.clubId);
  await limit(db, `feedback:member:${String(accountId)}`, clock.now(), FEEDBACK_LIMITS.feedbackPerMemberPerHour);
  await db.insert(feedback).values({
    source: 'MEMBER',
    clubId: input.clubId,
    accountId: input.isAnonymous ? null : accountId,
    type: input.type,
    rate: input.rate,
    comment: input.comment,
    createdAt: clock.now(),
  });
}

export type PublicReportInput = {
  clubId: number;
  type: FeedbackType;
  rate: number;
  comment: string;
  phoneNumber?: string;
};

/** Counts a visitor's report against the address's and the club's hourly limits (before any photo is decoded). */
export async function takeReportSlot(deps: Deps, clubId: number, clientIp: string) {
  const now = deps.clock.now();
  await limit(deps.db, `report:ip:${clientIp}`, now, FEEDBACK_LIMITS.reportsPerIpPerHour);
  await limit(deps.db, `report:club:${String(clubId)}`, now, FEEDBACK_LIMITS.reportsPerClubPerHour);
}

/** A visitor's report with its re-encoded photo, in one transaction. */
export async function recordPublicReport(deps: Deps, input: PublicReportInput, photo: ProcessedImage | undefined) {
  const { db, clock } = deps;
  await db.transaction(async (tx) => {
    const photoMediaId = photo ? await storeImage(tx, NO_ACCOUNT, 'report-photo', photo) : null;
    await tx.insert(feedback).values({
      source: 'PUBLIC',
      clubId: input.clubId,
      type: input.type,
      rate: input.rate,
      comment: input.comment,
      phoneNumber: input.phoneNumber ?? null,
      photoMediaId,
      createdAt: clock.now(),
    });
  });
}

const clubScope = (staff: Staff, clubId: number | undefined): SQL | undefined => {
  if (staff.accountType !== 'GM') return staff.clubId === null ? sql`false` : eq(feedback.clubId, staff.clubId);
  return clubId === undefined ? undefined : eq(feedback.clubId, clubId);
};

const staffColumns = {
  row: feedback,
  memberName: accounts.fullName,
  memberPhone: accounts.phoneNumber,
};

type StaffRow = { row: typeof feedback.$inferSelect; memberName: string | null; memberPhone: string | null };

const toStaffFeedback = ({ row, memberName, memberPhone }: StaffRow): StaffFeedback => ({
  id: row.id,
  source: row.source,
  clubId: row.clubId,
  type: row.type,
  rate: row.rate,
  comment: row.comment,
  memberName: row.accountId === null ? null : (memberName?.trim() ?? null) || null,
  phoneNumber: row.accountId === null ? row.phoneNumber : memberPhone,
  photoUrl: row.photoMediaId ? mediaUrl(row.photoMediaId) : null,
  state: row.state,
  reply: row.reply,
  handledAt: row.handledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** GET /staff/feedback: the feedback of the staff member's club (a GM: every club, or ?clubId), newest first, 50 a page. */
export async function listFeedback(
  db: Executor,
  staff: Staff,
  filter: { clubId?: number; type?: FeedbackType; state?: FeedbackState; page: number },
) {
  const rows = await db
    .select(staffColumns)
    .from(feedback)
    .leftJoin(accounts, eq(accounts.id, feedback.accountId))
    .where(
      and(
        clubScope(staff, filter.clubId),
        filter.type ? eq(feedback.type, filter.type) : undefined,
        filter.state ? eq(feedback.state, filter.state) : undefined,
      ),
    )
    .orderBy(desc(feedback.createdAt), desc(feedback.id))
    .limit(STAFF_FEEDBACK_PAGE_SIZE)
    .offset((filter.page - 1) * STAFF_FEEDBACK_PAGE_SIZE);
  return rows.map(toStaffFeedback);
}

/**
 * How many NEW items GET /staff/feedback?state=NEW would list, counted up to `cap` (GET /staff/today).
 * Club by club (at most `cap` index entries each), so a GM's count of every club reads the
 * (club, state) index too, not every row's state.
 */
export function newFeedbackCount(staff: Staff, clubId: number | undefined, cap: number) {
  const only = staff.accountType !== 'GM' ? (staff.clubId ?? -1) : (clubId ?? null);
  return sql<number>`select count(*)::int from (
    select 1 from ${clubs} c cross join lateral (select 1 from ${feedback} f where f.club_id = c.id and f.state = 'NEW' limit ${cap}) n
    ${only === null ? sql`` : sql`where c.id = ${only}`}
    limit ${cap}) counted`;
}

/**
 * PUT /staff/feedback/{id}/handled: the reply and the state in one transaction with the member's
 * notice (outbox, ADR 016); another club's feedback is 404, a second answer FEEDBACK_ALREADY_HANDLED.
 */
export async function markHandled(deps: Deps, staff: Staff, id: number, reply: string) {
  const { db, clock } = deps;
  const now = clock.now();
  const handled = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(feedback).where(eq(feedback.id, id)).for('update');
    if (!row || (staff.accountType !== 'GM' && staff.clubId !== row.clubId)) throw notFound();
    if (row.state === 'HANDLED') throw new ApiError(409, Codes.FEEDBACK_ALREADY_HANDLED);
    await tx
      .update(feedback)
      .set({ state: 'HANDLED', reply, handledBy: staff.id, handledAt: now })
      .where(eq(feedback.id, id));
    await recordStaffAction(tx, {
      actorAccountId: staff.id,
      action: 'feedback.handled',
      subjectType: 'feedback',
      subjectId: id,
      clubId: row.clubId,
      before: { state: row.state, reply: row.reply },
      after: { state: 'HANDLED', reply },
      at: now,
    });
    if (row.accountId !== null) {
      await enqueueNotice(
        tx,
        row.accountId,
        notice('feedback.answered', { reply }, { kind: 'GENERAL', link: null }),
        now,
      );
    }
    const [after] = await tx
      .select(staffColumns)
      .from(feedback)
      .leftJoin(accounts, eq(accounts.id, feedback.accountId))
      .where(eq(feedback.id, id));
    return { feedback: toStaffFeedback(after), notify: row.accountId !== null };
  });
  if (handled.notify) await deliverNoticesNow(deps);
  return handled.feedback;
}
