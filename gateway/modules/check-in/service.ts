import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import {
  CHECK_IN_MAX_DEVICES,
  CHECK_IN_PASS_BACK_MINUTES,
  CHECK_IN_SKEW_STEPS,
  CHECK_IN_STEP_SECONDS,
  parseCheckInCode,
  timeStepOf,
  type CheckInDeviceKey,
  type CheckInResult,
} from '#api/check-in.ts';
import { Codes } from '#api/codes.ts';
import type { StaffMember } from '#api/staff.ts';
import { formatTime } from '#api/format.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import type { Database, Executor } from '#gateway/db/client.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import { accounts, checkInDevices, clubs, visits } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { clubAccess } from '#gateway/modules/club-access/queries.ts';
import { mediaUrl } from '#gateway/modules/media/queries.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { loadStaff, worksAt } from '#gateway/modules/accounts/staff.ts';
import { checkInMac, drawCheckInCode, macMatches, newDeviceCredentials } from './code.ts';
import { findAccountByPhone, lockAccount } from '#gateway/modules/accounts/queries.ts';
import { recordStaffAction } from '#gateway/modules/audit/staff-actions.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

/** A new device for the member, with its key (returned once). The 4th active device revokes the oldest. */
export async function registerDevice(
  db: Database,
  accountId: number,
  label: string,
  now: Date,
): Promise<CheckInDeviceKey> {
  const { deviceId, key } = newDeviceCredentials();
  await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const active = await tx
      .select({ id: checkInDevices.id })
      .from(checkInDevices)
      .where(and(eq(checkInDevices.accountId, accountId), isNull(checkInDevices.revokedAt)))
      .orderBy(asc(checkInDevices.createdAt), asc(checkInDevices.id));
    for (const old of active.slice(0, Math.max(0, active.length - (CHECK_IN_MAX_DEVICES - 1)))) {
      await tx.update(checkInDevices).set({ revokedAt: now }).where(eq(checkInDevices.id, old.id));
    }
    await tx.insert(checkInDevices).values({ accountId, deviceId, key, label, createdAt: now });
  });
  return { memberId: accountId, deviceId, key: key.toString('base64url'), stepSeconds: CHECK_IN_STEP_SECONDS };
}

