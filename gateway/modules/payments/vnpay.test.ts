import { formatVnd } from '#api/format.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contracts, paymentEvents, payments, ratingRequests, transactions } from '#gateway/db/schema/index.ts';
import type { AppEnv, Deps } from '#gateway/http/context.ts';
import { signedVnpayQuery, vnpayDate, type VnpParams } from '#gateway/providers/card/vnpay.ts';
import { expireStalePayments } from '#gateway/modules/payments/settle.ts';
import {
  pathOf,
  startVnpayGateway,
  submitSandbox,
  TEST_VNPAY_SECRET,
  unpaidCardPayment,
} from '#tests/support/vnpay.ts';

let vn: Awaited<ReturnType<typeof startVnpayGateway>>;
beforeAll(async () => {
  vn = await startVnpayGateway();
});
afterAll(() => vn.close());

/** A member with an unpaid contract and its open card payment. */
async function cardPayment() {
  const { token } = await vn.gw.signUp();
  return unpaidCardPayment(vn, token);
}

/** The fields VNPAY sends to the IPN and the return URL for a payment. */
function vnpResult(reference: string, amount: number, over: Partial<VnpParams> = {}): VnpParams {
  return {
    vnp_Amount: String(amount * 100),
    vnp_BankCode: 'NCB',
    vnp_BankTranNo: 'VNP14226112',
    vnp_CardType: 'ATM',
    vnp_OrderInfo: 'Thanh toan hop dong',
    vnp_PayDate: vnpayDate(vn.gw.clock.now()),
    vnp_ResponseCode: '00',
    vnp_TmnCode: vn.config.VNPAY_TMN_CODE,
    vnp_TransactionNo: '14226112',
    vnp_TransactionStatus: '00',
    vnp_TxnRef: reference,
    ...over,
  };
}

const ipn = (query: string) => vn.gw.call('GET', `/api/v1/payment/vnpay/ipn?${query}`);
const signed = (params: VnpParams, secret = TEST_VNPAY_SECRET) => signedVnpayQuery(secret, params);

const state = async (paymentId: number, contractId: number) => {
  const [payment] = await vn.gw.db.select().from(payments).where(eq(payments.id, paymentId));
  const [contract] = await vn.gw.db.select().from(contracts).where(eq(contracts.id, contractId));
  const events = await vn.gw.db.select().from(paymentEvents).where(eq(paymentEvents.paymentId, paymentId));
  return { payment, contract, events };
};

test('IPN with a bad or missing signature: 97 Invalid Checksum, HTTP 200, nothing recorded', async () => {
  const { payment, contract } = await cardPayment();
  const fields = vnpResult(payment.reference, payment.amount);
  for (const query of [
    signed(fields, 'not-the-merchant-secret-0123'),
    signed(fields).replace('vnp_ResponseCode=00', 'vnp_ResponseCode=24'),
    signed(fields).replace(/vnp_Amount=\d+/, 'vnp_Amount=100'),
    signed(fields).replace(/&vnp_SecureHash=.*/, ''),
    '',
  ]) {
    const res = await ipn(query);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ RspCode: '97', Message: 'Invalid Checksum' });
  }
  const after = await state(payment.id, contract.id);
  expect(after.payment.status).toBe('PENDING');
  expect(after.events).toHaveLength(0);
});

test('IPN for an unknown TxnRef: 01 Order not found', async () => {
  const res = await ipn(signed(vnpResult('VF999NOSUCHREF', 100_000)));
  expect(res.body).toEqual({ RspCode: '01', Message: 'Order not found' });
});

test('IPN with another amount: 04 Invalid amount, recorded for staff, the payment stays open', async () => {
  const { payment, contract } = await cardPayment();
  const res = await ipn(signed(vnpResult(payment.reference, payment.amount - 1000)));
  expect(res.body).toEqual({ RspCode: '04', Message: 'Invalid amount' });
  const after = await state(payment.id, contract.id);
  expect(after.payment.status).toBe('PENDING');
  expect(after.contract.paymentState).toBe('WAITFORPAYMENT');
  expect(after.events).toMatchObject([{ outcome: 'wrong_amount', needsReview: true, provider: 'vnpay' }]);
});

