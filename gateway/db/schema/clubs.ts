import { boolean, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

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
    /** The club's receiving bank account for VietQR transfers (the BIN is in api/banks.ts). */
    bankBin: text('bank_bin'),
    bankAccountNumber: text('bank_account_number'),
    bankAccountName: text('bank_account_name'),
  },
  (t) => [index('clubs_city_idx').on(t.cityId)],
);
