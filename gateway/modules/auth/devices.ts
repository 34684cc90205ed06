import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Executor } from '#gateway/db/client.ts';
import { trustedDevices } from '#gateway/db/schema/index.ts';
import { hashToken } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { newSecret } from './tokens.ts';

/** The web server passes the device cookie's token in this header on OTP send and check (ADR 017). */
const DEVICE_TOKEN_HEADER = 'x-device-token';

export const deviceTokenOf = (c: Context<AppEnv>) => c.req.header(DEVICE_TOKEN_HEADER)?.trim() || undefined;

/** A device that signed this account in before; any other token is an unknown device. */
export async function knownDevice(db: Executor, token: string | undefined, accountId: number | undefined) {
  if (!token || accountId === undefined) return undefined;
  const [row] = await db
    .select({ id: trustedDevices.id })
    .from(trustedDevices)
    .where(and(eq(trustedDevices.tokenHash, hashToken(token)), eq(trustedDevices.accountId, accountId)));
  return row?.id;
}

/** Remembers the device of a successful sign-in; only the hash is stored. */
export async function trustDevice(db: Executor, accountId: number, now: Date) {
  const token = newSecret();
  await db.insert(trustedDevices).values({ accountId, tokenHash: hashToken(token), lastUsedAt: now });
  return token;
}

export async function touchDevice(db: Executor, deviceId: number, now: Date) {
  await db.update(trustedDevices).set({ lastUsedAt: now }).where(eq(trustedDevices.id, deviceId));
}
