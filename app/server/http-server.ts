import { randomUUID } from 'node:crypto';
import { realpathSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { ServerBuild } from 'react-router';
import { WARM_UP_LANES } from '#api/warm-up-lanes.ts';
import { platformGate } from './platform-gate.server.ts';
import { baseSecurityHeaders, sandboxDemo } from './security.server.ts';
import { buildDir as buildDirOf } from './build-dir.server.ts';
import { GZIP_LEVEL } from './document-encoding.server.ts';
import { webLogger } from './log.server.ts';
import { mountMetrics } from './metrics.server.ts';
import { brotliCopies, serveBrotli } from './precompressed.server.ts';
import { readiness, readyzAnswer, WARM_UP_REQUEST_ID, warmUp, webWarmUpRequests } from './readiness.server.ts';

const buildDir = buildDirOf();
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const secure = (process.env.PUBLIC_URL ?? '').startsWith('https://');
/**
 * Express `trust proxy` from TRUST_PROXY. Unset: no proxy is trusted, so X-Forwarded-For from a
 * client never picks its own address (issue 9). Behind a load balancer, give the hops to trust
 * (a number) or its addresses ('loopback', '10.0.0.0/8', …).
 */
export function trustProxySetting(value: string | undefined): boolean | number | string {
  const v = value?.trim();
  if (!v || v === 'false') return false;
  if (v === 'true') return true;
  return /^\d+$/.test(v) ? Number(v) : v;
}
const trustProxy = trustProxySetting(process.env.TRUST_PROXY);
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 10_000);
const shutdownDelayMs = Number(process.env.SHUTDOWN_DELAY_MS ?? 0);
/** WARM_UP_ROUNDS: how many times the warm-up sends its requests before /readyz says ready (0: ready at once). */
const warmUpRounds = Number(process.env.WARM_UP_ROUNDS ?? 40);

const unsafeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Non-GET requests from another origin are refused here, for actions and resource routes
 * alike (React Router's own check covers actions only).
 */
export function isCrossOrigin(req: Pick<Request, 'method' | 'headers' | 'protocol'>): boolean {
  if (!unsafeMethods.has(req.method)) return false;
  const origin = req.headers.origin;
  if (origin) {
    // Behind several proxies the header is a list: the first entry is what the browser asked for.
    const forwarded = req.headers['x-forwarded-host'];
    const hostHeader = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim() || req.headers.host;
    try {
      return new URL(origin).host !== hostHeader;
    } catch {
      return true;
    }
  }
  return req.headers['sec-fetch-site'] === 'cross-site';
}

/** Forms and JSON of this app are a few KB; the avatar form (multipart) bounds its own upload (upload.server.ts). */
export const MAX_FORM_BYTES = 64 * 1024;

/** A non-multipart write that announces a body larger than any form of the app: refused before it is read. */
export function isOversizedBody(req: Pick<Request, 'method' | 'headers'>): boolean {
  if (!unsafeMethods.has(req.method)) return false;
  if ((req.headers['content-type'] ?? '').startsWith('multipart/form-data')) return false;
  return Number(req.headers['content-length'] ?? 0) > MAX_FORM_BYTES;
}

/** A request's id: the balancer's (or a client's) when well formed, as the gateway accepts it, else a new one. */
export function requestIdOf(incoming: string | string[] | undefined): string {
  return typeof incoming === 'string' && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
}

async function main() {
  const serverBuildUrl = pathToFileURL(path.join(buildDir, 'server/index.js')).href;
  const build = (await import(serverBuildUrl)) as ServerBuild;
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', trustProxy);
  // Everything but the pages, which entry.server gzips itself and this leaves as they are (ADR
  // 058), at the same level (ADR 025).
  app.use(compression({ level: GZIP_LEVEL }));

  // Readiness for the load balancer: 503 while the server warms up (ADR 068) and from the moment
  // the process is stopping (SIGTERM). It does not ask the gateway: a gateway outage must not take
  // every web replica out (the pages answer 503 themselves then, ADR 015). /healthz (a route) says
  // only that the process serves pages.
  const ready = readiness();
  let draining = false;
  // WEB_ACCESS_LOG=off silences the per-request lines (a benchmark's baseline).
  const accessLog = process.env.WEB_ACCESS_LOG !== 'off';
  mountMetrics(app); // /metrics and the request counts (ADR 070)
  app.get('/readyz', (_req: Request, res: Response) => {
    const { status, body } = readyzAnswer(ready.state());
    res.set('Cache-Control', 'no-store');
    res.status(status).json(body);
  });

  const securityHeaders = baseSecurityHeaders(secure);
  app.use((req: Request, res: Response, next: NextFunction) => {
    res.set(securityHeaders);
    // Draining: the browser's or balancer's next request opens a connection elsewhere.
    if (draining) res.set('Connection', 'close');
    if (isCrossOrigin(req)) {
      res.status(403).type('text/plain').send('Cross-origin request refused');
      return;
    }
    if (isOversizedBody(req)) {
      res.status(413).type('text/plain').send('Request body too large');
      return;
    }
    // The gateway counts OTP sends per client address: it must be the member's, never a header they sent.
    req.headers['x-client-ip'] = req.ip ?? '';
    // One id from the balancer through this server into the gateway's log (gatewayClient passes it on).
    const requestId = requestIdOf(req.headers['x-request-id']);
    req.headers['x-request-id'] = requestId;
    res.set('x-request-id', requestId);
    if (accessLog && !req.path.startsWith('/assets/') && requestId !== WARM_UP_REQUEST_ID) {
      const started = performance.now();
      // One line per page or form request (not the hashed assets): what the gateway logs, with the same id.
      res.once('finish', () =>
        webLogger.info(
          {
            requestId,
            method: req.method,
            path: req.path,
            status: res.statusCode,
            ms: Math.round(performance.now() - started),
          },
          'request',
        ),
      );
    }
    next();
  });

  // Pages set their own nonce CSP (entry.server.tsx); static files need nothing beyond this.
  const staticCsp = (res: Response) =>
    res.set('Content-Security-Policy', "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'");
  const pwaHeaders = (res: Response, file: string) => {
    staticCsp(res);
    // The brotli copy of a file (ADR 068) is that file.
    const name = path.basename(file).replace(/\.br$/, '');
    // ADR 009: the worker, the manifest and the offline page are revalidated on every fetch,
    // so a release reaches installed apps at once (the worker's precache versions the rest).
    if (name === 'sw.js' || name === 'manifest.webmanifest' || name === 'offline.html')
      res.set('Cache-Control', 'no-cache');
    // A worker runs under the CSP it was served with: it must be allowed to fetch this origin.
    if (name === 'sw.js') res.set('Content-Security-Policy', "default-src 'self'; frame-ancestors 'none'");
  };
  // Brotli copies written at build time go to browsers that take br (ADR 068).
  app.use(serveBrotli(brotliCopies(path.join(buildDir, 'client'))));
  app.use(
    '/assets',
    express.static(path.join(buildDir, 'client/assets'), {
      immutable: true,
      maxAge: '1y',
      index: false,
      setHeaders: staticCsp,
    }),
  );
  // Only a path with a file extension can be a file here: pages skip the disk lookup.
  const publicFiles = express.static(path.join(buildDir, 'client'), {
    maxAge: '1h',
    index: false,
    setHeaders: pwaHeaders,
  });
  app.use((req: Request, res: Response, next: NextFunction) =>
    path.extname(req.path) ? publicFiles(req, res, next) : next(),
  );
  // Desktops get only a notice, in-app browsers one try at the system browser (ADR 008).
  app.use(platformGate({ publicUrl: process.env.PUBLIC_URL || undefined, secure, sandbox: sandboxDemo() }));
  app.all('*splat', createRequestHandler({ build, mode: process.env.NODE_ENV ?? 'production' }));

  const server = app.listen(port, host, () => {
    webLogger.info({ url: `http://${host}:${port}` }, 'web listening');
    // Warm before ready (ADR 068): the first pages asked of this process, a few times over, then /readyz says 200.
    const { port: listening } = server.address() as AddressInfo;
    const origin = `http://${host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host}:${String(listening)}`;
    void warmUp({
      origin,
      requests: webWarmUpRequests(origin),
      rounds: warmUpRounds,
      lanes: WARM_UP_LANES,
      timeoutMs: 30_000,
    }).then((warm) => {
      ready.ready();
      webLogger.info(
        { warmUpMs: Math.round(warm.ms), requests: warm.sent, failed: warm.failed, timedOut: warm.timedOut },
        'ready',
      );
    });
  });
  // Behind a load balancer the balancer keeps idle upstream connections: the server must keep them
  // longer than it does, or a request sent as the server closes one is reset (the gateway's 65 s, ADR 015).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;

  // Graceful shutdown (ADR 053): stop listening (the balancer retries a refused connection on
  // another replica), let the requests in flight finish, exit 0; past SHUTDOWN_TIMEOUT_MS, exit 1.
  const stop = (signal: string) => {
    if (draining) return;
    draining = true;
    ready.drain();
    const started = Date.now();
    webLogger.info({ signal }, 'draining');
    setTimeout(() => {
      webLogger.error({ ms: Date.now() - started }, 'drain took too long: exiting with requests unfinished');
      process.exit(1);
    }, shutdownDelayMs + shutdownTimeoutMs).unref();
    // SHUTDOWN_DELAY_MS: keep serving until the balancer's /readyz checks have taken this replica out.
    setTimeout(() => {
      server.close(() => {
        webLogger.info({ ms: Date.now() - started }, 'stopped');
        process.exit(0);
      });
      server.closeIdleConnections();
    }, shutdownDelayMs);
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

// Started as a program (not imported by a test); real paths, so a symlinked checkout still starts.
const isMain = (() => {
  try {
    return realpathSync(new URL(import.meta.url)) === realpathSync(process.argv[1] ?? '');
  } catch {
    return false;
  }
})();

if (isMain) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
