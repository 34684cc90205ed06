import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AccountType } from '#contract/account.ts';
import type { NotificationKind } from '#contract/notifications.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();


export const cities = pgTable('cities', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  nameVi: text('name_vi').notNull(),
  nameEn: text('name_en').notNull(),
});

export const clubs = pgTable(
  'clubs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    address: text('address').notNull(),
    districtName: text('district_name').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    hotline: text('hotline').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('clubs_city_idx').on(t.cityId)],
);

/** Settings staff can change without a release (app version, contact texts…). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  valueVi: text('value_vi').notNull(),
  valueEn: text('value_en').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** QR=1, CARD=2, CASH=3 (§3 payment method). */
export const paymentMethodGroups = pgTable('payment_method_groups', {
  id: integer('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameVi: text('name_vi').notNull(),
  nameEn: text('name_en').notNull(),
  sortOrder: integer('sort_order').notNull(),
  isActive: boolean('is_active').notNull().default(true),
});

export const mediaFiles = pgTable('media_files', {
  // 128-bit random id: the name is unguessable, never the uploaded file name.
  id: text('id').primaryKey(),
  ownerAccountId: integer('owner_account_id').notNull(),
  kind: text('kind').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

export const accounts = pgTable('accounts', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  phoneNumber: text('phone_number').notNull().unique(),
  accountType: text('account_type').$type<AccountType>().notNull(),
  fullName: text('full_name').notNull().default(''),
  email: text('email'),
  avatarMediaId: text('avatar_media_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
  lang: text('lang').$type<'vi' | 'en'>().notNull().default('vi'),
  referredByCode: text('referred_by_code'),
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

export const otpPurposes = ['login', 'change_phone'] as const;
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
  },
  (t) => [uniqueIndex('otp_codes_phone_purpose_idx').on(t.phoneNumber, t.purpose)],
);

/** Proof that a phone passed an OTP check, exchanged for an account at sign-up. */
export const phoneVerifications = pgTable('phone_verifications', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  phoneNumber: text('phone_number').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  consumedAt: timestamp('consumed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Fixed-window counters for abuse limits; in the database so they hold across replicas. */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** The sandbox SMS provider's outbox (ARCHITECTURE §6). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    phoneNumber: text('phone_number').notNull(),
    text: text('text').notNull(),
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_phone_idx').on(t.phoneNumber, sql`${t.createdAt} desc`)],
);

/** A member's inbox (issue 3). The id is 128-bit random hex: not guessable, not a counter. */
export const notifications = pgTable(
  'notifications',
  {
    id: text('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    bodyVi: text('body_vi').notNull(),
    bodyEn: text('body_en').notNull(),
    /** An in-app path, or null. */
    link: text('link'),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [index('notifications_account_created_idx').on(t.accountId, sql`${t.createdAt} desc`)],
);

/** A browser's Web Push subscription (the §3 notify token); an endpoint belongs to one account at a time. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
    failureCount: integer('failure_count').notNull().default(0),
  },
  (t) => [index('push_subscriptions_account_idx').on(t.accountId)],
);

/** The sandbox push provider's record of what it would have sent (ARCHITECTURE §6). */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('push_deliveries_account_idx').on(t.accountId, sql`${t.createdAt} desc`)],
);

/** §3 Member gift: shown behind the header's gift icon; activation comes with a later issue. */
export const memberGifts = pgTable(
  'member_gifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    titleVi: text('title_vi').notNull(),
    titleEn: text('title_en').notNull(),
    descriptionVi: text('description_vi').notNull(),
    descriptionEn: text('description_en').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('member_gifts_account_idx').on(t.accountId, sql`${t.createdAt} desc`)],
);

export type ContentSection = { headingVi: string; headingEn: string; bodyVi: string; bodyEn: string };

/** Terms, about and the support FAQ: texts staff edit without a release. */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  titleVi: text('title_vi').notNull(),
  titleEn: text('title_en').notNull(),
  sections: jsonb('sections').$type<ContentSection[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
