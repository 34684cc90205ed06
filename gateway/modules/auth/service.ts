import { and, eq, gt, isNull } from 'drizzle-orm';
import type { RegisterBody, SessionGrant } from '#api/auth.ts';
import { Codes, type Lang } from '#api/codes.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import { accounts, phoneVerifications } from '#gateway/db/schema/index.ts';
import { hashToken } from '#gateway/http/auth.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { deliverNoticesNow, enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { findAccountById, findAccountByPhone, toProfile, type AccountRow } from '#gateway/modules/accounts/queries.ts';
import { checkReferral } from '#gateway/modules/referrals/check.ts';
import { knownDevice, touchDevice, trustDevice } from './devices.ts';
import { consumeOtp } from './otp.ts';
import { issueToken, newSecret } from './tokens.ts';
import { notice } from '#gateway/modules/notifications/texts.ts';

const VERIFICATION_TTL_MS = 15 * 60_000;

const WELCOME = notice('account.welcome', {}, { kind: 'ACCOUNT', link: '/membership' });

/** Staff sign in to staff tools, never to the member app (§6, code 210). */
export function assertCustomer(account: AccountRow | undefined) {
  if (account && account.accountType !== 'MEMBER') throw new ApiError(403, Codes.NOT_CUSTOMER);
}

/** A session token, and a device token for a device that was not known yet (ADR 017). */
async function grantFor(deps: Deps, account: AccountRow, deviceId?: number): Promise<SessionGrant> {
  const now = deps.clock.now();
  const { token, expiresAt } = await issueToken(deps.db, account.id, now);
  if (deviceId !== undefined) {
    await touchDevice(deps.db, deviceId, now);
    return { token, expiresAt, profile: toProfile(account) };
  }
  return { token, expiresAt, profile: toProfile(account), deviceToken: await trustDevice(deps.db, account.id, now) };
}

/** Proof that this phone passed an OTP check, good for one sign-up within 15 minutes. */
async function issuePhoneVerification(deps: Deps, phoneNumber: string) {
  const verifyToken = newSecret();
  const expiresAt = new Date(deps.clock.now().getTime() + VERIFICATION_TTL_MS);
  await deps.db.insert(phoneVerifications).values({ phoneNumber, tokenHash: hashToken(verifyToken), expiresAt });
  return { verifyToken, expiresAt: expiresAt.toISOString() };
}

/** A right code signs a member in; for a phone with no account it answers 200 with a sign-up ticket. */
export async function loginWithOtp(deps: Deps, phoneNumber: string, otp: string, deviceToken?: string) {
  const account = await findAccountByPhone(deps.db, phoneNumber);
  assertCustomer(account);
  const deviceId = await knownDevice(deps.db, deviceToken, account?.id);
  await consumeOtp(deps, { phone: phoneNumber, purpose: 'login', code: otp, deviceId });
  if (!account) {
    throw new ApiError(404, Codes.PHONE_NOT_FOUND, await issuePhoneVerification(deps, phoneNumber));
  }
  return grantFor(deps, account, deviceId);
}

/** Checks a login code without signing in, for a client that signs up straight away. */
export async function verifyPhone(deps: Deps, phoneNumber: string, otp: string) {
  assertCustomer(await findAccountByPhone(deps.db, phoneNumber));
  await consumeOtp(deps, { phone: phoneNumber, purpose: 'login', code: otp });
  return issuePhoneVerification(deps, phoneNumber);
}

export async function register(deps: Deps, body: RegisterBody, lang: Lang) {
  const { db, clock } = deps;
  const now = clock.now();
  const account = await db.transaction(async (tx) => {
    const used = await tx
      .update(phoneVerifications)
      .set({ consumedAt: now })
      .where(
        and(
          eq(phoneVerifications.tokenHash, hashToken(body.verifyToken)),
          eq(phoneVerifications.phoneNumber, body.phoneNumber),
          isNull(phoneVerifications.consumedAt),
          gt(phoneVerifications.expiresAt, now),
        ),
      )
      .returning({ id: phoneVerifications.id });
    if (used.length !== 1) throw new ApiError(400, Codes.OTP_NOT_VALID);
    // A referral code is checked now as the purchase will check it (issue 10 §7): a refusal undoes
    // this transaction, so the phone's ticket stays good and the member can correct the code.
    if (body.referralCode) {
      await checkReferral(tx, {
        caller: { id: 0, phoneNumber: body.phoneNumber },
        isNewMember: true,
        phoneNumber: body.referralCode,
        now,
      });
    }
    const created = await tx
      .insert(accounts)
      .values({
        phoneNumber: body.phoneNumber,
        accountType: 'MEMBER',
        fullName: body.fullName.trim(),
        referredByCode: body.referralCode ?? null,
        lang,
        // Joining is dated by the gateway's clock: the referral deal counts 14 days from it (ADR 037).
        createdAt: now,
      })
      .onConflictDoNothing({ target: accounts.phoneNumber })
      .returning();
    if (created.length !== 1) throw new ApiError(409, Codes.PHONE_EXISTS);
    // A welcome in the inbox, queued with the account (ADR 016).
    await enqueueNotice(tx, created[0].id, WELCOME, deps.clock.now());
    return created[0];
  });
  await deliverNoticesNow(deps);
  return grantFor(deps, account);
}

export async function changePhone(deps: Deps, accountId: number, phoneNumber: string, otp: string) {
  if (await findAccountByPhone(deps.db, phoneNumber)) throw new ApiError(409, Codes.PHONE_EXISTS);
  await consumeOtp(deps, { phone: phoneNumber, purpose: 'change_phone', code: otp, accountId });
  try {
    await deps.db.update(accounts).set({ phoneNumber, updatedAt: deps.clock.now() }).where(eq(accounts.id, accountId));
  } catch (error) {
    // Another account took the number between the check and the write.
    if (isUniqueViolation(error)) {
      throw new ApiError(409, Codes.PHONE_EXISTS);
    }
    throw error;
  }
  const account = await findAccountById(deps.db, accountId);
  return toProfile(account!);
}