test('IPN success: 00 Confirm Success, the membership is paid; the replay answers 02 and changes nothing', async () => {
  const { payment, contract } = await cardPayment();
  vn.gw.clock.advance(60_000);
  const fields = vnpResult(payment.reference, payment.amount, {
    vnp_PayDate: '20261121100500',
    vnp_TransactionNo: '14226199',
  });
  const res = await ipn(signed(fields));
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ RspCode: '00', Message: 'Confirm Success' });

  const paid = await state(payment.id, contract.id);
  expect(paid.payment).toMatchObject({ status: 'SUCCESS', providerTransactionId: '14226199' });
  expect(paid.payment.paidAt?.toISOString()).toBe('2026-11-21T03:05:00.000Z');
  expect(paid.contract.paymentState).toBe('PAID');
  const fees = await vn.gw.db.select().from(transactions).where(eq(transactions.contractId, contract.id));
  expect(fees.map((f) => f.status)).toEqual(['SUCCESS']);
  expect(paid.events).toMatchObject([
    { outcome: 'matched', needsReview: false, externalId: `${payment.reference}:14226199:00` },
  ]);

  for (let i = 0; i < 2; i++) {
    const replay = await ipn(signed(fields));
    expect(replay.body).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
  }
  const after = await state(payment.id, contract.id);
  expect(after.payment).toEqual(paid.payment);
  expect(after.contract).toEqual(paid.contract);
  expect(after.events).toEqual(paid.events);
  const ratings = await vn.gw.db.select().from(ratingRequests).where(eq(ratingRequests.contractId, contract.id));
  expect(ratings).toHaveLength(1);
});

test.each(['24', '51'])(
  'IPN declined (%s): answered 00, the payment FAILs, the contract still waits for payment',
  async (code) => {
    const { payment, contract } = await cardPayment();
    const fields = vnpResult(payment.reference, payment.amount, {
      vnp_ResponseCode: code,
      vnp_TransactionStatus: '02',
      vnp_TransactionNo: code === '24' ? '0' : '14226300',
    });
    expect((await ipn(signed(fields))).body).toEqual({ RspCode: '00', Message: 'Confirm Success' });
    const after = await state(payment.id, contract.id);
    expect(after.payment).toMatchObject({ status: 'FAIL', responseCode: code, paidAt: null });
    expect(after.contract.paymentState).toBe('WAITFORPAYMENT');
    expect(after.events).toMatchObject([{ outcome: 'declined', needsReview: false }]);
    // Replayed: already recorded.
    expect((await ipn(signed(fields))).body.RspCode).toBe('02');
    expect((await state(payment.id, contract.id)).events).toHaveLength(1);
  },
);

test('IPN 07 (money taken, suspected fraud) fails the payment but flags it for staff', async () => {
  const { payment, contract } = await cardPayment();
  const fields = vnpResult(payment.reference, payment.amount, { vnp_ResponseCode: '07', vnp_TransactionStatus: '07' });
  expect((await ipn(signed(fields))).body.RspCode).toBe('00');
  const after = await state(payment.id, contract.id);
  expect(after.payment.status).toBe('FAIL');
  expect(after.events).toMatchObject([{ outcome: 'declined', needsReview: true }]);
});

test('a success after the payment expired is never accepted silently: 02, needs review, the contract stays unpaid', async () => {
  const { payment, contract } = await cardPayment();
  vn.gw.clock.advance(16 * 60_000);
  await expireStalePayments(vn.gw.db, vn.gw.clock.now());
  const fields = vnpResult(payment.reference, payment.amount, { vnp_TransactionNo: '14226400' });
  expect((await ipn(signed(fields))).body).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
  const after = await state(payment.id, contract.id);
  expect(after.payment.status).toBe('EXPIRED');
  expect(after.contract.paymentState).toBe('FAIL');
  expect(after.events).toMatchObject([{ outcome: 'late', needsReview: true }]);
});

