import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { freezeDetailSchema, freezeScreenSchema } from '#api/freeze.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import { contracts, freezeContracts, payments, staffActions, transactions } from '#gateway/db/schema/index.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import { DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { buyAndPay, plansOf } from '#tests/support/membership.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';

let gw: TestGateway;
let clubId: number;
beforeAll(async () => {
  gw = await startTestGateway();
  clubId = (await clubAt(gw, 0)).id;
});
afterAll(() => gw.close());

const DAY = 86_400_000;
const today = () => vietnamDay(gw.clock.now());

/** A member with a paid plan (by seed position: 0 Black Card 12 m, 1 Classic 12 m, 2 Classic 3 m, 3 Basic 1 m). */
async function memberWith(position = 1) {
  const member = await gw.signUp();
  const plan = (await plansOf(gw, clubId))[position];
  const bought = await buyAndPay(gw, member.token, plan.id);
  return { ...member, contractId: bought.contract.contractId };
}

const membershipEnd = async (contractId: number) =>
  (await gw.db.select().from(contracts).where(eq(contracts.id, contractId)))[0].endDate;

const ask = (token: string, contractId: number, json: Record<string, unknown>) =>
  gw.call('POST', `/api/v1/member/contract/${String(contractId)}/freeze`, {
    token,
    json: { paymentMethodGroupId: 1, ...json },
  });

/** Pays a freeze's open attempt as the bank webhook would. */
async function pay(freezeId: number) {
  const [payment] = await gw.db
    .select()
    .from(payments)
    .where(and(eq(payments.freezeContractId, freezeId), eq(payments.status, 'PENDING')));
  return settlePayment(gw, {
    paymentId: payment.id,
    amount: payment.amount,
    providerTransactionId: `BANK-F${String(payment.id)}`,
    paidAt: gw.clock.now(),
  });
}

