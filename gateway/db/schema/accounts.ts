import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { AccountType } from '#api/account.ts';
import { createdAt } from './columns.ts';
import { mediaFiles } from './media.ts';

export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  phoneNumber: text('phone_number').notNull().unique(),
  accountType: text('account_type').$type<AccountType>().notNull(),
  fullName: text('full_name').notNull().default(''),
  email: text('email'),
  avatarMediaId: text('avatar_media_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
  lang: text('lang').$type<'vi' | 'en'>().notNull().default('vi'),
  referredByCode: text('referred_by_code'),
  /** A staff account's club (EMPLOYEE, LEADER); null for GM (every club) and members. */
  clubId: integer('club_id'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    // sha256 of the bearer token: a database leak yields no usable token.
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_account_idx').on(t.accountId)],
);

export const otpPurposes = ['login', 'change_phone', 'subscription_upgrade', 'e_contract_sign'] as const;

export type OtpPurpose = (typeof otpPurposes)[number];

/** One live code per phone and purpose: a new send replaces the old row. */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phoneNumber: text('phone_number').notNull(),
    purpose: text('purpose').$type<OtpPurpose>().notNull(),
    // the account that asked for a change-phone code; the code is only good for it
    accountId: integer('account_id'),
    codeHash: text('code_hash').notNull(),
    salt: text('salt').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    // '' for a code asked from an unknown device, 'device:<id>' for a known one (ADR 017): an
    // attacker's sends replace only the unknown devices' code, never the member's own.
    channel: text('channel').notNull().default(''),
  },
  (t) => [uniqueIndex('otp_codes_phone_purpose_channel_idx').on(t.phoneNumber, t.purpose, t.channel)],
);

/** A phone that signed in before (ADR 017): the web server keeps the token in a signed HttpOnly cookie. */
export const trustedDevices = pgTable('trusted_devices', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
});

/** Proof that a phone passed an OTP check, exchanged for an account at sign-up. */
export const phoneVerifications = pgTable('phone_verifications', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  phoneNumber: text('phone_number').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
});
