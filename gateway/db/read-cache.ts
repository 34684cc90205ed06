import { eq, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { Executor } from './client.ts';
import { preparedFor } from './prepared.ts';
import { readVersions } from './schema/index.ts';

/**
 * What a hot read last found, per key, with the version it was read under (ADR 056): a later read
 * that finds the same version uses it instead of reading again. At most `max` keys, the least
 * recently used dropped first. The values are shared between requests: never change one.
 */
export function versionedReads<K, V>(max: number) {
  const entries = new Map<K, { version: string; value: V }>();
  return {
    get(key: K, version: string): V | undefined {
      const entry = entries.get(key);
      if (entry?.version !== version) return undefined;
      // Most recently used last: Map keeps insertion order.
      entries.delete(key);
      entries.set(key, entry);
      return entry.value;
    },
    set(key: K, version: string, value: V) {
      entries.delete(key);
      if (entries.size >= max) entries.delete(entries.keys().next().value as K);
      entries.set(key, { version, value });
    },
    get size() {
      return entries.size;
    },
  };
}
export type VersionedReads<K, V> = ReturnType<typeof versionedReads<K, V>>;

/** One cache per database handle (tests run many gateways in one process), made on first use as a prepared statement is. */
export const cachePerDatabase = <K, V>(max: number): ((db: Executor) => VersionedReads<K, V>) =>
  preparedFor(() => versionedReads<K, V>(max));

const versionsStatement = preparedFor((db) =>
  db
    .select({ scope: readVersions.scope, version: readVersions.version })
    .from(readVersions)
    .where(or(eq(readVersions.scope, sql.placeholder('scope')), eq(readVersions.scope, 'catalog')))
    .prepare('read_versions_of_scope'),
);

/** A scope's and the catalog's committed versions, as read before what they guard. */
export type ReadVersions = { scope: string; catalog: string };

/**
 * The committed versions of a scope and of the catalog (`0`: never changed), in one small
 * statement. Read them before what they guard, outside a transaction: a change that commits in
 * between makes the next read miss, never the cache stale.
 */
export async function readVersionsOf(db: Executor, scope: string | null): Promise<ReadVersions> {
  const rows = await versionsStatement(db).execute({ scope: scope ?? 'catalog' });
  const of = (name: string) => String(rows.find((row) => row.scope === name)?.version ?? 0);
  return { scope: scope === null ? '' : of(scope), catalog: of('catalog') };
}

/** A member's contract rows change with their contracts and with the catalog they name. */
export const contractsScope = (accountId: number) => `contracts:${String(accountId)}`;

/**
 * A scope's committed version as a column of a statement that reads other things (`'0'`: never
 * changed), so that a hot read needs no statement of its own for it: GET /member/home reads the
 * member's contracts version with the shell. `scope` is SQL text, e.g. `contractsScopeSql(…)`.
 */
export const versionColumn = (scope: SQL | string) =>
  sql<string>`coalesce((select ${readVersions.version} from ${readVersions} where ${readVersions.scope} = ${scope}), 0)::text`;

/** `contractsScope` in SQL, for an account id column or placeholder. */
export const contractsScopeSql = (accountId: SQL | AnyColumn) => sql`'contracts:' || ${accountId}`;
