import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { PlanType, PlanUnit } from '#api/membership.ts';
import { clubs } from './clubs.ts';

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
    originalPrice: bigint('original_price', { mode: 'number' }).notNull(),
    /** The club's own discount on the membership fee (VND). */
    planDiscount: bigint('plan_discount', { mode: 'number' }).notNull().default(0),
    joiningFee: bigint('joining_fee', { mode: 'number' }).notNull().default(0),
    /** The club's own discount on the joining fee (VND). */
    joiningFeeDiscount: bigint('joining_fee_discount', { mode: 'number' }).notNull().default(0),
    /** §9: free PT sessions to book in the membership's first 14 days (ADR 048); 0 for most plans. */
    freePtSessions: integer('free_pt_sessions').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    index('payment_plans_club_idx').on(t.clubId, t.sortOrder),
    check('payment_plans_free_pt_check', sql`${t.freePtSessions} between 0 and 10`),
  ],
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
  amountOff: bigint('amount_off', { mode: 'number' }),
  /** A cap on a percent discount (VND), or null. */
  maxDiscount: bigint('max_discount', { mode: 'number' }),
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
