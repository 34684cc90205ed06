import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { staffAuditSchema } from '#api/staff.ts';
import { accounts, feedback, paymentEvents, staffActions } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { trainerPhone } from '#gateway/db/seed-pt.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';

// Issue 17 §1 (ADR 049): every staff change leaves one audit row, written in the change's own
// transaction; refused and repeated changes leave none. LEADER reads their club's, GM every club's.
let gw: TestGateway;
let club0: { id: number; bankAccountNumber: string | null };
let club1: { id: number };
const tokens = {} as Record<'employee' | 'manager' | 'leader' | 'leader1' | 'trainer', string>;
const ids = {} as Record<'employee' | 'manager' | 'leader', number>;

const accountId = async (phoneNumber: string) =>
  (await gw.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phoneNumber, phoneNumber)))[0].id;

beforeAll(async () => {
  gw = await startTestGateway();
  club0 = await clubAt(gw, 0);
  club1 = await clubAt(gw, 1);
  const leaders = await gw.db
    .insert(accounts)
    .values([
      { phoneNumber: randomPhone(), accountType: 'LEADER', fullName: 'Trưởng CLB Một', clubId: club0.id },
      { phoneNumber: randomPhone(), accountType: 'LEADER', fullName: 'Trưởng CLB Hai', clubId: club1.id },
    ])
    .returning();
  tokens.employee = await staffLogin(gw, DEMO_STAFF_PHONE);
  tokens.manager = await staffLogin(gw, DEMO_MANAGER_PHONE);
  tokens.leader = await staffLogin(gw, leaders[0].phoneNumber);
  tokens.leader1 = await staffLogin(gw, leaders[1].phoneNumber);
  tokens.trainer = await staffLogin(gw, trainerPhone(0));
  ids.employee = await accountId(DEMO_STAFF_PHONE);
  ids.manager = await accountId(DEMO_MANAGER_PHONE);
  ids.leader = leaders[0].id;
});
afterAll(() => gw.close());

const rowsFor = (subjectType: string, subjectId: number) =>
  gw.db
    .select()
    .from(staffActions)
    .where(and(eq(staffActions.subjectType, subjectType), eq(staffActions.subjectId, subjectId)));
/** What a row says: action, actor, club, before, after. */
const said = (rows: (typeof staffActions.$inferSelect)[]) =>
  rows.map((r) => [r.action, r.actorAccountId, r.clubId, r.before, r.after]);

