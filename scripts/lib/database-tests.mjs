// The gateway test files that open a database: what CI's PostgreSQL run repeats (ADR 076). A file
// that never opens a database (a rule, a provider's signature, the photo reader) would only run again
// on PostgreSQL for nothing. With PostgreSQL there (CI), a database file runs once, on PostgreSQL,
// unless it names PGlite: those check the embedded engine's own behaviour and run on both (ADR 081).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What opens a database in a test: the test gateway and its database helpers (tests/support/gateway.ts),
 * a gateway process (tests/support/gateway-process.ts), or a database address of its own.
 */
const OPENS_DATABASE =
  /\b(freshDatabase|startTestGateway|emptyPostgresDatabase|gatewayProcessHarness|openDatabase)\b|DATABASE_URL/;

/** The modules a file imports: its relative and #tests/ imports (the test helpers), resolved to paths. */
function testImports(root, file, text) {
  const found = [];
  for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)) {
    if (spec.startsWith('#tests/')) found.push(path.join(root, 'tests', spec.slice('#tests/'.length)));
    else if (spec.startsWith('.')) found.push(path.resolve(path.dirname(file), spec));
  }
  return found;
}

/** Does this file, or a test helper it imports (transitively), open a database? */
function opensDatabase(root, file, seen = new Map()) {
  if (seen.has(file)) return seen.get(file);
  seen.set(file, false);
  let text;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return false;
  }
  const helpers = testImports(root, file, text).filter((f) => f.startsWith(path.join(root, 'tests') + path.sep));
  const result = OPENS_DATABASE.test(text) || helpers.some((helper) => opensDatabase(root, helper, seen));
  seen.set(file, result);
  return result;
}

/** gateway/…/*.test.ts files, sorted, relative to root. */
function gatewayTestFiles(root) {
  return readdirSync(path.join(root, 'gateway'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.ts'))
    .map((f) => path.join('gateway', f))
    .sort();
}

/** A test that names PGlite checks what the embedded engine does (its lock, its one connection, its seed). */
const NAMES_PGLITE = /pglite/i;

/**
 * The gateway test files (relative to root) that open a database, and those that do not; and of those
 * that do, the ones that name PGlite (`embeddedEngine`), which also run on PGlite when PostgreSQL is there.
 */
export function gatewayDatabaseTests(root = process.cwd()) {
  const withDatabase = [];
  const without = [];
  const embeddedEngine = [];
  const seen = new Map();
  for (const file of gatewayTestFiles(root)) {
    const opens = opensDatabase(root, path.join(root, file), seen);
    (opens ? withDatabase : without).push(file);
    if (opens && NAMES_PGLITE.test(readFileSync(path.join(root, file), 'utf8'))) embeddedEngine.push(file);
  }
  return { withDatabase, without, embeddedEngine };
}
