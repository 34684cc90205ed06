// Writes deploy/cluster/haproxy.cfg and gateway-503.http for docker-compose.cluster.yml from the
// same generator as `npm run cluster` (ADR 053): one topology, two ways to run it.
//   node scripts/cluster/compose-haproxy.mjs        (a test checks the committed files match)
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gatewayUnavailable, haproxyConfig, webUnavailable } from './haproxy.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
export const composeDir = path.resolve(here, '../../deploy/cluster');

/** The compose cluster's balancer: the service names of its two web and two gateway replicas. */
export const composeHaproxyConfig = () =>
  haproxyConfig({
    bindHost: '0.0.0.0',
    webPort: 8080,
    gatewayPort: 8081,
    statsPort: 8404,
    webs: ['web1:3000', 'web2:3000'],
    gateways: ['gateway1:4000', 'gateway2:4000'],
    checkIntervalMs: 1000,
    gateway503File: '/usr/local/etc/haproxy/gateway-503.http',
    docker: { webhookPort: 8082, web503File: '/usr/local/etc/haproxy/web-503.http' },
  }).replace(
    '# Written by scripts/cluster/cluster.mjs;',
    '# Written by scripts/cluster/compose-haproxy.mjs for docker-compose.cluster.yml;',
  );

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(path.join(composeDir, 'haproxy.cfg'), composeHaproxyConfig());
  writeFileSync(path.join(composeDir, 'gateway-503.http'), gatewayUnavailable);
  writeFileSync(path.join(composeDir, 'web-503.http'), webUnavailable);
  console.log(`wrote ${path.relative(process.cwd(), composeDir)}/haproxy.cfg, gateway-503.http and web-503.http`);
}
