import { z } from 'zod';
import { currentGiftSchema } from './gift.ts';
import { ratingRequestSchema } from './feedback.ts';
import { accountTypeSchema } from './account.ts';
import {
  emailSchema,
  fullNameSchema,
  langSchema,
  otpSchema,
  phoneNumberSchema,
  referralCodeSchema,
} from './validation.ts';

export const otpSendBody = z.object({ phoneNumber: phoneNumberSchema });
export type OtpSendBody = z.infer<typeof otpSendBody>;

export const otpCheckBody = z.object({ phoneNumber: phoneNumberSchema, otp: otpSchema });
export type OtpCheckBody = z.infer<typeof otpCheckBody>;

/** §5: sign-up sends fullName as a single space, so the name here may be blank. */
export const registerBody = z.object({
  phoneNumber: phoneNumberSchema,
  verifyToken: z.string({ error: 'required' }).min(20, 'required').max(200, 'invalid'),
  fullName: z.string().max(40, 'fullNameTooLong').default(' '),
  referralCode: referralCodeSchema,
});
export type RegisterBody = z.infer<typeof registerBody>;

export const profileUpdateBody = z.object({ fullName: fullNameSchema, email: emailSchema });
export type ProfileUpdateBody = z.infer<typeof profileUpdateBody>;

export const settingUpdateBody = z.object({ lang: langSchema });

export const profileSchema = z.object({
  id: z.number(),
  phoneNumber: z.string(),
  accountType: accountTypeSchema,
  fullName: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  lang: langSchema,
  /**
   * GET /auth/profile only: the referral code given at sign-up while it can still be used (no paid
   * membership yet), for the first purchase to carry (issue 10 §7).
   */
  referralCode: z.string().nullable().optional(),
  /**
   * GET /auth/profile only: the member's own referral deal (ADR 037, issue 38 §10): whether a
   * referral code can still count for them (`closedBy` says why not: a paid membership already, or
   * the 14 days after joining are over), its last moment, and the code given at sign-up even when
   * it no longer counts, so the plan page says so instead of dropping it.
   */
  referralDeal: z
    .object({
      open: z.boolean(),
      endsAt: z.string(),
      closedBy: z.enum(['paid', 'expired']).nullable(),
      signUpCode: z.string().nullable(),
    })
    .optional(),
  /** GET /auth/profile only: whether the member's ID card or passport is verified (issue 16 §3). */
  identityVerified: z.boolean().optional(),
});
export type Profile = z.infer<typeof profileSchema>;

/** What a successful sign-in or sign-up returns: the token is for the web server only. */
export const sessionGrantSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  profile: profileSchema,
  /** ADR 017: a new device token when this phone was not a known device yet; kept in a signed HttpOnly cookie. */
  deviceToken: z.string().optional(),
});
export type SessionGrant = z.infer<typeof sessionGrantSchema>;

/** A phone passed the OTP check but has no account: this ticket lets it sign up. */
export const phoneVerifiedSchema = z.object({ verifyToken: z.string(), expiresAt: z.string() });
export type PhoneVerified = z.infer<typeof phoneVerifiedSchema>;

export const accountSettingSchema = z.object({ lang: langSchema });

export const otpSentSchema = z.object({ resendAfterSeconds: z.number(), expiresInSeconds: z.number() });
export type OtpSent = z.infer<typeof otpSentSchema>;

/** Web form shapes (conform + zod): the same rules, only the fields a person types. */
export const loginForm = z.object({ phoneNumber: phoneNumberSchema });
/** The four digit boxes post four values of one name; they are one code. */
export const verifyOtpForm = z.object({
  otp: z.preprocess((v) => (Array.isArray(v) ? v.join('') : v), otpSchema),
});
/** Issue 37 §6: the name step after sign-up (and before a step that needs the name). */
export const nameForm = z.object({ fullName: fullNameSchema });
export const signUpForm = z.object({
  referralCode: referralCodeSchema,
  acceptTerms: z.literal('on', { error: 'termsRequired' }),
});

/**
 * GET /member/shell (issue 18): what every signed-in page's frame shows, in one call: the member's
 * profile (the header, the greeting), the unread notifications and the current gift.
 */
export const memberShellSchema = z.object({
  profile: profileSchema,
  unreadCount: z.number().int(),
  gift: currentGiftSchema,
  /** The oldest pending rating request (issue 16 §2, ADR 039): the rating prompt's, with the page's one read. */
  pendingRating: ratingRequestSchema.nullable().default(null),
});
export type MemberShell = z.infer<typeof memberShellSchema>;
