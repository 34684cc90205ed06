import { createHash, timingSafeEqual } from 'node:crypto';

/** The header in which the web server proves it is the web server (GATEWAY_INTERNAL_SECRET). */
export const INTERNAL_SECRET_HEADER = 'x-internal-secret';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether a request carries the shared secret; without a configured secret nobody is believed. */
export function fromWebServer(presented: string | undefined, secret: string | undefined): boolean {
  if (!secret || !presented) return false;
  // Equal-length digests: the comparison takes the same time whatever was sent.
  return timingSafeEqual(digest(presented), digest(secret));
}
