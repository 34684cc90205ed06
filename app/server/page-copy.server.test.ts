import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { copyOwner } from './page-copy.server.ts';

test("ADR 067: a member's pages name the same owner, another member's another; signed out is public; the staff area none", () => {
  const a = copyOwner('/home', 41);
  expect(a).toMatch(/^[\w-]{22}$/);
  expect(copyOwner('/account', 41)).toBe(a);
  expect(copyOwner('/home', 42)).not.toBe(a);
  // Keyed by the session secret: not a plain hash of the account number anyone could recompute.
  expect(a).not.toBe(createHash('sha256').update('page-copy:41').digest('base64url').slice(0, 22));
  expect(copyOwner('/login', undefined)).toBe('public');
  for (const path of ['/staff', '/staff/login', '/staff/scanner', '/staff.data'])
    expect(copyOwner(path, 41), path).toBeNull();
  expect(copyOwner('/staffing', 41)).toBe(a);
});
