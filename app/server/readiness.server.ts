import { randomUUID } from 'node:crypto';
import { inLanes } from '#api/warm-up-lanes.ts';
/**
 * Readiness of a server for the load balancer (ADR 053, 068): `warming` from the start until what
 * the first requests need is prepared, `ready` then, `draining` from the moment it stops. /readyz
 * answers 200 only when ready, so a replica that joins the balancer in a rolling deploy gets
 * traffic once its first requests are as fast as the later ones.
 */
export type ReadyState = 'warming' | 'ready' | 'draining';

export function readiness() {
  let state: ReadyState = 'warming';
  return {
    state: () => state,
    /** Warm: ready, unless it started stopping meanwhile. */
    ready() {
      if (state === 'warming') state = 'ready';
    },
    drain() {
      state = 'draining';
    },
  };
}

/** What /readyz answers in a state. */
export const readyzAnswer = (state: ReadyState) => ({ status: state === 'ready' ? 200 : 503, body: { status: state } });

export type WarmUpRequest = { method?: 'GET' | 'POST'; path: string; headers?: Record<string, string>; body?: string };

/**
 * Sends `requests` to the server itself, `rounds` times over, one after another: the route
 * matching, the middleware, the strings parts, React's rendering and the code behind them run
 * (and are compiled) before a member's request needs them. A request may depend on the answer of
 * the one before (`cookieFrom`: the Set-Cookie of the previous answer is sent on). Gives up after
 * `timeoutMs` in all: a server that cannot warm up is still better serving than never ready.
 */
export async function warmUp({
  origin,
  requests,
  rounds,
  lanes = 1,
  timeoutMs,
  fetchImpl = fetch,
}: {
  origin: string;
  requests: readonly WarmUpRequest[];
  rounds: number;
  /** How many rounds run at a time (ADR 088): a replica's first seconds bring many requests at once. */
  lanes?: number;
  timeoutMs: number;
  fetchImpl?: typeof fetch;
}): Promise<{ ms: number; sent: number; failed: number; timedOut: boolean }> {
  const started = performance.now();
  const deadline = started + timeoutMs;
  let sent = 0;
  let failed = 0;
  let timedOut = false;
  await inLanes(
    { rounds, lanes },
    async () => {
      let cookie = '';
      for (const request of requests) {
        if (performance.now() > deadline) {
          timedOut = true;
          return;
        }
        sent++;
        try {
          const res = await fetchImpl(new URL(request.path, origin), {
            method: request.method ?? 'GET',
            headers: { ...request.headers, ...(cookie && { Cookie: cookie }) },
            body: request.body,
            redirect: 'manual',
            signal: AbortSignal.timeout(Math.max(1, Math.ceil(deadline - performance.now()))),
          });
          await res.arrayBuffer();
          const set = res.headers.getSetCookie().map((c) => c.split(';')[0]);
          if (set.length) cookie = set.join('; ');
          if (res.status >= 400) failed++;
        } catch {
          failed++;
        }
      }
    },
    () => timedOut,
  );
  return { ms: performance.now() - started, sent, failed, timedOut };
}

/**
 * The request id of this process's own warm-up requests (ADR 088): unknown outside it, so no client
 * can keep its requests out of the access log with it. They are not logged (hundreds at each start).
 */
export const WARM_UP_REQUEST_ID = `warm-up-${randomUUID()}`;

/** A phone's navigation, as the platform gate lets it through (ADR 008). */
const PHONE = {
  'User-Agent':
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  Accept: 'text/html',
  'Accept-Encoding': 'gzip, br',
  'Sec-Fetch-Dest': 'document',
  'X-Request-Id': WARM_UP_REQUEST_ID,
};

/**
 * The web server's warm-up: the pages a visitor opens first in both languages, a signed-out /home
 * (its route, the session middleware, the redirect), and a data request.
 */
export function webWarmUpRequests(origin: string): WarmUpRequest[] {
  const pages = ['/landing', '/login', '/home', '/membership', '/login.data'];
  return [
    ...pages.map((path) => ({ path, headers: PHONE })),
    // The English strings: the language form sets it in the session, the pages after it use it.
    {
      method: 'POST',
      path: '/language',
      headers: { ...PHONE, Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'lang=en&redirectTo=%2Flanding',
    },
    ...pages.map((path) => ({ path, headers: PHONE })),
  ];
}
