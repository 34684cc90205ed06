// `npm run db:seed`: the idempotent demo data, into the database the gateway is configured for
// (DATA_DIR/pglite, default ./data/pglite, or PGLITE_DIR, or DATABASE_URL). The gateway must not be running on PGlite.
import { spawn } from 'node:child_process';
import { buildIfNeeded, ROOT } from './lib/build-if-needed.mjs';

try {
  await buildIfNeeded();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
const child = spawn(process.execPath, ['--enable-source-maps', 'build/gateway/seed.js'], {
  cwd: ROOT,
  stdio: 'inherit',
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
