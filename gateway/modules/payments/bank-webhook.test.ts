import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { contracts, paymentEvents, payments, ratingRequests, transactions } from '#gateway/db/schema/index.ts';
import { expireStalePayments } from '#gateway/modules/payments/settle.ts';
import { cassoSignatureHeader } from '#gateway/providers/bank-transfer/casso.ts';
import { formatBankTime } from '#gateway/providers/bank-transfer/transfer.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';

const SECRET = 'bank-webhook-secret-for-tests';
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ env: { BANK_WEBHOOK_SECRET: SECRET } });
});
afterAll(() => gw.close());

let nextId = 5_000_000;
type Tx = { id?: number; description: string; amount: number; accountNumber: string };
const cassoBody = (tx: Tx) => ({
  error: 0,
  data: {
    id: tx.id ?? nextId++,
    reference: `FT${String(tx.id ?? nextId)}`,
    description: tx.description,
    amount: tx.amount,
    runningBalance: 90_000_000,
    transactionDateTime: formatBankTime(gw.clock.now()),
    accountNumber: tx.accountNumber,
    bankName: 'Vietcombank',
    counterAccountName: 'NGUYEN VAN A',
  },
});

function casso(
  body: unknown,
  { secret = SECRET, at = gw.clock.now(), header }: { secret?: string; at?: Date; header?: string } = {},
) {
  return gw.call('POST', '/api/v1/payment/bank/casso', {
    json: body,
    headers: { 'x-casso-signature': header ?? cassoSignatureHeader(secret, body, at) },
  });
}

async function memberWithQr(clubIndex = 0) {
  const { profile, token } = await gw.signUp();
  const club = await clubAt(gw, clubIndex);
  const opened = await openUnpaidContract(gw, { accountId: profile.id, method: PaymentMethods.QR, clubId: club.id });
  return {
    ...opened,
    token,
    accountId: profile.id as number,
    memo: opened.payment.reference,
    account: club.bankAccountNumber!,
  };
}

const contractRow = async (id: number) => (await gw.db.select().from(contracts).where(eq(contracts.id, id)))[0];
const paymentRow = async (id: number) => (await gw.db.select().from(payments).where(eq(payments.id, id)))[0];
const eventsCount = async () => (await gw.db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents))[0].n;
const eventOf = async (externalId: number | string) =>
  (
    await gw.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.externalId, String(externalId)))
  )[0];

