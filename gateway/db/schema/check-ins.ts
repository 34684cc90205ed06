import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns.ts';
import { accounts } from './accounts.ts';
import { clubs } from './clubs.ts';

/**
 * A member device that draws check-in codes (issue 11, ADR 032): its public id goes into every code,
 * its 256-bit key signs them. At most 3 active per member; revoked ones stay for the visits that
 * name them.
 */
export const checkInDevices = pgTable(
  'check_in_devices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Public, random (base64url of 12 bytes): the code names its device by it. */
    deviceId: text('device_id').notNull(),
    key: bytea('key').notNull(),
    label: text('label').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('check_in_devices_device_id_key').on(t.deviceId),
    index('check_in_devices_active_idx')
      .on(t.accountId, t.createdAt)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/**
 * A visit: a code accepted at a club's door. A code (device, time step) enters once: the unique
 * index, not only a check, refuses the second scan of the same code.
 */
export const visits = pgTable(
  'visits',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    clubId: integer('club_id')
      .notNull()
      .references(() => clubs.id),
    /** The device whose code was scanned; null for a visit recorded otherwise (the demo history). */
    deviceId: integer('device_id').references(() => checkInDevices.id),
    timeStep: bigint('time_step', { mode: 'number' }).notNull(),
    staffAccountId: integer('staff_account_id').references(() => accounts.id),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('visits_code_key').on(t.deviceId, t.timeStep),
    index('visits_account_idx').on(t.accountId, sql`${t.checkedInAt} desc`),
    index('visits_club_time_idx').on(t.clubId, t.checkedInAt),
  ],
);
