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
import type { CardType, PlanType, PlanUnit, PaymentStatus, TransactionStatus, TransactionType } from '#contract/membership.ts';
import type { PaymentEventOutcome } from '#contract/staff.ts';
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
    /** The club's receiving bank account for VietQR transfers (the BIN is in contract/banks.ts). */
    bankBin: text('bank_bin'),
    bankAccountNumber: text('bank_account_number'),
    bankAccountName: text('bank_account_name'),
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

/**
 * Growing waits per key (ADR 017): `count` attempts since the key was last quiet for a whole
 * window; no attempt is allowed before `nextTryAt`.
 */
export const attemptGuards = pgTable('attempt_guards', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  nextTryAt: timestamp('next_try_at', { withTimezone: true }).notNull(),
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

// ── Issue 4: plans, coupons, contracts, payments ──

/** A plan as sold at one club: its prices are the club's (§3 plan card). */
export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    type: text('type').$type<PlanType>().notNull(),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    tagVi: text('tag_vi'),
    tagEn: text('tag_en'),
    sloganVi: text('slogan_vi').notNull(),
    sloganEn: text('slogan_en').notNull(),
    descriptionVi: text('description_vi').notNull(),
    descriptionEn: text('description_en').notNull(),
    durationValue: integer('duration_value').notNull(),
    durationUnit: text('duration_unit').$type<PlanUnit>().notNull(),
    /** List price for the whole duration (VND). */
    originalPrice: integer('original_price').notNull(),
    /** The club's own discount on the membership fee (VND). */
    planDiscount: integer('plan_discount').notNull().default(0),
    joiningFee: integer('joining_fee').notNull().default(0),
    /** The club's own discount on the joining fee (VND). */
    joiningFeeDiscount: integer('joining_fee_discount').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('payment_plans_club_idx').on(t.clubId, t.sortOrder)],
);

export const couponCampaigns = pgTable('coupon_campaigns', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  nameVi: text('name_vi').notNull(),
  nameEn: text('name_en').notNull(),
  descriptionVi: text('description_vi').notNull(),
  descriptionEn: text('description_en').notNull(),
});

export type CouponTarget = 'membership' | 'joining_fee' | 'both';

export const coupons = pgTable('coupons', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(),
  campaignId: integer('campaign_id')
    .notNull()
    .references(() => couponCampaigns.id),
  /** Percent off (1–100) or a fixed amount off; exactly one is set. */
  percentOff: integer('percent_off'),
  amountOff: integer('amount_off'),
  /** A cap on a percent discount (VND), or null. */
  maxDiscount: integer('max_discount'),
  appliesTo: text('applies_to').$type<CouponTarget>().notNull().default('membership'),
  validFrom: timestamp('valid_from', { withTimezone: true }).notNull(),
  validTo: timestamp('valid_to', { withTimezone: true }),
  /** Uses across all members (paid or awaiting payment); null = unlimited. Each member may use a coupon once. */
  usageLimit: integer('usage_limit'),
  newCustomerOnly: boolean('new_customer_only').notNull().default(false),
  /** Null = every club / every plan type. */
  clubIds: jsonb('club_ids').$type<number[]>(),
  planTypes: jsonb('plan_types').$type<PlanType[]>(),
  isActive: boolean('is_active').notNull().default(true),
});

/** Unpaid → WAITFORPAYMENT; paid → FUTURE/CURRENT/PAST by its dates; never paid → FAIL. */
export type ContractPaymentState = 'WAITFORPAYMENT' | 'PAID' | 'FAIL';

export const contracts = pgTable(
  'contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    paymentPlanId: integer('payment_plan_id')
      .notNull()
      .references(() => paymentPlans.id),
    paymentState: text('payment_state').$type<ContractPaymentState>().notNull(),
    startDate: text('start_date').notNull(),
    endDate: text('end_date').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    isFrozen: boolean('is_frozen').notNull().default(false),
    isGift: boolean('is_gift').notNull().default(false),
    paymentMethodGroupId: integer('payment_method_group_id').notNull(),
    isCash: boolean('is_cash').notNull().default(false),
    couponId: integer('coupon_id').references(() => coupons.id),
    referrerAccountId: integer('referrer_account_id').references(() => accounts.id),
    referralCode: text('referral_code'),
    bonusDays: integer('bonus_days').notNull().default(0),
    // The prices as computed when the contract was made: what the member agreed to pay.
    originalPrice: integer('original_price').notNull(),
    membershipDiscount: integer('membership_discount').notNull(),
    joiningFee: integer('joining_fee').notNull(),
    joiningFeeDiscount: integer('joining_fee_discount').notNull(),
    totalPayment: integer('total_payment').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('contracts_account_idx').on(t.accountId, sql`${t.createdAt} desc`),
    // At most one unpaid contract per member and club: a double tap gets the same one back.
    uniqueIndex('contracts_one_unpaid_per_club_idx')
      .on(t.accountId, t.clubId)
      .where(sql`${t.paymentState} = 'WAITFORPAYMENT'`),
  ],
);

