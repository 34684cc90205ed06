import type { Executor } from './client.ts';

/**
 * A hot read as a drizzle prepared statement, built on first use once per database handle
 * (ADR 026). Building a query (drizzle's `is()` checks, SQL assembly) was a fifth of the gateway's
 * CPU on the member reads; on PostgreSQL the statement is also parsed and planned once per
 * connection instead of once per call. Values go in through `sql.placeholder(name)`.
 */
export function preparedFor<T>(build: (db: Executor) => T): (db: Executor) => T {
  const byHandle = new WeakMap<Executor, T>();
  return (db) => {
    let statement = byHandle.get(db);
    if (statement === undefined) {
      statement = build(db);
      byHandle.set(db, statement);
    }
    return statement;
  };
}
