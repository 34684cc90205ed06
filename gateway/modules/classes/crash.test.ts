import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { accounts, classBookings, classSessions, contracts } from '#gateway/db/schema/index.ts';
import { issueToken } from '#gateway/modules/auth/tokens.ts';
import { classSessionIn } from '#tests/support/classes.ts';
import { randomPhone, startTestGateway } from '#tests/support/gateway.ts';
import { exited, freePort, gatewayProcessHarness } from '#tests/support/gateway-process.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 11 §4 (ADR 034): the gateway is killed (SIGKILL) in the middle of a burst of bookings of one
// class, each sent twice (a double tap), more members than spots. Whatever the moment: the spots
// taken equal the booked rows and never pass the capacity, each member holds at most one live
// booking, and every answered booking is in the database as answered.

const MEMBERS = 30;
const CAPACITY = 8;
let harness: Awaited<ReturnType<typeof gatewayProcessHarness>>;

beforeAll(async () => {
  harness = await gatewayProcessHarness('classes-crash');
}, timeLimit(150_000));

afterAll(() => harness.cleanup());

test(
  'killed with SIGKILL mid-burst of bookings, then restarted: spots = booked rows ≤ capacity, one live booking each, answered ones kept',
  async () => {
    const gw = await startTestGateway({ database: harness.open });
    gw.clock.set(new Date());
    const club = await clubAt(gw);
    const members: { accountId: number; token: string }[] = [];
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
      members.push({ accountId: account.id, token: (await issueToken(gw.db, account.id, new Date())).token });
    }
    const session = await classSessionIn(gw, club.id, 5 * 3_600_000, CAPACITY);
    await gw.close();

    const port = await freePort();
    const url = `http://127.0.0.1:${String(port)}`;
    let gateway = harness.start(port);
    await harness.waitReady(url, gateway);
    const answers = new Map<number, string>();
    let answeredBeforeKill = -1;
    const book = (m: (typeof members)[number]) =>
      fetch(`${url}/api/v1/member/classes/${String(session.id)}/booking`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${m.token}`,
          'x-internal-secret': 'crash-test-internal-secret-of-32-characters',
        },
        body: JSON.stringify({ joinWaitlist: true }),
      }).then(
        async (r) => {
          if (r.ok)
            answers.set(m.accountId, ((await r.json()) as { data: { booking: { state: string } } }).data.booking.state);
        },
        () => undefined,
      );
    const burst = members.flatMap((m) => [book(m), book(m)]);
    while (answers.size < 3) await new Promise((r) => setTimeout(r, 1));
    gateway.kill('SIGKILL');
    answeredBeforeKill = answers.size;
    await exited(gateway);
    await Promise.all(burst);
    const beforeRestart = new Map(answers);

    // Restarted, every member taps again: the ones already in keep what they had.
    gateway = harness.start(port);
    await harness.waitReady(url, gateway);
    await Promise.all(members.map(book));
    gateway.kill('SIGTERM');
    await exited(gateway);

    const handle = await harness.open();
    try {
      const ids = members.map((m) => m.accountId);
      const live = await handle.db
        .select()
        .from(classBookings)
        .where(
          and(
            eq(classBookings.sessionId, session.id),
            inArray(classBookings.accountId, ids),
            inArray(classBookings.status, ['BOOKED', 'WAITLISTED']),
          ),
        );
      const [row] = await handle.db.select().from(classSessions).where(eq(classSessions.id, session.id));
      const booked = live.filter((b) => b.status === 'BOOKED');
      console.log(
        `${String(answeredBeforeKill)} bookings answered before the kill; ${String(booked.length)} booked, ${String(live.length - booked.length)} waitlisted`,
      );
      expect(answeredBeforeKill).toBeLessThan(MEMBERS);
      expect(row.bookedCount).toBe(booked.length);
      expect(booked.length).toBe(CAPACITY);
      expect(live).toHaveLength(MEMBERS); // one each: everyone is in after the second round
      expect(new Set(live.map((b) => b.accountId)).size).toBe(MEMBERS);
      const byMember = new Map(live.map((b) => [b.accountId, b.status]));
      for (const [accountId, state] of beforeRestart) expect(byMember.get(accountId)).toBe(state);
    } finally {
      await handle.close();
    }
  },
  timeLimit(150_000),
);
