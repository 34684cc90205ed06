import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';
import { acquireDirectoryLock } from './lock.ts';

type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction: queries take this so callers choose. */
export type Executor = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The pool's connections (PostgreSQL only), for /metrics. */
  poolStats?: () => { total: number; idle: number; waiting: number };
};

/** Where the pool reports a connection it lost while idle (a restart, a failover, pg_terminate_backend). */
type ConnectionErrorSink = (error: Error) => void;

/** Work done once per start right after the migrations, under the same lock (the demo seed, content sync). */
type AtStart = (db: Database) => Promise<void>;

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      migrationsDir: string;
      onConnectionError?: ConnectionErrorSink;
      poolSize?: number;
      atStart?: AtStart;
    }
  | {
      kind: 'pglite';
      dataDir?: string;
      migrationsDir: string;
      atStart?: AtStart;
      /** In memory only: start from this dump (PGlite's dumpDataDir) instead of an empty database; the tests' migrated snapshot. */
      loadDataDir?: Blob;
    };

/**
 * The session-level advisory lock that gateways starting together take before migrating (ADR
 * 070): one migrates (and seeds) while the others wait, then each finds the work done. Drizzle's
 * migrate() takes no lock of its own, so two replicas rolling out a new migration could both apply it.
 */
export const MIGRATION_LOCK_KEY = 4_100_041;

const defaultConnectionErrorSink: ConnectionErrorSink = (error) =>
  console.error(`database connection lost: ${error.message}`);

/** Opens the database, applies the committed migrations, then runs atStart. PGlite in memory when no dataDir. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = path.resolve(options.migrationsDir);
  if (options.kind === 'postgres') {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // ADR 015: while the server is away a request fails fast (503) instead of waiting for ever
      // for a connection; a new connection is tried per request, so the pool recovers by itself.
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    // Without a listener, an idle client's 'error' (the server closed it) is an unhandled 'error'
    // event and ends the process. The pool has already dropped that client.
    pool.on('error', (error) => (options.onConnectionError ?? defaultConnectionErrorSink)(error));
    const db = drizzle(pool, { schema });
    try {
      // A connection of its own, outside the pool: a pool of one must still have one to migrate with.
      const lock = new pg.Client({ connectionString: options.url, connectionTimeoutMillis: 5_000 });
      await lock.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migrate(db, { migrationsFolder });
        await options.atStart?.(db as unknown as Database);
      } finally {
        // Ending the session releases the lock, even when the unlock could not be sent.
        await lock.end().catch(() => {});
      }
    } catch (error) {
      await pool.end().catch(() => {});
      throw error;
    }
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }

  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { withNamedStatements } = await import('./pglite-statements.ts');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  let releaseLock = () => {};
  let dataDir: string | undefined;
  if (options.dataDir) {
    dataDir = path.resolve(options.dataDir);
    mkdirSync(path.dirname(dataDir), { recursive: true });
    releaseLock = acquireDirectoryLock(`${dataDir}.lock`);
  }
  try {
    const client = dataDir ? new PGlite(dataDir) : new PGlite({ loadDataDir: options.loadDataDir });
    const db = drizzle(withNamedStatements(client), { schema });
    await migrate(db, { migrationsFolder });
    await options.atStart?.(db as unknown as Database);
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}
