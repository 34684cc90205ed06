import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import { accounts, contracts, freezeContracts, payments, transactions } from '#gateway/db/schema/index.ts';
import { issueToken } from '#gateway/modules/auth/tokens.ts';
import { randomPhone, startTestGateway } from '#tests/support/gateway.ts';
import { exited, freePort, gatewayProcessHarness } from '#tests/support/gateway-process.ts';
import { openUnpaidContract } from '#tests/support/unpaid-contract.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 12 §1 (ADR 036): the gateway is killed (SIGKILL) in the middle of a burst of bank
// transfers paying members' freezes, each transfer sent twice (a bank that retries, a member who
// pays twice). Restarted, the transfers come again. Whatever the moment: every freeze is paid
// once, its membership's end moved by its days exactly once, one successful attempt and one paid
// fee per freeze; money that came again is kept for staff, never booked twice.

const MEMBERS = 12;
const DAYS = 14;
let harness: Awaited<ReturnType<typeof gatewayProcessHarness>>;

beforeAll(async () => {
  harness = await gatewayProcessHarness('freezes-crash');
}, timeLimit(150_000));

afterAll(() => harness.cleanup());

test(
  'killed with SIGKILL mid-burst of freeze payments, then restarted: each freeze paid once, each membership moved once',
  async () => {
    const gw = await startTestGateway({ database: harness.open });
    gw.clock.set(new Date());
    const start = addDays(vietnamDay(gw.clock.now()), 2);
    const members: { contractId: number; endBefore: string; memo: string; amount: number }[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const [account] = await gw.db
        .insert(accounts)
        .values({ phoneNumber: randomPhone(), accountType: 'MEMBER', fullName: `Hội viên ${String(i)}`, lang: 'vi' })
        .returning();
      const opened = await openUnpaidContract(gw, { accountId: account.id, method: PaymentMethods.CASH });
      await gw.db.update(contracts).set({ paymentState: 'PAID' }).where(eq(contracts.id, opened.contract.id));
      const { token } = await issueToken(gw.db, account.id, new Date());
      const asked = await gw.call('POST', `/api/v1/member/contract/${String(opened.contract.id)}/freeze`, {
        token,
        json: { days: DAYS, startDate: start, paymentMethodGroupId: PaymentMethods.QR },
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const payment = asked.body.data.freeze.payment as { amount: number; qr: { memo: string } };
      members.push({
        contractId: opened.contract.id,
        endBefore: opened.contract.endDate,
        memo: payment.qr.memo,
        amount: payment.amount,
      });
    }
    await gw.close();

    const port = await freePort();
    const url = `http://127.0.0.1:${String(port)}`;
    let gateway = harness.start(port);
    await harness.waitReady(url, gateway);
    let answered = 0;
    const transfer = (m: (typeof members)[number]) =>
      fetch(`${url}/sandbox/bank/transfer`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ memo: m.memo, amount: m.amount }),
      }).then(
        (r) => {
          if (r.ok) answered++;
        },
        () => undefined,
      );
    const burst = members.flatMap((m) => [transfer(m), transfer(m)]);
    while (answered < 3) await new Promise((r) => setTimeout(r, 1));
    gateway.kill('SIGKILL');
    const answeredBeforeKill = answered;
    await exited(gateway);
    await Promise.all(burst);

    // Restarted: the bank delivers again (every freeze's transfer once more).
    gateway = harness.start(port);
    await harness.waitReady(url, gateway);
    await Promise.all(members.map(transfer));
    gateway.kill('SIGTERM');
    await exited(gateway);

    const handle = await harness.open();
    try {
      const ids = members.map((m) => m.contractId);
      const freezes = await handle.db.select().from(freezeContracts).where(inArray(freezeContracts.contractId, ids));
      const memberships = new Map(
        (await handle.db.select().from(contracts).where(inArray(contracts.id, ids))).map((c) => [c.id, c]),
      );
      const freezeIds = freezes.map((f) => f.id);
      const paid = await handle.db
        .select()
        .from(payments)
        .where(and(inArray(payments.freezeContractId, freezeIds), eq(payments.status, 'SUCCESS')));
      const fees = await handle.db
        .select()
        .from(transactions)
        .where(and(inArray(transactions.freezeContractId, freezeIds), eq(transactions.status, 'SUCCESS')));
      console.log(
        `${String(answeredBeforeKill)} transfers answered before the kill; ${String(freezes.filter((f) => f.paymentState === 'PAID').length)} freezes paid`,
      );
      expect(answeredBeforeKill).toBeLessThan(MEMBERS * 2);
      expect(freezes).toHaveLength(MEMBERS);
      for (const f of freezes)
        expect([f.paymentState, f.startDate, f.endDate]).toEqual(['PAID', start, addDays(start, DAYS - 1)]);
      for (const m of members) expect(memberships.get(m.contractId)?.endDate).toBe(addDays(m.endBefore, DAYS));
      expect(paid).toHaveLength(MEMBERS);
      expect(new Set(paid.map((p) => p.freezeContractId)).size).toBe(MEMBERS);
      expect(fees).toHaveLength(MEMBERS);
    } finally {
      await handle.close();
    }
  },
  timeLimit(150_000),
);
