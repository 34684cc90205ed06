import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, like, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { loadGatewayConfig } from '#gateway/config.ts';
import { openDatabase, type Database } from '#gateway/db/client.ts';
import {
  clubs,
  contracts,
  noticeOutbox,
  notifications,
  paymentPlans,
  payments,
  pushSubscriptions,
  savedCards,
  subscriptionPeriods,
  subscriptions,
  transactions,
} from '#gateway/db/schema/index.ts';
import { deliverDueNotices, enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { expireStalePayments, settlePayment } from '#gateway/modules/payments/settle.ts';
import { runRenewals } from '#gateway/modules/subscriptions/renewal.ts';
import { RECURRING_COMMANDS, recurringSignature, signedRecurringAnswer } from '#gateway/providers/recurring/vnpay.ts';
import type { PushSender } from '#gateway/providers/push/port.ts';
import { freshDatabase, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { openUnpaidContract } from '#tests/support/unpaid-contract.ts';

// ADR 053: every gateway replica runs every background job. Two "replicas" here are two pools on
// one PostgreSQL database (TEST_DATABASE_URL), each running the job's function at the same moment
// as the other; on PGlite (one process, one connection) both run on the one database, interleaved.
// Each due item must be handled exactly once: one expiry, one notice, one renewal charge.

const env = { VNPAY_HASH_SECRET: 'jobs-test-hash-secret-0123456789' };
const config = loadGatewayConfig({ SANDBOX: 'true', LOG_LEVEL: 'silent', ...env });
/** What the jobs logged at warn and above: a deadlock or a failed run shows here before it shows as a count. */
const logged: string[] = [];
const logger = pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) });

let gw: TestGateway;
/** The second replica's database: its own pool on PostgreSQL, the same handle on PGlite. */
let other: Database;
let closeOther = async () => {};
let pushes: number[] = [];

beforeAll(async () => {
  const fresh = await freshDatabase();
  gw = await startTestGateway({
    database: async () => fresh,
    env,
    push: (sandbox): PushSender => ({
      ...sandbox,
      send: async (message) => {
        pushes.push(message.accountId);
        return sandbox.send(message);
      },
    }),
  });
  if (fresh.url) {
    const second = await openDatabase({ kind: 'postgres', url: fresh.url, migrationsDir: 'gateway/db/migrations' });
    other = second.db;
    closeOther = second.close;
  } else {
    other = gw.db;
  }
});
afterAll(async () => {
  await closeOther();
  await gw.close();
});

/** Each replica's dependencies: its own database pool, the shared providers. */
const replicas = () => [gw.db, other].map((db) => ({ db, push: gw.push, logger, clock: gw.clock, config }));

async function members(n: number) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await gw.signUp()).profile.id as number);
  return out;
}

test('payment expiry: two replicas sweeping at once (and members reading) expire each stale payment and fail each contract once', async () => {
  const ids = await members(8);
  const opened = [];
  for (const accountId of ids) opened.push(await openUnpaidContract(gw, { accountId, method: PaymentMethods.QR }));
  const contractIds = opened.map((o) => o.contract.id);
  const now = new Date(gw.clock.now().getTime() + 16 * 60_000);
  const [a, b] = replicas();
  const counts = await Promise.all([
    expireStalePayments(a.db, now),
    expireStalePayments(b.db, now),
    expireStalePayments(a.db, now),
    expireStalePayments(b.db, now),
    // Every member read asks for its own account's expiry first.
    ...ids.slice(0, 4).map((accountId, i) => expireStalePayments(i % 2 ? a.db : b.db, now, accountId)),
  ]);
  expect(counts.reduce((x, y) => x + y, 0)).toBe(contractIds.length);
  const rows = await gw.db.select().from(contracts).where(inArray(contracts.id, contractIds));
  expect(rows.map((c) => [c.paymentState, c.closedReason])).toEqual(contractIds.map(() => ['FAIL', 'expired']));
  const attempts = await gw.db.select().from(payments).where(inArray(payments.contractId, contractIds));
  expect(attempts.map((p) => p.status)).toEqual(contractIds.map(() => 'EXPIRED'));
  const fees = await gw.db.select().from(transactions).where(inArray(transactions.contractId, contractIds));
  expect(fees.every((f) => f.status === 'FAIL')).toBe(true);
  expect(logged).toEqual([]);
});

