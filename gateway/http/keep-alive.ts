import type { Server } from 'node:http';

/**
 * How long the gateway keeps an idle client connection open: longer than any client keeps one
 * idle (a load balancer's upstream pool, nginx's 60 s by default; the web server's 3 s,
 * `IDLE_CONNECTION_MS`; a test's HTTP client). Node's default of 5 s closes connections that such
 * clients still count as open, and a request sent on one at that moment fails with ECONNRESET
 * without reaching the gateway — a POST is then not sent again (seen as a flaky E2E test's bank
 * transfer). The side that keeps connections longer must be the server.
 */
export const GATEWAY_KEEP_ALIVE_MS = 65_000;

export function keepIdleConnections(server: Pick<Server, 'keepAliveTimeout' | 'headersTimeout'>) {
  server.keepAliveTimeout = GATEWAY_KEEP_ALIVE_MS;
  // Node wants the headers' timeout above the keep-alive one, or a slow first request on a reused connection is cut.
  server.headersTimeout = GATEWAY_KEEP_ALIVE_MS + 1_000;
}
