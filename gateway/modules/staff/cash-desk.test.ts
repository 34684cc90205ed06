import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { staffMeSchema, staffTodaySchema, waitingCashContractSchema, type WaitingCashContract } from '#api/staff.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import { contracts, payments, ptContracts, staffActions } from '#gateway/db/schema/index.ts';
import { instructorPhone } from '#gateway/db/seed-classes.ts';
import { DEMO_MANAGER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { buyAndPay, plansOf } from '#tests/support/membership.ts';
import { firstClubPt, memberPayingPtInCash } from '#tests/support/pt.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { openUnpaidContract } from '#tests/support/unpaid-contract.ts';

// Issue 38 §1 (ADR 063): everything a member may pay in cash (a membership, a freeze's fee, a PT
// package) waits in the desk's one list, read from the payments, and is confirmed there by its slip.
let gw: TestGateway;
let pt: Awaited<ReturnType<typeof firstClubPt>>;
let desk: string;
let otherDesk: string;
let gm: string;

beforeAll(async () => {
  gw = await startTestGateway();
  pt = await firstClubPt(gw);
  desk = await staffLogin(gw, DEMO_STAFF_PHONE);
  // The class instructors of the second club are its EMPLOYEEs (seed-classes.ts).
  otherDesk = await staffLogin(gw, instructorPhone(2));
  gm = await staffLogin(gw, DEMO_MANAGER_PHONE);
  const other = staffMeSchema.parse((await gw.call('GET', '/api/v1/staff/me', { token: otherDesk })).body.data);
  expect(other.clubId).not.toBe(pt.clubId);
});
afterAll(() => gw.close());

const waiting = async (token: string, phone?: string) => {
  const res = await gw.call('GET', `/api/v1/staff/contracts/waiting${phone ? `?phoneNumber=${phone}` : ''}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return waitingCashContractSchema.array().parse(res.body.data);
};
const confirm = (token: string, paymentId: number, amount: number) =>
  gw.call('POST', `/api/v1/staff/cash-payment/${String(paymentId)}/confirm`, { token, json: { amount } });
const cashWaiting = async (token: string) =>
  staffTodaySchema.parse((await gw.call('GET', '/api/v1/staff/today', { token })).body.data).cashWaiting;

/** A PT package at the first club, "Tiền mặt tại quầy" chosen by its member. */
const ptInCash = () =>
  memberPayingPtInCash(gw, { clubId: pt.clubId, packageId: pt.packageId, trainer: pt.trainers[0] });

/** A member of the first club with a 3-month membership asking for a 7-day freeze paid in cash. */
async function freezeInCash() {
  const m = await gw.signUp();
  const bought = await buyAndPay(gw, m.token, (await plansOf(gw, pt.clubId))[1].id);
  const asked = await gw.call('POST', `/api/v1/member/contract/${String(bought.contract.contractId)}/freeze`, {
    token: m.token,
    json: { days: 7, startDate: addDays(vietnamDay(gw.clock.now()), 3), paymentMethodGroupId: 3 },
  });
  const freezeContractId = asked.body.data.freeze.freezeContractId as number;
  const [payment] = await gw.db
    .select()
    .from(payments)
    .where(and(eq(payments.freezeContractId, freezeContractId), eq(payments.provider, 'cash')));
  return { ...m, contractId: bought.contract.contractId, freezeContractId, payment };
}

async function membershipInCash() {
  const m = await gw.signUp();
  const opened = await openUnpaidContract(gw, {
    accountId: m.profile.id,
    method: PaymentMethods.CASH,
    clubId: pt.clubId,
  });
  return { ...m, ...opened };
}

const slipOf = (list: WaitingCashContract[], paymentId: number) => list.find((item) => item.paymentId === paymentId);

describe('the cash desk’s one list (issue 38 §1)', () => {
  test('a membership, a freeze fee and a PT package each wait with their code, member, item and amount; the phone finds each', async () => {
    const before = await cashWaiting(desk);
    const membership = await membershipInCash();
    const freeze = await freezeInCash();
    const ptCash = await ptInCash();
    const [pkg] = await gw.db.select().from(ptContracts).where(eq(ptContracts.id, ptCash.ptContractId));
    expect(ptCash.payment).toMatchObject({
      provider: 'cash',
      status: 'PENDING',
      amount: pkg.price,
      reference: expect.stringMatching(/^CASHP/),
    });

    const list = await waiting(desk);
    expect(slipOf(list, membership.payment.id)).toMatchObject({
      kind: 'membership',
      contractId: membership.contract.id,
      amount: membership.payment.amount,
      reference: membership.payment.reference,
      member: { phoneNumber: membership.phone },
    });
    expect(slipOf(list, freeze.payment.id)).toMatchObject({
      kind: 'freeze',
      contractId: freeze.contractId,
      freezeContractId: freeze.freezeContractId,
      amount: 100_000,
      planNameVi: expect.stringMatching(/^Bảo lưu 7 ngày · /),
    });
    expect(slipOf(list, ptCash.payment.id)).toMatchObject({
      kind: 'pt',
      contractId: null,
      ptContractId: ptCash.ptContractId,
      amount: pkg.price,
      reference: ptCash.payment.reference,
      member: { phoneNumber: ptCash.phone },
      club: { id: pt.clubId },
      planNameVi: expect.stringMatching(/^.+ · HLV .+/),
      planNameEn: expect.stringMatching(/^.+ · trainer .+/),
    });
    for (const who of [membership, freeze, ptCash])
      expect((await waiting(desk, who.phone)).map((item) => item.paymentId)).toEqual([who.payment.id]);
    expect(await cashWaiting(desk)).toBe(before + 3);
    // The GM sees the club's list too.
    expect(slipOf(await waiting(gm), ptCash.payment.id)).toBeTruthy();
  });

  test('each kind is confirmed at the desk once: the receipt names the member and the item; a repeat answers already and changes nothing', async () => {
    const membership = await membershipInCash();
    const freeze = await freezeInCash();
    const ptCash = await ptInCash();
    for (const [who, kind] of [
      [membership, 'membership'],
      [freeze, 'freeze'],
      [ptCash, 'pt'],
    ] as const) {
      const wrong = await confirm(desk, who.payment.id, who.payment.amount - 1000);
      expect([wrong.status, wrong.body.code]).toEqual([400, 553]);
      const done = await confirm(desk, who.payment.id, who.payment.amount);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(done.body.data).toMatchObject({
        outcome: 'settled',
        kind,
        reference: who.payment.reference,
        amount: who.payment.amount,
        member: { phoneNumber: who.phone },
        planNameVi: expect.any(String),
        startDate: expect.any(String),
      });
      const again = await confirm(desk, who.payment.id, who.payment.amount);
      expect(again.body.data).toMatchObject({ outcome: 'already', kind, paidAt: done.body.data.paidAt });
      expect(slipOf(await waiting(desk), who.payment.id)).toBeUndefined();
    }
    expect((await gw.db.select().from(contracts).where(eq(contracts.id, membership.contract.id)))[0].paymentState).toBe(
      'PAID',
    );
    const [paid] = await gw.db.select().from(ptContracts).where(eq(ptContracts.id, ptCash.ptContractId));
    expect(paid.state).toBe('PAID');
    // The member sees the package paid.
    const mine = await gw.call('GET', `/api/v1/member/screens/pt-contract/${String(ptCash.ptContractId)}`, {
      token: ptCash.token,
    });
    expect(mine.body.data.ptContract.status).toMatch(/^(FUTURE|CURRENT)$/);
    const audited = await gw.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'pt-cash.confirm'), eq(staffActions.subjectId, ptCash.ptContractId)));
    expect(audited.map((a) => a.action)).toEqual(['pt-cash.confirm']);
  });

  test('two desks confirming the same slip at once take the money once', async () => {
    const ptCash = await ptInCash();
    const both = await Promise.all([
      confirm(desk, ptCash.payment.id, ptCash.payment.amount),
      confirm(gm, ptCash.payment.id, ptCash.payment.amount),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(both.map((r) => r.body.data.outcome as string).sort()).toEqual(['already', 'settled']);
    const rows = await gw.db.select().from(payments).where(eq(payments.ptContractId, ptCash.ptContractId));
    expect(rows.filter((r) => r.status === 'SUCCESS')).toHaveLength(1);
    const audited = await gw.db
      .select()
      .from(staffActions)
      .where(and(eq(staffActions.action, 'pt-cash.confirm'), eq(staffActions.subjectId, ptCash.ptContractId)));
    expect(audited).toHaveLength(1);
  });

  test('another club’s desk neither sees nor confirms the slips; a member, a transfer’s payment or an unknown id is refused', async () => {
    const ptCash = await ptInCash();
    const freeze = await freezeInCash();
    for (const who of [ptCash, freeze]) {
      expect(slipOf(await waiting(otherDesk), who.payment.id)).toBeUndefined();
      expect(await waiting(otherDesk, who.phone)).toEqual([]);
      expect((await confirm(otherDesk, who.payment.id, who.payment.amount)).status).toBe(404);
      expect((await gw.db.select().from(payments).where(eq(payments.id, who.payment.id)))[0].status).toBe('PENDING');
    }
    expect((await confirm(ptCash.token, ptCash.payment.id, ptCash.payment.amount)).status).toBe(403);
    const qr = await openUnpaidContract(gw, {
      accountId: (await gw.signUp()).profile.id,
      method: PaymentMethods.QR,
      clubId: pt.clubId,
    });
    expect((await confirm(gm, qr.payment.id, qr.payment.amount)).status).toBe(404);
    for (const id of ['999999999', '0', 'abc'])
      expect(
        (await gw.call('POST', `/api/v1/staff/cash-payment/${id}/confirm`, { token: gm, json: { amount: 1 } })).status,
        id,
      ).toBe(404);
    expect((await confirm(gm, ptCash.payment.id, 0)).status).toBe(400);
  });
});
