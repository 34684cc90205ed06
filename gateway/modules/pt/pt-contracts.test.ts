import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { z } from 'zod';
import { ptContractSchema, trainerRequestSchema } from '#api/pt.ts';
import { addDays, vietnamDay } from '#api/vietnam-time.ts';
import {
  clubs,
  contracts,
  freezeContracts,
  notifications,
  payments,
  ptContracts,
  ptPackages,
  ptWorkingHours,
  staffActions,
} from '#gateway/db/schema/index.ts';
import { instructorPhone } from '#gateway/db/seed-classes.ts';
import { DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { receiveBankTransfer } from '#gateway/modules/payments/bank-webhook.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubTrainers } from '#tests/support/pt.ts';
import { buyAndPay, plansOf } from '#tests/support/membership.ts';
import { staffLogin } from '#tests/support/staff.ts';

// Issue 13 §1 (ADR 045): a member registers a PT package with a trainer, the trainer answers, the
// member pays through the one payment path, and the package runs from the membership's day.
let gw: TestGateway;
let club: { id: number; bankAccountNumber: string | null };
let otherClubId: number;
let packages: (typeof ptPackages.$inferSelect)[];
let trainers: { id: number; phone: string }[];
beforeAll(async () => {
  gw = await startTestGateway();
  const active = await gw.db.select().from(clubs).where(eq(clubs.isActive, true)).orderBy(asc(clubs.id));
  club = active[0];
  otherClubId = active[1].id;
  packages = await gw.db
    .select()
    .from(ptPackages)
    .where(eq(ptPackages.clubId, club.id))
    .orderBy(asc(ptPackages.sortOrder));
  trainers = await clubTrainers(gw, club.id);
});
afterAll(() => gw.close());

const today = () => vietnamDay(gw.clock.now());

/** A member with a paid Classic 12-month plan at the first club. */
async function member() {
  const m = await gw.signUp();
  const plan = (await plansOf(gw, club.id))[1];
  const bought = await buyAndPay(gw, m.token, plan.id);
  const [row] = await gw.db
    .select({ accountId: contracts.accountId })
    .from(contracts)
    .where(eq(contracts.id, bought.contract.contractId));
  return { ...m, contractId: bought.contract.contractId as number, accountId: row.accountId };
}

const register = (token: string, packageId: number, ptId: number) =>
  gw.call('POST', `/api/v1/member/pt-package/${String(packageId)}/pt/${String(ptId)}/register`, { token });
const answer = (trainerToken: string, id: number, verb: 'accept' | 'reject') =>
  gw.call('PUT', `/api/v1/staff/pt-contract/${String(id)}/${verb}`, { token: trainerToken });
const pay = (token: string, id: number, paymentMethodGroupId = 1) =>
  gw.call('POST', `/api/v1/member/pt-contract/${String(id)}/transaction/pay`, {
    token,
    json: { paymentMethodGroupId },
  });
const detail = async (token: string, id: number) =>
  (await gw.call('GET', `/api/v1/member/pt-contract/${String(id)}/transaction/waiting-for-payment`, { token })).body
    .data;

describe('PT contracts (issue 13 §1, ADR 045)', () => {
  test('register (1029) → the trainer accepts → pay by bank QR through the webhook → CURRENT, sessions left, a notice', async () => {
    const m = await member();
    const pkg = packages[1];
    const trainer = trainers[0];
    const made = await register(m.token, pkg.id, trainer.id);
    expect([made.status, made.body.code]).toEqual([200, 1029]);
    const id = made.body.data.ptContractId as number;
    // A double tap answers the same contract.
    const again = await register(m.token, pkg.id, trainer.id);
    expect(again.body.data).toEqual({ ptContractId: id, existing: true });
    expect(ptContractSchema.parse(await detail(m.token, id))).toMatchObject({
      status: 'WAITPTCONFIRM',
      sessions: pkg.sessions,
      price: pkg.price,
      startDate: null,
    });
    // Not payable before the trainer answers.
    expect((await pay(m.token, id)).status).toBe(409);

    // Another trainer cannot answer it; a member cannot use the trainer's endpoint.
    const otherTrainer = await staffLogin(gw, trainers[1].phone);
    expect((await answer(otherTrainer, id, 'accept')).status).toBe(404);
    expect((await answer(m.token, id, 'accept')).status).toBe(403);
    const trainerToken = await staffLogin(gw, trainer.phone);
    const requests = await gw.call('GET', '/api/v1/staff/pt/requests', { token: trainerToken });
    // Each request says who asked, so the trainer can call them first.
    const asked = z
      .array(trainerRequestSchema)
      .parse(requests.body.data)
      .find((r) => r.ptContractId === id);
    expect(asked?.member).toEqual({ fullName: '', phoneNumber: m.phone });
    expect((await answer(trainerToken, id, 'accept')).body.data).toEqual({ ptContractId: id, state: 'WAITFORPAYMENT' });
    expect((await answer(trainerToken, id, 'accept')).status).toBe(200);
    expect((await answer(trainerToken, id, 'reject')).status).toBe(409);

    const paying = await pay(m.token, id);
    expect(paying.status).toBe(200);
    expect(paying.body.data.payment).toMatchObject({
      method: 1,
      status: 'PENDING',
      amount: pkg.price,
      contractId: null,
      ptContractId: id,
    });
    // The same method again (a double tap): the same attempt.
    expect((await pay(m.token, id)).body.data.payment.id).toBe(paying.body.data.payment.id);

    const memo = paying.body.data.payment.qr.memo as string;
    const transfer = {
      provider: 'casso' as const,
      incoming: true,
      description: `CK ${memo}`,
      accountNumber: club.bankAccountNumber!,
      bookedAt: gw.clock.now(),
      bankReference: 'FT1',
      raw: {},
    };
    const received = await receiveBankTransfer(gw, { ...transfer, externalId: `pt-${String(id)}`, amount: pkg.price });
    expect(received.outcome).toBe('matched');
    const paid = ptContractSchema.parse(await detail(m.token, id));
    expect(paid).toMatchObject({
      status: 'CURRENT',
      startDate: today(),
      endDate: addDays(today(), pkg.validityDays - 1),
      sessionsLeft: pkg.sessions,
    });
    // The same money again is kept for staff, never booked twice.
    const twice = await receiveBankTransfer(gw, {
      ...transfer,
      externalId: `pt-${String(id)}-again`,
      amount: pkg.price,
    });
    expect(twice.outcome).toBe('late');
    expect(
      await gw.db
        .select()
        .from(payments)
        .where(and(eq(payments.ptContractId, id), eq(payments.status, 'SUCCESS'))),
    ).toHaveLength(1);
    const notes = await gw.db.select().from(notifications).where(eq(notifications.accountId, m.accountId));
    expect(notes.map((n) => n.titleEn)).toEqual(
      expect.arrayContaining(['Your PT said yes', 'PT package paid', 'Money received, waiting for the club']),
    );

    const listed = await gw.call('GET', '/api/v1/member/pt-contracts?status=CURRENT', { token: m.token });
    expect(listed.body.data.map((c: { ptContractId: number }) => c.ptContractId)).toEqual([id]);
    expect((await gw.call('GET', '/api/v1/member/pt-contracts?status=REGISTER', { token: m.token })).body.data).toEqual(
      [],
    );
  });

  test('453 while another package is unpaid; a withdrawn or refused one frees the way; silver filtered out', async () => {
    const m = await member();
    const first = (await register(m.token, packages[0].id, trainers[0].id)).body.data.ptContractId as number;
    const blocked = await register(m.token, packages[2].id, trainers[0].id);
    expect([blocked.status, blocked.body.code, blocked.body.data]).toEqual([409, 453, { ptContractId: first }]);
    const cancelled = await gw.call('PUT', `/api/v1/member/pt-contract/${String(first)}/cancel`, { token: m.token });
    expect(cancelled.body.data).toMatchObject({ status: 'PAST', closedReason: 'cancelled' });

    const second = (await register(m.token, packages[2].id, trainers[1].id)).body.data.ptContractId as number;
    const trainerToken = await staffLogin(gw, trainers[1].phone);
    await answer(trainerToken, second, 'reject');
    expect(await detail(m.token, second)).toMatchObject({ status: 'PAST', closedReason: 'rejected' });
    expect((await pay(m.token, second)).status).toBe(409);
    expect((await register(m.token, packages[3].id, trainers[0].id)).status).toBe(200);

    const all = await gw.call('GET', '/api/v1/member/pt-contracts', { token: m.token });
    expect(all.body.data).toHaveLength(3);
    const notSilver = await gw.call('GET', '/api/v1/member/pt-contracts?isNotSilverPtContract=true', {
      token: m.token,
    });
    expect(notSilver.body.data.every((c: { isSilver: boolean }) => !c.isSilver)).toBe(true);
    expect(notSilver.body.data).toHaveLength(2);
  });

  test('no membership at the club → 163; frozen today → PT_FROZEN; another club or an unknown package → 404; another member → 404', async () => {
    const stranger = await gw.signUp();
    expect((await register(stranger.token, packages[1].id, trainers[0].id)).body.code).toBe(163);

    const m = await member();
    // A trainer who does not work at the package's club.
    const [elsewhere] = await gw.db
      .select({ id: ptWorkingHours.trainerAccountId })
      .from(ptWorkingHours)
      .where(and(eq(ptWorkingHours.clubId, otherClubId)))
      .limit(1);
    if (!trainers.some((t) => t.id === elsewhere.id))
      expect((await register(m.token, packages[1].id, elsewhere.id)).status).toBe(404);
    expect((await register(m.token, 999_999, trainers[0].id)).status).toBe(404);
    expect((await register(m.token, packages[1].id, m.accountId)).status).toBe(404);

    await gw.db.insert(freezeContracts).values({
      accountId: m.accountId,
      contractId: m.contractId,
      days: 7,
      price: 100_000,
      startDate: today(),
      endDate: addDays(today(), 6),
      paymentState: 'PAID',
      paidAt: gw.clock.now(),
    });
    expect((await register(m.token, packages[1].id, trainers[0].id)).body.code).toBe('PT_FROZEN');

    const other = await member();
    const id = (await register(other.token, packages[1].id, trainers[0].id)).body.data.ptContractId as number;
    expect(
      (
        await gw.call('GET', `/api/v1/member/pt-contract/${String(id)}/transaction/waiting-for-payment`, {
          token: m.token,
        })
      ).status,
    ).toBe(404);
    expect((await gw.call('PUT', `/api/v1/member/pt-contract/${String(id)}/cancel`, { token: m.token })).status).toBe(
      404,
    );
    expect((await gw.call('GET', '/api/v1/member/pt-contracts?status=NOPE', { token: m.token })).status).toBe(400);
  });

  test('two registrations at once make one contract; cash waits for the counter and settles once', async () => {
    const m = await member();
    const both = await Promise.all([
      register(m.token, packages[1].id, trainers[0].id),
      register(m.token, packages[1].id, trainers[0].id),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(both.map((r) => r.body.data.ptContractId)).size).toBe(1);
    const id = both[0].body.data.ptContractId as number;
    expect(await gw.db.select().from(ptContracts).where(eq(ptContracts.accountId, m.accountId))).toHaveLength(1);
    await answer(await staffLogin(gw, trainers[0].phone), id, 'accept');
    const cash = await pay(m.token, id, 3);
    expect(cash.body.data.payment).toMatchObject({ method: 3, expiresAt: null });
    const paymentId = cash.body.data.payment.id as number;
    const settle = () =>
      settlePayment(gw, {
        paymentId,
        amount: packages[1].price,
        providerTransactionId: `CASH-${String(paymentId)}`,
        paidAt: gw.clock.now(),
      });
    const outcomes = await Promise.all([settle(), settle()]);
    expect(outcomes.map((o) => o.kind).sort()).toEqual(['already', 'settled']);
    expect(await detail(m.token, id)).toMatchObject({
      status: 'CURRENT',
      receipt: { totalPayment: packages[1].price, paymentMethod: 3 },
    });
  });

  test('a package paid in cash at its club’s counter: pt-cash.confirm audited once with before and after; a repeat and a refusal write none (ADR 049)', async () => {
    const m = await member();
    const made = await register(m.token, packages[0].id, trainers[1].id);
    const id = made.body.data.ptContractId as number;
    await answer(await staffLogin(gw, trainers[1].phone), id, 'reject');
    const second = await register(m.token, packages[0].id, trainers[2].id);
    const ptContractId = second.body.data.ptContractId as number;
    await answer(await staffLogin(gw, trainers[2].phone), ptContractId, 'accept');
    await pay(m.token, ptContractId, 3);
    const confirm = (token: string, amount = packages[0].price) =>
      gw.call('POST', `/api/v1/staff/pt-contract/${String(ptContractId)}/cash/confirm`, { token, json: { amount } });
    const desk = await staffLogin(gw, DEMO_STAFF_PHONE);
    expect((await confirm(desk, packages[0].price + 1)).status).toBe(400);
    expect((await confirm(await staffLogin(gw, instructorPhone(2)))).status).toBe(404);
    const done = await confirm(desk);
    expect(done.body.data).toMatchObject({ outcome: 'settled', ptContractId });
    expect((await confirm(desk)).body.data.outcome).toBe('already');
    const audited = async (subjectType: string, subjectId: number) =>
      (
        await gw.db
          .select()
          .from(staffActions)
          .where(and(eq(staffActions.subjectType, subjectType), eq(staffActions.subjectId, subjectId)))
          .orderBy(asc(staffActions.id))
      ).map((r) => [r.action, r.clubId, r.before, r.after]);
    expect(await audited('pt-contract', ptContractId)).toEqual([
      ['pt-contract.accept', club.id, { state: 'WAITPTCONFIRM' }, { state: 'WAITFORPAYMENT' }],
      [
        'pt-cash.confirm',
        club.id,
        expect.objectContaining({ status: 'PENDING' }),
        expect.objectContaining({ status: 'SUCCESS', amount: packages[0].price, startDate: done.body.data.startDate }),
      ],
    ]);
    expect(await audited('pt-contract', id)).toEqual([
      ['pt-contract.reject', club.id, { state: 'WAITPTCONFIRM' }, { state: 'REJECTED' }],
    ]);
  });

  test('the screens: /pt lists, /pt/select-pt picks a club the member may use, a trainer’s packages say what blocks', async () => {
    const m = await member();
    const select = await gw.call('GET', '/api/v1/member/screens/pt-select', { token: m.token });
    expect(select.status).toBe(200);
    expect(select.body.data.shell).toBeTruthy();
    expect(select.body.data.clubId).toBe(club.id);
    expect(select.body.data.clubs.find((k: { id: number }) => k.id === club.id).access).toBe('OK');
    expect(select.body.data.trainers.length).toBeGreaterThanOrEqual(3);
    const plans = await gw.call(
      'GET',
      `/api/v1/member/screens/pt-plans/${String(trainers[0].id)}/club/${String(club.id)}`,
      { token: m.token },
    );
    expect(plans.body.data).toMatchObject({
      club: { id: club.id, access: 'OK' },
      trainer: { ptId: trainers[0].id },
      unpaid: null,
    });
    expect(plans.body.data.packages).toHaveLength(packages.length);
    expect(
      (
        await gw.call('GET', `/api/v1/member/screens/pt-plans/${String(m.accountId)}/club/${String(club.id)}`, {
          token: m.token,
        })
      ).status,
    ).toBe(404);
    // One package's page: the same screen with that package; an unknown package, or a trainer not at its club, is not found.
    const one = await gw.call(
      'GET',
      `/api/v1/member/screens/pt-plan/${String(trainers[0].id)}/plan/${String(packages[1].id)}`,
      { token: m.token },
    );
    expect(one.body.data).toMatchObject({
      club: { id: club.id },
      trainer: { ptId: trainers[0].id },
      packages: [{ id: packages[1].id }],
    });
    expect(
      (
        await gw.call('GET', `/api/v1/member/screens/pt-plan/${String(trainers[0].id)}/plan/2000000000`, {
          token: m.token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await gw.call('GET', `/api/v1/member/screens/pt-plan/${String(m.accountId)}/plan/${String(packages[1].id)}`, {
          token: m.token,
        })
      ).status,
    ).toBe(404);
    const id = (await register(m.token, packages[1].id, trainers[0].id)).body.data.ptContractId as number;
    const screen = await gw.call('GET', '/api/v1/member/screens/pt', { token: m.token });
    expect(screen.body.data.contracts.map((c: { ptContractId: number }) => c.ptContractId)).toEqual([id]);
    const result = await gw.call('GET', `/api/v1/member/screens/pt-contract/${String(id)}`, { token: m.token });
    expect(result.body.data.ptContract).toMatchObject({ ptContractId: id, status: 'WAITPTCONFIRM', payment: null });
  });
});
