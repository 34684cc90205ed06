import { sql } from 'drizzle-orm';
import type { Context, Hono } from 'hono';
import { routePath } from 'hono/route';
import { createMetrics, METRICS_CONTENT_TYPE } from '#api/metrics.ts';
import type { AppEnv, Deps } from '#gateway/http/context.ts';
import { ocrPoolStats } from '#gateway/modules/inbody/ocr-pool.ts';

// What an operator looks at (issue 41 §6, ADR 070): the gateway's /metrics in Prometheus format.
// Requests and job runs are counted process-wide (one registry, like a Prometheus client's default);
// the pool, the notice outbox and the OCR queue are read when scraped.

const processMetrics = createMetrics();
const requests = processMetrics.counter(
  'http_requests_total',
  'Requests answered, by method, route (the matched pattern) and status.',
);
const latency = processMetrics.histogram(
  'http_request_duration_seconds',
  'Time to answer a request, by method and route.',
);
const jobRuns = processMetrics.counter('job_runs_total', 'Runs of the interval jobs, by job.');
const jobFailures = processMetrics.counter('job_failures_total', 'Runs of the interval jobs that failed, by job.');

/** The route's pattern, not its path: /api/v1/member/contract/:id/payment, never one series per id. */
function routeOf(c: Context<AppEnv>) {
  const pattern = routePath(c, -1);
  return pattern.endsWith('*') ? 'unmatched' : pattern;
}

export function recordRequest(c: Context<AppEnv>, seconds: number) {
  const route = routeOf(c);
  requests.inc({ method: c.req.method, route, status: String(c.res.status) });
  latency.observe({ method: c.req.method, route }, seconds);
}

export function recordJobRun(job: string, failed: boolean) {
  jobRuns.inc({ job });
  if (failed) jobFailures.inc({ job });
}

/** GET /metrics on this app: the process's counters plus this app's pool, outbox and OCR queue. */
export function mountMetrics(app: Hono<AppEnv>, deps: Deps) {
  const read = createMetrics();
  read.gauge('db_pool_connections', 'Database pool connections, by state (in_use, idle).', () => {
    const stats = deps.poolStats?.();
    return stats
      ? [
          { labels: { state: 'in_use' }, value: stats.total - stats.idle },
          { labels: { state: 'idle' }, value: stats.idle },
        ]
      : [];
  });
  read.gauge('db_pool_waiting', 'Queries waiting for a pool connection.', () => {
    const stats = deps.poolStats?.();
    return stats ? [{ value: stats.waiting }] : [];
  });
  read.gauge(
    'notice_outbox_pending',
    'Notices not yet delivered (ADR 016), and the age in seconds of the oldest.',
    async () => {
      const result = await deps.db.execute(
        sql`select count(*)::int as n, extract(epoch from now() - min(created_at))::float8 as age from notice_outbox where status = 'pending'`,
      );
      const { rows } = result as unknown as { rows: { n: number; age: number | null }[] };
      return [
        { labels: { measure: 'count' }, value: rows[0]?.n ?? 0 },
        { labels: { measure: 'oldest_age_seconds' }, value: rows[0]?.age ?? 0 },
      ];
    },
  );
  read.gauge('ocr_queue', 'InBody OCR (ADR 042): sheets being read and waiting.', () => {
    const stats = ocrPoolStats();
    return [
      { labels: { state: 'running' }, value: stats.running },
      { labels: { state: 'waiting' }, value: stats.waiting },
    ];
  });
  app.get('/metrics', async (c) => {
    const text = (await processMetrics.render()) + (await read.render());
    return c.body(text, 200, { 'content-type': METRICS_CONTENT_TYPE });
  });
}
