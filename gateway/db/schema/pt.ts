import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';
import { clubs } from './clubs.ts';

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
  (t) => [check('pt_trainers_rating_check', sql`${t.ratingSum} >= ${t.ratingCount} and ${t.ratingSum} <= 5 * ${t.ratingCount}`)],
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
    check('pt_working_hours_minutes_check', sql`${t.startMinute} >= 0 and ${t.startMinute} < ${t.endMinute} and ${t.endMinute} <= 1440`),
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
    price: integer('price').notNull(),
    isSilver: boolean('is_silver').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: smallint('sort_order').notNull().default(0),
  },
  (t) => [index('pt_packages_club_idx').on(t.clubId), check('pt_packages_positive_check', sql`${t.sessions} > 0 and ${t.validityDays} > 0 and ${t.price} > 0`)],
);
