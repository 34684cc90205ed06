import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { build } from 'esbuild';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PaymentMethods } from '#contract/membership.ts';
import { openDatabase, type DatabaseHandle } from '#gateway/db/client.ts';
import { accounts, noticeOutbox, notifications, payments } from '#gateway/db/schema/index.ts';
import { cassoSignatureHeader } from '#gateway/providers/bank-transfer/casso.ts';
import { formatBankTime } from '#gateway/providers/bank-transfer/transfer.ts';
import { NOTICE_DELIVERY } from '#gateway/modules/notifications/service.ts';
import { freshDatabase, randomPhone, startTestGateway } from '#tests/support/gateway.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';

// ADR 016, issue 9: the gateway is killed (SIGKILL) in the middle of a burst of bank transfers.
// Before the outbox, about a third of the payments settled in that burst never told their member.
// Now every settled payment's notice is in the database with it, and the restarted gateway
// delivers what the dead one did not.

const SECRET = 'crash-test-bank-webhook-secret';
const MEMBERS = 40;
const migrationsDir = 'gateway/db/migrations';
const work = mkdtempSync(path.join(os.tmpdir(), 'gym-crash-'));
// Inside node_modules/.cache so the bundle finds the packages it leaves external.
const bundleDir = path.resolve('node_modules/.cache/gym-crash-test', path.basename(work));
let database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; drop: () => Promise<void> };

const open = (): Promise<DatabaseHandle> =>
  database.kind === 'pglite'
    ? openDatabase({ kind: 'pglite', dataDir: database.dataDir, migrationsDir })
    : openDatabase({ kind: 'postgres', url: database.url, migrationsDir });

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL) {
    const fresh = await freshDatabase();
    await fresh.db.execute(sql`select 1`);
    database = { kind: 'postgres', url: fresh.url!, drop: fresh.close };
  } else {
    database = { kind: 'pglite', dataDir: path.join(work, 'pglite') };
  }
  mkdirSync(bundleDir, { recursive: true });
  // The gateway as `npm start` runs it, bundled here: vitest runs before any build exists.
  await build({
    entryPoints: { server: 'gateway/server.ts' },
    outdir: bundleDir,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    bundle: true,
    packages: 'external',
    banner: { js: "import { createRequire as __cr } from 'node:module'; const __bundleRequire = __cr(import.meta.url);" },
    define: { require: '__bundleRequire' },
    logLevel: 'warning',
  });
}, 150_000);

afterAll(async () => {
  if (database?.kind === 'postgres') await database.drop();
  rmSync(work, { recursive: true, force: true });
  rmSync(bundleDir, { recursive: true, force: true });
});

let stderr = '';
function startGateway(port: number): ChildProcess {
  const child = spawn(process.execPath, [path.join(bundleDir, 'server.js')], {
    env: {
      PATH: process.env.PATH,
      SANDBOX: 'true',
      LOG_LEVEL: 'warn',
      GATEWAY_HOST: '127.0.0.1',
      GATEWAY_PORT: String(port),
      BANK_WEBHOOK_SECRET: SECRET,
      GATEWAY_INTERNAL_SECRET: 'crash-test-internal-secret-of-32-characters',
      MIGRATIONS_DIR: path.resolve(migrationsDir),
      ...(database.kind === 'pglite' ? { PGLITE_DIR: database.dataDir } : { DATABASE_URL: database.url }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  return child;
}

async function waitReady(url: string, child: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${String(child.exitCode)}: ${stderr}`);
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('gateway not ready in 30 s');
}

const killed = (child: ChildProcess) => new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));

test('killed with SIGKILL mid-burst of bank transfers, then restarted: every settled payment told its member', async () => {
  // 1. Members with a bank-QR payment waiting, made in this process on the database the gateway will use.
  const gw = await startTestGateway({ database: open });
  gw.clock.set(new Date());
  const club = await clubAt(gw);
  const waiting = [];
  for (let i = 0; i < MEMBERS; i++) {
    const [account] = await gw.db
      .insert(accounts)
      .values({ phoneNumber: randomPhone(), accountType: 'MEMBER', fullName: `Thành viên ${String(i)}`, lang: 'vi' })
      .returning();
    const opened = await openUnpaidContract(gw, { accountId: account.id, method: PaymentMethods.QR, clubId: club.id });
    waiting.push({ accountId: account.id, memo: opened.payment.reference, amount: opened.payment.amount });
  }
  await gw.close();

  // 2. The gateway as a process; all transfers arrive at once; it is killed once a few have settled.
  const port = await freePort();
  const url = `http://127.0.0.1:${String(port)}`;
  let gateway = startGateway(port);
  await waitReady(url, gateway);
  let answered = 0;
  const answeredAt: number[] = [];
  const burst = waiting.map((w, i) => {
    const body = {
      error: 0,
      data: {
        id: 9_000_000 + i,
        reference: `FT${String(9_000_000 + i)}`,
        description: `CT ${w.memo} NGUYEN VAN A`,
        amount: w.amount,
        runningBalance: 90_000_000,
        transactionDateTime: formatBankTime(new Date()),
        accountNumber: club.bankAccountNumber!,
        bankName: 'Vietcombank',
        counterAccountName: 'NGUYEN VAN A',
      },
    };
    return fetch(`${url}/api/v1/payment/bank/casso`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-casso-signature': cassoSignatureHeader(SECRET, body, new Date()) },
      body: JSON.stringify(body),
    }).then(
      (r) => {
        if (r.ok) answeredAt[answered++] = performance.now();
      },
      () => undefined,
    );
  });
  // Once some have settled, at a moment that falls anywhere in the handling of the next ones.
  while (answered < 10) await new Promise((r) => setTimeout(r, 2));
  const perTransfer = (answeredAt[9] - answeredAt[0]) / 9;
  await new Promise((r) => setTimeout(r, Math.random() * 1.5 * perTransfer));
  gateway.kill('SIGKILL');
  await killed(gateway);
  await Promise.all(burst);

  // 3. Restarted, the gateway's worker delivers what the dead one left queued, and what it had
  // leased, once the lease (15 s) runs out.
  gateway = startGateway(port);
  await waitReady(url, gateway);
  await new Promise((r) => setTimeout(r, NOTICE_DELIVERY.leaseMs + 3_000));
  gateway.kill('SIGTERM');
  await killed(gateway);

  const handle = await open();
  const { db } = handle;
  try {
    const settled = await db
      .select({ accountId: payments.accountId })
      .from(payments)
      // This burst's members only (the seed's demo member has a history paid long ago).
      .where(and(eq(payments.status, 'SUCCESS'), eq(payments.provider, 'vietqr'), inArray(payments.accountId, waiting.map((w) => w.accountId))));
    const told = new Set(
      (await db.select({ accountId: notifications.accountId }).from(notifications).where(eq(notifications.kind, 'PAYMENT'))).map((r) => r.accountId),
    );
    const lost = settled.filter((s) => !told.has(s.accountId));
    const pending = await db.select({ n: sql<number>`count(*)::int` }).from(noticeOutbox).where(eq(noticeOutbox.status, 'pending'));
    console.log(`${String(answered)} transfers answered before the kill; ${String(settled.length)} settled in all; ${String(lost.length)} members not told; ${String(pending[0].n)} notices still pending`);
    expect(settled.length).toBeGreaterThanOrEqual(10);
    expect(lost).toEqual([]);
  } finally {
    await handle.close();
  }
}, 150_000);
