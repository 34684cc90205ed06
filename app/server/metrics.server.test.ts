import type { AddressInfo } from 'node:net';
import express from 'express';
import { expect, test } from 'vitest';
import { mountMetrics, routeOf } from './metrics.server.ts';

// Issue 41 §6 (ADR 070): the web server's /metrics, in Prometheus text format, counts each request
// by its route with ids folded.

test('ids and hashed assets fold into one route each', () => {
  expect(routeOf('/membership/payment/123')).toBe('/membership/payment/:id');
  expect(routeOf('/assets/entry.client-Bx12.js')).toBe('/assets/*');
  expect(routeOf('/home/check-in')).toBe('/home/check-in');
});

test('GET /metrics answers and the counter of a page moves', async () => {
  const app = express();
  mountMetrics(app);
  app.get('/membership/payment/:id', (_req, res) => {
    res.send('ok');
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${String((server.address() as AddressInfo).port)}`;
  try {
    const series = 'http_requests_total{method="GET",route="/membership/payment/:id",status="200"}';
    const value = (text: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`${series} `))
          ?.split(' ')[1] ?? 0,
      );
    const scrape = async () => {
      const res = await fetch(`${base}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.text();
    };
    const before = value(await scrape());
    await (await fetch(`${base}/membership/payment/41`)).text();
    await (await fetch(`${base}/membership/payment/42`)).text();
    const after = await scrape();
    expect(value(after) - before).toBe(2);
    expect(after).toContain(
      'http_request_duration_seconds_bucket{method="GET",route="/membership/payment/:id",le="+Inf"}',
    );
  } finally {
    server.close();
  }
});
