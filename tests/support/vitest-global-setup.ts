import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#gateway/db/client.ts';

declare module 'vitest' {
  // Vitest's provide/inject types are declared by merging into this interface: a type alias cannot merge.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with every migration applied (freshDatabase starts from it). */
    pgliteSnapshot: string;
    /** On TEST_DATABASE_URL: a migrated database that each test file's database is copied from. */
    postgresTemplate: string;
  }
}

const MIGRATIONS_DIR = 'gateway/db/migrations';

/**
 * Migrating an empty database costs each test file ~2 s of CPU (PGlite's initdb and 30 migrations), and
 * ~70 files open one: migrate once per run and let each file start from the copy (ADR 071).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const { default: pg } = await import('pg');
    const name = `gym_template_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), migrationsDir: MIGRATIONS_DIR });
    await handle.close();
    project.provide('postgresTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  project.provide('pgliteSnapshot', await pgliteSnapshot());
}

/** Kept in the temp folder between runs, named by the migrations and the PGlite version it was made from. */
async function pgliteSnapshot() {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync('node_modules/@electric-sql/pglite/package.json', 'utf8')).version);
  for (const file of readdirSync(MIGRATIONS_DIR)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    hash.update(file).update(readFileSync(path.join(MIGRATIONS_DIR, file)));
  }
  hash.update(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json')));
  const prefix = 'gym-test-pglite-';
  const file = path.join(tmpdir(), `${prefix}${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return file;

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: path.resolve(MIGRATIONS_DIR) });
  const dump = await client.dumpDataDir('none');
  await client.close();
  // Older snapshots (other migrations) go; the new one is written whole before it is seen.
  for (const old of readdirSync(tmpdir()).filter((f) => f.startsWith(prefix)))
    rmSync(path.join(tmpdir(), old), { force: true });
  const partial = `${file}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return file;
}
