import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { Codes } from '#api/codes.ts';
import { staffEndpoints as endpoints } from '#api/endpoints/staff.ts';
import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  noticeSenderAccountTypes,
  staffListReaderAccountTypes,
  type StaffList,
  type StaffListEntry,
  type StaffNoticeBody,
  type StaffNoticeResult,
} from '#api/staff-settings.ts';
import { validationMessage } from '#api/validation.ts';
import { vietnamDay, vietnamDayStart } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import {
  accounts,
  classInstructors,
  clubs,
  contracts,
  noticeOutbox,
  staffActions,
  type NoticeContent,
} from '#gateway/db/schema/index.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import { route } from '#gateway/http/route.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { countHit } from '#gateway/modules/limits/counters.ts';
import { findAccountByPhone, lockAccount } from '#gateway/modules/accounts/queries.ts';
import { deliverNoticesNow, enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { recordStaffAction } from '#gateway/modules/audit/staff-actions.ts';
import { loadStaff, type Staff } from '#gateway/modules/accounts/staff.ts';

// Issue 17 "Send a notification" and the LEADER's staff list (ADR 052).

/** Sends per staff account per Vietnam day: to a whole club, and to one member. */
export const STAFF_NOTICE_LIMITS = { clubPerDay: 20, memberPerDay: 200 } as const;

/**
 * The members of a club: MEMBER accounts holding a live membership there, i.e. a PAID contract of
 * the club whose last day is today or later (current, frozen or not yet begun). Members have no
 * home club; an all-club plan counts at the club that sold it.
 */
const liveMembershipAt = (clubId: number, today: string) =>
  and(eq(contracts.clubId, clubId), eq(contracts.paymentState, 'PAID'), sql`${contracts.endDate} >= ${today}`);

async function isMemberOf(db: Executor, accountId: number, clubId: number, today: string) {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.accountId, accountId), liveMembershipAt(clubId, today)))
    .limit(1);
  return row !== undefined;
}

/** One statement queues a notice for every member of the club (thousands at most): no round-trip per member. */
async function enqueueForClub(tx: Executor, clubId: number, content: NoticeContent, now: Date, today: string) {
  const members = tx
    .selectDistinct({ accountId: contracts.accountId })
    .from(contracts)
    .innerJoin(accounts, and(eq(accounts.id, contracts.accountId), eq(accounts.accountType, 'MEMBER')))
    .where(liveMembershipAt(clubId, today))
    .as('members');
  // The inbox id is chosen here as enqueueNotice does (random hex: 122 random bits of a v4 UUID).
  const result = await tx.execute(sql`
    with queued as (
      insert into ${noticeOutbox} (account_id, notification_id, content, next_attempt_at, created_at)
      select ${members.accountId}, replace(gen_random_uuid()::text, '-', ''), ${JSON.stringify(content)}::jsonb, ${now.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz
      from ${members}
      returning 1
    )
    select count(*)::int as n from queued`);
  // Both drivers (pg, PGlite) answer { rows }.
  const { rows } = result as unknown as { rows: { n: number }[] };
  return Number(rows[0]?.n ?? 0);
}

const keyError = (c: Context<AppEnv>, key: 'required' | 'invalid') =>
  new ApiError(400, Codes.VALIDATION, { fieldErrors: { idempotencyKey: [validationMessage(key, c.get('lang'))] } });

/** A hash of what was asked, so a key reused for another notice is refused rather than answered with the first. */
const requestHash = (body: StaffNoticeBody) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

const forbidden = () => new ApiError(403, Codes.FORBIDDEN);

