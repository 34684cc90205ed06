import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startJourneySystem } from './journey-system.ts';

/** One isolated system (own ports, own embedded database) for the whole run. */
export default async function globalSetup() {
  mkdirSync('test-results', { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'gym-e2e-'));
  const system = await startJourneySystem({ dataDir, logFile: path.resolve('test-results/servers.log') });
  process.env.E2E_BASE_URL = system.webUrl;
  process.env.E2E_GATEWAY_URL = system.gatewayUrl;
  return async () => {
    await system.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