test('notice outbox: two replicas delivering at once store and push each notice once', async () => {
  const ids = await members(6);
  for (const accountId of ids) {
    await gw.db.insert(pushSubscriptions).values({
      accountId,
      endpoint: `https://push.example.test/jobs-${String(accountId)}-${randomBytes(4).toString('hex')}`,
      p256dh: 'BPcJpTdHbqm9wGq0-6nQ0n-8Ib7eNAQwM6tI8Sx2kH9f8yqsc5Vw1i4xUJqS3aZy1vHhKq1b2tZ3w6x9jTqU0Xk',
      auth: 'x8S1Z3oFbq7k6mQ2Lw9aYg',
    });
  }
  const now = gw.clock.now();
  const queued: string[] = [];
  await gw.db.transaction(async (tx) => {
    // 45 notices: more than two leases of 20, so both replicas have work and a third run mops up.
    for (let i = 0; i < 45; i++) {
      const content = {
        kind: 'GENERAL' as const,
        titleVi: `Tin ${String(i)}`,
        titleEn: `Notice ${String(i)}`,
        bodyVi: 'Nội dung',
        bodyEn: 'Body',
        link: null,
      };
      queued.push(await enqueueNotice(tx, ids[i % ids.length], content, now));
    }
  });
  pushes = [];
  const [a, b] = replicas();
  const runs = await Promise.all([
    deliverDueNotices(a),
    deliverDueNotices(b),
    deliverDueNotices(a),
    deliverDueNotices(b),
  ]);
  const more = await Promise.all([deliverDueNotices(a), deliverDueNotices(b)]);
  expect([...runs, ...more].reduce((x, y) => x + y, 0)).toBe(45);
  const stored = await gw.db
    .select({ id: notifications.id, n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(inArray(notifications.id, queued))
    .groupBy(notifications.id);
  expect(stored).toHaveLength(45);
  expect(stored.every((s) => s.n === 1)).toBe(true);
  expect(pushes).toHaveLength(45);
  const outbox = await gw.db.select().from(noticeOutbox).where(inArray(noticeOutbox.notificationId, queued));
  expect(outbox.every((o) => o.status === 'delivered' && o.attempts === 1)).toBe(true);
  expect(logged).toEqual([]);
});

/** Members who bought the first club's first monthly plan with a saved card on `day`, paid; their subscriptions and cards. */
async function subscribersWithCards(n: number, day: Date) {
  const [club] = await gw.db.select().from(clubs).orderBy(asc(clubs.id)).limit(1);
  const [plan] = await gw.db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.clubId, club.id), eq(paymentPlans.type, 'SUBSCRIPTION')))
    .orderBy(asc(paymentPlans.sortOrder))
    .limit(1);
  const subscribers: { accountId: number; subscriptionId: number; token: string }[] = [];
  gw.clock.set(day);
  for (let i = 0; i < n; i++) {
    const member = await gw.signUp();
    const [card] = await gw.db
      .insert(savedCards)
      .values({
        accountId: member.profile.id,
        token: randomBytes(24).toString('hex'),
        cardNumber: '970419*********2198',
        bankCode: 'NCB',
        cardType: '01',
        isDefault: true,
      })
      .returning();
    const bought = await gw.call('POST', '/api/v1/member/contract', {
      token: member.token,
      json: { paymentPlanId: plan.id, paymentMethodGroupId: PaymentMethods.CARD, isCash: false, savedCardId: card.id },
    });
    expect(bought.body.code).toBe(1022);
    const { payment } = bought.body.data;
    const settled = await settlePayment(gw, {
      paymentId: payment.id,
      amount: payment.amount,
      providerTransactionId: `VNP${String(payment.id)}`,
      paidAt: gw.clock.now(),
    });
    expect(settled.kind).toBe('settled');
    const [sub] = await gw.db.select().from(subscriptions).where(eq(subscriptions.accountId, member.profile.id));
    subscribers.push({ accountId: member.profile.id, subscriptionId: sub.id, token: card.token });
  }
  return subscribers;
}

test('subscription renewals: two replicas running the job at once make, charge and announce each next month once', async () => {
  const subscribers = await subscribersWithCards(4, new Date('2026-11-21T03:00:00Z'));
  const [a, b] = replicas();
  // The same day on both: the recurring agreement is asked for each new card, once.
  await Promise.all([
    runRenewals(a, new Date('2026-11-21T03:00:00Z')),
    runRenewals(b, new Date('2026-11-21T03:00:00Z')),
  ]);
  const billingDay = new Date('2026-12-17T03:00:00Z');
  const reports = await Promise.all([
    runRenewals(a, billingDay),
    runRenewals(b, billingDay),
    runRenewals(a, billingDay),
    runRenewals(b, billingDay),
  ]);
  // Before the fix, one run in three deadlocked here (planStep waited for a contract being settled while holding its subscription).
  expect(logged).toEqual([]);
  expect(reports.map((r) => r.charged).reduce((x, y) => x + y, 0)).toBe(subscribers.length);
  expect(reports.map((r) => r.created).reduce((x, y) => x + y, 0)).toBe(subscribers.length);

  for (const { accountId, subscriptionId } of subscribers) {
    const periods = await gw.db
      .select()
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.subscriptionId, subscriptionId))
      .orderBy(asc(subscriptionPeriods.periodStart));
    // The first month (bought, no attempt) and the renewal, charged once.
    expect(periods.map((p) => [p.periodStart, p.state, p.attempts])).toEqual([
      ['2026-11-21', 'PAID', 0],
      ['2026-12-21', 'PAID', 1],
    ]);
    const charges = await gw.db
      .select()
      .from(payments)
      .where(and(eq(payments.contractId, periods[1].contractId), like(payments.reference, 'VR%')));
    expect(charges.map((p) => p.status)).toEqual(['SUCCESS']);
    const received = await gw.db
      .select({ n: sql<number>`count(*)::int` })
      .from(noticeOutbox)
      .where(and(eq(noticeOutbox.accountId, accountId), sql`${noticeOutbox.content}->>'titleEn' = 'Payment received'`));
    expect(received[0].n).toBe(2); // the first month's and the renewal's
    const [row] = await gw.db
      .select({ recurringId: subscriptions.recurringId })
      .from(subscriptions)
      .where(eq(subscriptions.id, subscriptionId));
    expect(row.recurringId).toMatch(/^7\d{17}$/);
  }
});

