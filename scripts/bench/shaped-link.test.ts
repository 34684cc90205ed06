import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { afterEach, expect, test } from 'vitest';
import { startShapedLink } from './shaped-link.mjs';

// The bench's weak-3G link must hand over every byte in the order it came: a reordered answer is
// net::ERR_INVALID_HTTP_RESPONSE in Chromium (stop 46, the installed InBody upload).

const closers: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
});

/** A server that sends `count` chunks of `size` bytes (chunk i filled with i), one a turn, then ends. */
async function chunkServer(count: number, size: number) {
  const server = net.createServer((socket) => {
    let i = 0;
    const next = () => {
      if (i === count) return socket.end();
      socket.write(Buffer.alloc(size, i++ % 256));
      setImmediate(next);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => server.close(resolve)));
  return (server.address() as net.AddressInfo).port;
}

/** All the bytes a client reads through the link, until the link ends the connection. */
function readAll(port: number) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const client = net.connect(port, '127.0.0.1');
    client.on('data', (chunk) => chunks.push(chunk));
    client.on('end', () => resolve(Buffer.concat(chunks)));
    client.on('error', reject);
  });
}

const expected = (count: number, size: number) =>
  Buffer.concat(Array.from({ length: count }, (_, i) => Buffer.alloc(size, i % 256)));

/** A link of `kbit` each way and `rttMs` in front of a chunk server. */
async function linkToChunks(count: number, size: number, kbit: number, rttMs: number) {
  const port = await chunkServer(count, size);
  const link = await startShapedLink(
    { host: '127.0.0.1', port },
    { name: 'test', downKbit: kbit, upKbit: kbit, rttMs },
  );
  closers.push(link.stop);
  return link;
}

test('every byte arrives, in order, no sooner than the bandwidth and half the round trip allow', async () => {
  const link = await linkToChunks(40, 1000, 3200, 40);
  const started = performance.now();
  const got = await readAll(link.port);
  expect(got.equals(expected(40, 1000))).toBe(true);
  // 40 kB at 3200 kbit/s: 100 ms, then half the round trip (20 ms; the handshake's 40 ms overlaps them).
  expect(performance.now() - started).toBeGreaterThanOrEqual(110);
  expect(link.sent().down).toBe(40_000);
});

test("in order even while the timers' clock falls behind performance.now() (a busy event loop)", async () => {
  const link = await linkToChunks(60, 500, 8000, 10);
  // A loop busy with other work: Node reckons a timer's expiry from the loop's cached clock, which
  // lags performance.now() more and more; modelled as a performance.now() that runs ahead 3 ms a
  // call (a 500-byte chunk takes 0.5 ms of the link: a timer a chunk would fire them out of order).
  const realNow = performance.now.bind(performance);
  let calls = 0;
  performance.now = () => realNow() + 3 * calls++;
  try {
    const got = await readAll(link.port);
    expect(got.length).toBe(30_000);
    expect(got.equals(expected(60, 500))).toBe(true);
  } finally {
    performance.now = realNow;
  }
});
