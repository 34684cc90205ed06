import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { keepIdleConnections } from './keep-alive.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// A client that keeps a connection idle for 6 s (longer than Node's default keep-alive of 5 s) and
// then reuses it: with the gateway's setting the same socket answers; with Node's default the server has closed it.
async function reusedAfterIdle(tune: (server: http.Server) => void) {
  const server = http.createServer((_req, res) => res.end('ok'));
  tune(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<{ reused: boolean }>((resolve, reject) => {
      const req = http.get({ host: '127.0.0.1', port, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ reused: req.reusedSocket }));
      });
      req.on('error', reject);
    });
  try {
    await get();
    await sleep(6_000);
    return await get().then(
      (r) => (r.reused ? 'answered on the same connection' : 'a new connection'),
      (error: NodeJS.ErrnoException) => `failed: ${error.message}`,
    );
  } finally {
    agent.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

test(
  "an idle connection outlives Node's 5 s default, so a client reusing it is answered on it",
  { timeout: timeLimit(20_000) },
  async () => {
    const [tuned, untuned] = await Promise.all([reusedAfterIdle(keepIdleConnections), reusedAfterIdle(() => {})]);
    expect(tuned).toBe('answered on the same connection');
    // Node's default closed it: the client either noticed and opened a new one, or sent on it as it closed and failed.
    expect(untuned).not.toBe('answered on the same connection');
  },
);