export async function listDevices(db: Executor, accountId: number) {
  const rows = await db
    .select()
    .from(checkInDevices)
    .where(and(eq(checkInDevices.accountId, accountId), isNull(checkInDevices.revokedAt)))
    .orderBy(desc(checkInDevices.createdAt));
  return rows.map((row) => ({
    deviceId: row.deviceId,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the member's devices; another member's (or an unknown) device is 404. */
export async function revokeDevice(db: Executor, accountId: number, deviceId: string, now: Date) {
  const revoked = await db
    .update(checkInDevices)
    .set({ revokedAt: now })
    .where(
      and(
        eq(checkInDevices.deviceId, deviceId),
        eq(checkInDevices.accountId, accountId),
        isNull(checkInDevices.revokedAt),
      ),
    )
    .returning({ id: checkInDevices.id });
  if (revoked.length === 0) throw notFound();
}

async function activeDevice(db: Executor, accountId: number, deviceId: string) {
  const [device] = await db
    .select()
    .from(checkInDevices)
    .where(
      and(
        eq(checkInDevices.deviceId, deviceId),
        eq(checkInDevices.accountId, accountId),
        isNull(checkInDevices.revokedAt),
      ),
    );
  if (!device) throw notFound();
  return device;
}

/** The device's current code, drawn by the gateway (the page without JavaScript shows it). */
export async function currentCode(db: Executor, accountId: number, deviceId: string, now: Date) {
  const device = await activeDevice(db, accountId, deviceId);
  const timeStep = timeStepOf(now);
  return {
    code: drawCheckInCode(device.key, accountId, device.deviceId, timeStep),
    timeStep,
    validUntil: new Date((timeStep + 1) * CHECK_IN_STEP_SECONDS * 1000).toISOString(),
  };
}

const refuse = (status: 400 | 403 | 409, code: (typeof Codes)[keyof typeof Codes]) => new ApiError(status, code);

/** The club whose door this is: unknown or closed 404; a club the staff member does not work at 403. */
async function doorClub(db: Executor, staffAccountId: number, clubId: number) {
  const staff = await loadStaff(db, staffAccountId);
  const [club] = await db
    .select({ id: clubs.id, nameVi: clubs.nameVi, nameEn: clubs.nameEn, isActive: clubs.isActive })
    .from(clubs)
    .where(eq(clubs.id, clubId));
  if (!club?.isActive) throw notFound();
  if (!worksAt(staff, club.id)) throw new ApiError(403, Codes.FORBIDDEN);
  return { id: club.id, nameVi: club.nameVi, nameEn: club.nameEn };
}

type DoorClub = Awaited<ReturnType<typeof doorClub>>;

/**
 * POST /staff/check-in: a door scan. The code's mac is checked first (constant time), then its
 * step, then the member's membership, the code's single use and the pass-back rule, in one
 * transaction that holds the member's row: two doors scanning at once see one entry.
 */
export async function checkIn(
  deps: Pick<Deps, 'db' | 'clock'>,
  staffAccountId: number,
  input: { code: string; clubId: number },
): Promise<CheckInResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const parsed = parseCheckInCode(input.code);
  if (!parsed) throw refuse(400, Codes.CHECK_IN_CODE_INVALID);
  const club = await doorClub(db, staffAccountId, input.clubId);

  const [device] = await db.select().from(checkInDevices).where(eq(checkInDevices.deviceId, parsed.deviceId));
  if (!device || !macMatches(checkInMac(device.key, device.accountId, device.deviceId, parsed.timeStep), parsed.mac)) {
    throw refuse(400, Codes.CHECK_IN_CODE_INVALID);
  }
  if (device.revokedAt) throw refuse(403, Codes.CHECK_IN_DEVICE_REVOKED);
  const step = timeStepOf(now);
  if (parsed.timeStep < step - CHECK_IN_SKEW_STEPS) throw refuse(400, Codes.CHECK_IN_CODE_EXPIRED);
  if (parsed.timeStep > step + CHECK_IN_SKEW_STEPS) throw refuse(400, Codes.CHECK_IN_CODE_FUTURE);
  return admit(db, now, {
    staffAccountId,
    club,
    accountId: device.accountId,
    device: { id: device.id, timeStep: parsed.timeStep },
  });
}

/** The member account behind a phone at the desk; any other (or no) account is PHONE_NOT_FOUND. */
async function memberByPhone(db: Executor, phoneNumber: string) {
  const member = await findAccountByPhone(db, phoneNumber);
  if (member?.accountType !== 'MEMBER') throw new ApiError(404, Codes.PHONE_NOT_FOUND);
  return member;
}

const memberCard = (member: { id: number; fullName: string; avatarMediaId: string | null }) => ({
  id: member.id,
  fullName: member.fullName,
  avatarUrl: member.avatarMediaId ? mediaUrl(member.avatarMediaId) : null,
});

/**
 * GET /staff/member: the member at the desk without their phone, and whether they may enter this
 * club now, by the rules a check-in applies (the refusal is the code it would answer).
 */
export async function memberAtDesk(
  deps: Pick<Deps, 'db' | 'clock'>,
  staffAccountId: number,
  input: { phoneNumber: string; clubId: number },
): Promise<StaffMember> {
  const { db, clock } = deps;
  const club = await doorClub(db, staffAccountId, input.clubId);
  const member = await memberByPhone(db, input.phoneNumber);
  const entry = await entryFor(db, member.id, club.id, clock.now());
  return {
    member: memberCard(member),
    mayEnter: entry.ok,
    refusal: entry.ok ? null : String(entry.code),
    membership: entry.ok ? entry.membership : null,
  };
}

/**
 * POST /staff/check-in/manual: the member came without their phone and staff know them. The same
 * admission as a scan (refusals, visit, notice), without a device, and an audit row in its
 * transaction: no code proves the member was there, the staff member's word does (ADR 049).
 */
export async function manualCheckIn(
  deps: Pick<Deps, 'db' | 'clock'>,
  staffAccountId: number,
  input: { phoneNumber: string; clubId: number },
): Promise<CheckInResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const club = await doorClub(db, staffAccountId, input.clubId);
  const member = await memberByPhone(db, input.phoneNumber);
  return admit(db, now, { staffAccountId, club, accountId: member.id, device: null }, (tx, result) =>
    recordStaffAction(tx, {
      actorAccountId: staffAccountId,
      action: 'check-in.manual',
      subjectType: 'visit',
      subjectId: result.visitId,
      clubId: club.id,
      before: null,
      after: {
        memberId: member.id,
        visitId: result.visitId,
        checkedInAt: result.checkedInAt,
        membership: result.membership,
      },
      at: now,
    }),
  );
}

type Admission = {
  staffAccountId: number;
  club: DoorClub;
  accountId: number;
  device: { id: number; timeStep: number } | null;
};

/**
 * The one way in, scanned or manual: in one transaction that holds the member's row, the code's
 * single use (a scan), the membership, the pass-back rule, then the visit and the member's notice.
 */
async function admit(
  db: Database,
  now: Date,
  { staffAccountId, club, accountId, device }: Admission,
  inTx?: (tx: Executor, result: CheckInResult) => Promise<void>,
) {
  try {
    return await db.transaction(async (tx) => {
      await lockAccount(tx, accountId);
      if (device) {
        const [used] = await tx
          .select({ id: visits.id })
          .from(visits)
          .where(and(eq(visits.deviceId, device.id), eq(visits.timeStep, device.timeStep)));
        if (used) throw refuse(409, Codes.CHECK_IN_CODE_USED);
      }
      const entry = await entryFor(tx, accountId, club.id, now);
      if (!entry.ok) throw refuse(entry.status, entry.code);

      const [visit] = await tx
        .insert(visits)
        .values({
          accountId,
          clubId: club.id,
          deviceId: device?.id ?? null,
          timeStep: device?.timeStep ?? timeStepOf(now),
          staffAccountId,
          checkedInAt: now,
        })
        .returning({ id: visits.id });
      if (device) await tx.update(checkInDevices).set({ lastUsedAt: now }).where(eq(checkInDevices.id, device.id));
      const [member] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
      const time = formatTime(now);
      await enqueueNotice(
        tx,
        accountId,
        notice(
          'checkIn.done',
          { club: { vi: club.nameVi, en: club.nameEn }, time },
          { kind: 'MEMBERSHIP', link: '/home/check-in' },
        ),
        now,
      );
      const result: CheckInResult = {
        visitId: visit.id,
        checkedInAt: now.toISOString(),
        club,
        member: memberCard(member),
        membership: entry.membership,
      };
      await inTx?.(tx, result);
      return result;
    });
  } catch (error) {
    // The same code scanned at two doors at once: the unique index took one.
    if (isUniqueViolation(error)) throw refuse(409, Codes.CHECK_IN_CODE_USED);
    throw error;
  }
}

const accessRefusals = {
  NO_MEMBERSHIP: Codes.CHECK_IN_NO_MEMBERSHIP,
  EXPIRED: Codes.CHECK_IN_MEMBERSHIP_EXPIRED,
  FROZEN: Codes.CHECK_IN_FROZEN,
  WRONG_CLUB: Codes.CHECK_IN_WRONG_CLUB,
} as const;

type Entry =
  | { ok: true; membership: CheckInResult['membership'] }
  | { ok: false; status: 403 | 409; code: (typeof Codes)[keyof typeof Codes] };

/** May this member enter this club now: the membership that opens it today, else the refusal; then the pass-back rule. */
async function entryFor(tx: Executor, accountId: number, clubId: number, now: Date): Promise<Entry> {
  const access = await clubAccess(tx, accountId, clubId, vietnamDay(now));
  if (!access.ok) return { ok: false, status: 403, code: accessRefusals[access.reason] };
  const [recent] = await tx
    .select({ id: visits.id })
    .from(visits)
    .where(
      and(
        eq(visits.accountId, accountId),
        gt(visits.checkedInAt, new Date(now.getTime() - CHECK_IN_PASS_BACK_MINUTES * 60_000)),
      ),
    )
    .limit(1);
  if (recent) return { ok: false, status: 409, code: Codes.CHECK_IN_PASS_BACK };
  return { ok: true, membership: access.membership };
}

/** The member's visits, newest first; `since` narrows to those after an instant. */
export async function listVisits(
  db: Executor,
  accountId: number,
  { page, limit, since }: { page: number; limit: number; since?: string },
) {
  const where = since
    ? and(eq(visits.accountId, accountId), gt(visits.checkedInAt, new Date(since)))
    : eq(visits.accountId, accountId);
  const rows = await db
    .select({
      id: visits.id,
      checkedInAt: visits.checkedInAt,
      clubId: clubs.id,
      nameVi: clubs.nameVi,
      nameEn: clubs.nameEn,
    })
    .from(visits)
    .innerJoin(clubs, eq(clubs.id, visits.clubId))
    .where(where)
    .orderBy(desc(visits.checkedInAt), desc(visits.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((row) => ({
    visitId: row.id,
    checkedInAt: row.checkedInAt.toISOString(),
    club: { id: row.clubId, nameVi: row.nameVi, nameEn: row.nameEn },
  }));
}
