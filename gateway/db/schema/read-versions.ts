import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * How many times what a cached read shows has changed (ADR 056): `contracts:<account id>` for a
 * member's contract rows (their payments, unbooked money, freezes, gift), `catalog` for the clubs,
 * plans and coupon codes those rows name. Database triggers count every committed change in the
 * change's own transaction, so a read that finds the version it cached with may use what it cached.
 */
export const readVersions = pgTable('read_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
