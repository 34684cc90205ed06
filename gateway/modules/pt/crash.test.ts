import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { freeSessionsInfoSchema } from '#api/pt.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import {
  accounts,
  contracts,
  freeSessions,
  ptBookings,
  ptContracts,
  ptEContracts,
  ptPackages,
  ptWorkingHours,
} from '#gateway/db/schema/index.ts';
import { issueToken } from '#gateway/modules/auth/tokens.ts';
import { randomPhone, startTestGateway } from '#tests/support/gateway.ts';
import { exited, freePort, gatewayProcessHarness } from '#tests/support/gateway-process.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';
import { markEContractSigned } from '#tests/support/pt.ts';
import { timeLimit } from '#tests/support/time-limit.ts';

// Issue 13 (ADR 046, 048): the gateway is killed (SIGKILL) in the middle of a burst of PT bookings
// of one trainer's hour and trial bookings of one start, each sent twice. Whatever the moment: a
// package's used sessions equal its holding bookings (the counter and the rows move together), the
// trainer's hour is held once, each member has at most one trial in the works, and every answered
// booking is in the database.

const MEMBERS = 16;
const HOLDING = ['WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED'] as const;
let harness: Awaited<ReturnType<typeof gatewayProcessHarness>>;

beforeAll(async () => {
  harness = await gatewayProcessHarness('pt-crash');
}, timeLimit(150_000));

afterAll(() => harness.cleanup());

