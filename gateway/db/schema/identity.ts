import { check, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { DocumentType } from '#api/identity-fields.ts';
import { createdAt } from './columns.ts';
import { accounts } from './accounts.ts';

/**
 * A member's verified identity (issue 16 §3, ADR 040): what the card or passport says, read from
 * photos that are not kept. One per account (the primary key), and one account per document
 * number (the unique index: §8 201).
 */
export const identityVerifications = pgTable(
  'identity_verifications',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    documentType: text('document_type').$type<DocumentType>().notNull(),
    idNumber: text('id_number').notNull().unique(),
    fullName: text('full_name').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    sex: text('sex').$type<'MALE' | 'FEMALE'>(),
    address: text('address'),
    /** null: the card does not expire. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** How it was read: "fpt.ai", "sandbox-qr", "sandbox-mrz", "sandbox-ocr". */
    method: text('method').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('identity_verifications_document_type', sql`${t.documentType} in ('ID_CARD', 'PASSPORT')`),
    check('identity_verifications_sex', sql`${t.sex} is null or ${t.sex} in ('MALE', 'FEMALE')`),
  ],
);
