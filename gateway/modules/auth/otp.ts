import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { Codes, type Lang } from '#api/codes.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { otpCodes, type OtpPurpose } from '#gateway/db/schema/index.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import { GUESS_RULE, refundAttempt, SEND_RULE, takeAttempt } from '#gateway/modules/limits/guards.ts';
import { SmsDeliveryError } from '#gateway/providers/sms/port.ts';
import { smsText } from '#gateway/modules/notifications/texts.ts';

/** The limits of security.md "One-time codes": a 4-digit code is weak, so these carry the weight. */
export const OTP_RULES = {
  ttlMs: 5 * 60_000,
  resendAfterMs: 30_000,
  maxFailedAttempts: 5,
  maxSendsPerIpPerHour: 30,
} as const;

/**
 * ADR 017: codes, sends and wrong guesses are kept apart per channel. Unknown devices share one
 * per phone; each known device (a device token from an earlier sign-in) has its own, so an
 * attacker's sends and guesses never lock the member out of the phone they already use.
 */
const channelOf = (deviceId: number | undefined) => (deviceId === undefined ? '' : `device:${deviceId}`);
const guardKey = (kind: 'send' | 'guess', phone: string, deviceId: number | undefined) =>
  deviceId === undefined ? `otp-${kind}:phone:${phone}` : `otp-${kind}:device:${deviceId}`;

const hashCode = (salt: string, phone: string, purpose: OtpPurpose, code: string) =>
  createHash('sha256').update(`${salt}:${phone}:${purpose}:${code}`).digest();

// Unaccented on purpose: brandname SMS templates are registered without diacritics, and
// Unicode SMS costs more and splits sooner on Vietnamese carriers.
// A code that approves money or a signature names what it approves and the amount (dynamic
// linking, issue 38 §13); the code comes first, before any number of the approval.
const otpText = (code: string, lang: Lang, approves?: OtpApproval) =>
  approves
    ? smsText('account.approvalSms', lang, { code, approves: approves[lang] })
    : smsText('account.otpSms', lang, { code });

/** What a code approves, in the words of its SMS: "nang cap goi thang len Black Card, them 300.000 VND/thang tu 21/12/2026". */
export type OtpApproval = { vi: string; en: string };

type SendOtp = {
  phone: string;
  purpose: OtpPurpose;
  accountId?: number;
  clientIp: string;
  lang: Lang;
  deviceId?: number;
  approves?: OtpApproval;
};

/** Creates a fresh code (replacing the old one of the same channel) and sends it by SMS. */
export async function sendOtp(deps: Deps, { phone, purpose, accountId, clientIp, lang, deviceId, approves }: SendOtp) {
  const { db, clock, sms, logger } = deps;
  const now = clock.now();
  const channel = channelOf(deviceId);
  const [previous] = await db
    .select({ sentAt: otpCodes.sentAt })
    .from(otpCodes)
    .where(and(eq(otpCodes.phoneNumber, phone), eq(otpCodes.purpose, purpose), eq(otpCodes.channel, channel)));
  if (previous && now.getTime() - previous.sentAt.getTime() < OTP_RULES.resendAfterMs) {
    const retryAfterSeconds = Math.ceil((OTP_RULES.resendAfterMs - (now.getTime() - previous.sentAt.getTime())) / 1000);
    throw new ApiError(429, Codes.LIMIT_30_SECONDS, { retryAfterSeconds });
  }

  const code = String(randomInt(0, 10_000)).padStart(4, '0');
  const salt = randomBytes(16).toString('hex');
  // A known device is not held back by the addresses an attacker shares with it (carrier NAT).
  if (
    deviceId === undefined &&
    !(await countHit(db, `otp-send:ip:${clientIp}`, hourWindow(now), OTP_RULES.maxSendsPerIpPerHour))
  ) {
    throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
  }
  const guard = await takeAttempt(db, guardKey('send', phone, deviceId), SEND_RULE, now);
  if (!guard.ok) throw new ApiError(429, Codes.TOO_MANY_REQUESTS, { retryAfterSeconds: guard.retryAfterSeconds });
  const outcome = await db.transaction(async (tx) => {
    const values = {
      codeHash: hashCode(salt, phone, purpose, code).toString('hex'),
      salt,
      accountId: accountId ?? null,
      failedAttempts: 0,
      sentAt: now,
      expiresAt: new Date(now.getTime() + OTP_RULES.ttlMs),
      consumedAt: null,
    };
    const written = await tx
      .insert(otpCodes)
      .values({ phoneNumber: phone, purpose, channel, ...values })
      .onConflictDoUpdate({
        target: [otpCodes.phoneNumber, otpCodes.purpose, otpCodes.channel],
        set: values,
        // the 30-second rule again, atomically, for two sends racing past the check above
        setWhere: lt(otpCodes.sentAt, new Date(now.getTime() - OTP_RULES.resendAfterMs)),
      })
      .returning({ id: otpCodes.id });
    return written.length === 1 ? ('written' as const) : ('too_soon' as const);
  });
  if (outcome === 'too_soon') throw new ApiError(429, Codes.LIMIT_30_SECONDS, { retryAfterSeconds: 30 });

  try {
    await sms.send({ phone, text: otpText(code, lang, approves), requestId: `otp-${salt.slice(0, 16)}` });
  } catch (error) {
    // Without a delivered code the member must be able to ask again at once.
    await db.delete(otpCodes).where(and(eq(otpCodes.phoneNumber, phone), eq(otpCodes.salt, salt)));
    logger.error(
      { err: error instanceof SmsDeliveryError ? error.message : error, provider: sms.name },
      'otp sms failed',
    );
    throw new ApiError(503, Codes.SERVICE_ERROR, undefined, { code: Codes.TIMEOUT });
  }
  return {
    resendAfterSeconds: OTP_RULES.resendAfterMs / 1000,
    expiresInSeconds: OTP_RULES.ttlMs / 1000,
  };
}

