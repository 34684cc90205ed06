import { afterAll, beforeAll, expect, test } from 'vitest';
import { recordJobRun } from '#gateway/metrics.ts';
import { warmGateway } from '#gateway/http/warm-up.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 41 §6 (ADR 070): GET /metrics answers in Prometheus text format and its counters move.

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
}, timeLimit(60_000));
afterAll(() => gw?.close());

const scrape = async () => {
  const res = await gw.app.request('/metrics');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return res.text();
};
/** The value of one series, 0 when it is not there yet. */
const value = (text: string, series: string) =>
  Number(
    text
      .split('\n')
      .find((l) => l.startsWith(`${series} `))
      ?.split(' ')[1] ?? 0,
  );

test('a request counts by its route pattern and status, with its latency; job runs and failures count; the gauges are there', async () => {
  const clubs = 'http_requests_total{method="GET",route="/api/v1/general/clubs",status="200"}';
  const before = await scrape();
  expect((await gw.call('GET', '/api/v1/general/clubs')).status).toBe(200);
  expect((await gw.call('GET', '/api/v1/general/clubs')).status).toBe(200);
  recordJobRun('test-job', false);
  recordJobRun('test-job', true);
  const after = await scrape();
  expect(value(after, clubs) - value(before, clubs)).toBe(2);
  expect(
    value(after, 'http_request_duration_seconds_count{method="GET",route="/api/v1/general/clubs"}'),
  ).toBeGreaterThanOrEqual(2);
  expect(after).toContain('http_request_duration_seconds_bucket{method="GET",route="/api/v1/general/clubs",le="+Inf"}');
  expect(value(after, 'job_runs_total{job="test-job"}') - value(before, 'job_runs_total{job="test-job"}')).toBe(2);
  expect(value(after, 'job_failures_total{job="test-job"}') - value(before, 'job_failures_total{job="test-job"}')).toBe(
    1,
  );
  expect(after).toMatch(/^notice_outbox_pending\{measure="count"\} \d+$/m);
  expect(after).toMatch(/^ocr_queue\{state="waiting"\} 0$/m);
  // A path that matched no route is one series, not one per path.
  await gw.call('GET', '/no/such/path/123');
  expect(await scrape()).toContain('route="unmatched",status="404"');
});

test("the process's own warm-up requests are not counted (ADR 088); the same read from a client is", async () => {
  const clubs = 'http_requests_total{method="GET",route="/api/v1/general/clubs",status="200"}';
  const before = await scrape();
  await warmGateway(gw.app, { rounds: 2, paths: ['/api/v1/general/clubs'] });
  expect(value(await scrape(), clubs)).toBe(value(before, clubs));
  await gw.app.request('/api/v1/general/clubs', { headers: { 'x-request-id': 'warm-up-request-from-outside' } });
  expect(value(await scrape(), clubs)).toBe(value(before, clubs) + 1);
});