test('the recurring provider: two replicas at once ask for each new card’s agreement once, and a charge left unanswered is asked again once, with its reference', async () => {
  const subscribers = await subscribersWithCards(3, new Date('2027-03-01T03:00:00Z'));
  const ours = new Set(subscribers.map((s) => s.token));
  // VNPAY's recurring API as the real client meets it (signed JSON), slow enough for the two
  // replicas' runs to overlap; what it was asked for these members' cards is counted.
  const asked: { command: string; reference: string }[] = [];
  let chargesAnswer = true;
  const provider = async (_url: string | URL | Request, init?: RequestInit) => {
    const body = JSON.parse(String(init?.body)) as {
      reqId: string;
      command: string;
      order: { orderReference: string };
      transaction: { token: string };
    };
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (ours.has(body.transaction.token)) asked.push({ command: body.command, reference: body.order.orderReference });
    if (body.command === RECURRING_COMMANDS.charge && !chargesAnswer) throw new TypeError('fetch failed'); // no answer: a timeout
    const fields =
      body.command === RECURRING_COMMANDS.register
        ? {
            reqId: body.reqId,
            responseCode: '00',
            recurringId: `7${body.transaction.token.replace(/\D/g, '').padEnd(17, '0').slice(0, 17)}`,
          }
        : { reqId: body.reqId, responseCode: '00', transactionNo: `1${String(asked.length).padStart(7, '0')}` };
    return Response.json({
      ...fields,
      secureHash: recurringSignature(env.VNPAY_HASH_SECRET, signedRecurringAnswer(fields)),
    });
  };
  const vnpay = loadGatewayConfig({
    SANDBOX: 'true',
    LOG_LEVEL: 'silent',
    ...env,
    RECURRING_PROVIDER: 'vnpay',
    VNPAY_RECURRING_URL: 'http://vnpay.invalid/recurring',
  });
  const [a, b] = replicas().map((deps) => ({ ...deps, config: vnpay, fetch: provider as typeof fetch }));
  const count = (command: string) => asked.filter((x) => x.command === command).length;

  await Promise.all([
    runRenewals(a, new Date('2027-03-01T03:00:00Z')),
    runRenewals(b, new Date('2027-03-01T03:00:00Z')),
  ]);
  expect(count(RECURRING_COMMANDS.register)).toBe(3);

  // The billing day: each month charged once; none answered (a timeout).
  chargesAnswer = false;
  const billingDay = new Date('2027-03-28T03:00:00Z');
  await Promise.all([runRenewals(a, billingDay), runRenewals(b, billingDay)]);
  expect(count(RECURRING_COMMANDS.charge)).toBe(3);
  // Within 5 minutes nobody asks again; after them, one replica does, with the same reference.
  await Promise.all([
    runRenewals(a, new Date(billingDay.getTime() + 4 * 60_000)),
    runRenewals(b, new Date(billingDay.getTime() + 4 * 60_000)),
  ]);
  expect(count(RECURRING_COMMANDS.charge)).toBe(3);
  chargesAnswer = true;
  const later = new Date(billingDay.getTime() + 6 * 60_000);
  await Promise.all([runRenewals(a, later), runRenewals(b, later)]);
  const charges = asked.filter((x) => x.command === RECURRING_COMMANDS.charge);
  expect(charges).toHaveLength(6);
  const references = [...new Set(charges.map((x) => x.reference))];
  expect(references).toHaveLength(3);
  for (const reference of references) expect(charges.filter((x) => x.reference === reference)).toHaveLength(2);
  for (const { subscriptionId } of subscribers) {
    const periods = await gw.db
      .select()
      .from(subscriptionPeriods)
      .where(eq(subscriptionPeriods.subscriptionId, subscriptionId))
      .orderBy(asc(subscriptionPeriods.periodStart));
    expect(periods.map((p) => [p.periodStart, p.state, p.attempts])).toEqual([
      ['2027-03-01', 'PAID', 0],
      ['2027-04-01', 'PAID', 1],
    ]);
  }
});
