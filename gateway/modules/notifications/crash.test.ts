import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { accounts, noticeOutbox, notifications, payments } from '#gateway/db/schema/index.ts';
import { cassoSignatureHeader } from '#gateway/providers/bank-transfer/casso.ts';
import { formatBankTime } from '#gateway/providers/bank-transfer/transfer.ts';
import { NOTICE_DELIVERY } from '#gateway/modules/notifications/service.ts';
import { randomPhone, startTestGateway } from '#tests/support/gateway.ts';
import { exited, freePort, gatewayProcessHarness } from '#tests/support/gateway-process.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// ADR 016, issue 9: the gateway is killed (SIGKILL) in the middle of a burst of bank transfers.
// Before the outbox, about a third of the payments settled in that burst never told their member.
// Now every settled payment's notice is in the database with it, and the restarted gateway
// delivers what the dead one did not.

const SECRET = 'crash-test-bank-webhook-secret';
const MEMBERS = 40;
let harness: Awaited<ReturnType<typeof gatewayProcessHarness>>;

beforeAll(async () => {
  harness = await gatewayProcessHarness('crash-test', { BANK_WEBHOOK_SECRET: SECRET });
}, timeLimit(150_000));

afterAll(() => harness.cleanup());

test(
  'killed with SIGKILL mid-burst of bank transfers, then restarted: every settled payment told its member',
  async () => {
    // 1. Members with a bank-QR payment waiting, made in this process on the database the gateway will use.
    const gw = await startTestGateway({ database: harness.open });
    gw.clock.set(new Date());
    const club = await clubAt(gw);
    const waiting = [];
    for (let i = 0; i < MEMBERS; i++) {
      const [account] = await gw.db
        .insert(accounts)
        .values({ phoneNumber: randomPhone(), accountType: 'MEMBER', fullName: `Thành viên ${String(i)}`, lang: 'vi' })
        .returning();
      const opened = await openUnpaidContract(gw, {
        accountId: account.id,
        method: PaymentMethods.QR,
        clubId: club.id,
      });
      waiting.push({ accountId: account.id, memo: opened.payment.reference, amount: opened.payment.amount });
    }
    await gw.close();

    // 2. The gateway as a process; all transfers arrive at once; it is killed once a few have settled.
    const port = await freePort();
    const url = `http://127.0.0.1:${String(port)}`;
    let gateway = harness.start(port);
    await harness.waitReady(url, gateway);
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
        headers: {
          'content-type': 'application/json',
          'x-casso-signature': cassoSignatureHeader(SECRET, body, new Date()),
        },
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
    await exited(gateway);
    await Promise.all(burst);

    // 3. Restarted, the gateway's worker delivers what the dead one left queued, and what it had
    // leased, once the lease (15 s) runs out.
    gateway = harness.start(port);
    await harness.waitReady(url, gateway);
    await new Promise((r) => setTimeout(r, NOTICE_DELIVERY.leaseMs + 3_000));
    gateway.kill('SIGTERM');
    await exited(gateway);

    const handle = await harness.open();
    const { db } = handle;
    try {
      const settled = await db
        .select({ accountId: payments.accountId })
        .from(payments)
        // This burst's members only (the seed's demo member has a history paid long ago).
        .where(
          and(
            eq(payments.status, 'SUCCESS'),
            eq(payments.provider, 'vietqr'),
            inArray(
              payments.accountId,
              waiting.map((w) => w.accountId),
            ),
          ),
        );
      const told = new Set(
        (
          await db
            .select({ accountId: notifications.accountId })
            .from(notifications)
            .where(eq(notifications.kind, 'PAYMENT'))
        ).map((r) => r.accountId),
      );
      const lost = settled.filter((s) => !told.has(s.accountId));
      const pending = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(noticeOutbox)
        .where(eq(noticeOutbox.status, 'pending'));
      console.log(
        `${String(answered)} transfers answered before the kill; ${String(settled.length)} settled in all; ${String(lost.length)} members not told; ${String(pending[0].n)} notices still pending`,
      );
      expect(settled.length).toBeGreaterThanOrEqual(10);
      expect(lost).toEqual([]);
    } finally {
      await handle.close();
    }
  },
  timeLimit(150_000),
);
