import type { PGlite, QueryOptions, Results } from '@electric-sql/pglite';
import { parse, protocol } from '@electric-sql/pglite';

/**
 * PGlite with real prepared statements for reads (ADR 031).
 *
 * `PGlite.query()` parses and plans every call as an unnamed statement and crosses into its WASM
 * engine six times (parse, describe, bind, describe, execute, sync), so drizzle's prepared
 * statements (ADR 026) were prepared in name only on PGlite: the member contracts read cost
 * 3.2 ms of CPU a call. Here a SELECT made outside a transaction is parsed once into a named
 * statement, and each call is one message (bind, describe, execute, sync) into the engine:
 * 0.6 ms for the same read. Everything else (writes, transactions, `exec`, blobs) goes to
 * PGlite as it is.
 *
 * Same guarantees as `query()`: a statement waits for any open transaction and runs alone
 * (PGlite's transaction and query locks, in that order); parameters are serialized by the
 * statement's parameter types with PGlite's own serializers; rows are parsed by PGlite's own
 * `parseResults` with the caller's parsers and row mode.
 */
export const NAMED_STATEMENTS_MAX = 200;

const READ = /^\s*select\b/i;
/** A statement the server no longer has (26000) or whose result columns changed under it (0A000). */
const STALE_CODES = new Set(['26000', '0A000']);

type Statement = { name: string; parameterTypes: number[] };
type Results0 = Results<unknown>;

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.byteLength, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.byteLength;
  }
  return out;
}

/**
 * A PGlite that drizzle can use as it uses PGlite, whose `query()` runs SELECTs as named
 * statements, at most `max` of them (the least recently used is closed first).
 */
export function withNamedStatements(client: PGlite, max = NAMED_STATEMENTS_MAX): PGlite {
  const statements = new Map<string, Statement>();
  let counter = 0;

  /** Runs `fn` the way `query()` does: after any open transaction, alone. */
  const exclusive = <T>(fn: () => Promise<T>) => client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));

  async function prepare(text: string): Promise<Statement> {
    const name = `gw_read_${String(++counter)}`;
    const close: Uint8Array[] = [];
    if (statements.size >= max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Statement];
      statements.delete(oldestText);
      close.push(protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    const { messages } = await client.execProtocol(
      concat([
        ...close,
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const statement = { name, parameterTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    return statement;
  }

  async function run(statement: Statement, params: unknown[], options: QueryOptions | undefined): Promise<Results0> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.parameterTypes[i];
      const serialize = options?.serializers?.[type] ?? client.serializers[type];
      return serialize ? (serialize(param) as string) : String(param);
    });
    const { messages } = await client.execProtocol(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    return parse.parseResults(messages, client.parsers, options)[0] as Results0;
  }

  async function namedQuery(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results0> {
    // As `query()`: waits for the engine to start, refuses once it is closing or closed.
    await client._checkReady();
    return exclusive(async () => {
      const known = statements.get(text);
      if (known) {
        // Most recently used last: Map keeps insertion order.
        statements.delete(text);
        statements.set(text, known);
      }
      try {
        return await run(known ?? (await prepare(text)), params, options);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (!known || typeof code !== 'string' || !STALE_CODES.has(code)) throw withQuery(error, text, params);
        statements.delete(text);
        try {
          return await run(await prepare(text), params, options);
        } catch (again) {
          throw withQuery(again, text, params);
        }
      }
    });
  }

  return new Proxy(client, {
    get(target, property) {
      if (property === 'query') {
        return (text: string, params?: unknown[], options?: QueryOptions) =>
          READ.test(text) && !options?.blob && !options?.paramTypes
            ? namedQuery(text, params, options)
            : target.query(text, params, options);
      }
      const value: unknown = Reflect.get(target, property, target);
      // PGlite's methods use private fields: they must run with the real instance as `this`.
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The statement and its values on the error, as `PGlite.query()` puts them (logs and tests read them). */
function withQuery(error: unknown, query: string, params: unknown[]): unknown {
  if (error && typeof error === 'object') Object.assign(error, { query, params });
  return error;
}