describe('Casso v2: a matching transfer', () => {
  test('a lower-case memo inside bank text settles the payment: contract PAID, fees SUCCESS, rating request, event matched', async () => {
    const { contract, payment, memo, account, token } = await memberWithQr();
    expect(memo).toMatch(/^VF[2-9A-HJ-NP-Z]{8}$/);
    const body = cassoBody({
      description: `MBVCB.123.${memo.toLowerCase()}.CT tu 0123456789 NGUYEN VAN A`,
      amount: payment.amount,
      accountNumber: account,
    });
    const res = await casso(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      code: 1000,
      data: {
        results: [{ externalId: String(body.data.id), outcome: 'matched', duplicate: false, contractId: contract.id }],
      },
    });

    expect((await contractRow(contract.id)).paymentState).toBe('PAID');
    const paid = await paymentRow(payment.id);
    expect(paid).toMatchObject({ status: 'SUCCESS', providerTransactionId: body.data.reference });
    const fees = await gw.db.select().from(transactions).where(eq(transactions.contractId, contract.id));
    expect(fees.length).toBeGreaterThan(0);
    for (const fee of fees) expect(fee).toMatchObject({ status: 'SUCCESS', paymentId: payment.id });
    expect(await gw.db.select().from(ratingRequests).where(eq(ratingRequests.contractId, contract.id))).toHaveLength(1);
    expect(await eventOf(body.data.id)).toMatchObject({
      provider: 'casso',
      outcome: 'matched',
      needsReview: false,
      paymentId: payment.id,
      amount: payment.amount,
    });
    // The member is told (after the transaction committed).
    const inbox = await gw.call('GET', '/api/v1/member/notifications', { token, lang: 'en' });
    expect(inbox.body.data.items.map((n: { link: string | null }) => n.link)).toContain(
      `/history/membership/${String(contract.id)}`,
    );
  });

  test('a replay of the same transaction id (re-signed later) answers success and changes nothing', async () => {
    const { contract, payment, memo, account } = await memberWithQr();
    const body = cassoBody({ description: memo, amount: payment.amount, accountNumber: account });
    expect((await casso(body)).body.data.results[0].outcome).toBe('matched');
    const before = {
      contract: await contractRow(contract.id),
      payment: await paymentRow(payment.id),
      events: await eventsCount(),
    };
    gw.clock.advance(60_000);
    const replay = await casso(body);
    expect(replay.status).toBe(200);
    expect(replay.body.data.results[0]).toMatchObject({ outcome: 'matched', duplicate: true, contractId: contract.id });
    expect(await contractRow(contract.id)).toEqual(before.contract);
    expect(await paymentRow(payment.id)).toEqual(before.payment);
    expect(await eventsCount()).toBe(before.events);
  });

  test('a second, different transfer for an already paid memo is money paid twice: late, for review', async () => {
    const { payment, memo, account } = await memberWithQr();
    await casso(cassoBody({ description: memo, amount: payment.amount, accountNumber: account }));
    const again = cassoBody({ description: memo, amount: payment.amount, accountNumber: account });
    expect((await casso(again)).body.data.results[0].outcome).toBe('late');
    expect(await eventOf(again.data.id)).toMatchObject({ outcome: 'late', needsReview: true, paymentId: payment.id });
  });

  test('an older delivery with a list of transactions: each is handled on its own; outgoing money is ignored', async () => {
    const a = await memberWithQr();
    const first = cassoBody({ description: a.memo, amount: a.payment.amount, accountNumber: a.account }).data;
    const out = cassoBody({ description: 'chi tien dien', amount: -250_000, accountNumber: a.account }).data;
    const res = await casso({ error: 0, data: [first, out] });
    expect(res.body.data.results.map((r: { outcome: string }) => r.outcome)).toEqual(['matched', 'ignored']);
    expect(await eventOf(out.id)).toMatchObject({ outcome: 'ignored', needsReview: false, amount: 250_000 });
  });
});

