// A TCP proxy that plays a phone's network between the browser and a server (issue 39 §4): a weak
// 3G link (bandwidth each way, shared by all the connections as a radio link is, and a round-trip
// time) or "lie-fi" (the connection is accepted, and nothing comes back for a long while).
// Chromium's own emulation (CDP Network.emulateNetworkConditions) throttles the page's requests
// but not those its service worker makes, and the repeat visits measured here go through the
// worker; a link below the browser throttles everything alike.
import net from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * @typedef {object} LinkProfile
 * @property {string} name
 * @property {number} downKbit  kbit/s server → phone
 * @property {number} upKbit    kbit/s phone → server
 * @property {number} rttMs     round-trip time
 * @property {number} [stallMs] lie-fi: the first byte of each direction waits this long
 */

/** @type {Readonly<Record<'weak3g' | 'lieFi' | 'open', LinkProfile>>} */
export const PROFILES = Object.freeze({
  weak3g: { name: 'weak 3G (400/400 kbit/s, 400 ms RTT)', downKbit: 400, upKbit: 400, rttMs: 400 },
  lieFi: { name: 'lie-fi (accepts, answers after 20 s)', downKbit: 400, upKbit: 400, rttMs: 400, stallMs: 20_000 },
  open: { name: 'no shaping', downKbit: 0, upKbit: 0, rttMs: 0 },
});

/**
 * A connection's chunks one way, waiting for their arrival time (performance.now() clock), in order.
 * @typedef {{ last: number, queue: { at: number, chunk: Buffer }[], timer: NodeJS.Timeout | null, ending?: boolean }} Order
 */

/**
 * One direction of the link: chunks leave in order, each after the link has carried the ones
 * before it at `kbit` and then half the round trip.
 */
class Direction {
  /** @param {() => LinkProfile} profile @param {'downKbit' | 'upKbit'} key */
  constructor(profile, key) {
    this.profile = profile;
    this.key = key;
    this.freeAt = 0;
    this.bytes = 0;
    /** @type {[number, number][]} when each chunk arrives, and the bytes carried with it */
    this.arrived = [];
  }

  /** When a chunk of `bytes` handed over now arrives at the other end (ms, performance.now() clock). */
  arrival(bytes) {
    const p = this.profile();
    const now = performance.now();
    const kbit = p[this.key];
    this.bytes += bytes;
    const sending = kbit > 0 ? (bytes * 8) / kbit : 0;
    this.freeAt = Math.max(this.freeAt, now) + sending;
    const at = this.freeAt + p.rttMs / 2;
    this.arrived.push([at, this.bytes]);
    if (this.arrived.length > 100_000) this.arrived.splice(0, 50_000);
    return at;
  }

  /** When the link had carried `total` bytes this way (its byte count, as `sent()` says), or null. */
  carried(total) {
    return this.arrived.find(([, bytes]) => bytes >= total)?.[0] ?? null;
  }
}

/**
 * Starts the proxy on a free port of 127.0.0.1 in front of `target` (host:port).
 * @param {{ host: string, port: number }} target
 * @param {LinkProfile} [profile]
 */
export async function startShapedLink(target, profile = PROFILES.open) {
  let current = profile;
  const up = new Direction(() => current, 'upKbit');
  const down = new Direction(() => current, 'downKbit');
  /** @type {Set<net.Socket>} */
  const sockets = new Set();

  /**
   * Writes `chunk` to `to` at its arrival time, in order after the chunks before it. One timer per
   * direction drains a queue: a timer per chunk could fire out of order (Node reckons a timer's
   * expiry from the event loop's cached clock, which lags behind performance.now() while the loop is
   * busy, so a later chunk due a few ms after an earlier one could leave first), and Chromium then
   * read the bytes of an answer in the wrong order: net::ERR_INVALID_HTTP_RESPONSE.
   * @param {Order} order @param {Direction} dir @param {net.Socket} to @param {Buffer} chunk @param {number} stallUntil
   */
  const forward = (order, dir, to, chunk, stallUntil) => {
    const at = Math.max(dir.arrival(chunk.length), stallUntil, order.last);
    order.last = at;
    order.queue.push({ at, chunk });
    if (!order.timer) drainLater(order, to);
  };
  /** @param {Order} order @param {net.Socket} to */
  const drainLater = (order, to) => {
    const first = order.queue[0];
    if (!first) return;
    order.timer = setTimeout(
      () => {
        order.timer = null;
        const now = performance.now();
        while (order.queue.length > 0 && order.queue[0].at <= now) {
          const { chunk } = /** @type {{ chunk: Buffer }} */ (order.queue.shift());
          if (!to.destroyed) to.write(chunk);
        }
        if (order.queue.length > 0) drainLater(order, to);
        else if (order.ending) to.end();
      },
      Math.max(0, first.at - performance.now()),
    );
  };

  const server = net.createServer((client) => {
    const p = current;
    const opened = performance.now();
    // The TCP handshake costs a round trip before the first byte can go.
    const stallUntil = opened + p.rttMs + (p.stallMs ?? 0);
    const upstream = net.connect(target.port, target.host);
    sockets.add(client).add(upstream);
    /** @type {Order} */
    const toServer = { last: 0, queue: [], timer: null };
    /** @type {Order} */
    const toClient = { last: 0, queue: [], timer: null };
    client.on('data', (chunk) => forward(toServer, up, upstream, chunk, stallUntil));
    upstream.on('data', (chunk) => forward(toClient, down, client, chunk, stallUntil));
    // One side ended: the other is ended once the chunks still on their way have been written.
    const close = (/** @type {net.Socket} */ other, /** @type {Order} */ order) => () => {
      order.ending = true;
      if (!order.timer) other.end();
    };
    client.on('end', close(upstream, toServer));
    upstream.on('end', close(client, toClient));
    for (const s of [client, upstream]) {
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
      s.on('close', () => sockets.delete(s));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  return {
    port,
    url: `http://127.0.0.1:${String(port)}`,
    /** Later connections follow this profile (those open keep their stall; bandwidth changes at once). */
    set(/** @type {LinkProfile} */ next) {
      current = next;
    },
    /** Bytes carried so far each way. */
    sent: () => ({ up: up.bytes, down: down.bytes }),
    /** When the far end had received `bytes` of the upstream count (performance.now() clock), or null. */
    upAt: (/** @type {number} */ bytes) => up.carried(bytes),
    /** Drops every open connection (a changed network: the browser has to connect again). */
    cut() {
      for (const s of sockets) s.destroy();
      sockets.clear();
    },
    stop: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve(undefined));
      }),
  };
}