const audit = async (token: string, query = '') => {
  const res = await gw.call('GET', `/api/v1/staff/audit${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return staffAuditSchema.parse(res.body.data);
};

async function cashContract(clubIndex = 0) {
  const member = await gw.signUp();
  const club = await clubAt(gw, clubIndex);
  return openUnpaidContract(gw, { accountId: member.profile.id, method: PaymentMethods.CASH, clubId: club.id });
}
const confirm = (token: string, id: number, amount: number) =>
  gw.call('POST', `/api/v1/staff/contract/${String(id)}/cash/confirm`, { token, json: { amount } });

describe('audit rows', () => {
  test('cash confirmed: one row with before and after; a wrong amount, another club and a repeat write none', async () => {
    const { contract, payment } = await cashContract(0);
    expect((await confirm(tokens.employee, contract.id, payment.amount - 1000)).status).toBe(400);
    expect(await rowsFor('contract', contract.id)).toHaveLength(0);

    const other = await cashContract(1);
    expect((await confirm(tokens.employee, other.contract.id, other.payment.amount)).status).toBe(404);
    expect(await rowsFor('contract', other.contract.id)).toHaveLength(0);

    const done = await confirm(tokens.employee, contract.id, payment.amount);
    expect(done.body.data.outcome).toBe('settled');
    const rows = await rowsFor('contract', contract.id);
    const { startDate, endDate } = done.body.data;
    expect(said(rows)).toEqual([
      [
        'cash.confirm',
        ids.employee,
        club0.id,
        { paymentId: payment.id, status: 'PENDING', paymentState: 'WAITFORPAYMENT' },
        {
          paymentId: payment.id,
          status: 'SUCCESS',
          paymentState: 'PAID',
          amount: payment.amount,
          reference: payment.reference,
          startDate,
          endDate,
        },
      ],
    ]);
    expect(rows[0].createdAt.getTime()).toBe(gw.clock.now().getTime());

    gw.clock.advance(60_000);
    expect((await confirm(tokens.manager, contract.id, payment.amount)).body.data.outcome).toBe('already');
    expect(await rowsFor('contract', contract.id)).toHaveLength(1);
  });

  test('a payment message reviewed: one row on the club whose account got the money; a second review writes none', async () => {
    const [event] = await gw.db
      .insert(paymentEvents)
      .values({
        provider: 'casso',
        externalId: `audit-${randomPhone()}`,
        amount: 500_000,
        outcome: 'unmatched',
        needsReview: true,
        raw: { accountNumber: club0.bankAccountNumber },
      })
      .returning();
    const first = await gw.call('PUT', `/api/v1/staff/payment-event/${String(event.id)}/reviewed`, {
      token: tokens.employee,
    });
    expect(first.body.data).toMatchObject({ needsReview: false, reviewedBy: ids.employee });
    expect(
      (await gw.call('PUT', `/api/v1/staff/payment-event/${String(event.id)}/reviewed`, { token: tokens.manager })).body
        .data.reviewedBy,
    ).toBe(ids.employee);
    const after = { needsReview: false, reviewedBy: ids.employee };
    expect(said(await rowsFor('payment-event', event.id))).toEqual([
      ['payment-event.reviewed', ids.employee, club0.id, { needsReview: true, reviewedBy: null }, after],
    ]);
  });

  test('feedback handled: one row with the reply; a second answer (409) and another club (404) write none', async () => {
    const [row] = await gw.db
      .insert(feedback)
      .values({ source: 'MEMBER', clubId: club0.id, type: 'OTHERS', rate: 2, comment: 'Máy chạy bộ hỏng' })
      .returning();
    const [far] = await gw.db
      .insert(feedback)
      .values({ source: 'MEMBER', clubId: club1.id, type: 'OTHERS', rate: 2, comment: 'Nước nóng' })
      .returning();
    const handle = (token: string, id: number, reply: string) =>
      gw.call('PUT', `/api/v1/staff/feedback/${String(id)}/handled`, { token, json: { reply } });
    expect((await handle(tokens.leader, far.id, 'Không phải CLB của tôi')).status).toBe(404);
    expect((await handle(tokens.leader, row.id, 'Đã sửa máy, cảm ơn bạn')).status).toBe(200);
    expect((await handle(tokens.manager, row.id, 'Lần hai')).status).toBe(409);
    expect(await rowsFor('feedback', far.id)).toHaveLength(0);
    const after = { state: 'HANDLED', reply: 'Đã sửa máy, cảm ơn bạn' };
    expect(said(await rowsFor('feedback', row.id))).toEqual([
      ['feedback.handled', ids.leader, club0.id, { state: 'NEW', reply: null }, after],
    ]);
  });
});

describe('reading the audit log', () => {
  test('newest first with the actor’s name; LEADER: own club only; GM: every club or one; pages by ?before=', async () => {
    // One row at each club, a minute apart.
    const here = await cashContract(0);
    await confirm(tokens.leader, here.contract.id, here.payment.amount);
    gw.clock.advance(60_000);
    const there = await cashContract(1);
    await confirm(tokens.manager, there.contract.id, there.payment.amount);

    const mine = await audit(tokens.leader);
    expect(mine.actions.length).toBeGreaterThan(0);
    expect(mine.actions.every((a) => a.clubId === club0.id)).toBe(true);
    expect(mine.actions[0]).toMatchObject({
      action: 'cash.confirm',
      subjectType: 'contract',
      subjectId: here.contract.id,
      actor: { id: ids.leader, fullName: 'Trưởng CLB Một', accountType: 'LEADER' },
    });
    expect((await audit(tokens.leader, `?clubId=${String(club0.id)}`)).actions).toEqual(mine.actions);
    const refused = await gw.call('GET', `/api/v1/staff/audit?clubId=${String(club1.id)}`, { token: tokens.leader });
    expect([refused.status, refused.body.code]).toEqual([403, 6]);
    expect((await audit(tokens.leader1)).actions.map((a) => a.subjectId)).toContain(there.contract.id);

    const all = await audit(tokens.manager);
    expect(all.actions[0]).toMatchObject({
      subjectId: there.contract.id,
      clubId: club1.id,
      actor: { id: ids.manager, accountType: 'GM' },
    });
    expect(all.actions.map((a) => a.clubId)).toEqual(expect.arrayContaining([club0.id, club1.id]));
    const times = all.actions.map((a) => a.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(
      (await audit(tokens.manager, `?clubId=${String(club1.id)}`)).actions.every((a) => a.clubId === club1.id),
    ).toBe(true);

    // Pages of one: each the next older, until none is left.
    const seen: number[] = [];
    let page = await audit(tokens.manager, '?limit=1');
    for (;;) {
      seen.push(...page.actions.map((a) => a.id));
      if (page.nextBefore === null) break;
      page = await audit(tokens.manager, `?limit=1&before=${String(page.nextBefore)}`);
    }
    expect(seen).toEqual(all.actions.map((a) => a.id));
  });

  test('EMPLOYEE, PT and members are refused (403 code 6), no token 401; malformed queries are 400, never 500', async () => {
    for (const token of [tokens.employee, tokens.trainer, (await gw.signUp()).token]) {
      const res = await gw.call('GET', '/api/v1/staff/audit', { token });
      expect([res.status, res.body.code]).toEqual([403, 6]);
    }
    expect((await gw.call('GET', '/api/v1/staff/audit')).status).toBe(401);
    for (const query of [
      '?limit=0',
      '?limit=201',
      '?limit=x',
      '?before=-1',
      '?before=abc',
      '?clubId=0',
      '?clubId=99999999999',
      '?before=1e9',
      '?clubId=%00',
    ]) {
      const res = await gw.call('GET', `/api/v1/staff/audit${query}`, { token: tokens.manager });
      expect(res.status, query).toBe(400);
    }
    // An unknown cursor or club reads nothing.
    expect((await audit(tokens.manager, '?before=2000000000')).actions).toEqual([]);
    expect((await audit(tokens.manager, '?clubId=2000000000')).actions).toEqual([]);
  });
});
