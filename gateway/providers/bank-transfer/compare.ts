import { createHash, timingSafeEqual } from 'node:crypto';

/** Equal strings in time that depends on neither their contents nor where they differ (lengths hidden by hashing). */
export function constantTimeEqual(a: string, b: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s, 'utf8').digest();
  return timingSafeEqual(digest(a), digest(b));
}
