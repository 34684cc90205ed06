import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, test } from 'vitest';
import pino from 'pino';
import { systemClock } from '#gateway/clock.ts';
import { loadGatewayConfig } from '#gateway/config.ts';
import { openDatabase } from '#gateway/db/client.ts';
import { createGatewayApp } from '#gateway/http/app.ts';
import { cities } from '#gateway/db/schema/index.ts';
import { startIntervalJob } from '#gateway/jobs.ts';
import { exited, freePort, gatewayProcessHarness } from '#tests/support/gateway-process.ts';
import { randomPhone } from '#tests/support/phones.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// ADR 053: a replica told to stop (SIGTERM) says it is draining on /readyz, refuses new
// connections, finishes what it is doing and exits 0 within SHUTDOWN_TIMEOUT_MS.

let harness: Awaited<ReturnType<typeof gatewayProcessHarness>>;
beforeAll(async () => {
  // At info, so that the gateway's own 'stopped' line says when its drain ended.
  harness = await gatewayProcessHarness('shutdown', { LOG_LEVEL: 'info' });
  // Not empty, so the process does not seed the demo (seconds on PGlite); sign-in codes need no demo data.
  const handle = await harness.open();
  await handle.db.insert(cities).values({ slug: 'shutdown-test', nameVi: 'Thử', nameEn: 'Test' });
  await handle.close();
});
afterAll(() => harness.cleanup());

test('draining: /readyz answers 503 and every answer says connection: close; /healthz stays 200', async () => {
  let draining = false;
  const config = loadGatewayConfig({ SANDBOX: 'true', LOG_LEVEL: 'silent' });
  const handle = await openDatabase({ kind: 'pglite', migrationsDir: 'gateway/db/migrations' });
  const app = createGatewayApp({
    db: handle.db,
    clock: systemClock,
    sms: {} as never,
    push: {} as never,
    config,
    logger: pino({ level: 'silent' }),
    draining: () => draining,
  });
  expect((await app.request('/readyz')).status).toBe(200);
  draining = true;
  const ready = await app.request('/readyz');
  expect(ready.status).toBe(503);
  expect(await ready.json()).toEqual({ status: 'draining' });
  expect(ready.headers.get('connection')).toBe('close');
  expect((await app.request('/healthz')).status).toBe(200);
  await handle.close();
});

test('a stopping job runner lets the run in progress finish and starts no other', async () => {
  let runs = 0;
  let finished = 0;
  const job = startIntervalJob({
    name: 'test job',
    intervalMs: 5,
    logger: pino({ level: 'silent' }),
    run: async () => {
      runs++;
      await new Promise((r) => setTimeout(r, 200));
      finished++;
    },
  });
  while (runs === 0) await new Promise((r) => setTimeout(r, 5));
  await job.stop();
  expect(finished).toBe(1);
  await new Promise((r) => setTimeout(r, 50));
  expect(runs).toBe(1);
});

/** Sends the head and half the body of a POST, and returns the socket and its whole answer (once it ends). */
function slowPost(port: number, path: string, body: string) {
  const socket: Socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
  const ended = new Promise<string>((resolve) => socket.on('close', () => resolve(answer)));
  const half = Math.floor(body.length / 2);
  const connected = new Promise<void>((resolve) => socket.once('connect', resolve));
  return {
    ended,
    async start() {
      await connected;
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n\r\n${body.slice(0, half)}`,
      );
    },
    finish: () => socket.write(body.slice(half)),
  };
}

// A gateway process started under CI's load once took most of a minute to be ready; a retry sends for
// another phone number (the same one would wait out its OTP resend time: 429).
test(
  'SIGTERM: the request in flight completes 200, a new connection is refused, the process exits 0',
  { timeout: timeLimit(180_000) },
  async () => {
    const port = await freePort();
    const child = harness.start(port);
    const url = `http://127.0.0.1:${String(port)}`;
    try {
      await harness.waitReady(url, child);

      const inFlight = slowPost(port, '/api/v1/auth/otp/send', JSON.stringify({ phoneNumber: randomPhone() }));
      await inFlight.start();
      await new Promise((r) => setTimeout(r, 200)); // the gateway is now reading this request's body
      child.kill('SIGTERM');
      // The listener is closed: a new connection is refused (a load balancer retries it elsewhere).
      // Under CI's load the signal once took more than 300 ms to be handled: asked until refused, 5 s at most.
      const connecting = () =>
        fetch(`${url}/healthz`).then(
          () => 'answered',
          (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
        );
      await expect.poll(connecting, { timeout: 5_000, interval: 100 }).toBe('ECONNREFUSED');
      expect(child.exitCode).toBeNull(); // still finishing the request in flight

      inFlight.finish();
      const answer = await inFlight.ended;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer.toLowerCase()).toContain('connection: close');
      // Exit 0 means the drain ended before its own SHUTDOWN_TIMEOUT_MS (10 s), which exits 1; after the
      // last request, only the jobs and the database are closed: the gateway logs 'stopped' and exits.
      // The drain is timed by the gateway's own log, not by the child's exit: what follows process.exit
      // is the runtime's teardown (a PGlite gateway with ≈ 0.9 GB resident: 0.7 s on a quiet machine, 16–18 s
      // on stop 58's loaded CI runner, where timing it failed the test twice).
      const answered = Date.now();
      await exited(child);
      expect(child.exitCode).toBe(0);
      const stopped = harness.logged('stopped');
      expect(stopped).toHaveLength(1);
      expect(stopped[0].time - answered).toBeLessThan(10_000);
    } finally {
      // A failed try leaves no gateway holding the embedded database's lock for the retry.
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited(child);
      }
    }
  },
);
