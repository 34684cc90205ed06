// `npm start`: builds when the sources changed, then runs the gateway (sandbox providers, embedded
// database in ./data) and the web server until Ctrl-C.
import { readFileSync } from 'node:fs';
import { startSystem } from './lib/system.mjs';

// Read from the seed itself so the hint cannot drift from the data.
const DEMO_MEMBER_PHONE = readFileSync(new URL('../gateway/db/seed.ts', import.meta.url), 'utf8').match(
  /DEMO_MEMBER_PHONE = '(\d+)'/,
)?.[1];

let system;
try {
  system = await startSystem();
} catch (error) {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}

console.log(`
  Gym member app      ${system.webUrl}
  Gateway API         ${system.gatewayUrl}/api/v1   (OpenAPI: ${system.gatewayUrl}/api/v1/openapi.json)
  Sign-in codes (OTP) ${system.gatewayUrl}/sandbox/sms?phone=<phone>
                      sandbox SMS outbox: no text leaves this machine
${DEMO_MEMBER_PHONE ? `  Demo member         ${DEMO_MEMBER_PHONE} → ${system.smsOutboxUrl(DEMO_MEMBER_PHONE)}\n` : ''}
  Ctrl-C stops both servers.
`);

let stopping = false;
const shutdown = async (signal) => {
  if (stopping) {
    // A second Ctrl-C: the user does not want to wait for the grace period.
    console.error('Stopping now.');
    process.exit(1);
  }
  stopping = true;
  console.log(`\n${signal}: stopping the servers…`);
  await system.stop();
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void shutdown(signal));

const { name, code, signal } = await system.exited;
if (!stopping) {
  stopping = true;
  console.error(`\nThe ${name} server stopped (${signal ?? `exit code ${code}`}); stopping the other one.`);
  await system.stop();
  process.exit(1);
}
