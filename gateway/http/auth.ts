import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AccountType } from '#api/account.ts';
import { Codes } from '#api/codes.ts';
import { accounts, authTokens } from '#gateway/db/schema/index.ts';
import type { AppEnv, CurrentAccount } from './context.ts';
import { ApiError } from './errors.ts';
import { tokenCacheFor } from './token-cache.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sessionExpired = () => new ApiError(401, Codes.SESSION_EXPIRED);

/** The account behind a bearer header, or null when it is missing, unknown, expired or revoked. */
async function accountFromHeader(c: Context<AppEnv>): Promise<CurrentAccount | null | undefined> {
  const header = c.req.header('authorization');
  if (header === undefined) return undefined;
  const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
  if (!match) return null;
  const { db, clock } = c.get('deps');
  const tokenHash = hashToken(match[1]);
  const now = clock.now();
  const cache = tokenCacheFor(db);
  const cached = cache.get(tokenHash, now.getTime());
  if (cached) return cached;
  const [row] = await db
    .select({
      tokenId: authTokens.id,
      id: accounts.id,
      accountType: accounts.accountType,
      expiresAt: authTokens.expiresAt,
    })
    .from(authTokens)
    .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
    .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, now)))
    .limit(1);
  if (!row) return null;
  const account: CurrentAccount = { tokenId: row.tokenId, id: row.id, accountType: row.accountType };
  cache.set(tokenHash, account, row.expiresAt, now.getTime());
  return account;
}

/** Bearer auth: a missing, unknown, expired or revoked token is 401 with code -1. */
export const requireAccount = (allowed: readonly AccountType[] = ['MEMBER']) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const row = await accountFromHeader(c);
    if (!row) throw sessionExpired();
    if (!allowed.includes(row.accountType)) throw new ApiError(403, Codes.FORBIDDEN);
    c.set('account', row);
    await next();
  });

/**
 * Bearer optional (public reads that are personal when signed in, e.g. plan prices): no header →
 * anonymous; a bad or expired token → 401 like everywhere, so the web app learns the session ended;
 * a non-member account reads as anonymous.
 */
export const optionalAccount = () =>
  createMiddleware<AppEnv>(async (c, next) => {
    const row = await accountFromHeader(c);
    if (row === null) throw sessionExpired();
    c.set('maybeAccount', row && row.accountType === 'MEMBER' ? row : null);
    await next();
  });
