import { formatVnd } from '#api/format.ts';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { makeSelfSignedSealKey } from '#gateway/providers/e-seal/seal.ts';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cardRequests, contracts, payments, savedCards } from '#gateway/db/schema/index.ts';
import { loadGatewayConfig } from '#gateway/config.ts';
import { vnpaySettings } from '#gateway/providers/card/settings.ts';
import { signedVnpayQuery } from '#gateway/providers/card/vnpay.ts';
import { startTestGateway, TEST_INTERNAL_SECRET } from '#tests/support/gateway.ts';
import {
  accountIdOf,
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

/** Adds a card through POST /member/card and the sandbox token page; returns where the browser lands. */
async function addCard(token: string, cardType: '01' | '02', choices: { card: string; outcome: string }) {
  const started = await vn.gw.call('POST', '/api/v1/member/card', { token, json: { cardType } });
  expect(started.status).toBe(200);
  const payUrl = new URL(started.body.data.payUrl);
  expect(payUrl.pathname).toBe('/sandbox/vnpay/token_ui/create-token.html');
  expect(payUrl.searchParams.get('vnp_command')).toBe('token_create');
  const page = await vn.gw.call('GET', pathOf(payUrl));
  expect(page.status).toBe(200);
  expect(page.body).toContain('SANDBOX');
  const post = await submitSandbox(vn.gw, payUrl, choices);
  expect(post.status).toBe(303);
  return new URL(post.location ?? '');
}

const cardsOf = async (token: string) =>
  (await vn.gw.call('GET', '/api/v1/member/cards', { token })).body.data as {
    id: number;
    isDefault: boolean;
    cardNumber: string;
    bankCode: string;
    cardType: string;
  }[];

test('add a card: token page → IPN creates the masked card → card-return 1052; the token never leaves the gateway', async () => {
  const { token } = await vn.gw.signUp();
  const back = await addCard(token, '01', { card: 'ncb', outcome: '00' });
  expect(`${back.origin}${back.pathname}`).toBe(
    'http://localhost:3000/account/information/payment-method/vnpay-return',
  );

  const shown = await vn.gw.call('GET', `/api/v1/payment/vnpay/card-return${back.search}`);
  expect(shown.status).toBe(200);
  expect(shown.body.code).toBe(1052);
  expect(shown.body.data).toMatchObject({
    status: 'SUCCESS',
    responseCode: '00',
    card: { cardNumber: '970419*********2198', bankCode: 'NCB', cardType: '01', isDefault: true },
  });

  const list = await vn.gw.call('GET', '/api/v1/member/cards', { token });
  expect(list.body.code).toBe(1000);
  expect(list.body.data).toHaveLength(1);
  const [stored] = await vn.gw.db.select().from(savedCards).where(eq(savedCards.id, list.body.data[0].id));
  expect(stored.token).toMatch(/^[0-9a-f]{48}$/);
  for (const body of [list.body, shown.body]) expect(JSON.stringify(body)).not.toContain(stored.token);
  expect(Object.keys(list.body.data[0]).sort()).toEqual([
    'bankCode',
    'cardNumber',
    'cardType',
    'createdAt',
    'id',
    'isDefault',
  ]);

  // A tampered return is 552; the request is not changed by reading it.
  const tampered = await vn.gw.call(
    'GET',
    `/api/v1/payment/vnpay/card-return${back.search.replace('vnp_response_code=00', 'vnp_response_code=24')}`,
  );
  expect(tampered.status).toBe(400);
  expect(tampered.body.code).toBe(552);
});

test('a declined or cancelled add-card saves nothing and the return says so', async () => {
  const { token } = await vn.gw.signUp();
  for (const outcome of ['24', '09']) {
    const back = await addCard(token, '02', { card: 'visa', outcome });
    const shown = await vn.gw.call('GET', `/api/v1/payment/vnpay/card-return${back.search}`);
    expect(shown.body).toMatchObject({ code: 1000, data: { status: 'FAIL', responseCode: outcome, card: null } });
  }
  expect(await cardsOf(token)).toEqual([]);
});

test('token IPN replay adds no second card; a forged one is 97', async () => {
  const { token, phone } = await vn.gw.signUp();
  const back = await addCard(token, '01', { card: 'ncb', outcome: '00' });
  const replay = await vn.gw.call('GET', `/api/v1/payment/vnpay/ipn${back.search}`);
  expect(replay.body).toEqual({ RspCode: '02', Message: 'Order already confirmed' });
  expect(await cardsOf(token)).toHaveLength(1);

  const accountId = await accountIdOf(vn.gw, phone);
  const [request] = await vn.gw.db
    .insert(cardRequests)
    .values({ accountId, reference: 'VCFORGED01', cardType: '01', status: 'PENDING' })
    .returning();
  const forged = signedVnpayQuery(
    'attacker-secret-0123456789',
    {
      vnp_txn_ref: request.reference,
      vnp_tmn_code: vn.config.VNPAY_TMN_CODE,
      vnp_response_code: '00',
      vnp_transaction_status: '00',
      vnp_token: 'attacker-token-123',
      vnp_card_number: '411111xxxxxx1111',
    },
    'vnp_secure_hash',
  );
  expect((await vn.gw.call('GET', `/api/v1/payment/vnpay/ipn?${forged}`)).body.RspCode).toBe('97');
  expect(await cardsOf(token)).toHaveLength(1);
});

test('default and delete: exactly one default; deleting the default passes it to the newest remaining card', async () => {
  const { token } = await vn.gw.signUp();
  await addCard(token, '01', { card: 'ncb', outcome: '00' });
  vn.gw.clock.advance(1000);
  await addCard(token, '02', { card: 'visa', outcome: '00' });
  vn.gw.clock.advance(1000);
  await addCard(token, '02', { card: 'mastercard', outcome: '00' });
  let cards = await cardsOf(token);
  expect(cards.map((c) => [c.bankCode, c.isDefault])).toEqual([
    ['NCB', true],
    ['MASTERCARD', false],
    ['VISA', false],
  ]);

  const visa = cards.find((c) => c.bankCode === 'VISA')!;
  const set = await vn.gw.call('PUT', `/api/v1/member/card/${String(visa.id)}/default`, { token });
  expect(set.body).toMatchObject({ code: 1083, data: { id: visa.id, isDefault: true } });
  cards = await cardsOf(token);
  expect(cards.filter((c) => c.isDefault).map((c) => c.id)).toEqual([visa.id]);
  expect(cards[0].id).toBe(visa.id);

  const removed = await vn.gw.call('DELETE', `/api/v1/member/card/${String(visa.id)}`, { token });
  expect(removed.body.code).toBe(1055);
  cards = await cardsOf(token);
  expect(cards.map((c) => [c.bankCode, c.isDefault])).toEqual([
    ['MASTERCARD', true],
    ['NCB', false],
  ]);
  // Soft delete: the row is kept for the payments that name it.
  const [kept] = await vn.gw.db.select().from(savedCards).where(eq(savedCards.id, visa.id));
  expect(kept.deletedAt).not.toBeNull();

  // Deleted cards are gone for every purpose.
  expect((await vn.gw.call('DELETE', `/api/v1/member/card/${String(visa.id)}`, { token })).status).toBe(404);
  expect((await vn.gw.call('PUT', `/api/v1/member/card/${String(visa.id)}/default`, { token })).status).toBe(404);

  const ncb = cards.find((c) => c.bankCode === 'NCB')!;
  await vn.gw.call('DELETE', `/api/v1/member/card/${String(cards[0].id)}`, { token });
  expect((await cardsOf(token)).map((c) => [c.id, c.isDefault])).toEqual([[ncb.id, true]]);
  await vn.gw.call('DELETE', `/api/v1/member/card/${String(ncb.id)}`, { token });
  expect(await cardsOf(token)).toEqual([]);
});

test("another member's card, an unknown id or a malformed one: 404 with 550, nothing changes", async () => {
  const owner = await vn.gw.signUp();
  const other = await vn.gw.signUp();
  await addCard(owner.token, '01', { card: 'ncb', outcome: '00' });
  const [card] = await cardsOf(owner.token);
  for (const [method, path] of [
    ['PUT', `/api/v1/member/card/${String(card.id)}/default`],
    ['DELETE', `/api/v1/member/card/${String(card.id)}`],
    ['PUT', '/api/v1/member/card/999999/default'],
    ['DELETE', '/api/v1/member/card/abc'],
    ['DELETE', '/api/v1/member/card/1e3'],
  ] as const) {
    const res = await vn.gw.call(method, path, { token: other.token });
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(res.body.code, `${method} ${path}`).toBe(550);
  }
  expect(await cardsOf(other.token)).toEqual([]);
  expect(await cardsOf(owner.token)).toMatchObject([{ id: card.id, isDefault: true }]);
});

test('card endpoints need a member token; a bad card type is code 2', async () => {
  expect((await vn.gw.call('GET', '/api/v1/member/cards')).status).toBe(401);
  expect((await vn.gw.call('POST', '/api/v1/member/card', { json: { cardType: '01' } })).status).toBe(401);
  const { token } = await vn.gw.signUp();
  for (const json of [{}, { cardType: '03' }, { cardType: 1 }]) {
    const res = await vn.gw.call('POST', '/api/v1/member/card', { token, json });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(2);
  }
});

test('pay with a saved card through POST /member/contract: token_pay page → IPN → paid', async () => {
  const { token } = await vn.gw.signUp();
  await addCard(token, '01', { card: 'ncb', outcome: '00' });
  const [card] = await cardsOf(token);
  const { payUrl, payment, contract } = await unpaidCardPayment(vn, token, { savedCardId: card.id, lang: 'en' });
  expect(payUrl.pathname).toBe('/sandbox/vnpay/token_ui/payment-token.html');
  expect(payUrl.searchParams.get('vnp_command')).toBe('token_pay');
  expect(payment.savedCardId).toBe(card.id);

  const page = await vn.gw.call('GET', pathOf(payUrl));
  expect(page.status).toBe(200);
  expect(page.body).toContain(formatVnd(payment.amount, 'en'));
  expect(page.body).toContain(card.cardNumber);

  // Another member's token in a validly signed URL is refused by the sandbox, as VNPAY would.
  const forgedUser = new URL(payUrl);
  forgedUser.searchParams.set('vnp_app_user_id', '999999');
  const fields = Object.fromEntries(forgedUser.searchParams);
  delete fields.vnp_secure_hash;
  expect(
    (await vn.gw.call('GET', `${payUrl.pathname}?${signedVnpayQuery(TEST_VNPAY_SECRET, fields, 'vnp_secure_hash')}`))
      .status,
  ).toBe(400);

  const post = await submitSandbox(vn.gw, payUrl, { outcome: '00' });
  expect(post.status).toBe(303);
  const back = new URL(post.location ?? '');
  expect(back.pathname).toBe('/membership/payment/vnpay-return');
  const [paid] = await vn.gw.db.select().from(payments).where(eq(payments.id, payment.id));
  expect(paid.status).toBe('SUCCESS');
  const [row] = await vn.gw.db.select().from(contracts).where(eq(contracts.id, contract.id));
  expect(row.paymentState).toBe('PAID');
  const shown = await vn.gw.call('GET', `/api/v1/payment/vnpay/return${back.search}`);
  expect(shown.body.data).toEqual({
    contractId: contract.id,
    freezeContractId: null,
    ptContractId: null,
    status: 'SUCCESS',
    responseCode: '00',
    transactionStatus: '00',
  });
});

test("paying with another member's card or a deleted one: 404 with 550", async () => {
  const owner = await vn.gw.signUp();
  const other = await vn.gw.signUp();
  await addCard(owner.token, '01', { card: 'ncb', outcome: '00' });
  await addCard(owner.token, '02', { card: 'visa', outcome: '00' });
  const [first, second] = await cardsOf(owner.token);
  await expect(unpaidCardPayment(vn, other.token, { savedCardId: first.id })).rejects.toThrow(/"code":550/);
  await vn.gw.call('DELETE', `/api/v1/member/card/${String(second.id)}`, { token: owner.token });
  await expect(unpaidCardPayment(vn, owner.token, { savedCardId: second.id, clubIndex: 1 })).rejects.toThrow(
    /"code":550/,
  );
});

test('with SANDBOX=false the VNPAY sandbox pages are not routed, and the real VNPAY hosts are used', async () => {
  const vapid = webpush.generateVAPIDKeys();
  const env = {
    SANDBOX: 'false',
    SMS_PROVIDER: 'esms',
    ESMS_API_KEY: 'dummy-key',
    ESMS_SECRET_KEY: 'dummy-secret',
    ESMS_BRANDNAME: 'GYMCLUB',
    PUSH_PROVIDER: 'webpush',
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    VAPID_SUBJECT: 'mailto:ops@vietfit.example',
    FPT_AI_API_KEY: 'dummy-fpt-api-key-0123',
    VNPAY_HASH_SECRET: TEST_VNPAY_SECRET,
    VNPAY_PAY_URL: 'https://sandbox.vnpayment.vn/paymentv2/vpcpay.html',
    BANK_WEBHOOK_SECRET: 'test-webhook-secret-0123456789',
    GATEWAY_INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    E_SEAL_P12_BASE64: (await makeSelfSignedSealKey('Test chain', 'test-pass', new Date())).p12.toString('base64'),
    E_SEAL_PASSPHRASE: 'test-pass',
  };
  // With the sandbox on, the same unsigned request reaches the page and is refused by it.
  expect((await vn.gw.call('GET', '/sandbox/vnpay/paymentv2/vpcpay.html')).status).toBe(400);
  const prod = await startTestGateway({ env });
  try {
    for (const [method, path] of [
      ['GET', '/sandbox/vnpay/paymentv2/vpcpay.html'],
      ['POST', '/sandbox/vnpay/paymentv2/vpcpay.html'],
      ['GET', '/sandbox/vnpay/token_ui/create-token.html'],
      ['POST', '/sandbox/vnpay/token_ui/payment-token.html'],
    ]) {
      expect((await prod.call(method, path)).status, `${method} ${path}`).toBe(404);
    }
    const settings = vnpaySettings(loadGatewayConfig(env));
    expect(settings.tokenUrl).toBe('https://sandbox.vnpayment.vn/token_ui/');
    expect(settings.hashSecret).toBe(TEST_VNPAY_SECRET);
  } finally {
    await prod.close();
  }
});
