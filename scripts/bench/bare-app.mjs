// The bare React Router app of issue 18 (scripts/bench/bare-app/: one route, no data), built into
// build/bench-bare and served like ours, so every bench figure can stand beside its baseline
// measured in the same run on the same noisy machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from '../lib/build-if-needed.mjs';

const SOURCE = path.join(ROOT, 'scripts/bench/bare-app');
const BUILT = path.join(ROOT, 'build/bench-bare/server/index.js');

const newestSource = (dir) =>
  Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((e) =>
      e.isDirectory() ? newestSource(path.join(dir, e.name)) : statSync(path.join(dir, e.name)).mtimeMs,
    ),
  );

/** Builds the bare app when it is missing or older than its sources. */
export function buildBareApp() {
  if (existsSync(BUILT) && statSync(BUILT).mtimeMs >= newestSource(SOURCE)) return;
  const cli = path.join(ROOT, 'node_modules/@react-router/dev/bin.js');
  const result = spawnSync(process.execPath, [cli, 'build'], { cwd: SOURCE, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the bare app failed:\n${result.stdout}\n${result.stderr}`);
}

/**
 * Builds (when needed) and starts the bare app on a free port.
 * @returns {Promise<{ url: string, stop: () => Promise<void> }>}
 */
export async function startBareApp() {
  buildBareApp();
  const child = spawn(process.execPath, [path.join(SOURCE, 'server.mjs'), '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // Its 404 noise (a browser asks for /favicon.ico) stays quiet; the tail is kept for a failed start.
  let errors = '';
  child.stderr?.on('data', (chunk) => (errors = (errors + String(chunk)).slice(-2000)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    createInterface({ input: /** @type {import('node:stream').Readable} */ (child.stdout) }).on('line', (line) => {
      const m = /^listening (\d+)$/.exec(line);
      if (m) resolve(Number(m[1]));
    });
    void exited.then((code) => reject(new Error(`the bare app exited (${String(code)}) before listening:\n${errors}`)));
  });
  return {
    url: `http://127.0.0.1:${String(port)}/`,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
