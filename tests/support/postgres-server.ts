import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's PostgreSQL binaries: 15 first (what CI and production use), else the newest installed. */
export function findPostgresBin(): string | undefined {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return undefined;
  const versions = readdirSync(base)
    .filter((v) => /^\d+$/.test(v))
    .sort((a, b) => Number(b) - Number(a));
  const ordered = versions.includes('15') ? ['15', ...versions.filter((v) => v !== '15')] : versions;
  return ordered.map((v) => path.join(base, v, 'bin')).find((dir) => existsSync(path.join(dir, 'pg_ctl')));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export type PostgresServer = Awaited<ReturnType<typeof startPostgresServer>>;

/**
 * A throw-away PostgreSQL server of our own (temp folder, free loopback port) that a test may
 * stop and start: the shared CI server cannot be stopped under the other test files.
 */
export async function startPostgresServer(bin: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'gym-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  // The server refuses to run as root: as root, run it as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString().trim()),
      Number(execFileSync('id', ['-g', 'postgres']).toString().trim()),
    );
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    return execFileSync(command, argv, { stdio: 'pipe', timeout: 60_000 }).toString();
  };
  run('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--no-locale',
    '--auth-local=trust',
    '--auth-host=trust',
  ]);
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off`;
  const start = () =>
    run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', '-o', options, 'start']);
  const stop = () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async close() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
