import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { timeStepOf } from '#api/check-in.ts';
import { PaymentMethods } from '#api/membership.ts';
import { accounts, contracts, noticeOutbox, visits } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE } from '#gateway/db/seed.ts';
import { issueToken } from '#gateway/modules/auth/tokens.ts';
import { randomPhone, startTestGateway } from '#tests/support/gateway.ts';
import { exited, freePort, gatewayProcessHarness } from '#tests/support/gateway-process.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';
import { drawCheckInCode } from './code.ts';
import { registerDevice } from './service.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 11 (ADR 032): the gateway is killed (SIGKILL) in the middle of a burst of door scans, each
// code sent twice (two doors). Whatever the moment: a member enters at most once, every answered
// entry is in the database, and every recorded entry has its notice queued with it.

const MEMBERS = 30;
let harness: Awaited<ReturnType<typeof gatewayProcessHarness>>;

beforeAll(async () => {
  harness = await gatewayProcessHarness('check-in-crash');
}, timeLimit(150_000));

afterAll(() => harness.cleanup());

test(
  'killed with SIGKILL mid-burst of door scans, then restarted: at most one entry per member, every answered entry kept with its notice',
  async () => {
    // 1. Members with a paid membership and a device, made in this process on the gateway's database.
    const gw = await startTestGateway({ database: harness.open });
    gw.clock.set(new Date());
    const club = await clubAt(gw);
    const members: { accountId: number; code: string }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const [account] = await gw.db
        .insert(accounts)
        .values({ phoneNumber: randomPhone(), accountType: 'MEMBER', fullName: `Hội viên ${String(i)}`, lang: 'vi' })
        .returning();
      const opened = await openUnpaidContract(gw, {
        accountId: account.id,
        method: PaymentMethods.CASH,
        clubId: club.id,
      });
      await gw.db.update(contracts).set({ paymentState: 'PAID' }).where(eq(contracts.id, opened.contract.id));
      const device = await registerDevice(gw.db, account.id, 'Android', gw.clock.now());
      const key = Buffer.from(device.key, 'base64url');
      members.push({
        accountId: account.id,
        code: drawCheckInCode(key, account.id, device.deviceId, timeStepOf(new Date())),
      });
    }
    const [manager] = await gw.db.select().from(accounts).where(eq(accounts.phoneNumber, DEMO_MANAGER_PHONE));
    const { token } = await issueToken(gw.db, manager.id, new Date());
    await gw.close();

    // 2. The gateway as a process; every code scanned at two doors at once; killed once a few entered.
    const port = await freePort();
    const url = `http://127.0.0.1:${String(port)}`;
    let gateway = harness.start(port);
    await harness.waitReady(url, gateway);
    const entered = new Set<number>();
    let answered = 0;
    let answeredBeforeKill = -1;
    const scan = (m: (typeof members)[number]) =>
      fetch(`${url}/api/v1/staff/check-in`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          'x-internal-secret': 'crash-test-internal-secret-of-32-characters',
        },
        body: JSON.stringify({ code: m.code, clubId: club.id }),
      }).then(
        (r) => {
          if (r.ok) {
            entered.add(m.accountId);
            answered++;
          }
        },
        () => undefined,
      );
    const burst = members.flatMap((m) => [scan(m), scan(m)]);
    // Killed once a few entered: the rest are in flight, in the handler or in a transaction.
    while (answered < 3) await new Promise((r) => setTimeout(r, 1));
    gateway.kill('SIGKILL');
    answeredBeforeKill = answered;
    await exited(gateway);
    await Promise.all(burst);

    // 3. Restarted, the same codes (still within their step ±1) come again: the ones that entered are refused.
    gateway = harness.start(port);
    await harness.waitReady(url, gateway);
    await Promise.all(members.map(scan));
    gateway.kill('SIGTERM');
    await exited(gateway);

    const handle = await harness.open();
    try {
      const ids = members.map((m) => m.accountId);
      const rows = await handle.db
        .select({ accountId: visits.accountId, n: sql<number>`count(*)::int` })
        .from(visits)
        .where(inArray(visits.accountId, ids))
        .groupBy(visits.accountId);
      const notices = await handle.db
        .select({ accountId: noticeOutbox.accountId })
        .from(noticeOutbox)
        .where(inArray(noticeOutbox.accountId, ids));
      const noticed = new Set(notices.filter((n) => n.accountId !== null).map((n) => n.accountId));
      console.log(
        `${String(answeredBeforeKill)} entries answered before the kill, ${String(answered)} in all; ${String(rows.length)} of ${String(MEMBERS)} members recorded`,
      );
      expect(answeredBeforeKill).toBeLessThan(MEMBERS);
      expect(rows.every((r) => r.n === 1)).toBe(true);
      const recorded = new Set(rows.map((r) => r.accountId));
      for (const id of entered) expect(recorded.has(id)).toBe(true);
      for (const id of recorded) expect(noticed.has(id)).toBe(true);
      expect(notices.length).toBe(recorded.size);
    } finally {
      await handle.close();
    }
  },
  timeLimit(150_000),
);
