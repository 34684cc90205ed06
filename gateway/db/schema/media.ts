import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';

export const mediaFiles = pgTable('media_files', {
  // 128-bit random id: the name is unguessable, never the uploaded file name.
  id: text('id').primaryKey(),
  ownerAccountId: integer('owner_account_id').notNull(),
  kind: text('kind').notNull(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});
