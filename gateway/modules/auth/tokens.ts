import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '#gateway/db/client.ts';
import { authTokens } from '#gateway/db/schema/index.ts';
import { hashToken } from '#gateway/http/auth.ts';
import { tokenCacheFor } from '#gateway/http/token-cache.ts';

export const TOKEN_TTL_MS = 30 * 24 * 3_600_000;

/** 256 random bits; only the hash is stored. */
export const newSecret = () => randomBytes(32).toString('base64url');

export async function issueToken(db: Executor, accountId: number, now: Date) {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
  await db.insert(authTokens).values({ accountId, tokenHash: hashToken(token), expiresAt, createdAt: now });
  return { token, expiresAt: expiresAt.toISOString() };
}

export async function revokeToken(db: Executor, tokenId: number, now: Date) {
  await db
    .update(authTokens)
    .set({ revokedAt: now })
    .where(and(eq(authTokens.id, tokenId), isNull(authTokens.revokedAt)));
  // This process stops believing it now; other replicas within TOKEN_CACHE_MS (ADR 023).
  tokenCacheFor(db).forgetToken(tokenId);
}
