import type { CurrentAccount } from './context.ts';

// ADR 023: every member request proves its bearer token against auth_tokens. A signed-in page makes
// several calls within a second; each used to pay one indexed query for it. The answer is kept in
// this process for a few seconds: a logout here forgets it at once; on another replica a revoked
// token may still pass for at most TOKEN_CACHE_MS (the trade-off the ADR accepts). Expiry is
// checked on every hit against the token's own end.

export const TOKEN_CACHE_MS = 5_000;
const MAX_ENTRIES = 10_000;

type Entry = { account: CurrentAccount; tokenExpiresAt: number; until: number };

export class TokenCache {
  readonly #entries = new Map<string, Entry>();

  get(tokenHash: string, now: number): CurrentAccount | undefined {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return undefined;
    if (entry.until <= now || entry.tokenExpiresAt <= now) {
      this.#entries.delete(tokenHash);
      return undefined;
    }
    return entry.account;
  }

  set(tokenHash: string, account: CurrentAccount, tokenExpiresAt: Date, now: number) {
    // Oldest first out: a Map iterates in insertion order.
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    this.#entries.set(tokenHash, { account, tokenExpiresAt: tokenExpiresAt.getTime(), until: now + TOKEN_CACHE_MS });
  }

  /** A revoked token: gone from this process at once. */
  forgetToken(tokenId: number) {
    for (const [hash, entry] of this.#entries) if (entry.account.tokenId === tokenId) this.#entries.delete(hash);
  }

  get size() {
    return this.#entries.size;
  }
}

/** One cache per database: the test suites run many gateways, each on its own database, in one process. */
const caches = new WeakMap<object, TokenCache>();
export function tokenCacheFor(db: object): TokenCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new TokenCache()));
  return cache;
}