type CheckOtp = { phone: string; purpose: OtpPurpose; code: string; accountId?: number; deviceId?: number };

/**
 * Checks and consumes a code. Each step is one atomic statement, so parallel guesses
 * cannot share a try, and a wrong guess is counted even though the request fails.
 * Every guess first takes an attempt from the channel's guard (ADR 017); a right code gives it back.
 */
export async function consumeOtp(deps: Deps, { phone, purpose, code, accountId, deviceId }: CheckOtp) {
  const { db, clock } = deps;
  const now = clock.now();
  const [row] = await db
    .select()
    .from(otpCodes)
    .where(
      and(eq(otpCodes.phoneNumber, phone), eq(otpCodes.purpose, purpose), eq(otpCodes.channel, channelOf(deviceId))),
    );
  const usable =
    row &&
    !row.consumedAt &&
    row.expiresAt > now &&
    row.failedAttempts < OTP_RULES.maxFailedAttempts &&
    (purpose === 'login' || row.accountId === accountId);
  if (!usable) throw new ApiError(400, Codes.OTP_NOT_VALID);
  const key = guardKey('guess', phone, deviceId);
  const guard = await takeAttempt(db, key, GUESS_RULE, now);
  if (!guard.ok) throw new ApiError(429, Codes.TOO_MANY_REQUESTS, { retryAfterSeconds: guard.retryAfterSeconds });

  const expected = Buffer.from(row.codeHash, 'hex');
  const matches = timingSafeEqual(expected, hashCode(row.salt, phone, purpose, code));
  if (matches) {
    const consumed = await db
      .update(otpCodes)
      .set({ consumedAt: now })
      .where(
        and(
          eq(otpCodes.id, row.id),
          isNull(otpCodes.consumedAt),
          gt(otpCodes.expiresAt, now),
          lt(otpCodes.failedAttempts, OTP_RULES.maxFailedAttempts),
        ),
      )
      .returning({ id: otpCodes.id });
    if (consumed.length === 1) {
      await refundAttempt(db, key, now);
      return;
    }
    throw new ApiError(400, Codes.OTP_NOT_VALID);
  }

  const [counted] = await db
    .update(otpCodes)
    .set({ failedAttempts: sql`${otpCodes.failedAttempts} + 1` })
    .where(and(eq(otpCodes.id, row.id), isNull(otpCodes.consumedAt)))
    .returning({ failedAttempts: otpCodes.failedAttempts });
  if (!counted || counted.failedAttempts >= OTP_RULES.maxFailedAttempts) {
    throw new ApiError(400, Codes.OTP_NOT_VALID);
  }
  throw new ApiError(400, Codes.WRONG_OTP, {
    attemptsLeft: OTP_RULES.maxFailedAttempts - counted.failedAttempts,
  });
}
