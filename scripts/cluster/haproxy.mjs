// The HAProxy configuration of `npm run cluster` (ADR 053): one frontend for the web app, one for
// the gateway (the web replicas' GATEWAY_URL, the sandbox pages, the providers' webhooks), each
// with active health checks on /readyz, and a stats page.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Debian's haproxy; installed with apt-get when missing and we are root. */
export function ensureHaproxy(log) {
  const found = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  if (found) return found;
  if (process.getuid?.() !== 0) throw new Error('HAProxy is not installed: sudo apt-get install haproxy');
  log('HAProxy is not installed: apt-get install -y haproxy (Debian package) …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  try {
    execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env });
  } catch {
    execFileSync('apt-get', ['update', '-q'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '-q', '--no-install-recommends', 'haproxy'], { stdio: 'inherit', env });
  }
  const installed = ['/usr/sbin/haproxy', '/usr/bin/haproxy'].find((p) => existsSync(p));
  if (!installed) throw new Error('apt-get install haproxy did not install /usr/sbin/haproxy');
  return installed;
}

/**
 * The replicas are ports on this machine (`npm run cluster`) or `host:port` addresses (the compose
 * file, docker-compose.cluster.yml); `bindHost` is where the balancer listens (0.0.0.0 in a container).
 * @param {{ webPort: number, gatewayPort: number, statsPort: number, webs: (number|string)[], gateways: (number|string)[],
 *   checkIntervalMs: number, gateway503File: string, bindHost?: string }} o
 */
export function haproxyConfig(o) {
  const address = (replica) => (typeof replica === 'number' ? `127.0.0.1:${replica}` : replica);
  const servers = (prefix, replicas) => replicas.map((replica, i) => `  server ${prefix}${i + 1} ${address(replica)} check`).join('\n');
  const bind = o.bindHost ?? '127.0.0.1';
  return `# Written by scripts/cluster/cluster.mjs; see docs/operations.md and ADR 053.
global
  maxconn 4096

defaults
  mode http
  timeout connect 2s
  timeout client 65s
  timeout server 65s
  timeout http-request 10s
  timeout http-keep-alive 10s
  timeout queue 5s
  # A connection refused (a replica that died or is draining) is tried once more on another server,
  # and a read that got an empty answer (a replica killed mid-request); a write that got none may
  # have been done, so the backends send only GET and HEAD again (disable-l7-retry below).
  retries 1
  option redispatch
  retry-on conn-failure empty-response
  # Active checks: a replica is taken out after 2 failed /readyz (${o.checkIntervalMs * 2} ms), back after 2 good ones.
  default-server inter ${o.checkIntervalMs}ms fastinter ${Math.max(250, o.checkIntervalMs / 2)}ms downinter ${o.checkIntervalMs}ms fall 2 rise 2
  # A request id for every request that comes without one; the gateway logs it and answers it in x-request-id.
  unique-id-format %{+X}o%ci%cp%fp%Ts%rt%pid
  unique-id-header X-Request-ID

frontend web
  bind ${bind}:${o.webPort}
  option forwardfor
  http-request set-header X-Forwarded-Proto http
  default_backend web

backend web
  balance roundrobin
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  option httpchk GET /readyz
  http-check expect status 200
${servers('web', o.webs)}

frontend gateway
  bind ${bind}:${o.gatewayPort}
  option forwardfor
  default_backend gateway

backend gateway
  balance leastconn
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  option httpchk GET /readyz
  http-check expect status 200
  # No gateway ready (the database is away, both replicas down): the envelope the web app expects.
  errorfile 503 ${o.gateway503File}
${servers('gw', o.gateways)}

listen stats
  bind ${bind}:${o.statsPort}
  stats enable
  stats uri /
  stats refresh 2s
`;
}

/** HAProxy's errorfile is a raw HTTP response. */
export const gatewayUnavailable = [
  'HTTP/1.0 503 Service Unavailable',
  'Cache-Control: no-store',
  'Content-Type: application/json',
  'Retry-After: 2',
  'Connection: close',
  '',
  '{"code":1,"message":"Service temporarily unavailable"}',
  '',
].join('\r\n');
