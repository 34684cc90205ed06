import type { Express, NextFunction, Request, Response } from 'express';
import { createMetrics, METRICS_CONTENT_TYPE } from '#api/metrics.ts';

// The web server's /metrics (issue 41 §6, ADR 070), in the gateway's format: requests by method,
// route and status with latency histograms. A page's route is its path with ids folded
// (/membership/payment/123 → /membership/payment/:id), the hashed assets one route, so the series
// stay few. HAProxy does not forward /metrics from outside (deploy/cluster/haproxy.cfg).

const metrics = createMetrics();
const requests = metrics.counter('http_requests_total', 'Requests answered, by method, route (ids folded) and status.');
const latency = metrics.histogram('http_request_duration_seconds', 'Time to answer a request, by method and route.');

export function routeOf(path: string): string {
  if (path.startsWith('/assets/')) return '/assets/*';
  return path
    .split('/')
    .map((part) => (/^\d+$/.test(part) || /^[0-9a-f-]{16,}$/i.test(part) || /^[\w-]{22,}$/.test(part) ? ':id' : part))
    .join('/');
}

/** Counts every request when it has been answered, and answers GET /metrics. */
export function mountMetrics(app: Express) {
  app.use((req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once('finish', () => {
      const route = res.statusCode === 404 ? 'unmatched' : routeOf(req.path);
      requests.inc({ method: req.method, route, status: String(res.statusCode) });
      latency.observe({ method: req.method, route }, (performance.now() - started) / 1000);
    });
    next();
  });
  app.get('/metrics', (_req: Request, res: Response) => {
    void metrics.render().then((text) => res.set('Cache-Control', 'no-store').type(METRICS_CONTENT_TYPE).send(text));
  });
}
