import { check, doublePrecision, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FatBodyMass, InbodyDetection, LeanBodyMass } from '#api/inbody.ts';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { mediaFiles } from './media.ts';

/**
 * A member's InBody results (issue 14, ADR 042). A detected sheet is a DRAFT until the member
 * confirms it (PUT update): only CONFIRMED rows are history. The photo is a private media file
 * (kind "inbody"), served only to its owner.
 */
export const inbodyRecords = pgTable(
  'inbody_records',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').$type<'DRAFT' | 'CONFIRMED'>().notNull(),
    photoId: text('photo_id').references(() => mediaFiles.id, { onDelete: 'set null' }),
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    weight: doublePrecision('weight'),
    skeletalMuscleMass: doublePrecision('skeletal_muscle_mass'),
    percentBodyFat: doublePrecision('percent_body_fat'),
    bodyFatMass: doublePrecision('body_fat_mass'),
    score: doublePrecision('score'),
    totalBodyWater: doublePrecision('total_body_water'),
    protein: doublePrecision('protein'),
    minerals: doublePrecision('minerals'),
    leanBodyMass: jsonb('lean_body_mass').$type<LeanBodyMass>().notNull(),
    fatBodyMass: jsonb('fat_body_mass').$type<FatBodyMass>(),
    /** What the reader made of the sheet (confidence per field, layout, warnings); null for a record typed in. */
    reading: jsonb('reading').$type<Omit<InbodyDetection, 'record'>>(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('inbody_records_account_status_measured').on(t.accountId, t.status, t.measuredAt),
    check('inbody_records_status', sql`${t.status} in ('DRAFT', 'CONFIRMED')`),
    // A confirmed record has the three values §5 bounds (the member typed or accepted them).
    check(
      'inbody_records_confirmed_values',
      sql`${t.status} = 'DRAFT' or (${t.weight} between 30 and 250 and ${t.skeletalMuscleMass} between 10 and 50 and ${t.percentBodyFat} between 3 and 65 and ${t.confirmedAt} is not null)`,
    ),
  ],
);
