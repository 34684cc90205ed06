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
} from '#contract/check-in.ts';
import { Codes } from '#contract/codes.ts';
import { formatTime } from '#contract/format.ts';
import type { Database, Executor } from '#gateway/db/client.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import { accounts, checkInDevices, clubs, visits } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { clubAccess } from '#gateway/modules/contracts/queries.ts';
import { mediaUrl } from '#gateway/modules/media/queries.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { vietnamToday } from '#gateway/modules/payments/dates.ts';
import { loadStaff, worksAt } from '#gateway/modules/staff/queries.ts';
import { checkInMac, drawCheckInCode, macMatches, newDeviceCredentials } from './code.ts';
import { lockAccount } from '#gateway/modules/members/queries.ts';

/** A new device for the member, with its key (returned once). The 4th active device revokes the oldest. */
export async function registerDevice(db: Database, accountId: number, label: string, now: Date): Promise<CheckInDeviceKey> {
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
  return rows.map((row) => ({ deviceId: row.deviceId, label: row.label, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null }));
}

/** Revokes one of the member's devices; another member's (or an unknown) device is 404. */
export async function revokeDevice(db: Executor, accountId: number, deviceId: string, now: Date) {
  const revoked = await db
    .update(checkInDevices)
    .set({ revokedAt: now })
    .where(and(eq(checkInDevices.deviceId, deviceId), eq(checkInDevices.accountId, accountId), isNull(checkInDevices.revokedAt)))
    .returning({ id: checkInDevices.id });
  if (revoked.length === 0) throw notFound();
}

async function activeDevice(db: Executor, accountId: number, deviceId: string) {
  const [device] = await db
    .select()
    .from(checkInDevices)
    .where(and(eq(checkInDevices.deviceId, deviceId), eq(checkInDevices.accountId, accountId), isNull(checkInDevices.revokedAt)));
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

/**
 * POST /staff/check-in: a door scan. The code's mac is checked first (constant time), then its
 * step, then the member's membership, the code's single use and the pass-back rule, in one
 * transaction that holds the member's row: two doors scanning at once see one entry.
 */
export async function checkIn(deps: Pick<Deps, 'db' | 'clock'>, staffAccountId: number, input: { code: string; clubId: number }): Promise<CheckInResult> {
  const { db, clock } = deps;
  const now = clock.now();
  const parsed = parseCheckInCode(input.code);
  if (!parsed) throw refuse(400, Codes.CHECK_IN_CODE_INVALID);

  const staff = await loadStaff(db, staffAccountId);
  const [club] = await db.select({ id: clubs.id, nameVi: clubs.nameVi, nameEn: clubs.nameEn, isActive: clubs.isActive }).from(clubs).where(eq(clubs.id, input.clubId));
  if (!club?.isActive) throw notFound();
  if (!worksAt(staff, club.id)) throw new ApiError(403, Codes.FORBIDDEN);

  const [device] = await db.select().from(checkInDevices).where(eq(checkInDevices.deviceId, parsed.deviceId));
  if (!device || !macMatches(checkInMac(device.key, device.accountId, device.deviceId, parsed.timeStep), parsed.mac)) {
    throw refuse(400, Codes.CHECK_IN_CODE_INVALID);
  }
  if (device.revokedAt) throw refuse(403, Codes.CHECK_IN_DEVICE_REVOKED);
  const step = timeStepOf(now);
  if (parsed.timeStep < step - CHECK_IN_SKEW_STEPS) throw refuse(400, Codes.CHECK_IN_CODE_EXPIRED);
  if (parsed.timeStep > step + CHECK_IN_SKEW_STEPS) throw refuse(400, Codes.CHECK_IN_CODE_FUTURE);

  const accountId = device.accountId;
  try {
    return await db.transaction(async (tx) => {
      await lockAccount(tx, accountId);
      const [used] = await tx
        .select({ id: visits.id })
        .from(visits)
        .where(and(eq(visits.deviceId, device.id), eq(visits.timeStep, parsed.timeStep)));
      if (used) throw refuse(409, Codes.CHECK_IN_CODE_USED);

      const membership = await openingMembership(tx, accountId, club.id, vietnamToday(now));
      const [recent] = await tx
        .select({ id: visits.id })
        .from(visits)
        .where(and(eq(visits.accountId, accountId), gt(visits.checkedInAt, new Date(now.getTime() - CHECK_IN_PASS_BACK_MINUTES * 60_000))))
        .limit(1);
      if (recent) throw refuse(409, Codes.CHECK_IN_PASS_BACK);

      const [visit] = await tx
        .insert(visits)
        .values({ accountId, clubId: club.id, deviceId: device.id, timeStep: parsed.timeStep, staffAccountId, checkedInAt: now })
        .returning({ id: visits.id });
      await tx.update(checkInDevices).set({ lastUsedAt: now }).where(eq(checkInDevices.id, device.id));
      const [member] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
      const time = formatTime(now);
      await enqueueNotice(
        tx,
        accountId,
        {
          kind: 'MEMBERSHIP',
          titleVi: 'Check-in thành công',
          titleEn: 'Checked in',
          bodyVi: `Bạn đã check-in tại ${club.nameVi} lúc ${time}. Chúc bạn buổi tập vui!`,
          bodyEn: `You checked in at ${club.nameEn} at ${time}. Have a great workout!`,
          link: '/home/check-in',
        },
        now,
      );
      return {
        visitId: visit.id,
        checkedInAt: now.toISOString(),
        club: { id: club.id, nameVi: club.nameVi, nameEn: club.nameEn },
        member: { id: accountId, fullName: member.fullName, avatarUrl: member.avatarMediaId ? mediaUrl(member.avatarMediaId) : null },
        membership,
      };
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

/** The membership that opens this club today, or the refusal that says why none does. */
async function openingMembership(tx: Executor, accountId: number, clubId: number, today: string): Promise<CheckInResult['membership']> {
  const access = await clubAccess(tx, accountId, clubId, today);
  if (!access.ok) throw refuse(403, accessRefusals[access.reason]);
  return access.membership;
}

/** The member's visits, newest first; `since` narrows to those after an instant. */
export async function listVisits(db: Executor, accountId: number, { page, limit, since }: { page: number; limit: number; since?: string }) {
  const where = since ? and(eq(visits.accountId, accountId), gt(visits.checkedInAt, new Date(since))) : eq(visits.accountId, accountId);
  const rows = await db
    .select({ id: visits.id, checkedInAt: visits.checkedInAt, clubId: clubs.id, nameVi: clubs.nameVi, nameEn: clubs.nameEn })
    .from(visits)
    .innerJoin(clubs, eq(clubs.id, visits.clubId))
    .where(where)
    .orderBy(desc(visits.checkedInAt), desc(visits.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return rows.map((row) => ({ visitId: row.id, checkedInAt: row.checkedInAt.toISOString(), club: { id: row.clubId, nameVi: row.nameVi, nameEn: row.nameEn } }));
}
