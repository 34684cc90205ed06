import type { Hono } from 'hono';

/**
 * The reads the web server's first pages ask for without a member (the landing, the clubs and
 * their busyness on /home, the plans, the version the update prompt reads): asked of the app
 * itself, in process, before /readyz says ready (ADR 068), so their code is compiled and their
 * prepared statements are prepared on the database connection(s) before a member waits on them.
 */
export const GATEWAY_WARM_UP_PATHS = Object.freeze([
  '/api/v1/general/version',
  '/api/v1/general/city/have-clubs',
  '/api/v1/general/clubs',
  '/api/v1/general/clubs/busyness',
  '/api/v1/general/club/1/detail',
  '/api/v1/global/club/1/payment-plans',
  '/api/v1/global/plan-benefits',
]);

/** Asks each path `rounds` times over, one after another. A refusal counts as failed (a path renamed since; an empty database has no club 1) and changes nothing else. */
export async function warmGateway(
  app: Pick<Hono, 'request'>,
  { rounds = 5, paths = GATEWAY_WARM_UP_PATHS }: { rounds?: number; paths?: readonly string[] } = {},
) {
  const started = performance.now();
  let failed = 0;
  for (let round = 0; round < rounds; round++) {
    for (const path of paths) {
      try {
        const res = await app.request(path, { headers: { 'x-request-id': 'warm-up-request' } });
        await res.arrayBuffer();
        if (res.status >= 400) failed++;
      } catch {
        failed++;
      }
    }
  }
  return { ms: performance.now() - started, sent: rounds * paths.length, failed };
}