describe('Casso v2: money that does not fit is kept for staff', () => {
  test('a wrong amount changes nothing and is queued; the right amount later still settles', async () => {
    const { contract, payment, memo, account } = await memberWithQr();
    const short = cassoBody({ description: `CT ${memo}`, amount: payment.amount - 1000, accountNumber: account });
    expect((await casso(short)).body.data.results[0].outcome).toBe('wrong_amount');
    expect(await eventOf(short.data.id)).toMatchObject({
      outcome: 'wrong_amount',
      needsReview: true,
      paymentId: payment.id,
    });
    expect((await paymentRow(payment.id)).status).toBe('PENDING');
    expect((await contractRow(contract.id)).paymentState).toBe('WAITFORPAYMENT');
    const right = cassoBody({ description: `CT ${memo}`, amount: payment.amount, accountNumber: account });
    expect((await casso(right)).body.data.results[0].outcome).toBe('matched');
  });

  test('after 15 minutes the expiry job fails the contract; a transfer after that is late and queued', async () => {
    const { contract, payment, memo, account } = await memberWithQr();
    gw.clock.advance(15 * 60_000 + 1000);
    expect(await expireStalePayments(gw.db, gw.clock.now())).toBeGreaterThanOrEqual(1);
    expect((await contractRow(contract.id)).paymentState).toBe('FAIL');
    expect((await paymentRow(payment.id)).status).toBe('EXPIRED');
    const fees = await gw.db.select().from(transactions).where(eq(transactions.contractId, contract.id));
    for (const fee of fees) expect(fee.status).toBe('FAIL');

    const late = cassoBody({ description: memo, amount: payment.amount, accountNumber: account });
    expect((await casso(late)).body.data.results[0]).toMatchObject({ outcome: 'late', contractId: contract.id });
    expect(await eventOf(late.data.id)).toMatchObject({ outcome: 'late', needsReview: true, paymentId: payment.id });
    expect((await contractRow(contract.id)).paymentState).toBe('FAIL');
    expect((await paymentRow(payment.id)).status).toBe('EXPIRED');
  });

  test('the member sees money that was not booked: on the payment, the contract, the list, and in a notice (issue 10)', async () => {
    const { contract, payment, memo, account, token } = await memberWithQr();
    const wrong = payment.amount * 2 - 500_000; // e.g. two plans' worth typed by hand
    const body = cassoBody({ description: `CT ${memo}`, amount: wrong, accountNumber: account });
    expect((await casso(body)).body.data.results[0].outcome).toBe('wrong_amount');

    const seen = { amount: wrong, reason: 'wrong_amount', reviewed: false };
    const attempt = await gw.call('GET', `/api/v1/member/contract/${String(contract.id)}/payment`, { token });
    expect(attempt.body.data.unbooked).toEqual([expect.objectContaining(seen)]);
    const detail = await gw.call('GET', `/api/v1/member/contract/${String(contract.id)}/detail`, { token });
    expect(detail.body.data.unbooked).toEqual([expect.objectContaining(seen)]);
    expect(detail.body.data.payment.unbooked).toEqual([expect.objectContaining(seen)]);
    const list = await gw.call('GET', '/api/v1/member/contracts', { token });
    expect(list.body.data.find((c: { contractId: number }) => c.contractId === contract.id).unbooked).toEqual([
      expect.objectContaining(seen),
    ]);

    const inbox = await gw.call('GET', '/api/v1/member/notifications', { token, lang: 'vi' });
    const notice = inbox.body.data.items.find(
      (n: { link: string | null }) => n.link === `/history/membership/${String(contract.id)}`,
    );
    expect(notice.titleVi).toBe('Đã nhận tiền, đang chờ câu lạc bộ xử lý');
    expect(notice.bodyVi).toContain(`${new Intl.NumberFormat('de-DE').format(wrong)}\u00a0₫`);
    expect(notice.bodyVi).toContain('không cần chuyển lại');
    expect(notice.bodyEn).toContain('Please do not transfer again');

    // Once staff have looked at it, the member sees that too; a replay adds no second notice.
    await casso(body);
    const again = await gw.call('GET', '/api/v1/member/notifications', { token, lang: 'vi' });
    expect(again.body.data.items.filter((n: { link: string | null }) => n.link === notice.link)).toHaveLength(1);
    await gw.db
      .update(paymentEvents)
      .set({ needsReview: false })
      .where(eq(paymentEvents.externalId, String(body.data.id)));
    const reviewed = await gw.call('GET', `/api/v1/member/contract/${String(contract.id)}/detail`, { token });
    expect(reviewed.body.data.unbooked[0].reviewed).toBe(true);
  });

  test('another member never sees someone else’s unbooked money', async () => {
    const { contract, payment, memo, account } = await memberWithQr();
    await casso(cassoBody({ description: memo, amount: payment.amount + 1, accountNumber: account }));
    const stranger = await gw.signUp();
    const res = await gw.call('GET', `/api/v1/member/contract/${String(contract.id)}/payment`, {
      token: stranger.token,
    });
    expect(res.status).toBe(404);
  });

  test('cancelled and expired requests say when and why they ended; a late transfer shows as unbooked, not as a failed payment', async () => {
    const cancelled = await memberWithQr();
    gw.clock.advance(60_000);
    const cancelledAt = gw.clock.now().toISOString();
    const res = await gw.call('PUT', `/api/v1/member/contract/${String(cancelled.contract.id)}/cancel`, {
      token: cancelled.token,
    });
    expect(res.body.data).toMatchObject({ status: 'FAIL', closedReason: 'cancelled', closedAt: cancelledAt });
    const detail = await gw.call('GET', `/api/v1/member/contract/${String(cancelled.contract.id)}/detail`, {
      token: cancelled.token,
    });
    expect(detail.body.data.timeline.at(-1)).toEqual({ kind: 'cancelled', at: cancelledAt });
    for (const tx of detail.body.data.transactions)
      expect(tx).toMatchObject({ status: 'FAIL', closedReason: 'cancelled' });

    // Paid after cancelling: the money is shown as received and waiting for the club.
    await casso(
      cassoBody({ description: cancelled.memo, amount: cancelled.payment.amount, accountNumber: cancelled.account }),
    );
    const after = await gw.call('GET', `/api/v1/member/contract/${String(cancelled.contract.id)}/detail`, {
      token: cancelled.token,
    });
    expect(after.body.data.unbooked).toEqual([
      expect.objectContaining({ amount: cancelled.payment.amount, reason: 'late' }),
    ]);

    const expired = await memberWithQr();
    gw.clock.advance(15 * 60_000 + 1000);
    await expireStalePayments(gw.db, gw.clock.now());
    const gone = await gw.call('GET', `/api/v1/member/contract/${String(expired.contract.id)}/detail`, {
      token: expired.token,
    });
    expect(gone.body.data).toMatchObject({ closedReason: 'expired', closedAt: gw.clock.now().toISOString() });
    expect(gone.body.data.timeline.at(-1).kind).toBe('expired');
  });

  test.each([
    ['no memo at all', () => 'chuyen tien tap gym'],
    ['a well-formed memo nobody was given', () => 'MBVCB.9.VFZZZZZZZZ.CT'],
  ])('%s → unmatched, queued', async (_, description) => {
    const { account } = await memberWithQr();
    const body = cassoBody({ description: description(), amount: 500_000, accountNumber: account });
    expect((await casso(body)).body.data.results[0].outcome).toBe('unmatched');
    expect(await eventOf(body.data.id)).toMatchObject({ outcome: 'unmatched', needsReview: true, paymentId: null });
  });

  test('the right memo arriving on another club’s account is not matched', async () => {
    const { payment, memo, contract } = await memberWithQr(0);
    const other = await clubAt(gw, 1);
    const body = cassoBody({ description: memo, amount: payment.amount, accountNumber: other.bankAccountNumber! });
    expect((await casso(body)).body.data.results[0].outcome).toBe('unmatched');
    expect((await contractRow(contract.id)).paymentState).toBe('WAITFORPAYMENT');
  });
});