/** One row per fee of a contract (§3 transaction types). */
export const transactions = pgTable(
  'transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type').$type<TransactionType>().notNull(),
    paymentType: text('payment_type').$type<'FULLPAID' | 'DEPOSIT'>().notNull().default('FULLPAID'),
    paymentMethod: integer('payment_method').notNull(),
    paymentLocation: integer('payment_location').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<TransactionStatus>().notNull(),
    paymentId: integer('payment_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('transactions_account_idx').on(t.accountId, sql`${t.createdAt} desc`), index('transactions_contract_idx').on(t.contractId)],
);

/** 'free': a contract a coupon covers entirely, settled at once (reference FREE…). */
export type PaymentProvider = 'vietqr' | 'vnpay' | 'cash' | 'free';

/** One attempt to pay a contract. `reference` is the transfer memo, the vnp_TxnRef or the cash slip. */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => contracts.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    method: integer('method').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The provider's own id for the money movement (bank transaction id, vnp_TransactionNo, staff receipt). */
    providerTransactionId: text('provider_transaction_id'),
    /** vnp_ResponseCode of a card payment, for the member's message. */
    responseCode: text('response_code'),
    /** Card payments: the signed pay URL; saved-card payments name the card. */
    payUrl: text('pay_url'),
    savedCardId: integer('saved_card_id'),
    /** The staff account that took cash. */
    confirmedBy: integer('confirmed_by'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_reference_idx').on(t.provider, t.reference),
    index('payments_contract_idx').on(t.contractId),
    index('payments_pending_idx').on(t.status, t.expiresAt),
  ],
);

export type { PaymentEventOutcome };

/**
 * Every server-to-server payment message (bank webhook, VNPAY IPN), once per provider id:
 * a replay hits the unique index and changes nothing. Outcomes other than matched/declined/ignored
 * are money staff must look at (`needsReview`).
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull(),
    externalId: text('external_id').notNull(),
    paymentId: integer('payment_id'),
    amount: integer('amount').notNull(),
    description: text('description').notNull().default(''),
    outcome: text('outcome').$type<PaymentEventOutcome>().notNull(),
    needsReview: boolean('needs_review').notNull().default(false),
    reviewedBy: integer('reviewed_by'),
    raw: jsonb('raw').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_events_provider_external_idx').on(t.provider, t.externalId),
    index('payment_events_review_idx').on(t.needsReview, sql`${t.createdAt} desc`),
  ],
);

/** §3 Saved card: a VNPAY token; only the masked number and bank leave the gateway. */
export const savedCards = pgTable(
  'saved_cards',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    token: text('token').notNull(),
    cardNumber: text('card_number').notNull(),
    bankCode: text('bank_code').notNull(),
    cardType: text('card_type').$type<CardType>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('saved_cards_account_idx').on(t.accountId),
    uniqueIndex('saved_cards_token_idx').on(t.token),
  ],
);

/** A started "add a card" flow (VNPAY token_create), matched back by its reference. */
export const cardRequests = pgTable('card_requests', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id),
  reference: text('reference').notNull().unique(),
  cardType: text('card_type').$type<CardType>().notNull(),
  status: text('status').$type<'PENDING' | 'SUCCESS' | 'FAIL'>().notNull(),
  responseCode: text('response_code'),
  savedCardId: integer('saved_card_id'),
  createdAt: createdAt(),
});

/** §3 Rating request: made pending when a contract is paid; the ratings feature answers it. */
export const ratingRequests = pgTable(
  'rating_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    type: text('type').$type<'contract' | 'pt_booking'>().notNull(),
    contractId: integer('contract_id').references(() => contracts.id),
    status: text('status').$type<'pending' | 'rated' | 'ignored'>().notNull().default('pending'),
    rate: integer('rate'),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (t) => [
    index('rating_requests_account_idx').on(t.accountId, t.status),
    uniqueIndex('rating_requests_contract_idx').on(t.contractId),
  ],
);
