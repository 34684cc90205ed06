// `npm start`: builds when the sources changed, then runs the gateway (sandbox providers, embedded
// database in ./data) and the web server until Ctrl-C.
import { readFileSync } from 'node:fs';
import { startSystem } from './lib/system.mjs';

// Read from the seed itself so the hint cannot drift from the data.
const DEMO_MEMBER_PHONE = readFileSync(new URL('../gateway/db/seed.ts', import.meta.url), 'utf8').match(
  /DEMO_MEMBER_PHONE = '(\d+)'/,
)?.[1];

/** @type {import('./lib/system.mjs').RunningSystem | undefined} */
let system;
let stopping = false;

// Registered before starting: a signal during start-up exits, and startSystem's exit hook then
// stops whatever server was already spawned.
const shutdown = async (signal) => {
  if (stopping || !system) {
    // A second Ctrl-C: the user does not want to wait for the grace period.
    if (stopping) console.error('Stopping now.');
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping the servers…`);
  await system.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(signal));

try {
  system = await startSystem();
} catch (error) {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

const { gatewayUrl } = system;
console.log(`
  Gym member app      ${system.webUrl}
  Gateway API         ${gatewayUrl}/api/v1   (OpenAPI: ${gatewayUrl}/api/v1/openapi.json)
  Sign-in codes (OTP) ${gatewayUrl}/sandbox/sms?phone=<phone>
                      sandbox SMS outbox: no text leaves this machine
${DEMO_MEMBER_PHONE ? `  Demo member         ${DEMO_MEMBER_PHONE} → ${system.smsOutboxUrl(DEMO_MEMBER_PHONE)}\n` : ''}
  Ctrl-C stops both servers.
`);

const { name, code, signal } = await system.exited;
if (!stopping) {
  stopping = true;
  console.error(`\nThe ${name} server stopped (${signal ?? `exit code ${code}`}); stopping the other one.`);
  await system.stop();
  process.exit(1);
}
