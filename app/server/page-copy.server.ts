import { createHmac } from 'node:crypto';
import { COPY_OWNER_HEADER, PUBLIC_OWNER } from './copy-owner.ts';
import { webConfig } from './config.server.ts';

/**
 * ADR 067: whose copy the service worker may keep of this page. `public` for a signed-out visitor;
 * for a member, a keyed hash of the account (the session secret keys it), the same on every page of
 * theirs and for no one else: it tells the worker whose copies it holds, without naming the member
 * or unlocking anything (the token never leaves the session cookie). The staff area's pages carry
 * none, so they are never kept.
 */
export function copyOwner(pathname: string, accountId: number | undefined): string | null {
  if (pathname === '/staff' || pathname.startsWith('/staff/') || pathname.startsWith('/staff.')) return null;
  if (accountId === undefined) return PUBLIC_OWNER;
  let owner = owners.get(accountId);
  if (owner === undefined) {
    // Every page of a member's asks again: an HMAC each time was 1 % of the web server's CPU on /home.
    if (owners.size >= KNOWN_OWNERS) owners.clear();
    owner = createHmac('sha256', webConfig.sessionSecrets[0] ?? '')
      .update(`page-copy:${String(accountId)}`)
      .digest('base64url')
      .slice(0, 22);
    owners.set(accountId, owner);
  }
  return owner;
}

/** The members' owners worked out since the start (or since the list last filled up). */
const owners = new Map<number, string>();
const KNOWN_OWNERS = 50_000;

export function setCopyOwner(request: Request, response: Response, accountId: number | undefined) {
  const owner = copyOwner(new URL(request.url).pathname, accountId);
  if (owner !== null) response.headers.set(COPY_OWNER_HEADER, owner);
}
