import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { gatewayDatabaseTests } from './database-tests.mjs';

const root = mkdtempSync(path.join(tmpdir(), 'database-tests-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

test('a gateway test file is a database test when it or a test helper it imports opens the test database', () => {
  write('tests/support/gateway.ts', 'export async function startTestGateway() {}\n');
  write('tests/support/members.ts', "import { startTestGateway } from './gateway.ts';\n");
  write('tests/support/phones.ts', 'export const randomPhone = () => "0100000000";\n');
  write('gateway/a/routes.test.ts', "import { startTestGateway } from '#tests/support/gateway.ts';\n");
  write('gateway/a/helper.test.ts', "import { x } from '#tests/support/members.ts';\n");
  write('gateway/a/own.test.ts', 'const url = process.env.TEST_DATABASE_URL;\n');
  write('gateway/a/lock.test.ts', "import { openDatabase } from '../db.ts';\nopenDatabase({ kind: 'pglite' });\n");
  write(
    'gateway/a/rules.test.ts',
    "import { randomPhone } from '#tests/support/phones.ts';\nimport { rule } from './rules.ts';\n",
  );
  write('gateway/a/rules.ts', 'export const rule = () => startTestGateway;\n');
  expect(gatewayDatabaseTests(root)).toEqual({
    withDatabase: [
      'gateway/a/helper.test.ts',
      'gateway/a/lock.test.ts',
      'gateway/a/own.test.ts',
      'gateway/a/routes.test.ts',
    ],
    // The gateway's own modules are not followed: a rule test stays out even if its module names the database.
    without: ['gateway/a/rules.test.ts'],
    // A database test that names PGlite checks the embedded engine: it runs on PGlite in CI too.
    embeddedEngine: ['gateway/a/lock.test.ts'],
  });
});

test("in this repository: the routes' tests are database tests, the pure rules and the photo reader are not", () => {
  const { withDatabase, without } = gatewayDatabaseTests();
  expect(withDatabase).toContain('gateway/modules/payments/bank-webhook.test.ts');
  expect(withDatabase).toContain('gateway/db/migration-lock.test.ts');
  expect(without).toContain('gateway/modules/plans/pricing.test.ts');
  expect(without).toContain('gateway/modules/inbody/sheet-reader.test.ts');
  expect(withDatabase.length).toBeGreaterThan(without.length);
});

test("in this repository: the embedded engine's own checks (its lock, its one connection, its seed) stay on PGlite", () => {
  const { withDatabase, embeddedEngine } = gatewayDatabaseTests();
  expect(embeddedEngine).toEqual(
    expect.arrayContaining(['gateway/db/lock.test.ts', 'gateway/db/seed-on-start.test.ts']),
  );
  // The photo queue's test skips itself on PostgreSQL: it must still run somewhere in CI.
  expect(embeddedEngine).toContain('gateway/modules/inbody/routes.test.ts');
  expect(embeddedEngine.every((file) => withDatabase.includes(file))).toBe(true);
  expect(embeddedEngine.length).toBeLessThan(withDatabase.length / 4);
});
