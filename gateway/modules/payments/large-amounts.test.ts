// Issue 37 item 19: money above 2,147,483,647 ₫ (the old integer columns' limit). A signed transfer
// of any real size is recorded (matched, or kept for staff); an amount no bank can send is refused
// with code 2 on its field, never a 500.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { MAX_VND } from '#api/format.ts';
import { PaymentMethods } from '#api/membership.ts';
import { contracts, paymentEvents, payments } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE } from '#gateway/db/seed.ts';
import { cassoSignatureHeader } from '#gateway/providers/bank-transfer/casso.ts';
import { formatBankTime } from '#gateway/providers/bank-transfer/transfer.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';

const SECRET = 'bank-webhook-secret-for-tests';
const THREE_BILLION = 3_000_000_000;
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ env: { BANK_WEBHOOK_SECRET: SECRET } });
});
afterAll(() => gw.close());

let nextId = 7_000_000;
const cassoBody = (description: string, amount: number, accountNumber: string) => ({
  error: 0,
  data: {
    id: nextId++,
    reference: `FT${String(nextId)}`,
    description,
    amount,
    transactionDateTime: formatBankTime(gw.clock.now()),
    accountNumber,
  },
});
const casso = (body: unknown) =>
  gw.call('POST', '/api/v1/payment/bank/casso', {
    json: body,
    headers: { 'x-casso-signature': cassoSignatureHeader(SECRET, body, gw.clock.now()) },
  });
const sepayBody = (content: string, transferAmount: number, accountNumber: string) => ({
  id: nextId++,
  gateway: 'Vietcombank',
  transactionDate: formatBankTime(gw.clock.now()),
  accountNumber,
  content,
  transferType: 'in',
  transferAmount,
  referenceCode: `MBVCB.${String(nextId)}`,
});
const sepay = (body: unknown) =>
  gw.call('POST', '/api/v1/payment/bank/sepay', { json: body, headers: { authorization: `Apikey ${SECRET}` } });
const eventOf = async (externalId: number) =>
  (
    await gw.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.externalId, String(externalId)))
  )[0];
const eventCount = async () => (await gw.db.select({ id: paymentEvents.id }).from(paymentEvents)).length;

async function memberWithQr() {
  const { profile, token } = await gw.signUp();
  const club = await clubAt(gw, 0);
  const opened = await openUnpaidContract(gw, { accountId: profile.id, method: PaymentMethods.QR, clubId: club.id });
  return { ...opened, token, memo: opened.payment.reference, account: club.bankAccountNumber! };
}

async function gmToken() {
  gw.clock.advance(31_000);
  await gw.call('POST', '/api/v1/staff/auth/otp/send', { json: { phoneNumber: DEMO_MANAGER_PHONE } });
  const res = await gw.call('POST', '/api/v1/staff/auth/otp/login', {
    json: { phoneNumber: DEMO_MANAGER_PHONE, otp: await gw.latestOtp(DEMO_MANAGER_PHONE) },
  });
  return res.body.data.accessToken as string;
}

describe('a signed transfer above 2,147,483,647 ₫', () => {
  test('Casso: 3,000,000,000 ₫ for a membership is recorded for review (wrong amount), the member told, staff see the exact amount', async () => {
    const { memo, account, payment, token } = await memberWithQr();
    const body = cassoBody(`CT ${memo}`, THREE_BILLION, account);
    const res = await casso(body);
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({ outcome: 'wrong_amount', duplicate: false });
    expect(await eventOf(body.data.id)).toMatchObject({
      amount: THREE_BILLION,
      outcome: 'wrong_amount',
      needsReview: true,
      paymentId: payment.id,
    });

    const inbox = await gw.call('GET', '/api/v1/member/notifications', { token, lang: 'vi' });
    expect(JSON.stringify(inbox.body.data.items)).toContain('3.000.000.000\u00a0₫');
    const queue = await gw.call('GET', '/api/v1/staff/payment-events?needsReview=true', { token: await gmToken() });
    expect(queue.status).toBe(200);
    expect(queue.body.data.find((e: { id: number }) => e.id === res.body.data.results[0].eventId)).toMatchObject({
      amount: THREE_BILLION,
    });
  });

  test('Casso: 3,000,000,000 ₫ with no memo of ours is recorded, unmatched, for review', async () => {
    const { account } = await memberWithQr();
    const body = cassoBody('chuyen tien hop dong doanh nghiep', THREE_BILLION, account);
    const res = await casso(body);
    expect(res.status).toBe(200);
    expect(await eventOf(body.data.id)).toMatchObject({
      amount: THREE_BILLION,
      outcome: 'unmatched',
      needsReview: true,
    });
  });

  test('a payment of 3,000,000,000 ₫ (a corporate contract) is settled by a transfer of exactly that', async () => {
    const { contract, payment, memo, account } = await memberWithQr();
    await gw.db.update(contracts).set({ totalPayment: THREE_BILLION }).where(eq(contracts.id, contract.id));
    await gw.db.update(payments).set({ amount: THREE_BILLION }).where(eq(payments.id, payment.id));
    const body = cassoBody(memo, THREE_BILLION, account);
    expect((await casso(body)).body.data.results[0]).toMatchObject({ outcome: 'matched', contractId: contract.id });
    expect((await gw.db.select().from(contracts).where(eq(contracts.id, contract.id)))[0]).toMatchObject({
      paymentState: 'PAID',
      totalPayment: THREE_BILLION,
    });
  });

  test('SePay: 3,000,000,000 ₫ is answered {"success":true} and recorded for review', async () => {
    const { memo, account } = await memberWithQr();
    const body = sepayBody(`${memo} chuyen tien`, THREE_BILLION, account);
    const res = await sepay(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await eventOf(body.id)).toMatchObject({ amount: THREE_BILLION, outcome: 'wrong_amount', needsReview: true });
  });

  test('the largest amount taken (9,007,199,254,740,991 ₫) is stored exactly', async () => {
    const { account } = await memberWithQr();
    const body = cassoBody('so tien lon nhat', MAX_VND, account);
    expect((await casso(body)).status).toBe(200);
    expect((await eventOf(body.data.id)).amount).toBe(MAX_VND);
  });
});

describe('an amount no bank sends', () => {
  test.each([
    ['Casso', 1e16, 'data.amount'],
    ['Casso', -1e20, 'data.amount'],
    ['SePay', 1e16, 'transferAmount'],
    ['SePay', 1e300, 'transferAmount'],
  ])('%s with %d ₫ → 400 code 2 naming the amount as out of range, nothing stored', async (provider, amount, field) => {
    const { memo, account } = await memberWithQr();
    const before = await eventCount();
    const res =
      provider === 'Casso'
        ? await casso(cassoBody(memo, amount, account))
        : await sepay(sepayBody(memo, amount, account));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(2);
    expect(res.body.data.fieldErrors[field]).toContain('Giá trị nằm ngoài khoảng cho phép');
    expect(await eventCount()).toBe(before);
  });
});
