import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { findPostgresBin, startPostgresServer, type PostgresServer } from '#tests/support/postgres-server.ts';
import { openDatabase } from './client.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// ADR 015. Our own server, so it can be stopped without harming the other files' databases.
// CI installs PostgreSQL: there a missing server fails the file instead of skipping it.
const bin = findPostgresBin();
const skip = !bin && process.env.CI !== 'true';
if (skip) console.warn('gateway/db/faults.test.ts skipped: no PostgreSQL binaries (apt-get install postgresql)');

const PLANS = '/api/v1/global/club/1/payment-plans';

describe.skipIf(skip)('the gateway when PostgreSQL goes away (on a server of its own)', () => {
  let server: PostgresServer;
  let gateway: TestGateway;
  const lostConnections: Error[] = [];

  beforeAll(async () => {
    if (!bin) throw new Error('PostgreSQL binaries are required on CI (apt-get install postgresql)');
    server = await startPostgresServer(bin);
    gateway = await startTestGateway({
      database: () =>
        openDatabase({
          kind: 'postgres',
          url: server.url,
          migrationsDir: 'gateway/db/migrations',
          onConnectionError: (e) => lostConnections.push(e),
        }),
    });
  }, timeLimit(120_000));

  afterAll(async () => {
    await gateway?.close().catch(() => undefined);
    await server?.close();
  });

  async function terminateOtherBackends() {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    const { rows } = await admin.query(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where backend_type = 'client backend' and pid <> pg_backend_pid()",
    );
    await admin.end();
    return rows[0].n as number;
  }

  async function untilOk() {
    const started = performance.now();
    let failed = 0;
    while (performance.now() - started < 5_000) {
      const { status, body } = await gateway.call('GET', PLANS);
      if (status === 200) return { failed, ms: performance.now() - started };
      expect({ status, code: body?.code }).toEqual({ status: 503, code: 1 });
      failed++;
    }
    return { failed, ms: Number.POSITIVE_INFINITY };
  }

  it(
    'survives its connections being terminated with requests in flight, and answers again within 2 s',
    async () => {
      // Fill the pool, then keep 30 requests in flight while every connection is killed twice.
      await Promise.all(Array.from({ length: 20 }, () => gateway.call('GET', PLANS)));
      const statuses: number[] = [];
      const traffic = Promise.all(
        Array.from({ length: 30 }, async () => {
          for (let i = 0; i < 4; i++) statuses.push((await gateway.call('GET', PLANS)).status);
        }),
      );
      const killed =
        (await terminateOtherBackends()) + (await new Promise((r) => setTimeout(r, 30)).then(terminateOtherBackends));
      await traffic;
      expect(killed).toBeGreaterThan(0);
      expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
      // Idle clients' errors came to the pool's listener (without it this process would have died).
      // One request leaves an idle connection to kill; its error arrives asynchronously, later on a
      // loaded machine than the 100 ms this once waited (it failed a CI run with two test workers).
      // A connection killed by the second storm may still sit idle in the pool until its FATAL
      // message is read (a CI run handed one out first: one 503). Each such request answers 503
      // code 1 and drops that connection, so at most a pool's worth of 503s come before a 200.
      const settled = await untilOk();
      expect(settled.failed).toBeLessThanOrEqual(10);
      expect(settled.ms).toBeLessThan(2_000);
      lostConnections.length = 0;
      const idleKilled = await terminateOtherBackends();
      expect(idleKilled).toBeGreaterThan(0);
      const until = Date.now() + 5000;
      while (lostConnections.length < idleKilled && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
      expect(lostConnections.length).toBeGreaterThanOrEqual(idleKilled);
      const after = await gateway.call('GET', PLANS);
      expect(after.status).toBe(200);
    },
    timeLimit(60_000),
  );

  it(
    'answers 503 with code 1 while the server is stopped, and recovers within 2 s of its return',
    async () => {
      const answers: { status: number; code: unknown; ms: number; afterStop: boolean }[] = [];
      let running = true;
      let stopped = false;
      const traffic = (async () => {
        while (running) {
          const started = performance.now();
          // A request sent before the stop may still be answered 200 from the socket afterwards:
          // only the requests sent once the server was down are judged.
          const afterStop = stopped;
          const { status, body } = await gateway.call('GET', PLANS);
          answers.push({ status, code: body?.code, ms: performance.now() - started, afterStop });
          await new Promise((r) => setTimeout(r, 20));
        }
      })();
      await new Promise((r) => setTimeout(r, 200));
      server.stop();
      stopped = true;
      await new Promise((r) => setTimeout(r, 1_000));
      const whileDown = answers.filter((a) => a.afterStop);
      expect(whileDown.length).toBeGreaterThan(3);
      expect(
        whileDown.filter((a) => !(a.status === 503 && a.code === 1)).map(({ status, code }) => ({ status, code })),
      ).toEqual([]);
      expect(Math.max(...whileDown.map((a) => a.ms))).toBeLessThan(1_000);
      const readyz = await gateway.app.request('/readyz');
      expect(readyz.status).toBe(503);

      server.start();
      const returnedAt = performance.now();
      let recoveredAfter = Number.POSITIVE_INFINITY;
      while (performance.now() - returnedAt < 10_000) {
        if ((await gateway.call('GET', PLANS)).status === 200) {
          recoveredAfter = performance.now() - returnedAt;
          break;
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      running = false;
      await traffic;
      console.log(
        `recovered ${Math.round(recoveredAfter)} ms after PostgreSQL was back; ${whileDown.length} answers while down, all 503 code 1`,
      );
      expect(recoveredAfter).toBeLessThanOrEqual(2_000);
      expect(answers.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
      expect((await gateway.app.request('/readyz')).status).toBe(200);
    },
    timeLimit(60_000),
  );
});
