import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { contracts, paymentEvents } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { openUnpaidContract } from '#tests/support/unpaid-contract.ts';

// No BANK_WEBHOOK_SECRET: the sandbox signs with the per-process secret the webhook checks with.
let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const qrContract = async () =>
  openUnpaidContract(gw, { accountId: (await gw.signUp()).profile.id, method: PaymentMethods.QR });
const state = async (id: number) => (await gw.db.select().from(contracts).where(eq(contracts.id, id)))[0].paymentState;

test('the page says SANDBOX, has its own strict CSP and lists open QR payments with a simulate button', async () => {
  const { payment } = await qrContract();
  const res = await gw.call('GET', '/sandbox/bank');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  const csp = res.headers.get('content-security-policy')!;
  expect(csp).toContain("default-src 'none'");
  expect(csp).toContain("form-action 'self'");
  expect(csp).toMatch(/style-src 'nonce-[A-Za-z0-9+/=]+'/);
  expect(csp).not.toContain('unsafe');
  expect(res.body).not.toMatch(/<script/i);
  expect(res.body).toContain('SANDBOX');
  expect(res.body).toContain('Simulate this transfer');
  expect(res.body).toContain('Mô phỏng chuyển khoản này');
  expect(res.body).toContain(payment.reference);
  expect(res.body).toContain(`value="${String(payment.amount)}"`);
  // Amounts as VND with the dong sign.
  expect(res.body).toContain(`${String(payment.amount).replace(/\B(?=(\d{3})+(?!\d))/g, '.')}\u00a0₫`);
});

test('POST /sandbox/bank/transfer (JSON) signs a Casso webhook, posts it to our own endpoint and answers what it answered', async () => {
  const { contract, payment } = await qrContract();
  const res = await gw.call('POST', '/sandbox/bank/transfer', {
    json: { memo: payment.reference, amount: payment.amount },
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({
    code: 1000,
    data: { results: [{ outcome: 'matched', duplicate: false, contractId: contract.id }] },
  });
  expect(await state(contract.id)).toBe('PAID');
  const [event] = await gw.db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.id, res.body.data.results[0].eventId));
  expect(event).toMatchObject({ provider: 'casso', outcome: 'matched' });
  expect(event.description).toContain(payment.reference);
  // Paid: no longer on the page.
  expect((await gw.call('GET', '/sandbox/bank')).body).not.toContain(payment.reference);
});

test('a wrong amount from the free form (no JavaScript: form post) is queued, and the page says so', async () => {
  const { contract, payment } = await qrContract();
  const form = new URLSearchParams({
    memo: payment.reference,
    amount: String(payment.amount - 50_000),
    accountNumber: '',
  });
  const res = await gw.call('POST', '/sandbox/bank/transfer', {
    body: form,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  expect(res.body).toContain('Wrong amount');
  expect(res.body).toContain('SANDBOX');
  expect(await state(contract.id)).toBe('WAITFORPAYMENT');
});

test('an unknown memo is unmatched; invalid input is 400 code 2 (JSON) or an HTML notice (form)', async () => {
  const unmatched = await gw.call('POST', '/sandbox/bank/transfer', {
    json: { memo: 'no memo here', amount: 100_000 },
  });
  expect(unmatched.body.data.results[0].outcome).toBe('unmatched');
  for (const json of [
    { memo: '', amount: 1 },
    { memo: 'x', amount: -1 },
    { memo: 'x', amount: 1.5 },
    { memo: 'x', amount: 1, accountNumber: '12-34' },
  ]) {
    const res = await gw.call('POST', '/sandbox/bank/transfer', { json });
    expect(res.status, JSON.stringify(json)).toBe(400);
    expect(res.body.code).toBe(2);
  }
  const form = await gw.call('POST', '/sandbox/bank/transfer', {
    body: new URLSearchParams({ memo: 'x', amount: 'abc' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(form.status).toBe(400);
  expect(form.body).toContain('Invalid input');
});

test('memos are escaped on the result page', async () => {
  const res = await gw.call('POST', '/sandbox/bank/transfer', {
    body: new URLSearchParams({ memo: '<img src=x onerror=alert(1)>', amount: '1000' }),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.body).not.toContain('<img');
  expect(res.body).toContain('&lt;img');
});