test('the return read shows our database, never the URL: success fields before the IPN still read PENDING; tampering is 552', async () => {
  const { payment, contract } = await cardPayment();
  const fields = vnpResult(payment.reference, payment.amount);
  const before = await vn.gw.call('GET', `/api/v1/payment/vnpay/return?${signed(fields)}`);
  expect(before.status).toBe(200);
  expect(before.body).toMatchObject({
    code: 1000,
    data: { contractId: contract.id, status: 'PENDING', responseCode: '00', transactionStatus: '00' },
  });
  expect((await state(payment.id, contract.id)).payment.status).toBe('PENDING');

  await ipn(signed(fields));
  const after = await vn.gw.call('GET', `/api/v1/payment/vnpay/return?${signed(fields)}`);
  expect(after.body.data.status).toBe('SUCCESS');

  const tampered = signed({ ...fields, vnp_ResponseCode: '24' }).replace(
    /vnp_SecureHash=\w+/,
    `vnp_SecureHash=${signed(fields).split('vnp_SecureHash=')[1]}`,
  );
  for (const query of [tampered, signed(fields).replace('vnp_TransactionStatus=00', 'vnp_TransactionStatus=02'), '']) {
    const res = await vn.gw.call('GET', `/api/v1/payment/vnpay/return?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(552);
  }
  const unknown = await vn.gw.call('GET', `/api/v1/payment/vnpay/return?${signed(vnpResult('VF0NOPE', 1000))}`);
  expect(unknown.status).toBe(404);
});

test('sandbox pay page: a signed request shows the amount and an honest SANDBOX banner under a strict CSP', async () => {
  const { payUrl, payment } = await cardPayment();
  const page = await vn.gw.call('GET', pathOf(payUrl));
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/text\/html/);
  expect(page.body).toContain('SANDBOX');
  expect(payment.amount).toBeGreaterThan(100_000);
  expect(page.body).toContain(formatVnd(payment.amount, 'vi'));
  expect(page.body).toContain('name="outcome" value="51"');
  expect(page.body).not.toMatch(/<script|https?:\/\/(?!localhost:3000)/);
  const csp = page.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("form-action 'self' http://localhost:3000");
  expect(csp).toContain("frame-ancestors 'none'");
});

test('sandbox pay page refuses a tampered URL, a wrong terminal code and a tampered form post', async () => {
  const { payUrl, payment, contract } = await cardPayment();
  const cheaper = new URL(payUrl);
  cheaper.searchParams.set('vnp_Amount', '100');
  const refused = await vn.gw.call('GET', pathOf(cheaper));
  expect(refused.status).toBe(400);
  expect(refused.body).toContain('SANDBOX');
  expect(refused.body).not.toContain('name="outcome"');

  const fields = Object.fromEntries(payUrl.searchParams);
  delete fields.vnp_SecureHash;
  const otherTerminal = await vn.gw.call('GET', `${payUrl.pathname}?${signed({ ...fields, vnp_TmnCode: 'OTHERTMN' })}`);
  expect(otherTerminal.status).toBe(400);

  const post = await submitSandbox(vn.gw, cheaper, { outcome: '00' });
  expect(post.status).toBe(400);
  expect((await state(payment.id, contract.id)).payment.status).toBe('PENDING');
});

test('full sandbox flow over HTTP: success → IPN server to server → 303 to the return URL with signed fields', async () => {
  const { payUrl, payment, contract } = await cardPayment();
  const post = await submitSandbox(vn.gw, payUrl, { outcome: '00' });
  expect(post.status).toBe(303);
  const back = new URL(post.location ?? '');
  expect(`${back.origin}${back.pathname}`).toBe('http://localhost:3000/membership/payment/vnpay-return');
  expect(back.searchParams.get('vnp_TxnRef')).toBe(payment.reference);
  expect(back.searchParams.get('vnp_SecureHash')).toMatch(/^[0-9a-f]{128}$/);

  // The IPN arrived over HTTP before the browser was sent back.
  const after = await state(payment.id, contract.id);
  expect(after.payment.status).toBe('SUCCESS');
  expect(after.payment.providerTransactionId).toBe(back.searchParams.get('vnp_TransactionNo'));
  expect(after.contract.paymentState).toBe('PAID');
  expect(after.events).toMatchObject([{ outcome: 'matched' }]);

  const shown = await vn.gw.call('GET', `/api/v1/payment/vnpay/return${back.search}`);
  expect(shown.body.data).toEqual({
    contractId: contract.id,
    freezeContractId: null,
    ptContractId: null,
    status: 'SUCCESS',
    responseCode: '00',
    transactionStatus: '00',
  });

  // The tester posts the same page again (back button): VNPAY's answer is 02, nothing changes.
  const again = await submitSandbox(vn.gw, payUrl, { outcome: '00' });
  expect(again.status).toBe(303);
  const replayed = await state(payment.id, contract.id);
  expect(replayed.payment).toEqual(after.payment);
  expect(replayed.events.map((e) => e.outcome)).toEqual(['matched', 'ignored']);
});

test('full sandbox flow, declined 51: the contract still waits, the return shows FAIL and 51', async () => {
  const { payUrl, payment, contract } = await cardPayment();
  const post = await submitSandbox(vn.gw, payUrl, { outcome: '51' });
  expect(post.status).toBe(303);
  const back = new URL(post.location ?? '');
  const shown = await vn.gw.call('GET', `/api/v1/payment/vnpay/return${back.search}`);
  expect(shown.body.data).toEqual({
    contractId: contract.id,
    freezeContractId: null,
    ptContractId: null,
    status: 'FAIL',
    responseCode: '51',
    transactionStatus: '02',
  });
  const [row] = await vn.gw.db
    .select()
    .from(contracts)
    .where(and(eq(contracts.id, contract.id)));
  expect(row.paymentState).toBe('WAITFORPAYMENT');
  expect((await state(payment.id, contract.id)).payment.responseCode).toBe('51');
});

test('an unexpected failure behind a valid signature answers 99 Unknown error with HTTP 200, never a 500', async () => {
  const { Hono } = await import('hono');
  const { default: pino } = await import('pino');
  const { vnpayRoutes } = await import('./vnpay-routes.ts');
  const brokenDb = new Proxy(
    {},
    {
      get: () => {
        throw new Error('database unreachable');
      },
    },
  );
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('deps', {
      config: vn.config,
      clock: vn.gw.clock,
      logger: pino({ level: 'silent' }),
      db: brokenDb,
    } as unknown as Deps);
    await next();
  });
  app.route('/', vnpayRoutes());
  // The routes carry their whole paths (ADR 078).
  const res = await app.request(`/api/v1/payment/vnpay/ipn?${signed(vnpResult('VF1ANY', 1000))}`);
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ RspCode: '99', Message: 'Unknown error' });
  // The same request on the working gateway is answered normally.
  expect((await ipn(signed(vnpResult('VF1ANY', 1000)))).body.RspCode).toBe('01');
});

test('IPN with a NUL in a signed field: 99, HTTP 200, nothing recorded (ADR 018)', async () => {
  const { payment, contract } = await cardPayment();
  for (const bad of ['Thanh toan\u0000', '\u0000']) {
    const res = await ipn(signed(vnpResult(payment.reference, payment.amount, { vnp_OrderInfo: bad })));
    expect(res.status).toBe(200);
    expect(res.body.RspCode).toBe('99');
  }
  const after = await state(payment.id, contract.id);
  expect(after.payment.status).toBe('PENDING');
  expect(after.events).toHaveLength(0);
});

// Issue 9: copies of one IPN arriving together. The event row is written in the settlement's
// transaction, so the copy that paid is the one recorded (it was 'ignored' in 8 of 9 runs).
test('copies of one IPN at once: one payment, one notice, and the event says matched', async () => {
  for (let round = 0; round < 4; round++) {
    const { payment, contract } = await cardPayment();
    const fields = vnpResult(payment.reference, payment.amount, { vnp_TransactionNo: `1500${String(round)}` });
    const answers = await Promise.all(Array.from({ length: 8 }, () => ipn(signed(fields))));
    expect(answers.map((a) => a.body.RspCode).sort()).toEqual(['00', '02', '02', '02', '02', '02', '02', '02']);
    const { events, contract: paid } = await state(payment.id, contract.id);
    expect(paid.paymentState).toBe('PAID');
    expect(events).toMatchObject([{ outcome: 'matched', needsReview: false }]);
  }
});
