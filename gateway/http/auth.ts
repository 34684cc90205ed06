import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { AccountType } from '#contract/account.ts';
import { Codes } from '#contract/codes.ts';
import { accounts, authTokens } from '#gateway/db/schema.ts';
import type { AppEnv } from './context.ts';
import { ApiError } from './errors.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const sessionExpired = () => new ApiError(401, Codes.SESSION_EXPIRED);

/** Bearer auth: a missing, unknown, expired or revoked token is 401 with code -1. */
export const requireAccount = (allowed: readonly AccountType[] = ['MEMBER']) =>
  createMiddleware<AppEnv>(async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const match = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(header);
    if (!match) throw sessionExpired();
    const { db, clock } = c.get('deps');
    const [row] = await db
      .select({ tokenId: authTokens.id, id: accounts.id, accountType: accounts.accountType })
      .from(authTokens)
      .innerJoin(accounts, eq(accounts.id, authTokens.accountId))
      .where(
        and(
          eq(authTokens.tokenHash, hashToken(match[1])),
          isNull(authTokens.revokedAt),
          gt(authTokens.expiresAt, clock.now()),
        ),
      )
      .limit(1);
    if (!row) throw sessionExpired();
    if (!allowed.includes(row.accountType)) throw new ApiError(403, Codes.FORBIDDEN);
    c.set('account', row);
    await next();
  });
