import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { inLanes } from '#api/warm-up-lanes.ts';

/**
 * The request id of this process's own warm-up requests (ADR 088): unknown outside it, so no client
 * can hide its requests behind it. They are neither logged nor counted in the metrics (hundreds at
 * each start, among them the 401s of the member's read).
 */
export const WARM_UP_REQUEST_ID = `warm-up-${randomUUID()}`;

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

/**
 * A member's read with a token no one has: the bearer check and its statement run (answer 401),
 * the member's own statements come from `memberReads` (ADR 088).
 */
export const GATEWAY_WARM_UP_MEMBER_PATH = '/api/v1/member/home';
const NO_ONES_TOKEN = 'Bearer warm-up-token-that-no-session-has';

/**
 * Asks each path `rounds` times over, `lanes` rounds at a time (a replica's first seconds bring
 * many requests at once: the warm-up grows the heap and the connections' pools as they will be),
 * and runs `memberReads` once a round. A refusal counts as failed (a path renamed since; an empty
 * database has no club 1) and changes nothing else.
 */
export async function warmGateway(
  app: Pick<Hono, 'request'>,
  {
    rounds = 5,
    lanes = 1,
    paths = GATEWAY_WARM_UP_PATHS,
    memberReads,
  }: {
    rounds?: number;
    lanes?: number;
    paths?: readonly string[];
    memberReads?: () => Promise<unknown>;
  } = {},
) {
  const started = performance.now();
  let failed = 0;
  let sent = 0;
  const ask = async (path: string, headers: Record<string, string>, expected: (status: number) => boolean) => {
    sent++;
    try {
      const res = await app.request(path, { headers: { 'x-request-id': WARM_UP_REQUEST_ID, ...headers } });
      await res.arrayBuffer();
      if (!expected(res.status)) failed++;
    } catch {
      failed++;
    }
  };
  await inLanes({ rounds, lanes }, async () => {
    for (const path of paths) await ask(path, {}, (status) => status < 400);
    if (memberReads) {
      await ask(GATEWAY_WARM_UP_MEMBER_PATH, { authorization: NO_ONES_TOKEN }, (status) => status === 401);
      sent++;
      await memberReads().catch(() => failed++);
    }
  });
  return { ms: performance.now() - started, sent, failed };
}
