import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { clubs } from './clubs.ts';
import { bytea, createdAt } from './columns.ts';

// Issue 13 §1 (ADR 044): personal trainers (accounts of type PT) with the profile members choose
// them by, the clubs and hours they work, and the PT packages each club sells.

/** A trainer's profile: what /pt/select-pt shows. The rating is kept as a sum and a count (the average is their ratio). */
export const ptTrainers = pgTable(
  'pt_trainers',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    bioVi: text('bio_vi').notNull(),
    bioEn: text('bio_en').notNull(),
    /** Each a short phrase in both languages ("Giảm mỡ" / "Fat loss"), in display order. */
    specialitiesVi: text('specialities_vi').array().notNull(),
    specialitiesEn: text('specialities_en').array().notNull(),
    /** Certificates by their own names (ACE CPT, NASM CPT…): not translated. */
    certificates: text('certificates').array().notNull(),
    /** The year the trainer started coaching: the years of experience follow from today. */
    coachingSince: smallint('coaching_since').notNull(),
    /** Languages spoken, as locale codes ('vi', 'en'). */
    languages: text('languages').array().notNull(),
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    check(
      'pt_trainers_rating_check',
      sql`${t.ratingSum} >= ${t.ratingCount} and ${t.ratingSum} <= 5 * ${t.ratingCount}`,
    ),
  ],
);

/**
 * When a trainer works at a club: one row a weekday interval (1 Monday … 7 Sunday, minutes after
 * 00:00 in Vietnam). A break is the gap between two intervals of the same day.
 */