test(
  'killed with SIGKILL mid-burst of PT and trial bookings, then restarted: sessions used = holding bookings, one holder of the hour, one trial each',
  async () => {
    const gw = await startTestGateway({ database: harness.open });
    gw.clock.set(new Date());
    const now = gw.clock.now();
    const club = await clubAt(gw);
    const [pkg] = await gw.db
      .select()
      .from(ptPackages)
      .where(eq(ptPackages.clubId, club.id))
      .orderBy(asc(ptPackages.id))
      .limit(1);
    // The trainer's hour: a weekday start of theirs two to eight days ahead.
    const hours = await gw.db
      .select()
      .from(ptWorkingHours)
      .where(eq(ptWorkingHours.clubId, club.id))
      .orderBy(asc(ptWorkingHours.id));
    const today = vietnamDay(now);
    const day = [2, 3, 4, 5, 6, 7, 8]
      .map((n) => addDays(today, n))
      .find((d) => hours.some((h) => h.weekday === (new Date(`${d}T00:00:00Z`).getUTCDay() || 7)))!;
    const slot = hours.find(
      (h) => h.weekday === (new Date(`${day}T00:00:00Z`).getUTCDay() || 7) && h.endMinute - h.startMinute >= 120,
    )!;
    const ptStart = Math.ceil(slot.startMinute / 30) * 30;
    const members: { accountId: number; token: string; ptContractId: number; freeSessionId: number }[] = [];
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
      await gw.db
        .update(contracts)
        .set({ paymentState: 'PAID', startDate: today, endDate: addDays(today, 365) })
        .where(eq(contracts.id, opened.contract.id));
      const [pt] = await gw.db
        .insert(ptContracts)
        .values({
          accountId: account.id,
          trainerAccountId: slot.trainerAccountId,
          ptPackageId: pkg.id,
          clubId: club.id,
          sessions: pkg.sessions,
          validityDays: pkg.validityDays,
          price: pkg.price,
          isSilver: pkg.isSilver,
          state: 'PAID',
          startDate: today,
          endDate: addDays(today, pkg.validityDays - 1),
          paidAt: now,
        })
        .returning();
      // Signed, as sessions are booked under a signed e-contract only.
      await gw.db.insert(ptEContracts).values({
        ptContractId: pt.id,
        accountId: account.id,
        templateVersion: 'test',
        lang: 'vi',
        document: '{}',
        documentSha256: '0'.repeat(64),
        status: 'UNSIGNED',
      });
      await markEContractSigned(gw, pt.id);
      const [free] = await gw.db
        .insert(freeSessions)
        .values({
          accountId: account.id,
          clubId: club.id,
          contractId: opened.contract.id,
          source: 'PLAN',
          ordinal: 1,
          validFrom: today,
          validUntil: addDays(today, 13),
        })
        .returning();
      members.push({
        accountId: account.id,
        token: (await issueToken(gw.db, account.id, now)).token,
        ptContractId: pt.id,
        freeSessionId: free.id,
      });
    }
    // The trial start: the next day's first start at which some trainer is free.
    const trialDay = addDays(day, 1);
    const info = freeSessionsInfoSchema.parse(
      (
        await gw.call('GET', `/api/v1/member/club/${String(club.id)}/free-sessions/info?date=${trialDay}`, {
          token: members[0].token,
        })
      ).body.data,
    );
    expect(info.slots.length).toBeGreaterThan(0);
    // Members spread over the day's free starts, two or three to each: some win a trainer, some meet 456.
    const trialStart = (i: number) => info.slots[(i % Math.ceil(MEMBERS / 3)) % info.slots.length].afterMinute;
    await gw.close();

    const port = await freePort();
    const url = `http://127.0.0.1:${String(port)}`;
    let gateway = harness.start(port);
    await harness.waitReady(url, gateway);
    const answered = new Set<number>();
    const post = (m: (typeof members)[number], path: string, body: object) =>
      fetch(`${url}/api/v1/member/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${m.token}`,
          'x-internal-secret': 'crash-test-internal-secret-of-32-characters',
        },
        body: JSON.stringify(body),
      }).then(
        async (r) => {
          if (r.ok) answered.add(((await r.json()) as { data: { bookingId: number } }).data.bookingId);
        },
        () => undefined,
      );
    const tap = (m: (typeof members)[number], i: number) => [
      post(m, `pt-contract/${String(m.ptContractId)}/booking`, { date: day, afterMinute: ptStart }),
      post(m, `free-session/${String(m.freeSessionId)}/booking`, { date: trialDay, afterMinute: trialStart(i) }),
    ];
    const burst = members.flatMap((m, i) => [...tap(m, i), ...tap(m, i)]);
    while (answered.size < 1) await new Promise((r) => setTimeout(r, 1));
    gateway.kill('SIGKILL');
    await exited(gateway);
    await Promise.all(burst);
    const answeredBeforeKill = answered.size;

    // Restarted, every member taps again.
    gateway = harness.start(port);
    await harness.waitReady(url, gateway);
    await Promise.all(members.flatMap((m, i) => tap(m, i)));
    gateway.kill('SIGTERM');
    await exited(gateway);

    const handle = await harness.open();
    try {
      const ids = members.map((m) => m.accountId);
      const rows = await handle.db.select().from(ptBookings).where(inArray(ptBookings.accountId, ids));
      const holding = rows.filter((b) => (HOLDING as readonly string[]).includes(b.status));
      const used = await handle.db.select().from(ptContracts).where(inArray(ptContracts.accountId, ids));
      console.log(
        `${String(answeredBeforeKill)} bookings answered before the kill; ${String(holding.length)} holding after the restart`,
      );
      // The trainer's hour: one holder, whose package counts it; every other package untouched.
      const hour = holding.filter((b) => b.ptContractId !== null && b.day === day && b.afterMinute === ptStart);
      expect(hour).toHaveLength(1);
      for (const c of used)
        expect(c.sessionsUsed, `package ${String(c.id)}`).toBe(holding.filter((b) => b.ptContractId === c.id).length);
      // No trainer holds two overlapping hours; each member has at most one trial in the works.
      const byTrainer = new Map<string, number>();
      for (const b of holding) {
        const key = `${String(b.trainerAccountId)} ${String(b.startEpochMinute)}`;
        byTrainer.set(key, (byTrainer.get(key) ?? 0) + 1);
      }
      expect([...byTrainer.values()].every((n) => n === 1)).toBe(true);
      const trials = await handle.db
        .select()
        .from(ptBookings)
        .where(
          and(
            inArray(ptBookings.accountId, ids),
            isNotNull(ptBookings.freeSessionId),
            inArray(ptBookings.status, ['WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED']),
          ),
        );
      expect(trials.length).toBeGreaterThan(0);
      expect(new Set(trials.map((b) => b.accountId)).size).toBe(trials.length);
      // Every booking a member was told about is there.
      const kept = new Set(rows.map((b) => b.id));
      for (const id of answered) expect(kept.has(id), `answered booking ${String(id)}`).toBe(true);
    } finally {
      await handle.close();
    }
  },
  timeLimit(150_000),
);
