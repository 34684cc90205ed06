import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Settings staff can change without a release (app version, contact texts…). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  valueVi: text('value_vi').notNull(),
  valueEn: text('value_en').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ContentSection = { headingVi: string; headingEn: string; bodyVi: string; bodyEn: string };

/** Terms, about and the support FAQ: texts staff edit without a release. */
export const contentPages = pgTable('content_pages', {
  slug: text('slug').primaryKey(),
  titleVi: text('title_vi').notNull(),
  titleEn: text('title_en').notNull(),
  sections: jsonb('sections').$type<ContentSection[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
