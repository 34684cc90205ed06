/**
 * Whose copy a page may be (the server says it on every page it lets the worker keep): `public`
 * for a signed-out visitor, else a keyed hash of the member's account (page-copy.server.ts) that
 * names no one and unlocks nothing. A page without it (the staff area) is never kept. Read by the
 * service worker too (shell/sw-logic.ts).
 */
export const COPY_OWNER_HEADER = 'x-copy-owner';
export const PUBLIC_OWNER = 'public';