export function staffPeopleRoutes() {
  const app = new Hono<AppEnv>();

  route(app, endpoints.notify, requireAccount(noticeSenderAccountTypes), async (c) => {
    const deps = c.get('deps');
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    if (header === undefined) throw keyError(c, 'required');
    const key = idempotencyKeySchema.safeParse(header);
    if (!key.success) throw keyError(c, 'invalid');
    const body = c.req.valid('json');
    const hash = requestHash(body);
    const staff: Staff = await loadStaff(deps.db, c.get('account').id);
    const content: NoticeContent = {
      kind: 'GENERAL',
      titleVi: body.titleVi,
      titleEn: body.titleEn,
      bodyVi: body.bodyVi,
      bodyEn: body.bodyEn,
      link: body.link ?? null,
    };

    const result = await deps.db.transaction(async (tx): Promise<StaffNoticeResult & { queued: boolean }> => {
      // One send at a time per staff account: a double tap waits here, then finds the first's record.
      await lockAccount(tx, staff.id);
      const [earlier] = await tx
        .select({ after: staffActions.after })
        .from(staffActions)
        .where(
          and(
            eq(staffActions.actorAccountId, staff.id),
            eq(staffActions.action, 'notification.send'),
            sql`${staffActions.after}->>'idempotencyKey' = ${key.data}`,
          ),
        )
        .limit(1);
      if (earlier) {
        const first = earlier.after as { requestHash: string; sent: number };
        if (first.requestHash !== hash) throw keyError(c, 'invalid');
        return { sent: first.sent, queued: false };
      }

      const now = deps.clock.now();
      const today = vietnamDay(now);
      let subject: { subjectType: string; subjectId: number; clubId: number | null };
      let sent: number;
      if ('phoneNumber' in body.to) {
        const member = await findAccountByPhone(tx, body.to.phoneNumber);
        if (!member || member.accountType !== 'MEMBER') throw new ApiError(404, Codes.PHONE_NOT_FOUND);
        if (
          staff.accountType !== 'GM' &&
          (staff.clubId === null || !(await isMemberOf(tx, member.id, staff.clubId, today)))
        )
          throw forbidden();
        if (
          !(await countHit(
            tx,
            `staff-notice-member:${String(staff.id)}`,
            vietnamDayStart(today),
            STAFF_NOTICE_LIMITS.memberPerDay,
          ))
        ) {
          throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
        }
        await enqueueNotice(tx, member.id, content, now);
        sent = 1;
        subject = {
          subjectType: 'member',
          subjectId: member.id,
          clubId: staff.accountType === 'GM' ? null : staff.clubId,
        };
      } else {
        const clubId = body.to.clubId;
        if (staff.accountType !== 'GM' && clubId !== staff.clubId) throw forbidden();
        const [club] = await tx.select({ id: clubs.id }).from(clubs).where(eq(clubs.id, clubId));
        if (!club) throw notFound();
        if (
          !(await countHit(
            tx,
            `staff-notice-club:${String(staff.id)}`,
            vietnamDayStart(today),
            STAFF_NOTICE_LIMITS.clubPerDay,
          ))
        ) {
          throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
        }
        sent = await enqueueForClub(tx, clubId, content, now, today);
        subject = { subjectType: 'club', subjectId: clubId, clubId };
      }
      await recordStaffAction(tx, {
        actorAccountId: staff.id,
        action: 'notification.send',
        ...subject,
        before: null,
        after: { idempotencyKey: key.data, requestHash: hash, to: body.to, ...content, sent },
        at: now,
      });
      return { sent, queued: sent > 0 };
    });
    if (result.queued) await deliverNoticesNow(deps);
    return ok(c, { sent: result.sent } satisfies StaffNoticeResult);
  });

  // Who works at a club: a LEADER reads their own club's, the GM one club's (?clubId=) or every club's.
  route(app, endpoints.staffList, requireAccount(staffListReaderAccountTypes), async (c) => {
    const { db } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    const { clubId } = c.req.valid('query');
    if (staff.accountType !== 'GM' && clubId !== undefined && clubId !== staff.clubId) throw forbidden();
    const club = staff.accountType === 'GM' ? (clubId ?? null) : (staff.clubId ?? -1);
    const rows = await db
      .select({
        id: accounts.id,
        fullName: accounts.fullName,
        phoneNumber: accounts.phoneNumber,
        accountType: accounts.accountType,
        clubId: accounts.clubId,
        // A class instructor is an EMPLOYEE account too, but not the front desk (issue 38 §16).
        isClassInstructor: sql<boolean>`${classInstructors.accountId} is not null`,
      })
      .from(accounts)
      .leftJoin(classInstructors, eq(classInstructors.accountId, accounts.id))
      .where(
        and(
          inArray(accounts.accountType, ['LEADER', 'EMPLOYEE', 'PT']),
          club === null ? sql`${accounts.clubId} is not null` : eq(accounts.clubId, club),
        ),
      )
      .orderBy(
        asc(accounts.clubId),
        sql`case ${accounts.accountType} when 'LEADER' then 0 when 'EMPLOYEE' then 1 else 2 end`,
        asc(accounts.fullName),
        asc(accounts.id),
      );
    const list: StaffList = { staff: rows as StaffListEntry[] };
    return ok(c, list);
  });

  return app;
}
