import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { noticeOutbox, notifications, pushSubscriptions } from '#gateway/db/schema/index.ts';
import { settlePaymentIn } from '#gateway/modules/payments/settle.ts';
import type { PushSender } from '#gateway/providers/push/port.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { openUnpaidContract } from '#tests/support/unpaid-contract.ts';
import { deliverDueNotices, drainDueNotices, enqueueNotice, NOTICE_DELIVERY } from './service.ts';

// ADR 016: the transactional outbox of notices.
let gw: TestGateway;
let pushFails = false;
let pushes = 0;
beforeAll(async () => {
  gw = await startTestGateway({
    push: (sandbox): PushSender => ({
      ...sandbox,
      send: async (message) => {
        if (pushFails) throw new Error('push service unavailable');
        pushes++;
        return sandbox.send(message);
      },
    }),
  });
});
afterAll(() => gw.close());

const notice = {
  kind: 'GENERAL' as const,
  titleVi: 'Chào',
  titleEn: 'Hello',
  bodyVi: 'Nội dung',
  bodyEn: 'Body',
  link: null,
};
const deps = () => ({ db: gw.db, push: gw.push, logger: gw.logger, clock: gw.clock });
const stored = async (notificationId: string) =>
  (
    await gw.db
      .select({ n: sql<number>`count(*)::int` })
      .from(notifications)
      .where(eq(notifications.id, notificationId))
  )[0].n;
const outboxRow = async (notificationId: string) =>
  (await gw.db.select().from(noticeOutbox).where(eq(noticeOutbox.notificationId, notificationId)))[0];

async function memberWithBrowser() {
  const { profile } = await gw.signUp();
  await gw.db.insert(pushSubscriptions).values({
    accountId: profile.id,
    endpoint: `https://push.example.test/${String(profile.id)}-${String(Math.random()).slice(2)}`,
    p256dh: 'BPcJpTdHbqm9wGq0-6nQ0n-8Ib7eNAQwM6tI8Sx2kH9f8yqsc5Vw1i4xUJqS3aZy1vHhKq1b2tZ3w6x9jTqU0Xk',
    auth: 'k3s9f8H2q1w0e7r6t5y4uA',
    createdAt: gw.clock.now(),
  });
  return profile.id as number;
}

describe('the notice outbox', () => {
  test('a run drains more than one batch (a notice to a whole club goes out at once), and stops when its time is up', async () => {
    await drainDueNotices(deps());
    const { profile } = await gw.signUp();
    const many = NOTICE_DELIVERY.batch * 2 + 5;
    const ids = await gw.db.transaction(async (tx) =>
      Promise.all(Array.from({ length: many }, () => enqueueNotice(tx, profile.id, notice, gw.clock.now()))),
    );
    expect(await drainDueNotices(deps())).toBe(many);
    expect((await Promise.all(ids.map(stored))).every((n) => n === 1)).toBe(true);
    await gw.db.transaction(async (tx) =>
      Promise.all(Array.from({ length: many }, () => enqueueNotice(tx, profile.id, notice, gw.clock.now()))),
    );
    expect(await drainDueNotices(deps(), 0)).toBe(NOTICE_DELIVERY.batch);
    await drainDueNotices(deps());
  });

  test('a notice queued in a transaction that rolls back does not exist', async () => {
    const { profile } = await gw.signUp();
    let queued = '';
    await gw.db
      .transaction(async (tx) => {
        queued = await enqueueNotice(tx, profile.id, notice, gw.clock.now());
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    expect(await outboxRow(queued)).toBeUndefined();
    await deliverDueNotices(deps());
    expect(await stored(queued)).toBe(0);
  });

  test('a payment that committed while its process died before delivering is told by the next worker run, once', async () => {
    const { profile } = await gw.signUp();
    const { payment } = await openUnpaidContract(gw, { accountId: profile.id, method: PaymentMethods.QR });
    // The crash point: the settlement commits, nothing after it runs.
    await gw.db.transaction((tx) =>
      settlePaymentIn(
        tx,
        { paymentId: payment.id, amount: payment.amount, providerTransactionId: 'FT-CRASH', paidAt: gw.clock.now() },
        gw.clock.now(),
      ),
    );
    const [queued] = await gw.db
      .select()
      .from(noticeOutbox)
      .where(eq(noticeOutbox.accountId, profile.id))
      .orderBy(sql`${noticeOutbox.id} desc`)
      .limit(1);
    expect(queued).toMatchObject({ status: 'pending', content: { kind: 'PAYMENT', titleEn: 'Payment received' } });
    expect(await stored(queued.notificationId)).toBe(0);

    await deliverDueNotices(deps());
    await deliverDueNotices(deps());
    expect(await stored(queued.notificationId)).toBe(1);
    expect((await outboxRow(queued.notificationId)).status).toBe('delivered');
  });

  test('a push that fails everywhere is tried again with growing waits, the inbox row stored once; then failed for good', async () => {
    const accountId = await memberWithBrowser();
    const id = await gw.db.transaction((tx) => enqueueNotice(tx, accountId, notice, gw.clock.now()));
    pushFails = true;
    try {
      const waits: number[] = [];
      for (let attempt = 1; attempt <= NOTICE_DELIVERY.maxAttempts; attempt++) {
        const before = gw.clock.now().getTime();
        await deliverDueNotices(deps());
        const row = await outboxRow(id);
        expect(row.attempts).toBe(attempt);
        expect(row.lastError).toContain('push failed');
        waits.push(row.nextAttemptAt.getTime() - before);
        // Not due again before its wait is over.
        await deliverDueNotices(deps());
        expect((await outboxRow(id)).attempts).toBe(attempt);
        gw.clock.set(row.nextAttemptAt);
      }
      expect(waits.slice(0, 3)).toEqual([5_000, 10_000, 20_000]);
      expect((await outboxRow(id)).status).toBe('failed');
      expect(await stored(id)).toBe(1);
    } finally {
      pushFails = false;
    }
  });

  test('a passing push failure heals on the next try', async () => {
    const accountId = await memberWithBrowser();
    const id = await gw.db.transaction((tx) => enqueueNotice(tx, accountId, notice, gw.clock.now()));
    pushFails = true;
    await deliverDueNotices(deps());
    pushFails = false;
    expect((await outboxRow(id)).status).toBe('pending');
    gw.clock.advance(NOTICE_DELIVERY.firstRetryMs);
    const pushesBefore = pushes;
    await deliverDueNotices(deps());
    expect((await outboxRow(id)).status).toBe('delivered');
    expect(pushes - pushesBefore).toBe(1);
    expect(await stored(id)).toBe(1);
  });

  test('workers running at once (replicas) deliver each notice exactly once', async () => {
    const { profile } = await gw.signUp();
    const ids = await gw.db.transaction(async (tx) => {
      const queued: string[] = [];
      for (let i = 0; i < 45; i++)
        queued.push(await enqueueNotice(tx, profile.id, { ...notice, titleEn: `Hello ${String(i)}` }, gw.clock.now()));
      return queued;
    });
    let delivered = 0;
    for (let round = 0; round < 5; round++) {
      const counts = await Promise.all([
        deliverDueNotices(deps()),
        deliverDueNotices(deps()),
        deliverDueNotices(deps()),
      ]);
      delivered += counts.reduce((a, b) => a + b, 0);
    }
    expect(delivered).toBe(45);
    for (const id of ids) expect(await stored(id)).toBe(1);
  });
});
