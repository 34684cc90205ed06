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
 * In containers (`docker`, ADR 069) the replicas' names are looked up in Docker's DNS while running
 * (a recreated container has a new address; a replica not started yet is DOWN, not a fatal error),
 * every request is logged to stdout with its id, members get web503File when no web replica is up,
 * and the providers' webhooks have a port of their own (webhookPort) that answers nothing else.
 * @param {{ webPort: number, gatewayPort: number, statsPort: number, webs: (number|string)[], gateways: (number|string)[],
 *   checkIntervalMs: number, gateway503File: string, bindHost?: string,
 *   docker?: { webhookPort: number, web503File: string } }} o
 */
export function haproxyConfig(o) {
  const address = (replica) => (typeof replica === 'number' ? `127.0.0.1:${replica}` : replica);
  const lookup = o.docker ? ' resolvers docker init-addr none' : '';
  const servers = (prefix, replicas) =>
    replicas.map((replica, i) => `  server ${prefix}${i + 1} ${address(replica)} check${lookup}`).join('\n');
  const bind = o.bindHost ?? '127.0.0.1';
  const d = o.docker;
  return `# Written by scripts/cluster/cluster.mjs; see docs/operations.md and ADR 053.
global
  maxconn 4096${
    d
      ? `
  log stdout format raw local0 info

# Docker's embedded DNS: names are looked up again while running, so a recreated replica is found.
resolvers docker
  nameserver dns 127.0.0.11:53
  resolve_retries 3
  timeout resolve 1s
  timeout retry 1s
  hold valid 5s
  hold nx 5s
  hold obsolete 5s`
      : ''
  }

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
  unique-id-header X-Request-ID${
    d
      ? `
  # One line a request with its id (the one the web and gateway logs carry): client, frontend,
  # backend/server, timings (request/queue/connect/response/total ms), status, bytes, termination state.
  log global
  log-format "%ci:%cp %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %tsc id=%ID %{+Q}r"`
      : ''
  }

frontend web
  bind ${bind}:${o.webPort}
  option forwardfor
  http-request set-header X-Forwarded-Proto http${
    d
      ? `
  # /metrics is for Prometheus inside the network (each replica's own port), never from outside.
  http-request deny deny_status 404 if { path /metrics }`
      : ''
  }
  default_backend web

backend web
  balance roundrobin
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  option httpchk GET /readyz
  http-check expect status 200${
    d
      ? `
  # No web replica up: a page in the app's style, in Vietnamese and English, not HAProxy's own.
  errorfile 503 ${d.web503File}`
      : ''
  }
${servers('web', o.webs)}

frontend gateway
  bind ${bind}:${o.gatewayPort}
  option forwardfor${
    d
      ? `
  http-request deny deny_status 404 if { path /metrics }`
      : ''
  }
  default_backend gateway

backend gateway
  balance leastconn
  http-request disable-l7-retry if !METH_GET !METH_HEAD
  option httpchk GET /readyz
  http-check expect status 200
  # No gateway ready (the database is away, both replicas down): the envelope the web app expects.
  errorfile 503 ${o.gateway503File}
${servers('gw', o.gateways)}
${
  d
    ? `
# The providers' webhooks on a port of their own (VNPAY's IPN, the bank's Casso and SePay posts):
# the one address to open to the providers; every other path is refused here.
frontend webhooks
  bind ${bind}:${d.webhookPort}
  option forwardfor
  acl webhook path /api/v1/payment/vnpay/ipn /api/v1/payment/bank/casso /api/v1/payment/bank/sepay
  http-request deny deny_status 404 unless webhook
  default_backend gateway
`
    : ''
}
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

/** The web frontend's page when no web replica is up (HAProxy errorfile: a raw response, under 16 KB). */
export const webUnavailable = (() => {
  const body = `<!doctype html>
<html lang="vi">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0f172a">
<title>Hệ thống đang bận · Temporarily unavailable · VietFit</title>
<style>
:root { font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif; -webkit-text-size-adjust: 100%; }
*, *::before, *::after { box-sizing: border-box; }
html, body { margin: 0; min-height: 100%; background: #f1f5f9; color: #0f172a; }
body { font-size: 16px; line-height: 1.5; }
main { max-width: 480px; min-height: 100vh; min-height: 100dvh; margin: 0 auto; background: #fff; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 20px; padding: 24px; text-align: center; }
h1 { font-size: 1.5rem; line-height: 1.25; margin: 0 0 8px; }
h2 { font-size: 1.15rem; line-height: 1.3; margin: 0 0 6px; color: #334155; }
p { margin: 0; color: #475569; }
section + section { border-top: 1px solid #e2e8f0; padding-top: 20px; }
a { display: inline-flex; align-items: center; gap: 0.4em; min-height: 48px; padding: 10px 24px; border-radius: 999px; background: #f97316; color: #111827; font-weight: 700; text-decoration: none; }
</style>
</head>
<body>
<main>
  <svg aria-hidden="true" viewBox="0 0 512 512" width="72" height="72"><rect width="512" height="512" rx="112" fill="#0f172a"/><g fill="#f97316"><rect x="96" y="204" width="34" height="104" rx="12"/><rect x="136" y="168" width="44" height="176" rx="14"/><rect x="176" y="240" width="160" height="32" rx="8"/><rect x="332" y="168" width="44" height="176" rx="14"/><rect x="382" y="204" width="34" height="104" rx="12"/></g></svg>
  <section>
    <h1>Hệ thống đang bận</h1>
    <p>Ứng dụng tạm thời chưa phản hồi. Vui lòng thử lại sau ít phút.</p>
  </section>
  <section lang="en">
    <h2>Temporarily unavailable</h2>
    <p>The app is not answering right now. Please try again in a few minutes.</p>
  </section>
  <a href=""><span>Thử lại</span><span aria-hidden="true">·</span><span lang="en">Try again</span></a>
</main>
</body>
</html>
`;
  return [
    'HTTP/1.0 503 Service Unavailable',
    'Cache-Control: no-store',
    'Content-Type: text/html; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Retry-After: 30',
    'Connection: close',
    '',
    body,
  ].join('\r\n');
})();
