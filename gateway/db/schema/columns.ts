import { customType, timestamp } from 'drizzle-orm/pg-core';

/** Binary columns as Buffers on both drivers (PGlite gives Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
