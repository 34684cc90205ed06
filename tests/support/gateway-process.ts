import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { openDatabase, type DatabaseHandle } from '#gateway/db/client.ts';
import { freshDatabase } from './gateway.ts';

// The gateway as a real process, for the tests that kill it (SIGKILL) in the middle of work and
// check what the database kept: bundled here (vitest runs before any build exists), on PGlite or,
// with TEST_DATABASE_URL, on a fresh PostgreSQL database.

const migrationsDir = 'gateway/db/migrations';
const READY_TIMEOUT_MS = 120_000;

export async function gatewayProcessHarness(name: string, env: Record<string, string> = {}) {
  const work = mkdtempSync(path.join(os.tmpdir(), `gym-${name}-`));
  // Inside node_modules/.cache so the bundle finds the packages it leaves external.
  const bundleDir = path.resolve(`node_modules/.cache/gym-${name}`, path.basename(work));
  let database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; drop: () => Promise<void> };
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshDatabase();
    await fresh.db.execute(sql`select 1`);
    database = { kind: 'postgres', url: fresh.url!, drop: fresh.close };
  } else {
    database = { kind: 'pglite', dataDir: path.join(work, 'pglite') };
  }
  mkdirSync(bundleDir, { recursive: true });
  await build({
    entryPoints: { server: 'gateway/server.ts' },
    outdir: bundleDir,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    bundle: true,
    packages: 'external',
    banner: {
      js: "import { createRequire as __cr } from 'node:module'; const __bundleRequire = __cr(import.meta.url);",
    },
    define: { require: '__bundleRequire' },
    logLevel: 'warning',
  });

  const open = (): Promise<DatabaseHandle> =>
    database.kind === 'pglite'
      ? openDatabase({ kind: 'pglite', dataDir: database.dataDir, migrationsDir })
      : openDatabase({ kind: 'postgres', url: database.url, migrationsDir });

  let stderr = '';
  let logLines: string[] = [];
  function start(port: number): ChildProcess {
    logLines = [];
    const child = spawn(process.execPath, [path.join(bundleDir, 'server.js')], {
      env: {
        PATH: process.env.PATH,
        SANDBOX: 'true',
        LOG_LEVEL: 'warn',
        // The crash tests restart gateways many times: a short warm-up (ADR 088) keeps them quick.
        WARM_UP_ROUNDS: '2',
        GATEWAY_HOST: '127.0.0.1',
        GATEWAY_PORT: String(port),
        GATEWAY_INTERNAL_SECRET: 'crash-test-internal-secret-of-32-characters',
        MIGRATIONS_DIR: path.resolve(migrationsDir),
        ...(database.kind === 'pglite' ? { PGLITE_DIR: database.dataDir } : { DATABASE_URL: database.url }),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    // The gateway logs JSON lines on stdout: the last 200 are kept for a test that reads them.
    let partial = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split('\n');
      partial = lines.pop() ?? '';
      logLines = [...logLines, ...lines].slice(-200);
    });
    return child;
  }

  /** The started gateway's log entries with this message (LOG_LEVEL decides which are written). */
  function logged(message: string): Array<Record<string, unknown> & { time: number }> {
    return logLines
      .map((line) => {
        try {
          return JSON.parse(line) as Record<string, unknown> & { time: number };
        } catch {
          return null;
        }
      })
      .filter((entry) => entry !== null && entry.msg === message) as Array<Record<string, unknown> & { time: number }>;
  }

  /** Until the gateway answers /readyz 200: 120 s at most (a loaded CI runner once took 104 s). */
  async function waitReady(url: string, child: ChildProcess) {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`gateway exited with ${String(child.exitCode)}: ${stderr}`);
      const ok = await fetch(`${url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`gateway not ready in ${String(READY_TIMEOUT_MS / 1000)} s`);
  }

  async function cleanup() {
    if (database.kind === 'postgres') await database.drop();
    rmSync(work, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  }

  return { open, start, waitReady, logged, cleanup };
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export const exited = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
