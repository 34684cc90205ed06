import { startSystem } from '#scripts/lib/system.mjs';
import { timeLimit } from '#tests/support/time-limit.ts';

/** How long each of its two servers may take to be ready, on a quiet machine (a fresh database: ≈ 12 s). */
export const JOURNEY_SYSTEM_READY_MS = 150_000;

/**
 * A system (gateway and web server) for the journeys: own ports, quiet, each test's client address
 * trusted from loopback (fixtures.ts sends it as X-Forwarded-For; the default trusts no proxy).
 * Its time limits are a quiet machine's, doubled on CI (ADR 114): the start of a fresh embedded
 * database, and the web's wait for a gateway answer (10 s in production: a loaded runner once took
 * longer to seal a signed contract, and the member was told the request had timed out).
 */
export function startJourneySystem(options: {
  dataDir: string;
  logFile: string;
  /** false: the build global-setup checked is used as it is. */
  build?: boolean;
  env?: Record<string, string>;
}) {
  return startSystem({
    webPort: 0,
    gatewayPort: 0,
    quiet: true,
    readyTimeoutMs: timeLimit(JOURNEY_SYSTEM_READY_MS),
    ...options,
    env: { TRUST_PROXY: 'loopback', GATEWAY_TIMEOUT_MS: String(timeLimit(10_000)), ...options.env },
  });
}
