// The whole path over the public API: a member buys (contracts endpoints), the money arrives
// (the sandbox bank's signed webhook, or staff taking cash), the member sees an active membership.
import { staffLogin } from '#tests/support/staff.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubAt } from '#tests/support/unpaid-contract.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

async function buy(method: 1 | 3) {
  const { token } = await gw.signUp();
  const club = await clubAt(gw, 0);
  const plans = await gw.call('GET', `/api/v1/global/club/${String(club.id)}/payment-plans`, { token });
  const plan = plans.body.data.find((p: { type: string }) => p.type === 'CLASSIC');
  const created = await gw.call('POST', '/api/v1/member/contract', {
    token,
    json: { paymentPlanId: plan.id, paymentMethodGroupId: method, isCash: method === 3 },
  });
  expect(created.body.code).toBe(1022);
  expect(created.body.data.payment.amount).toBe(plan.totalPaymentFirst);
  return { token, contractId: created.body.data.contract.contractId as number, payment: created.body.data.payment };
}

const status = async (token: string, id: number) =>
  (await gw.call('GET', `/api/v1/member/contract/${String(id)}/detail`, { token })).body.data.status;

test('bank QR: the memo and amount of the member’s QR, sent from the sandbox bank, make the membership CURRENT', async () => {
  const { token, contractId, payment } = await buy(1);
  expect(payment.qr.memo).toMatch(/^VF/);
  expect(await status(token, contractId)).toBe('WAITFORPAYMENT');
  const sent = await gw.call('POST', '/sandbox/bank/transfer', {
    json: { memo: payment.qr.memo, amount: payment.amount },
  });
  expect(sent.body.data.results[0]).toMatchObject({ outcome: 'matched', contractId });
  const live = await gw.call('GET', `/api/v1/member/contract/${String(contractId)}/payment`, { token });
  expect(live.body.data).toMatchObject({ status: 'SUCCESS', paidAt: expect.any(String) });
  expect(await status(token, contractId)).toBe('CURRENT');
});

test('cash: the contract waits at the counter until staff confirm the amount, then it is CURRENT', async () => {
  const { token, contractId, payment } = await buy(3);
  expect(payment.counter).not.toBeNull();
  const staffToken = await staffLogin(gw, DEMO_STAFF_PHONE);
  const waiting = await gw.call('GET', '/api/v1/staff/contracts/waiting', { token: staffToken });
  expect(waiting.body.data.map((w: { contractId: number }) => w.contractId)).toContain(contractId);
  // Hours later the member is still waiting: cash does not expire.
  gw.clock.advance(3 * 3_600_000);
  expect(await status(token, contractId)).toBe('WAITFORPAYMENT');
  const confirmed = await gw.call('POST', `/api/v1/staff/contract/${String(contractId)}/cash/confirm`, {
    token: staffToken,
    json: { amount: payment.amount },
  });
  expect(confirmed.body.data.outcome).toBe('settled');
  expect(await status(token, contractId)).toBe('CURRENT');
});