export const ptWorkingHours = pgTable(
  'pt_working_hours',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    trainerAccountId: integer('trainer_account_id')
      .notNull()
      .references(() => ptTrainers.accountId, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
  },
  (t) => [
    index('pt_working_hours_trainer_idx').on(t.trainerAccountId, t.weekday),
    index('pt_working_hours_club_idx').on(t.clubId),
    check('pt_working_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    check(
      'pt_working_hours_minutes_check',
      sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`,
    ),
  ],
);

/** A day a trainer does not work (leave, a public holiday), whatever the weekly hours say. */
export const ptDaysOff = pgTable(
  'pt_days_off',
  {
    trainerAccountId: integer('trainer_account_id')
      .notNull()
      .references(() => ptTrainers.accountId, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.trainerAccountId, t.day] })],
);

/**
 * A PT package a club sells: a number of sessions to use within a validity in days, at a price
 * (VND). "Silver" packages are the small introductory ones the member's contract list can leave
 * out (`isNotSilverPtContract`, §7).
 */
export const ptPackages = pgTable(
  'pt_packages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    sessions: smallint('sessions').notNull(),
    validityDays: smallint('validity_days').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    isSilver: boolean('is_silver').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [
    index('pt_packages_club_idx').on(t.clubId),
    check('pt_packages_positive_check', sql`${t.sessions} > 0 and ${t.validityDays} > 0 and ${t.price} > 0`),
  ],
);

/**
 * Where a PT contract stands (ADR 045). WAITPTCONFIRM: registered, the trainer has not answered;
 * WAITFORPAYMENT: the trainer accepted; PAID: sessions to use between start_date and end_date;
 * REJECTED (the trainer said no) and CANCELLED (the member withdrew before paying) are closed.
 */
export type PtContractState = 'WAITPTCONFIRM' | 'WAITFORPAYMENT' | 'PAID' | 'REJECTED' | 'CANCELLED';

/** A member's PT package with one trainer at one club: the package's terms are copied in when registered. */
export const ptContracts = pgTable(
  'pt_contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    trainerAccountId: integer('trainer_account_id')
      .notNull()
      .references(() => ptTrainers.accountId),
    ptPackageId: integer('pt_package_id')
      .notNull()
      .references(() => ptPackages.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    sessions: smallint('sessions').notNull(),
    validityDays: smallint('validity_days').notNull(),
    price: bigint('price', { mode: 'number' }).notNull(),
    isSilver: boolean('is_silver').notNull(),
    state: text('state').$type<PtContractState>().notNull(),
    /** Sessions completed or booked and not cancelled; bookings move it, the CHECK caps it. */
    sessionsUsed: smallint('sessions_used').notNull().default(0),
    /** First and last day the sessions may be used, Vietnam calendar days, set when paid. */
    startDate: text('start_date'),
    endDate: text('end_date'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pt_contracts_account_idx').on(t.accountId, sql`${t.createdAt} desc`),
    index('pt_contracts_trainer_idx').on(t.trainerAccountId, t.state),
    // One unpaid PT package at a time (453): a double tap meets the first one.
    uniqueIndex('pt_contracts_one_unpaid_idx')
      .on(t.accountId)
      .where(sql`${t.state} in ('WAITPTCONFIRM', 'WAITFORPAYMENT')`),
    check(
      'pt_contracts_state_check',
      sql`${t.state} in ('WAITPTCONFIRM', 'WAITFORPAYMENT', 'PAID', 'REJECTED', 'CANCELLED')`,
    ),
    check('pt_contracts_terms_check', sql`${t.sessions} > 0 and ${t.validityDays} > 0 and ${t.price} > 0`),
    check('pt_contracts_used_check', sql`${t.sessionsUsed} between 0 and ${t.sessions}`),
    check(
      'pt_contracts_paid_dates_check',
      sql`(${t.state} = 'PAID') = (${t.startDate} is not null and ${t.endDate} is not null and ${t.paidAt} is not null)`,
    ),
  ],
);

/**
 * A PT booking's state (§3, ADR 046): WAITPTCONFIRM (asked, 1033) → BOOKED (the trainer confirmed)
 * → COMPLETED; CANCELLED by the member while unconfirmed (1035); REJECTED by the trainer. A trial
 * session the club proposed waits in WAITCUSCONFIRM until the member accepts (BOOKED) or rejects
 * (REJECTED) it (ADR 048).
 */
export type PtBookingStatus =
  'WAITPTCONFIRM' | 'WAITCUSCONFIRM' | 'BOOKED' | 'COMPLETED' | 'NO_SHOW' | 'CANCELLED' | 'REJECTED';

/** Where a free session came from (ADR 048): a plan's first-14-days sessions, or the 1-day experience pass. */
export type FreeSessionSource = 'PLAN' | 'EXPERIENCE';

/**
 * One free (trial, experience) session a member may book with any trainer of a club between two
 * Vietnam days (§9, ADR 048). Granted in the transaction that pays the membership (or activates the
 * experience pass); once per account and source, whatever is paid later. Whether it is used is
 * its booking's state: a pt_bookings row names it.
 */
export const freeSessions = pgTable(
  'free_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    /** The membership (or the experience pass's gift contract) that gave it. */
    contractId: integer('contract_id').notNull(),
    source: text('source').$type<FreeSessionSource>().notNull(),
    /** 1, 2… among the sessions of one grant. */
    ordinal: smallint('ordinal').notNull(),
    validFrom: text('valid_from').notNull(),
    validUntil: text('valid_until').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('free_sessions_one_grant_idx').on(t.accountId, t.source, t.ordinal),
    index('free_sessions_club_idx').on(t.clubId),
    // The desk's waiting trials (GET /staff/today, /staff/trials): the sessions whose window has not
    // ended, a few weeks' grants, not every one a club ever gave.
    index('free_sessions_open_idx').on(t.validUntil, t.clubId),
    check('free_sessions_source_check', sql`${t.source} in ('PLAN', 'EXPERIENCE')`),
    check('free_sessions_window_check', sql`${t.validFrom} <= ${t.validUntil} and ${t.ordinal} between 1 and 10`),
  ],
);

/**
 * One session with a trainer. Times are kept three ways, each for a reader: the Vietnam day and the
 * minute after its 00:00 (what the member chose, `afterMinute`), the instants (what the pages print),
 * and whole minutes since 1970 (what the clash constraint compares). The trainer's clash is an
 * exclusion constraint written in the migration (drizzle cannot declare one): no two holding
 * bookings of one trainer overlap, whoever asks at the same moment.
 */
export const ptBookings = pgTable(
  'pt_bookings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The package the session comes from, or (a trial session, ADR 048) the free session it uses: exactly one. */
    ptContractId: integer('pt_contract_id').references(() => ptContracts.id),
    freeSessionId: integer('free_session_id').references(() => freeSessions.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    trainerAccountId: integer('trainer_account_id')
      .notNull()
      .references(() => ptTrainers.accountId),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    day: text('day').notNull(),
    afterMinute: smallint('after_minute').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    startEpochMinute: integer('start_epoch_minute').notNull(),
    endEpochMinute: integer('end_epoch_minute').notNull(),
    status: text('status').$type<PtBookingStatus>().notNull(),
    rating: smallint('rating'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pt_bookings_account_idx').on(t.accountId, t.startsAt),
    index('pt_bookings_trainer_idx').on(t.trainerAccountId, t.startsAt),
    index('pt_bookings_contract_idx').on(t.ptContractId),
    // 166: one session a Vietnam day per member (a completed or missed one counts, ADR 051).
    uniqueIndex('pt_bookings_one_a_day_idx')
      .on(t.accountId, t.day)
      .where(sql`${t.status} in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW')`),
    // A free session is used by one booking at a time (ADR 048); a missed one is used (ADR 051).
    uniqueIndex('pt_bookings_one_per_free_session_idx')
      .on(t.freeSessionId)
      .where(sql`${t.status} in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW')`),
    // 167: one trial session in the works per member.
    uniqueIndex('pt_bookings_one_open_trial_idx')
      .on(t.accountId)
      .where(sql`${t.freeSessionId} is not null and ${t.status} in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED')`),
    index('pt_bookings_free_session_idx').on(t.freeSessionId),
    check('pt_bookings_source_check', sql`num_nonnulls(${t.ptContractId}, ${t.freeSessionId}) = 1`),
    check(
      'pt_bookings_status_check',
      sql`${t.status} in ('WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW', 'CANCELLED', 'REJECTED')`,
    ),
    check(
      'pt_bookings_minutes_check',
      sql`${t.afterMinute} between 0 and 1439 and ${t.endEpochMinute} > ${t.startEpochMinute}`,
    ),
    check(
      'pt_bookings_rating_check',
      sql`${t.rating} is null or (${t.rating} between 1 and 5 and ${t.status} = 'COMPLETED')`,
    ),
  ],
);

/**
 * A paid PT contract's e-contract (issue 13 §2, ADR 047): the document as generated from the
 * versioned template (its exact text and SHA-256), then what signing kept (Law 20/2023): the mark
 * (a drawn PNG re-encoded, or the typed full name), the signer's account, phone and name, the time,
 * IP, user agent and OTP check, and the sealed PDF with its SHA-256.
 */
export const ptEContracts = pgTable(
  'pt_e_contracts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    ptContractId: integer('pt_contract_id')
      .notNull()
      .references(() => ptContracts.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    templateVersion: text('template_version').notNull(),
    lang: text('lang').$type<'vi' | 'en'>().notNull(),
    /** The document (title and sections) as JSON, and the SHA-256 of its text as shown. */
    document: text('document').notNull(),
    documentSha256: text('document_sha256').notNull(),
    status: text('status').$type<'UNSIGNED' | 'SIGNED'>().notNull(),
    signatureKind: text('signature_kind').$type<'drawn' | 'typed'>(),
    signatureImage: bytea('signature_image'),
    signerName: text('signer_name'),
    signerPhone: text('signer_phone'),
    signerIp: text('signer_ip'),
    signerUserAgent: text('signer_user_agent'),
    otpSentAt: timestamp('otp_sent_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    pdf: bytea('pdf'),
    pdfSha256: text('pdf_sha256'),
    sealFingerprint: text('seal_fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('pt_e_contracts_contract_idx').on(t.ptContractId),
    index('pt_e_contracts_account_idx').on(t.accountId),
    index('pt_e_contracts_pdf_idx').on(t.pdfSha256),
    check('pt_e_contracts_status_check', sql`${t.status} in ('UNSIGNED', 'SIGNED')`),
    check(
      'pt_e_contracts_signed_check',
      sql`(${t.status} = 'SIGNED') = (${t.signedAt} is not null and ${t.pdf} is not null and ${t.pdfSha256} is not null and ${t.signerName} is not null and ${t.signatureKind} is not null)`,
    ),
  ],
);

/** The chain's seal key made by the sandbox (production configures its own, ADR 047). */
export const eSealKeys = pgTable('e_seal_keys', {
  id: integer('id').primaryKey(),
  p12: bytea('p12').notNull(),
  passphrase: text('passphrase').notNull(),
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
});