describe('freeze (issue 12 §1, ADR 036)', () => {
  test('durations and prices are public; the screen previews exactly what paying makes', async () => {
    const prices = await gw.call('GET', '/api/v1/general/freeze-price');
    expect(prices.body.data).toEqual([
      { days: 7, price: 100_000 },
      { days: 14, price: 180_000 },
      { days: 30, price: 300_000 },
      { days: 60, price: 500_000 },
      { days: 90, price: 650_000 },
    ]);
    expect((await gw.call('GET', '/api/v1/general/freeze-duration')).body.data).toEqual({
      durations: [7, 14, 30, 60, 90],
      earliestStartDays: 1,
      latestStartDays: 30,
    });

    const m = await memberWith(1);
    const end = await membershipEnd(m.contractId);
    const start = addDays(today(), 3);
    const screen = await gw.call(
      'GET',
      `/api/v1/member/screens/freeze/${String(m.contractId)}?days=14&startDate=${start}`,
      { token: m.token },
    );
    expect(screen.status).toBe(200);
    const data = freezeScreenSchema.parse(screen.body.data.freeze);
    expect(screen.body.data.shell).toBeTruthy();
    expect(data).toMatchObject({
      blocker: null,
      allowanceDays: 90,
      allowanceLeft: 90,
      earliestStartDate: addDays(today(), 1),
      latestStartDate: addDays(today(), 30),
      previewError: null,
    });
    expect(data.preview).toEqual({
      days: 14,
      price: 180_000,
      startDate: start,
      endDate: addDays(start, 13),
      membershipEndDate: end,
      newMembershipEndDate: addDays(end, 14),
      allowanceLeftAfter: 76,
    });
    // Without an id: the member's current membership.
    const current = await gw.call('GET', '/api/v1/member/screens/freeze/current', { token: m.token });
    expect(current.body.data.freeze.contract.contractId).toBe(m.contractId);
    expect(
      (await gw.call('GET', '/api/v1/member/screens/freeze/current', { token: (await gw.signUp()).token })).status,
    ).toBe(404);
    // The preview creates nothing.
    expect(await gw.db.select().from(freezeContracts).where(eq(freezeContracts.contractId, m.contractId))).toHaveLength(
      0,
    );

    const asked = await ask(m.token, m.contractId, { days: 14, startDate: start });
    expect([asked.status, asked.body.code]).toEqual([200, 1042]);
    const freeze = freezeDetailSchema.parse(asked.body.data.freeze);
    expect(freeze).toMatchObject({
      status: 'WAITFORPAYMENT',
      days: 14,
      price: 180_000,
      startDate: start,
      endDate: addDays(start, 13),
    });
    expect(freeze.payment).toMatchObject({
      amount: 180_000,
      status: 'PENDING',
      contractId: m.contractId,
      freezeContractId: freeze.freezeContractId,
    });
    expect(freeze.payment?.qr?.memo).toBeTruthy();

    expect((await pay(freeze.freezeContractId)).kind).toBe('settled');
    expect(await membershipEnd(m.contractId)).toBe(data.preview!.newMembershipEndDate);
    const detail = freezeDetailSchema.parse(
      (await gw.call('GET', `/api/v1/member/freeze-contract/${String(freeze.freezeContractId)}`, { token: m.token }))
        .body.data,
    );
    expect(detail).toMatchObject({
      status: 'FUTURE',
      membershipEndDate: addDays(end, 14),
      receipt: { totalPayment: 180_000 },
    });
    expect(detail.timeline.map((t) => t.kind)).toEqual(['created', 'paid', 'starts', 'ends']);
    // The fee is a FREEZE_CONTRACT transaction in the member's history, paid; the membership's own receipts are untouched.
    const history = (await gw.call('GET', '/api/v1/member/transactions', { token: m.token })).body.data as {
      type: string;
      status: string;
      amount: number;
    }[];
    expect(history.find((t) => t.type === 'FREEZE_CONTRACT')).toMatchObject({ status: 'SUCCESS', amount: 180_000 });
    const membership = (
      await gw.call('GET', `/api/v1/member/contract/${String(m.contractId)}/detail`, { token: m.token })
    ).body.data;
    expect(membership.receipts).toHaveLength(1);
    expect(membership.transactions.every((t: { type: string }) => t.type !== 'FREEZE_CONTRACT')).toBe(true);
    expect(membership.freeze).toEqual({
      freezeContractId: freeze.freezeContractId,
      startDate: start,
      endDate: addDays(start, 13),
    });
    expect(membership.isFrozen).toBe(false);
  });

  test('while frozen: isFrozen, the home card says until when, check-in and class booking are refused; unfreeze gives the days back', async () => {
    const m = await memberWith(0);
    const end = await membershipEnd(m.contractId);
    const start = addDays(today(), 1);
    // A class booked inside the coming freeze is released, free, when the freeze is paid.
    const booked = await gw.call('POST', '/sandbox/class-session', {
      json: { clubId, startsInMinutes: 36 * 60, capacity: 5 },
    });
    const bookedId = booked.body.data.id as number;
    expect(
      (
        await gw.call('POST', `/api/v1/member/classes/${String(bookedId)}/booking`, {
          token: m.token,
          json: { joinWaitlist: false },
        })
      ).status,
    ).toBe(200);
    const asked = await ask(m.token, m.contractId, { days: 30, startDate: start });
    const freezeId = asked.body.data.freeze.freezeContractId as number;
    await pay(freezeId);
    expect(await membershipEnd(m.contractId)).toBe(addDays(end, 30));
    const released = (await gw.call('GET', `/api/v1/global/classes/${String(bookedId)}`, { token: m.token })).body.data;
    expect(released).toMatchObject({ spotsLeft: 5, myBooking: { state: 'CANCELLED' } });
    const notices = (await gw.call('GET', '/api/v1/member/notifications', { token: m.token })).body.data;
    expect(JSON.stringify(notices)).toContain('1 lớp đã đặt trong thời gian này đã được hủy');

    gw.clock.advance(3 * DAY); // two days frozen (start, start + 1), the third is today
    const home = (await gw.call('GET', '/api/v1/member/home', { token: m.token })).body.data;
    expect(home.homePage.current).toMatchObject({ contractId: m.contractId, isFrozen: true, status: 'CURRENT' });
    expect(home.homePage.frozenUntil).toBe(addDays(start, 29));
    const session = await gw.call('POST', '/sandbox/class-session', {
      json: { clubId, startsInMinutes: 180, capacity: 10 },
    });
    const booking = await gw.call('POST', `/api/v1/member/classes/${String(session.body.data.id)}/booking`, {
      token: m.token,
      json: { joinWaitlist: false },
    });
    expect(booking.body.code).toBe('CLASS_FROZEN');

    const ended = await gw.call('PUT', `/api/v1/member/freeze-contract/${String(freezeId)}/unfreeze`, {
      token: m.token,
    });
    expect([ended.status, ended.body.code]).toEqual([200, 1043]);
    expect(ended.body.data).toMatchObject({ status: 'UNFREEZE', frozenDays: 2, endDate: addDays(today(), -1) });
    expect(ended.body.data.timeline.map((t: { kind: string }) => t.kind)).toEqual([
      'created',
      'paid',
      'starts',
      'unfrozen',
    ]);
    // Two days frozen (start .. yesterday): the membership ends two days later than before.
    expect(await membershipEnd(m.contractId)).toBe(addDays(end, 2));
    const again = await gw.call('PUT', `/api/v1/member/freeze-contract/${String(freezeId)}/unfreeze`, {
      token: m.token,
    });
    expect([again.status, again.body.code]).toEqual([409, 170]);
    const after = await gw.call('POST', `/api/v1/member/classes/${String(session.body.data.id)}/booking`, {
      token: m.token,
      json: { joinWaitlist: false },
    });
    expect(after.status).toBe(200);
    // 28 of the 30 days came back to the allowance of 90.
    const screen = (await gw.call('GET', `/api/v1/member/screens/freeze/${String(m.contractId)}`, { token: m.token }))
      .body.data.freeze;
    expect(screen).toMatchObject({ blocker: null, allowanceLeft: 88 });
  });

  test('one freeze at a time (168); the same request twice or 10 at once makes one', async () => {
    const m = await memberWith(1);
    const start = addDays(today(), 5);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => ask(m.token, m.contractId, { days: 7, startDate: start })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.body.data.freeze.freezeContractId));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => !a.body.data.existing)).toHaveLength(1);
    expect(await gw.db.select().from(freezeContracts).where(eq(freezeContracts.contractId, m.contractId))).toHaveLength(
      1,
    );
    expect(
      await gw.db
        .select()
        .from(transactions)
        .where(and(eq(transactions.contractId, m.contractId), eq(transactions.type, 'FREEZE_CONTRACT'))),
    ).toHaveLength(1);

    const other = await ask(m.token, m.contractId, { days: 14, startDate: start });
    expect([other.status, other.body.code]).toEqual([409, 168]);
    const [freezeId] = ids as Set<number>;
    await pay(freezeId);
    expect((await ask(m.token, m.contractId, { days: 7, startDate: addDays(start, 10) })).body.code).toBe(168);
    // Paid twice (a webhook replay, a second provider): one extension only.
    const end = await membershipEnd(m.contractId);
    const [paid] = await gw.db
      .select()
      .from(payments)
      .where(and(eq(payments.freezeContractId, freezeId), eq(payments.status, 'SUCCESS')));
    const replay = await settlePayment(gw, {
      paymentId: paid.id,
      amount: paid.amount,
      providerTransactionId: 'BANK-REPLAY',
      paidAt: gw.clock.now(),
    });
    expect(replay.kind).toBe('already');
    expect(await membershipEnd(m.contractId)).toBe(end);

    // A withdrawn unpaid freeze frees the way.
    const m2 = await memberWith(1);
    const first = await ask(m2.token, m2.contractId, { days: 7, startDate: start });
    const cancelled = await gw.call(
      'PUT',
      `/api/v1/member/freeze-contract/${String(first.body.data.freeze.freezeContractId)}/cancel`,
      { token: m2.token },
    );
    expect(cancelled.body.data).toMatchObject({ status: 'FAIL', closedReason: 'cancelled' });
    expect((await ask(m2.token, m2.contractId, { days: 14, startDate: start })).status).toBe(200);
  });

  test('refusals: plans that cannot be frozen, a start outside the window, a duration not offered, more than the allowance', async () => {
    const monthly = await memberWith(3); // Basic 1 month
    const start = addDays(today(), 2);
    expect((await ask(monthly.token, monthly.contractId, { days: 7, startDate: start })).body.code).toBe(
      'FREEZE_NOT_ALLOWED',
    );
    const screen = (
      await gw.call('GET', `/api/v1/member/screens/freeze/${String(monthly.contractId)}`, { token: monthly.token })
    ).body.data.freeze;
    expect(screen.blocker).toBe('NOT_FREEZABLE');

    const short = await memberWith(2); // Classic 3 months: 30 days
    for (const startDate of [today(), addDays(today(), 31), '2027-02-30', addDays(today(), -3)]) {
      const res = await ask(short.token, short.contractId, { days: 7, startDate });
      expect([res.status, res.body.code], startDate).toEqual([400, 'FREEZE_START_INVALID']);
    }
    expect((await ask(short.token, short.contractId, { days: 10, startDate: start })).body.code).toBe(
      'FREEZE_DURATION_INVALID',
    );
    expect((await ask(short.token, short.contractId, { days: 60, startDate: start })).body.code).toBe(
      'FREEZE_ALLOWANCE_EXCEEDED',
    );
    const bad = await gw.call(
      'GET',
      `/api/v1/member/screens/freeze/${String(short.contractId)}?days=60&startDate=${start}`,
      { token: short.token },
    );
    expect(bad.body.data.freeze).toMatchObject({ preview: null, previewError: 'FREEZE_ALLOWANCE_EXCEEDED' });

    // A renewal bought before the freeze starts after it, and moves with it.
    const renewal = await buyAndPay(gw, short.token, (await plansOf(gw, clubId))[2].id);
    const [before] = await gw.db.select().from(contracts).where(eq(contracts.id, renewal.contract.contractId));
    expect(before.startDate).toBe(addDays(await membershipEnd(short.contractId), 1));
    const asked = await ask(short.token, short.contractId, { days: 30, startDate: start });
    await pay(asked.body.data.freeze.freezeContractId);
    const [moved] = await gw.db.select().from(contracts).where(eq(contracts.id, renewal.contract.contractId));
    expect([moved.startDate, moved.endDate]).toEqual([addDays(before.startDate, 30), addDays(before.endDate, 30)]);
    expect(moved.startDate).toBe(addDays(await membershipEnd(short.contractId), 1));
    // The renewal has not started: it cannot be frozen.
    expect((await ask(short.token, renewal.contract.contractId, { days: 7, startDate: start })).body.code).toBe(
      'FREEZE_NOT_STARTED',
    );
  });

  test('ownership: another member sees nothing and changes nothing; malformed input is never a 500', async () => {
    const owner = await memberWith(1);
    const other = await memberWith(1);
    const asked = await ask(owner.token, owner.contractId, { days: 7, startDate: addDays(today(), 2) });
    const id = asked.body.data.freeze.freezeContractId as number;
    for (const [method, path] of [
      ['GET', `/api/v1/member/freeze-contract/${String(id)}`],
      ['PUT', `/api/v1/member/freeze-contract/${String(id)}/cancel`],
      ['PUT', `/api/v1/member/freeze-contract/${String(id)}/unfreeze`],
      ['GET', `/api/v1/member/screens/freeze-contract/${String(id)}`],
    ] as const) {
      const res = await gw.call(method, path, { token: other.token });
      expect([res.status, res.body.code], path).toEqual([404, 169]);
    }
    expect(
      (
        await gw.call('POST', `/api/v1/member/freeze-contract/${String(id)}/payment`, {
          token: other.token,
          json: { paymentMethodGroupId: 3 },
        })
      ).status,
    ).toBe(404);
    expect((await ask(other.token, owner.contractId, { days: 7, startDate: addDays(today(), 2) })).status).toBe(404);
    expect(
      (await gw.call('GET', `/api/v1/member/screens/freeze/${String(owner.contractId)}`, { token: other.token }))
        .status,
    ).toBe(404);
    expect((await gw.call('GET', '/api/v1/member/freeze-contracts', { token: other.token })).body.data).toEqual([]);
    expect((await gw.call('GET', '/api/v1/member/freeze-contracts', { token: owner.token })).body.data).toHaveLength(1);

    for (const json of [
      {},
      { days: 'x', startDate: 'y' },
      { days: 7, startDate: '2027-01-01\u0000' },
      { days: 1e12, startDate: '2027-01-01' },
      { days: 7, startDate: '2027-01-01', paymentMethodGroupId: 9 },
    ]) {
      const res = await ask(owner.token, owner.contractId, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
    }
    for (const path of [
      `/api/v1/member/screens/freeze/${String(owner.contractId)}?days=abc&startDate=%00`,
      '/api/v1/member/freeze-contract/99999999999',
      '/api/v1/member/contract/1/freeze-preview?days=7',
    ]) {
      const res = await gw.call('GET', path, { token: owner.token });
      expect(res.status, path).toBeLessThan(500);
    }
    expect((await gw.call('GET', `/api/v1/member/freeze-contract/${String(id)}`)).status).toBe(401);
  });

  test('an unpaid freeze whose QR lapsed fails with its fee; paying another way reopens it', async () => {
    const m = await memberWith(1);
    const asked = await ask(m.token, m.contractId, { days: 7, startDate: addDays(today(), 2) });
    const id = asked.body.data.freeze.freezeContractId as number;
    const cash = await gw.call('POST', `/api/v1/member/freeze-contract/${String(id)}/payment`, {
      token: m.token,
      json: { paymentMethodGroupId: 3 },
    });
    expect(cash.body.data.freeze.payment).toMatchObject({
      method: 3,
      status: 'PENDING',
      counter: { reference: expect.any(String) },
    });

    const m2 = await memberWith(1);
    const lapsing = await ask(m2.token, m2.contractId, { days: 7, startDate: addDays(today(), 2) });
    gw.clock.advance(16 * 60_000);
    const read = await gw.call(
      'GET',
      `/api/v1/member/freeze-contract/${String(lapsing.body.data.freeze.freezeContractId)}`,
      { token: m2.token },
    );
    expect(read.body.data).toMatchObject({ status: 'FAIL', closedReason: 'expired', payment: { status: 'EXPIRED' } });
    const [fee] = await gw.db
      .select()
      .from(transactions)
      .where(eq(transactions.freezeContractId, lapsing.body.data.freeze.freezeContractId));
    expect(fee.status).toBe('FAIL');
    // The membership itself is untouched by its freeze's lapse.
    const [membership] = await gw.db.select().from(contracts).where(eq(contracts.id, m2.contractId));
    expect(membership.paymentState).toBe('PAID');
  });

  test('cash at the counter: staff see the freeze fee waiting, a wrong amount is 553, the right one pays the freeze once', async () => {
    const m = await memberWith(1);
    const end = await membershipEnd(m.contractId);
    const start = addDays(today(), 4);
    const asked = await ask(m.token, m.contractId, { days: 7, startDate: start, paymentMethodGroupId: 3 });
    const freezeId = asked.body.data.freeze.freezeContractId as number;
    const staff = await staffLogin(gw, DEMO_STAFF_PHONE);
    const waiting = (await gw.call('GET', '/api/v1/staff/contracts/waiting', { token: staff })).body.data as {
      contractId: number;
      freezeContractId: number | null;
      amount: number;
      planNameVi: string;
    }[];
    expect(waiting.find((w) => w.freezeContractId === freezeId)).toMatchObject({
      contractId: m.contractId,
      amount: 100_000,
      planNameVi: expect.stringMatching(/^Bảo lưu 7 ngày · /),
    });
    // The membership itself has no cash waiting: its own confirm finds nothing and pays nothing.
    expect(
      (
        await gw.call('POST', `/api/v1/staff/contract/${String(m.contractId)}/cash/confirm`, {
          token: staff,
          json: { amount: 100_000 },
        })
      ).status,
    ).toBe(404);
    const wrong = await gw.call('POST', `/api/v1/staff/freeze-contract/${String(freezeId)}/cash/confirm`, {
      token: staff,
      json: { amount: 90_000 },
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 553]);
    const right = await gw.call('POST', `/api/v1/staff/freeze-contract/${String(freezeId)}/cash/confirm`, {
      token: staff,
      json: { amount: 100_000 },
    });
    expect(right.body.data).toMatchObject({
      outcome: 'settled',
      contractId: m.contractId,
      freezeContractId: freezeId,
      startDate: start,
      endDate: addDays(start, 6),
    });
    const again = await gw.call('POST', `/api/v1/staff/freeze-contract/${String(freezeId)}/cash/confirm`, {
      token: staff,
      json: { amount: 100_000 },
    });
    expect(again.body.data.outcome).toBe('already');
    // Audited once, on the freeze (ADR 049): not the 553, not the repeat.
    const audited = await gw.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.subjectType, 'freeze-contract'), eq(staffActions.subjectId, freezeId)));
    expect(audited.map((r) => [r.action, r.after])).toEqual([
      [
        'freeze-cash.confirm',
        expect.objectContaining({ status: 'SUCCESS', amount: 100_000, startDate: start, endDate: addDays(start, 6) }),
      ],
    ]);
    expect(await membershipEnd(m.contractId)).toBe(addDays(end, 7));
    expect(
      (await gw.call('GET', '/api/v1/staff/contracts/waiting', { token: staff })).body.data.some(
        (w: { freezeContractId: number | null }) => w.freezeContractId === freezeId,
      ),
    ).toBe(false);
    // A member's token is not staff's.
    expect(
      (
        await gw.call('POST', `/api/v1/staff/freeze-contract/${String(freezeId)}/cash/confirm`, {
          token: m.token,
          json: { amount: 100_000 },
        })
      ).status,
    ).toBe(403);
  });
});
