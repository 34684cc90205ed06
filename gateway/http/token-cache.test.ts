import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { authTokens } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { TOKEN_CACHE_MS, TokenCache } from './token-cache.ts';

describe('TokenCache (ADR 023)', () => {
  const account = { id: 7, accountType: 'MEMBER' as const, tokenId: 70 };
  test('answers for TOKEN_CACHE_MS, never past the token’s own end, and forgets a revoked token', () => {
    const cache = new TokenCache();
    cache.set('h', account, new Date(1_000_000), 0);
    expect(cache.get('h', TOKEN_CACHE_MS - 1)).toEqual(account);
    expect(cache.get('h', TOKEN_CACHE_MS)).toBeUndefined();
    cache.set('h', account, new Date(100), 0);
    expect(cache.get('h', 100)).toBeUndefined();
    cache.set('h', account, new Date(1_000_000), 0);
    cache.forgetToken(70);
    expect(cache.get('h', 1)).toBeUndefined();
  });
  test('holds at most 10 000 tokens, the oldest out first', () => {
    const cache = new TokenCache();
    for (let i = 0; i < 10_001; i++) cache.set(`h${String(i)}`, { ...account, tokenId: i }, new Date(1e12), 0);
    expect(cache.size).toBe(10_000);
    expect(cache.get('h0', 1)).toBeUndefined();
    expect(cache.get('h10000', 1)?.tokenId).toBe(10_000);
  });
});

describe('a cached token over HTTP', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());

  test('a logout here is refused at once', async () => {
    const { token } = await gw.signUp();
    expect((await gw.call('GET', '/api/v1/auth/profile', { token })).status).toBe(200);
    expect((await gw.call('POST', '/api/v1/auth/logout', { token })).status).toBe(200);
    expect((await gw.call('GET', '/api/v1/auth/profile', { token })).status).toBe(401);
  });

  test('a revocation by another replica (the database alone) holds within TOKEN_CACHE_MS', async () => {
    const { token, profile } = await gw.signUp();
    expect((await gw.call('GET', '/api/v1/auth/profile', { token })).status).toBe(200);
    await gw.db
      .update(authTokens)
      .set({ revokedAt: gw.clock.now() })
      .where(eq(authTokens.accountId, profile.id as number));
    gw.clock.advance(TOKEN_CACHE_MS);
    expect((await gw.call('GET', '/api/v1/auth/profile', { token })).status).toBe(401);
  });
});
