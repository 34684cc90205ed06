import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startSystem } from '#scripts/lib/system.mjs';

/** One isolated system (own ports, own embedded database) for the whole run. */
export default async function globalSetup() {
  mkdirSync('test-results', { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gym-e2e-'));
  const system = await startSystem({
    webPort: 0,
    gatewayPort: 0,
    dataDir,
    quiet: true,
    logFile: path.resolve('test-results/servers.log'),
    // Each test's own client address comes as X-Forwarded-For from loopback (fixtures.ts);
    // the default trusts no proxy.
    env: { TRUST_PROXY: 'loopback' },
  });
  process.env.E2E_BASE_URL = system.webUrl;
  process.env.E2E_GATEWAY_URL = system.gatewayUrl;
  return async () => {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
