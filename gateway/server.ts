import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import pino from 'pino';
import { systemClock } from './clock.ts';
import { ConfigError, loadGatewayConfig } from './config.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DatabaseLockedError } from './db/lock.ts';
import { seedOnStart } from './db/seed.ts';
import { createGatewayApp } from './http/app.ts';
import { keepIdleConnections } from './http/keep-alive.ts';
import { WARM_UP_LANES } from '#api/warm-up-lanes.ts';
import { warmGateway } from './http/warm-up.ts';
import { warmHomeReads } from './modules/memberships/home.ts';
import { startIntervalJob } from './jobs.ts';
import { purgeOldRows } from './retention.ts';
import { prepareSealing } from './modules/pt/e-contracts.ts';
import { startNoticeWorker } from './modules/notifications/service.ts';
import { readWorkoutContent, syncWorkoutContent } from './modules/workouts/content-sync.ts';
import { expireStalePayments } from './modules/payments/settle.ts';
import { runRenewals } from './modules/subscriptions/renewal.ts';
import { createPushSender } from './providers/push/index.ts';
import { createSmsSender } from './providers/sms/index.ts';

const PAYMENT_EXPIRY_INTERVAL_MS = 60_000;
/** Rows that only grow are purged hourly (ADR 070; the periods in docs/operations.md). */
const RETENTION_INTERVAL_MS = 60 * 60_000;
/** Monthly subscriptions renew days ahead (ADR 038): every 10 minutes is plenty; replicas share the work. */
const RENEWAL_INTERVAL_MS = 10 * 60_000;

async function main() {
  const config = loadGatewayConfig();
  const logger = pino({ level: config.LOG_LEVEL, base: { service: 'gateway' } });
  // Under the migration lock (ADR 070): replicas starting together on an empty database seed it once.
  const atStart = async (db: Database) => {
    const seeded = await seedOnStart(db, config.SANDBOX);
    if (seeded === 'seeded') logger.info('empty database: demo data seeded (sandbox)');
    if (seeded === 'not seeded: not the sandbox')
      logger.warn('empty database: no demo data outside the sandbox (npm run db:seed adds it on request)');
    // Workout content is not demo data: every database gets it, updated when the files changed (ADR 041).
    try {
      if ((await syncWorkoutContent(db, readWorkoutContent(config.WORKOUT_CONTENT_DIR))) === 'updated')
        logger.info('workout content copied in');
    } catch (error) {
      logger.error(
        { err: error, dir: config.WORKOUT_CONTENT_DIR },
        'workout content not copied in; the database keeps what it had',
      );
    }
  };
  const handle = config.DATABASE_URL
    ? await openDatabase({
        kind: 'postgres',
        url: config.DATABASE_URL,
        poolSize: config.DATABASE_POOL_SIZE,
        migrationsDir: config.MIGRATIONS_DIR,
        onConnectionError: (error) =>
          logger.warn({ err: error }, 'database connection lost; the pool reconnects on demand'),
        atStart,
      })
    : await openDatabase({ kind: 'pglite', dataDir: config.PGLITE_DIR, migrationsDir: config.MIGRATIONS_DIR, atStart });
  const sms = createSmsSender(config, handle.db);
  const push = await createPushSender(config, handle.db);
  let draining = false;
  // /readyz says ready once the first requests' reads have run (ADR 068).
  let warm = false;
  const app = createGatewayApp({
    db: handle.db,
    clock: systemClock,
    sms,
    push,
    config,
    logger,
    draining: () => draining,
    warm: () => warm,
    poolStats: handle.poolStats,
  });
  const server = serve({ fetch: app.fetch, hostname: config.GATEWAY_HOST, port: config.GATEWAY_PORT }, (info) => {
    logger.info(
      { url: `http://${info.address}:${info.port}`, database: handle.kind, sms: sms.name, push: push.name },
      'gateway listening',
    );
    void warmGateway(app, {
      rounds: config.WARM_UP_ROUNDS,
      lanes: WARM_UP_LANES,
      memberReads: () => warmHomeReads(handle.db, systemClock.now()),
    }).then((done) => {
      warm = true;
      logger.info({ warmUpMs: Math.round(done.ms), requests: done.sent, failed: done.failed }, 'ready');
    });
  });
  keepIdleConnections(server as Server); // plain HTTP/1.1: serve() is given no http2 options
  prepareSealing({ db: handle.db, config, clock: systemClock }).catch((error: unknown) =>
    logger.warn({ err: error }, 'e-contract sealing not prepared; the first signature will prepare it'),
  );

  // Bank-QR and card attempts past their 15 minutes expire; their contracts fail (ADR 010).
  // Every replica runs every job; the jobs' own locks hand each due item to one of them (ADR 053).
  const expiry = startIntervalJob({
    name: 'payment expiry',
    intervalMs: PAYMENT_EXPIRY_INTERVAL_MS,
    logger,
    run: async () => {
      const failed = await expireStalePayments(handle.db, systemClock.now());
      if (failed > 0) logger.info({ failed }, 'unpaid contracts expired');
    },
  });
  // Subscription renewals, retries, lapses and cancellations that ended (ADR 038).
  const renewals = startIntervalJob({
    name: 'subscription renewals',
    intervalMs: RENEWAL_INTERVAL_MS,
    logger,
    run: () => runRenewals({ db: handle.db, push, sms, logger, clock: systemClock, config }),
  });
  const retention = startIntervalJob({
    name: 'retention',
    intervalMs: RETENTION_INTERVAL_MS,
    logger,
    run: async () => {
      const deleted = await purgeOldRows(handle.db, systemClock.now());
      if (Object.keys(deleted).length > 0) logger.info({ deleted }, 'old rows purged');
    },
  });
  // Notices queued by a change whose process died before delivering them, and retries (ADR 016).
  const stopNoticeWorker = startNoticeWorker({ db: handle.db, push, sms, logger, clock: systemClock });

  // Graceful shutdown (ADR 053): /readyz answers 503 at once, the listener closes (a new connection
  // is refused and the load balancer retries it on another replica), requests in flight and the
  // job runs in progress finish, the pool closes, exit 0. Past SHUTDOWN_TIMEOUT_MS: exit 1.
  // SHUTDOWN_DELAY_MS first keeps serving while the balancer notices (ADR 053).
  const stop = async (signal: string) => {
    if (draining) return;
    draining = true;
    const started = Date.now();
    logger.info(
      { signal, timeoutMs: config.SHUTDOWN_TIMEOUT_MS },
      'draining: finishing requests in flight and job runs',
    );
    setTimeout(() => {
      logger.error({ ms: Date.now() - started }, 'drain took too long: exiting with requests or jobs unfinished');
      process.exit(1);
    }, config.SHUTDOWN_DELAY_MS + config.SHUTDOWN_TIMEOUT_MS).unref();
    // Behind a balancer: keep serving until its /readyz checks have taken this replica out, so no
    // request is sent on a connection as it closes.
    if (config.SHUTDOWN_DELAY_MS > 0) await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DELAY_MS));
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    (server as Server).closeIdleConnections();
    await Promise.all([closed, expiry.stop(), renewals.stop(), retention.stop(), stopNoticeWorker()]);
    await handle.close();
    logger.info({ ms: Date.now() - started }, 'stopped');
    process.exit(0);
  };
  // A stray rejection (a timer's query while the database is away) is logged, not fatal (ADR 015).
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled rejection'));
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
