import { afterAll, beforeAll, expect, test } from 'vitest';
import { inbodyRecordSchema } from '#api/inbody.ts';
import { contractSchema, receiptSchema, savedCardSchema, transactionSchema } from '#api/membership.ts';
import { DEMO_MEMBER_PHONE, seedDatabase } from '#gateway/db/seed.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

// Issue 10 §19: the demo member opens an app with a history, through the member API as the app reads it.
let gw: TestGateway;
let token: string;
beforeAll(async () => {
  gw = await startTestGateway();
  await gw.call('POST', '/api/v1/auth/otp/send', { json: { phoneNumber: DEMO_MEMBER_PHONE } });
  const login = await gw.call('POST', '/api/v1/auth/otp/login', {
    json: { phoneNumber: DEMO_MEMBER_PHONE, otp: await gw.latestOtp(DEMO_MEMBER_PHONE) },
  });
  token = login.body.data.token;
});
afterAll(() => gw.close());

test('a current membership paid by the saved card, an expired one paid by transfer, their fees, receipts that add up, a default card', async () => {
  const contracts = (await gw.call('GET', '/api/v1/member/contracts', { token })).body.data.map((c: unknown) =>
    contractSchema.parse(c),
  );
  expect(contracts.map((c: { status: string }) => c.status).sort()).toEqual(['CURRENT', 'PAST']);
  const current = contracts.find((c: { status: string }) => c.status === 'CURRENT');
  expect(current).toMatchObject({
    paymentMethodGroupId: 2,
    paymentPlan: { type: 'CLASSIC', duration: { value: 12, unit: 'month' } },
  });

  const home = (await gw.call('GET', '/api/v1/member/contracts/home-page', { token })).body.data;
  expect(home).toMatchObject({ isExistsCurrentContract: true, current: { contractId: current.contractId } });

  for (const contract of contracts) {
    const detail = (await gw.call('GET', `/api/v1/member/contract/${String(contract.contractId)}/detail`, { token }))
      .body.data;
    const receipts = detail.receipts.map((r: unknown) => receiptSchema.parse(r));
    expect(receipts).toHaveLength(1);
    expect(receipts[0].paymentDate).not.toBeNull();
    const fees = detail.transactions.map((t: unknown) => transactionSchema.parse(t));
    expect(fees.every((t: { status: string }) => t.status === 'SUCCESS')).toBe(true);
    expect(fees.reduce((sum: number, t: { amount: number }) => sum + t.amount, 0)).toBe(receipts[0].totalPayment);
    expect(detail.timeline.map((e: { kind: string }) => e.kind)).toEqual(['created', 'paid', 'starts', 'ends']);
  }
  const cards = (await gw.call('GET', '/api/v1/member/cards', { token })).body.data.map((c: unknown) =>
    savedCardSchema.parse(c),
  );
  expect(cards).toHaveLength(1);
  expect(cards[0]).toMatchObject({ isDefault: true, bankCode: 'NCB' });
  const inbox = (await gw.call('GET', '/api/v1/member/notifications', { token })).body.data.items;
  expect(inbox.length).toBeGreaterThan(0);
});

test('seeding again adds no second history', async () => {
  await seedDatabase(gw.db, gw.clock.now());
  const contracts = (await gw.call('GET', '/api/v1/member/contracts', { token })).body.data;
  expect(contracts).toHaveLength(2);
});

test('8 confirmed InBody scans over a year, the newest first, each adding up as a sheet does', async () => {
  const list = (await gw.call('GET', '/api/v1/member/inbody/list?isFull=true', { token })).body.data;
  const records = list.items.map((r: unknown) => inbodyRecordSchema.parse(r));
  expect(records).toHaveLength(8);
  expect(records.every((r: { status: string }) => r.status === 'CONFIRMED')).toBe(true);
  const times = records.map((r: { measuredAt: string }) => Date.parse(r.measuredAt));
  expect(times).toEqual([...times].sort((a, b) => b - a));
  expect(times[0] - times[7]).toBeGreaterThan(300 * 86_400_000);
  for (const r of records) {
    expect(Math.abs(r.weight - (r.totalBodyWater + r.protein + r.minerals + r.bodyFatMass))).toBeLessThan(0.26);
    expect(Math.abs(r.percentBodyFat - (r.bodyFatMass / r.weight) * 100)).toBeLessThan(0.2);
  }
  expect(records[0].fatBodyMass).not.toBeNull();
  expect(records[7].fatBodyMass).toBeNull();
});