describe('Casso v2: refusals change nothing', () => {
  const refusals: [string, (body: unknown) => { secret?: string; at?: Date; header?: string }][] = [
    ['no signature header', () => ({ header: '' })],
    ['a header without v1', () => ({ header: `t=${String(gw.clock.now().getTime())}` })],
    ['another secret', () => ({ secret: 'not-the-webhook-secret' })],
    ['a timestamp 6 minutes old', () => ({ at: new Date(gw.clock.now().getTime() - 6 * 60_000) })],
    ['a timestamp 6 minutes ahead', () => ({ at: new Date(gw.clock.now().getTime() + 6 * 60_000) })],
    [
      'a signature of another body',
      (body) => ({ header: cassoSignatureHeader(SECRET, { ...(body as object), error: 1 }, gw.clock.now()) }),
    ],
  ];
  test.each(refusals)('%s → 401 code 552', async (_, options) => {
    const { contract, payment, memo, account } = await memberWithQr();
    const body = cassoBody({ description: memo, amount: payment.amount, accountNumber: account });
    const events = await eventsCount();
    const res = await casso(body, options(body));
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(552);
    expect(await eventsCount()).toBe(events);
    expect((await contractRow(contract.id)).paymentState).toBe('WAITFORPAYMENT');
    expect((await paymentRow(payment.id)).status).toBe('PENDING');
  });

  test('a body changed after signing (amount raised) → 401', async () => {
    const { payment, memo, account } = await memberWithQr();
    const signed = cassoBody({ description: memo, amount: payment.amount - 100_000, accountNumber: account });
    const header = cassoSignatureHeader(SECRET, signed, gw.clock.now());
    const tampered = { ...signed, data: { ...signed.data, amount: payment.amount } };
    const res = await casso(tampered, { header });
    expect(res.status).toBe(401);
    expect((await paymentRow(payment.id)).status).toBe('PENDING');
  });

  test('malformed JSON → 400 code 2', async () => {
    const header = cassoSignatureHeader(SECRET, {}, gw.clock.now());
    const res = await gw.call('POST', '/api/v1/payment/bank/casso', {
      body: '{"error":0,',
      headers: { 'content-type': 'application/json', 'x-casso-signature': header },
    });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(2);
  });

  test.each([
    ['no data', { error: 0 }],
    ['a text amount', { error: 0, data: { id: 1, amount: '500000', accountNumber: '1', description: '' } }],
    ['a fractional amount', { error: 0, data: { id: 1, amount: 1.5, accountNumber: '1', description: '' } }],
    ['no account number', { error: 0, data: { id: 1, amount: 5, description: '' } }],
    ['a huge description', { error: 0, data: { id: 1, amount: 5, accountNumber: '1', description: 'x'.repeat(3000) } }],
    ['an array body', [1, 2]],
  ])('a signed body with %s → 400 code 2, nothing stored', async (_, body) => {
    const events = await eventsCount();
    const res = await casso(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(2);
    expect(await eventsCount()).toBe(events);
  });
});

describe('SePay', () => {
  const sepay = (body: unknown, key = SECRET) =>
    gw.call('POST', '/api/v1/payment/bank/sepay', { json: body, headers: { authorization: `Apikey ${key}` } });
  const sepayBody = (memo: string, amount: number, accountNumber: string, id = nextId++) => ({
    id,
    gateway: 'Vietcombank',
    transactionDate: formatBankTime(gw.clock.now()),
    accountNumber,
    subAccount: null,
    code: null,
    content: `${memo} chuyen tien`,
    transferType: 'in',
    transferAmount: amount,
    accumulated: 19_077_000,
    referenceCode: `MBVCB.${String(id)}`,
    description: `BankAPINotify ${memo} chuyen tien`,
  });

  test('a matching transfer → {"success":true}, the contract is paid; a replay changes nothing', async () => {
    const { contract, payment, memo, account } = await memberWithQr();
    const body = sepayBody(memo, payment.amount, account);
    const res = await sepay(body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await contractRow(contract.id)).paymentState).toBe('PAID');
    expect(await eventOf(body.id)).toMatchObject({ provider: 'sepay', outcome: 'matched', needsReview: false });
    const events = await eventsCount();
    expect((await sepay(body)).body).toEqual({ success: true });
    expect(await eventsCount()).toBe(events);
  });

  test('a wrong key → 401 code 552 and nothing stored', async () => {
    const { payment, memo, account } = await memberWithQr();
    const events = await eventsCount();
    const res = await sepay(sepayBody(memo, payment.amount, account), 'wrong-key-wrong-key');
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(552);
    const bearer = await gw.call('POST', '/api/v1/payment/bank/sepay', {
      json: {},
      headers: { authorization: `Bearer ${SECRET}` },
    });
    expect(bearer.status).toBe(401);
    expect(await eventsCount()).toBe(events);
    expect((await paymentRow(payment.id)).status).toBe('PENDING');
  });

  test('money going out is answered and ignored; a wrong amount is queued; malformed → 400', async () => {
    const { payment, memo, account } = await memberWithQr();
    const out = { ...sepayBody(memo, payment.amount, account), transferType: 'out' };
    expect((await sepay(out)).body).toEqual({ success: true });
    expect(await eventOf(out.id)).toMatchObject({ outcome: 'ignored', needsReview: false });
    expect((await paymentRow(payment.id)).status).toBe('PENDING');
    const wrong = sepayBody(memo, payment.amount + 1000, account);
    expect((await sepay(wrong)).body).toEqual({ success: true });
    expect(await eventOf(wrong.id)).toMatchObject({ outcome: 'wrong_amount', needsReview: true });
    const bad = await sepay({ id: 1, transferType: 'in' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe(2);
  });
});

describe('text PostgreSQL cannot store, behind a valid signature (ADR 018)', () => {
  test('Casso: a NUL in the memo is stripped after the signature check; the transfer settles and the event keeps the memo', async () => {
    const { contract, memo, account, payment } = await memberWithQr();
    const body = cassoBody({ description: `${memo}\u0000 CK\ud800`, amount: payment.amount, accountNumber: account });
    const res = await casso(body);
    expect(res.status).toBe(200);
    expect(res.body.data.results[0].outcome).toBe('matched');
    expect((await contractRow(contract.id)).paymentState).toBe('PAID');
    expect((await eventOf(body.data.id)).description).toBe(`${memo} CK\uFFFD`);
  });

  test('SePay: a NUL in content and a key is stripped; {"success":true}, the event recorded', async () => {
    const { memo, account, payment } = await memberWithQr();
    const body = {
      id: nextId++,
      gateway: 'VCB\u0000',
      transactionDate: formatBankTime(gw.clock.now()),
      accountNumber: account,
      content: `${memo}\u0000`,
      transferType: 'in',
      transferAmount: payment.amount,
      referenceCode: 'R\u0000',
      'x\u0000': 1,
    };
    const res = await gw.call('POST', '/api/v1/payment/bank/sepay', {
      json: body,
      headers: { authorization: `Apikey ${SECRET}` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(await eventOf(body.id)).toMatchObject({ provider: 'sepay', outcome: 'matched' });
  });
});
