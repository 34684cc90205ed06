import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import { subscriptionSchema, type Subscription } from '#api/subscription.ts';
import {
  clubs,
  contracts,
  noticeOutbox,
  otpCodes,
  paymentPlans,
  payments,
  savedCards,
  subscriptionPeriods,
  subscriptions,
} from '#gateway/db/schema/index.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import { SANDBOX_DECLINE_CARDS } from '#gateway/providers/recurring/sandbox.ts';
import { accountIdOf, pathOf, startVnpayGateway, submitSandbox } from '#tests/support/vnpay.ts';

let vn: Awaited<ReturnType<typeof startVnpayGateway>>;
let clubId: number;
beforeAll(async () => {
  vn = await startVnpayGateway();
  clubId = (await vn.gw.db.select().from(clubs).orderBy(asc(clubs.id)))[0].id;
});
afterAll(() => vn.close());
// Every test buys on 21 November (Vietnam) and moves the clock itself; the job runs over every subscription, so tests look at their own rows.
beforeEach(() => vn.gw.clock.set(new Date('2026-11-21T03:00:00Z')));

const DECLINE_51 = Object.keys(SANDBOX_DECLINE_CARDS).find((n) => SANDBOX_DECLINE_CARDS[n].code === '51')!;
const GOOD_CARD = '970419*********2198';
/** Vietnam 10:00 on a day: the job's instant for that day. */
const at = (day: string) => `${day}T03:00:00.000Z`;

async function planOf(type: 'SUBSCRIPTION' | 'BLACK_CARD_SUBSCRIPTION' | 'CLASSIC') {
  const [plan] = await vn.gw.db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.clubId, clubId), eq(paymentPlans.type, type)))
    .orderBy(asc(paymentPlans.sortOrder))
    .limit(1);
  return plan;
}

async function saveCard(accountId: number, cardNumber = GOOD_CARD) {
  const [card] = await vn.gw.db
    .insert(savedCards)
    .values({
      accountId,
      token: randomBytes(24).toString('hex'),
      cardNumber,
      bankCode: 'NCB',
      cardType: '01',
      isDefault: true,
    })
    .returning();
  return card;
}

/** A member who bought the monthly plan with a saved card; the IPN's settlement as settlePayment. */
async function subscriber(
  options: { cardNumber?: string | null; type?: 'SUBSCRIPTION' | 'BLACK_CARD_SUBSCRIPTION' } = {},
) {
  const member = await vn.gw.signUp();
  const accountId = await accountIdOf(vn.gw, member.phone);
  const card = options.cardNumber === null ? null : await saveCard(accountId, options.cardNumber ?? GOOD_CARD);
  const plan = await planOf(options.type ?? 'SUBSCRIPTION');
  const bought = await vn.gw.call('POST', '/api/v1/member/contract', {
    token: member.token,
    json: { paymentPlanId: plan.id, paymentMethodGroupId: PaymentMethods.CARD, isCash: false, savedCardId: card?.id },
  });
  expect(bought.body.code).toBe(1022);
  const outcome = await settlePayment(vn.gw, {
    paymentId: bought.body.data.payment.id,
    amount: bought.body.data.payment.amount,
    providerTransactionId: `VNP${String(bought.body.data.payment.id)}`,
    paidAt: vn.gw.clock.now(),
  });
  expect(outcome.kind).toBe('settled');
  const view = await current(member.token);
  return { ...member, accountId, card, view, contractId: bought.body.data.contract.contractId as number };
}

async function current(token: string): Promise<Subscription> {
  const res = await vn.gw.call('GET', '/api/v1/member/contract/subscription', { token });
  expect(res.status).toBe(200);
  return subscriptionSchema.parse(res.body.data);
}

const run = (day: string) => vn.gw.call('POST', '/sandbox/subscriptions/run', { json: { at: at(day) } });

async function paymentsOf(subscriptionId: number) {
  const periods = await vn.gw.db
    .select()
    .from(subscriptionPeriods)
    .where(eq(subscriptionPeriods.subscriptionId, subscriptionId));
  const rows = await vn.gw.db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.contractId,
        periods.map((p) => p.contractId),
      ),
    );
  return { periods, payments: rows };
}

const noticesOf = async (accountId: number) =>
  (await vn.gw.db.select().from(noticeOutbox).where(eq(noticeOutbox.accountId, accountId))).map(
    (n) => (n.content as { titleEn: string }).titleEn,
  );

describe('monthly subscription (issue 12 §2, ADR 038)', () => {
  test('the first month paid by a saved card starts a subscription with that card; allow says 750 afterwards', async () => {
    const member = await vn.gw.signUp();
    const before = await vn.gw.call('GET', '/api/v1/member/contract/subscription/allow', { token: member.token });
    expect(before.body.data).toEqual({ allowed: true, code: null });
    expect(
      (await vn.gw.call('GET', '/api/v1/member/contract/subscription', { token: member.token })).body.data,
    ).toBeNull();

    const s = await subscriber();
    expect(s.view).toMatchObject({
      status: 'ACTIVE',
      plan: { type: 'SUBSCRIPTION' },
      card: { id: s.card!.id, cardNumber: GOOD_CARD },
      // The agreement for the card is asked by the next run, not only when a month is due.
      autoCharge: null,
      renewal: null,
    });
    await run('2026-11-21');
    expect((await current(s.token)).autoCharge).toBe(true);
    expect((await paymentsOf(s.view.id)).periods).toHaveLength(1);
    expect(s.view.periodStart).toBe('2026-11-21');
    expect(s.view.periodEnd).toBe('2026-12-20');
    expect(s.view.nextBillingDate).toBe('2026-12-17');
    expect(s.view.nextPeriodStart).toBe('2026-12-21');
    expect(s.view.nextAmount).toBe((await planOf('SUBSCRIPTION')).originalPrice);
    expect(s.view.cancel).toEqual({ deadline: '2026-12-16', endsOn: '2026-12-20', beforeDeadline: true });
    expect(s.view.upgrade).toMatchObject({
      plan: { type: 'BLACK_CARD_SUBSCRIPTION' },
      fromDate: '2026-12-21',
      difference: 300_000,
    });

    const allow = await vn.gw.call('GET', '/api/v1/member/contract/subscription/allow', { token: s.token });
    expect(allow.body.data).toEqual({ allowed: false, code: 750 });
    const again = await vn.gw.call('POST', '/api/v1/member/contract', {
      token: s.token,
      json: {
        paymentPlanId: (await planOf('BLACK_CARD_SUBSCRIPTION')).id,
        paymentMethodGroupId: PaymentMethods.CARD,
        isCash: false,
      },
    });
    expect(again.body.code).toBe(750);
    const vnpay = await vn.gw.call('GET', '/api/v1/member/vnpay/subscription', { token: s.token });
    expect(vnpay.body.data).toEqual({
      vnpaySubscriptionId: s.view.id,
      status: 'ACTIVE',
      card: s.view.card,
      autoCharge: true,
      cardChangePending: false,
    });
    expect(JSON.stringify(vnpay.body)).not.toContain(s.card!.token);
  });

  test('renewal: nothing before the billing day; on it the next month is made and charged once, even run twice and on two replicas at once', async () => {
    const s = await subscriber();
    await run('2026-12-16');
    expect((await paymentsOf(s.view.id)).periods).toHaveLength(1);
    const runs = await Promise.all([run('2026-12-17'), run('2026-12-17')]);
    for (const r of runs) expect(r.status).toBe(200);
    await run('2026-12-17');
    // Later runs in the same month change nothing either.
    await run('2026-12-19');
    const { periods, payments: rows } = await paymentsOf(s.view.id);
    expect(periods.map((p) => [p.periodStart, p.periodEnd, p.state])).toEqual([
      ['2026-11-21', '2026-12-20', 'PAID'],
      ['2026-12-21', '2027-01-20', 'PAID'],
    ]);
    const renewal = rows.filter((p) => p.contractId === periods[1].contractId);
    expect(renewal).toHaveLength(1);
    expect(renewal[0]).toMatchObject({
      provider: 'vnpay',
      status: 'SUCCESS',
      savedCardId: s.card!.id,
      expiresAt: null,
    });
    expect(renewal[0].reference).toMatch(/^VR\d+[0-9A-F]{10}$/);
    const [month] = await vn.gw.db.select().from(contracts).where(eq(contracts.id, periods[1].contractId));
    expect(month).toMatchObject({
      paymentState: 'PAID',
      startDate: '2026-12-21',
      endDate: '2027-01-20',
      joiningFee: 0,
    });

    const view = await current(s.token);
    expect(view).toMatchObject({
      status: 'ACTIVE',
      currentContractId: month.id,
      autoCharge: true,
      nextBillingDate: '2027-01-17',
      nextPeriodStart: '2027-01-21',
      renewal: null,
    });
  });

  test('a declined card is retried on days 1, 3 and 5, then the subscription lapses after 7 days of grace; each step tells the member', async () => {
    const s = await subscriber({ cardNumber: DECLINE_51 });
    // Day and the charges tried so far: the first on the billing day, then days 1, 3 and 5 after it, once each.
    const steps: [string, number][] = [
      ['2026-12-17', 1],
      ['2026-12-17', 1],
      ['2026-12-18', 2],
      ['2026-12-19', 2],
      ['2026-12-20', 3],
      ['2026-12-21', 3],
      ['2026-12-22', 4],
      ['2026-12-25', 4],
    ];
    for (const [day, tried] of steps) {
      await run(day);
      const declined = (await paymentsOf(s.view.id)).payments.filter(
        (p) => p.status === 'FAIL' && p.responseCode === '51',
      );
      expect([day, declined.length]).toEqual([day, tried]);
    }
    let view = await current(s.token);
    expect(view.status).toBe('PAST_DUE');
    expect(view.renewal).toMatchObject({
      periodStart: '2026-12-21',
      attempts: 4,
      nextAttemptOn: null,
      graceEndsOn: '2026-12-27',
      lastResponseCode: '51',
    });
    await run('2026-12-27');
    expect((await current(s.token)).status).toBe('PAST_DUE');
    await run('2026-12-28');
    await run('2026-12-29');

    view = await current(s.token);
    expect(view).toMatchObject({ status: 'LAPSED', renewal: null, nextBillingDate: null, cancel: null, upgrade: null });
    const { periods, payments: rows } = await paymentsOf(s.view.id);
    expect(periods.map((p) => p.state)).toEqual(['PAID', 'LAPSED']);
    const tries = rows.filter((p) => p.contractId === periods[1].contractId);
    expect(tries.map((p) => [p.status, p.responseCode])).toEqual(Array(4).fill(['FAIL', '51']));
    const [month] = await vn.gw.db.select().from(contracts).where(eq(contracts.id, periods[1].contractId));
    expect(month.paymentState).toBe('FAIL');
    const notices = await noticesOf(s.accountId);
    expect(notices.filter((t) => t === 'Monthly payment declined')).toHaveLength(4);
    expect(notices.filter((t) => t === 'Subscription lapsed')).toHaveLength(1);
    // Lapsed: the member may subscribe again.
    expect(
      (await vn.gw.call('GET', '/api/v1/member/contract/subscription/allow', { token: s.token })).body.data.allowed,
    ).toBe(true);
  });

  test('paying from the link during the grace keeps the subscription (through settlePayment, like any payment)', async () => {
    const s = await subscriber({ cardNumber: DECLINE_51 });
    await run('2026-12-17');
    const view = await current(s.token);
    expect(view.status).toBe('PAST_DUE');
    expect(view.renewal).toMatchObject({ attempts: 1, nextAttemptOn: '2026-12-18', lastResponseCode: '51' });
    vn.gw.clock.set(new Date(at('2026-12-18')));
    const good = await saveCard(s.accountId);
    const paid = await vn.gw.call('POST', `/api/v1/member/contract/${String(view.renewal!.contractId)}/payment`, {
      token: s.token,
      json: { paymentMethodGroupId: PaymentMethods.CARD, savedCardId: good.id },
    });
    expect(paid.body.code).toBe(1022);
    expect(new URL(paid.body.data.payment.payUrl).searchParams.get('vnp_command')).toBe('token_pay');
    await settlePayment(vn.gw, {
      paymentId: paid.body.data.payment.id,
      amount: paid.body.data.payment.amount,
      providerTransactionId: 'VNPLINK1',
      paidAt: vn.gw.clock.now(),
    });
    const after = await current(s.token);
    expect(after).toMatchObject({
      status: 'ACTIVE',
      currentContractId: view.renewal!.contractId,
      periodStart: '2026-12-21',
      periodEnd: '2027-01-20',
      renewal: null,
    });
    await run('2026-12-20');
    expect((await paymentsOf(s.view.id)).payments.filter((p) => p.reference.startsWith('VR'))).toHaveLength(1);
  });

  test('without a card (no agreement) the member gets a pay link on the billing day and each retry day', async () => {
    // The first month needs a saved card (issue 38 §2); the member removed it since.
    const s = await subscriber();
    await vn.gw.db.update(savedCards).set({ deletedAt: new Date() }).where(eq(savedCards.id, s.card!.id));
    expect(await current(s.token)).toMatchObject({ card: null, autoCharge: false });
    for (const day of ['2026-12-17', '2026-12-18', '2026-12-19', '2026-12-20', '2026-12-22']) await run(day);
    const links = (await vn.gw.db.select().from(noticeOutbox).where(eq(noticeOutbox.accountId, s.accountId)))
      .map((n) => n.content as { titleEn: string; link: string })
      .filter((n) => n.titleEn === 'Pay for your next month');
    expect(links).toHaveLength(4);
    const view = await current(s.token);
    expect(links[0].link).toBe(`/membership/payment/${String(view.renewal!.contractId)}`);
    expect(view.status).toBe('PAST_DUE');
    expect((await paymentsOf(s.view.id)).payments.filter((p) => p.reference.startsWith('VR'))).toHaveLength(0);
  });

  test('cancel until 4 days before the end: the month ends the subscription; after it, the next month is the last', async () => {
    const early = await subscriber();
    vn.gw.clock.set(new Date(at('2026-12-16')));
    const shown = await current(early.token);
    expect(shown.cancel).toEqual({ deadline: '2026-12-16', endsOn: '2026-12-20', beforeDeadline: true });
    const cancelled = await vn.gw.call('PUT', `/api/v1/member/contract/subscription/${String(early.view.id)}/cancel`, {
      token: early.token,
    });
    expect(cancelled.body.data).toMatchObject({
      status: 'CANCELLING',
      endsOn: '2026-12-20',
      nextBillingDate: null,
      cancel: null,
    });
    await run('2026-12-17');
    expect((await paymentsOf(early.view.id)).periods).toHaveLength(1);
    expect(
      (
        await vn.gw.call('PUT', `/api/v1/member/contract/subscription/${String(early.view.id)}/cancel`, {
          token: early.token,
        })
      ).body.code,
    ).toBe('SUBSCRIPTION_NOT_CANCELLABLE');
    await run('2026-12-21');
    expect((await current(early.token)).status).toBe('CANCELLED');

    vn.gw.clock.set(new Date('2026-11-21T03:00:00Z'));
    const late = await subscriber();
    vn.gw.clock.set(new Date(at('2026-12-17')));
    expect((await current(late.token)).cancel).toEqual({
      deadline: '2026-12-16',
      endsOn: '2027-01-20',
      beforeDeadline: false,
    });
    const res = await vn.gw.call('PUT', `/api/v1/member/contract/subscription/${String(late.view.id)}/cancel`, {
      token: late.token,
    });
    expect(res.body.data).toMatchObject({ status: 'CANCELLING', endsOn: '2027-01-20' });
    await run('2026-12-17');
    expect((await paymentsOf(late.view.id)).periods.map((p) => p.state)).toEqual(['PAID', 'PAID']);
    await run('2027-01-17');
    expect((await paymentsOf(late.view.id)).periods).toHaveLength(2);
    expect((await current(late.token)).status).toBe('CANCELLING');
    await run('2027-01-21');
    const ended = await current(late.token);
    expect(ended).toMatchObject({ status: 'CANCELLED', endsOn: '2027-01-20', periodEnd: '2027-01-20' });
    expect(await noticesOf(late.accountId)).toContain('Subscription ended');
  });

  test('upgrade to Black Card: a wrong code (209), an expired one (OTP_NOT_VALID), then the right one (1103) switches from the next month', async () => {
    const s = await subscriber();
    const base = `/api/v1/member/vnpay/subscription/${String(s.view.id)}/black-card`;
    expect((await vn.gw.call('POST', `${base}/otp`, { token: s.token })).body.code).toBe(1001);
    const code = await vn.gw.latestOtp(s.phone);
    const wrong = await vn.gw.call('PUT', `${base}/upgrade`, {
      token: s.token,
      json: { otpCode: code === '0000' ? '1111' : '0000' },
    });
    expect(wrong.body.code).toBe(209);
    vn.gw.clock.advance(6 * 60_000);
    const expired = await vn.gw.call('PUT', `${base}/upgrade`, { token: s.token, json: { otpCode: code } });
    expect(expired.body.code).toBe('OTP_NOT_VALID');
    expect((await current(s.token)).pendingUpgrade).toBeNull();

    expect((await vn.gw.call('POST', `${base}/otp`, { token: s.token })).body.code).toBe(1001);
    const fresh = await vn.gw.latestOtp(s.phone);
    // A sign-in code of the same phone is not an upgrade code, nor the reverse.
    const [row] = await vn.gw.db
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.phoneNumber, s.phone), eq(otpCodes.purpose, 'subscription_upgrade')));
    expect(row.accountId).toBe(s.accountId);
    const right = await vn.gw.call('PUT', `${base}/upgrade`, { token: s.token, json: { otpCode: fresh } });
    expect(right.body.code).toBe(1103);
    expect(right.body.data).toMatchObject({
      plan: { type: 'SUBSCRIPTION' },
      upgrade: null,
      pendingUpgrade: { plan: { type: 'BLACK_CARD_SUBSCRIPTION' }, fromDate: '2026-12-21' },
    });
    const black = await planOf('BLACK_CARD_SUBSCRIPTION');
    expect(right.body.data.nextAmount).toBe(black.originalPrice);
    // Once upgraded, again is 751 (and the code cannot be sent).
    expect((await vn.gw.call('POST', `${base}/otp`, { token: s.token })).body.code).toBe(751);
    expect((await vn.gw.call('PUT', `${base}/upgrade`, { token: s.token, json: { otpCode: fresh } })).body.code).toBe(
      751,
    );

    await run('2026-12-17');
    const after = await current(s.token);
    expect(after).toMatchObject({
      plan: { type: 'BLACK_CARD_SUBSCRIPTION', id: black.id },
      pendingUpgrade: null,
      periodStart: '2026-12-21',
    });
    const [month] = await vn.gw.db.select().from(contracts).where(eq(contracts.id, after.currentContractId));
    expect(month).toMatchObject({ paymentPlanId: black.id, totalPayment: black.originalPrice });
  });

  test('a Black Card subscription or a cancelling one cannot be upgraded (751)', async () => {
    const blackSub = await subscriber({ type: 'BLACK_CARD_SUBSCRIPTION' });
    expect(blackSub.view.upgrade).toBeNull();
    expect(
      (
        await vn.gw.call('POST', `/api/v1/member/vnpay/subscription/${String(blackSub.view.id)}/black-card/otp`, {
          token: blackSub.token,
        })
      ).body.code,
    ).toBe(751);
    expect(
      (
        await vn.gw.call('PUT', `/api/v1/member/vnpay/subscription/${String(blackSub.view.id)}/black-card/upgrade`, {
          token: blackSub.token,
          json: { otpCode: '1234' },
        })
      ).body.code,
    ).toBe(751);
  });

  test("change card: VNPAY's token page, and the new card pays the renewals", async () => {
    const s = await subscriber();
    const path = `/api/v1/member/vnpay/subscription/${String(s.view.id)}/change-card`;
    const returnUrl = 'http://localhost:3000/account/information/payment-method/subscription-card/vnpay-return';
    const foreign = await vn.gw.call('PUT', path, {
      token: s.token,
      json: { returnUrl: 'https://evil.example/x', cancelUrl: returnUrl, locale: 'vi' },
    });
    expect(foreign.body).toMatchObject({ code: 2 });
    const started = await vn.gw.call('PUT', path, {
      token: s.token,
      json: { returnUrl, cancelUrl: returnUrl, locale: 'en', cardType: '02' },
    });
    expect(started.body.code).toBe(1000);
    const payUrl = new URL(started.body.data.payUrl);
    expect(payUrl.searchParams.get('vnp_command')).toBe('token_create');
    expect(payUrl.searchParams.get('vnp_return_url')).toBe(returnUrl);
    expect((await current(s.token)).cardChangePending).toBe(true);
    expect((await vn.gw.call('GET', pathOf(payUrl))).status).toBe(200);
    const post = await submitSandbox(vn.gw, payUrl, { card: 'visa', outcome: '00' });
    expect(post.status).toBe(303);
    const view = await current(s.token);
    expect(view.cardChangePending).toBe(false);
    expect(view.card).toMatchObject({ bankCode: 'VISA', cardType: '02' });
    expect(view.card!.id).not.toBe(s.card!.id);
    await run('2026-12-17');
    const { periods, payments: rows } = await paymentsOf(s.view.id);
    expect(rows.find((p) => p.contractId === periods[1].contractId)).toMatchObject({
      status: 'SUCCESS',
      savedCardId: view.card!.id,
    });
  });

  test("every endpoint refuses another member's subscription (404) and a signed-out caller (401)", async () => {
    const owner = await subscriber();
    const other = await vn.gw.signUp();
    const id = String(owner.view.id);
    const calls: [string, string, unknown?][] = [
      ['PUT', `/api/v1/member/contract/subscription/${id}/cancel`],
      [
        'PUT',
        `/api/v1/member/vnpay/subscription/${id}/change-card`,
        { returnUrl: 'http://localhost:3000/a', cancelUrl: 'http://localhost:3000/a', locale: 'vi' },
      ],
      ['POST', `/api/v1/member/vnpay/subscription/${id}/black-card/otp`],
      ['PUT', `/api/v1/member/vnpay/subscription/${id}/black-card/upgrade`, { otpCode: '1234' }],
    ];
    for (const [method, path, json] of calls) {
      const res = await vn.gw.call(method, path, { token: other.token, json });
      expect([path, res.status]).toEqual([path, 404]);
      expect((await vn.gw.call(method, path, { json })).status).toBe(401);
    }
    for (const path of [
      '/api/v1/member/contract/subscription',
      '/api/v1/member/vnpay/subscription',
      '/api/v1/member/screens/subscription',
    ]) {
      const res = await vn.gw.call('GET', path, { token: other.token });
      expect(JSON.stringify(res.body)).not.toContain(`"id":${id},`);
      expect((await vn.gw.call('GET', path)).status).toBe(401);
    }
    const [row] = await vn.gw.db.select().from(subscriptions).where(eq(subscriptions.id, owner.view.id));
    expect(row).toMatchObject({ status: 'ACTIVE', pendingPlanId: null, cardRequestId: null });
  });

  test('malformed input is a 4xx, never a 500', async () => {
    const s = await subscriber();
    const id = String(s.view.id);
    const bodies: unknown[] = [
      null,
      'x',
      [],
      { otpCode: 'abcd' },
      { otpCode: '12345' },
      { otpCode: '\u0000123' },
      { returnUrl: 'not a url', cancelUrl: 1, locale: 'fr' },
      { returnUrl: `http://localhost:3000/${'a'.repeat(2000)}` },
    ];
    for (const json of bodies) {
      for (const path of [
        `/api/v1/member/vnpay/subscription/${id}/black-card/upgrade`,
        `/api/v1/member/vnpay/subscription/${id}/change-card`,
      ]) {
        const res = await vn.gw.call('PUT', path, { token: s.token, json });
        expect([path, json, res.status < 500]).toEqual([path, json, true]);
      }
    }
    for (const bad of ['0', '-1', 'abc', '99999999999', '1e3']) {
      const res = await vn.gw.call('PUT', `/api/v1/member/contract/subscription/${bad}/cancel`, { token: s.token });
      expect([bad, res.status]).toEqual([bad, 404]);
    }
    for (const json of [{ at: 'tomorrow' }, { at: 5 }, 'x']) {
      expect((await vn.gw.call('POST', '/sandbox/subscriptions/run', { json })).status).toBe(400);
    }
  });

  test('the screen read carries the shell, the subscription, allow and the cards', async () => {
    const s = await subscriber();
    const res = await vn.gw.call('GET', '/api/v1/member/screens/subscription', { token: s.token });
    expect(res.status).toBe(200);
    expect(res.body.data.shell).toBeTruthy();
    expect(subscriptionSchema.parse(res.body.data.subscription).id).toBe(s.view.id);
    expect(res.body.data.allow).toEqual({ allowed: false, code: 750 });
    expect(res.body.data.cards).toHaveLength(1);
  });
});

describe('renewal news reaches the member on the test clock (issue 38 §3)', () => {
  const inbox = async (token: string) =>
    (
      (await vn.gw.call('GET', '/api/v1/member/notifications?limit=50', { token })).body.data.items as Array<{
        titleEn: string;
        bodyVi: string;
      }>
    ).map((n) => n.titleEn);
  const texts = async (phone: string) =>
    ((await vn.gw.call('GET', `/sandbox/sms?phone=${phone}`)).body.data as Array<{ text: string }>).map((m) => m.text);
  const pushes = async (phone: string) =>
    ((await vn.gw.call('GET', `/sandbox/push?phone=${phone}`)).body.data as Array<{ payload: { title: string } }>).map(
      (p) => p.payload.title,
    );
  async function withPush(token: string) {
    const res = await vn.gw.call('POST', '/api/v1/member/push/subscription', {
      token,
      json: {
        endpoint: `https://push.example.test/${randomBytes(8).toString('hex')}`,
        expirationTime: null,
        keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  test('a charge, each decline and the lapse are in the inbox and pushed at once; declines and the lapse also come by SMS, in ASCII', async () => {
    const paid = await subscriber();
    await withPush(paid.token);
    await run('2026-12-17');
    // The first month's and the renewal's.
    expect((await inbox(paid.token)).filter((t) => t === 'Payment received')).toHaveLength(2);
    expect(await pushes(paid.phone)).toContain('Thanh toán thành công');

    const s = await subscriber({ cardNumber: DECLINE_51 });
    await withPush(s.token);
    const smsBefore = (await texts(s.phone)).length;
    await run('2026-12-17');
    expect(await inbox(s.token)).toContain('Monthly payment declined');
    expect(await pushes(s.phone)).toContain('Chưa thu được tiền gói tháng');
    const [declined] = await texts(s.phone);
    expect(declined).toMatch(
      /^VietFit: Ngan hang tu choi thanh toan goi thang [\d.]+ VND \(ma 51\)\. Chung toi se thu lai ngay 18\/12\/2026\./,
    );
    expect(declined).toMatch(/^[\x20-\x7e]+$/);
    for (const day of ['2026-12-18', '2026-12-20', '2026-12-22', '2026-12-28']) await run(day);
    const titles = await inbox(s.token);
    expect(titles.filter((t) => t === 'Monthly payment declined')).toHaveLength(4);
    expect(titles).toContain('Subscription lapsed');
    const sms = await texts(s.phone);
    expect(sms.length - smsBefore).toBe(5);
    expect(sms[0]).toMatch(/^VietFit: Goi thang cua ban da ngung/);
    // Delivered once: later runs and the worker send nothing again.
    await run('2026-12-29');
    expect(await texts(s.phone)).toHaveLength(sms.length);
  });
});

describe('a recurring plan is paid with a saved card (issue 38 §2)', () => {
  test('a card typed on VNPAY, a QR or cash is refused for the first month, before and after the contract exists; a renewal month may be paid any way', async () => {
    const member = await vn.gw.signUp();
    const accountId = await accountIdOf(vn.gw, member.phone);
    const plan = await planOf('SUBSCRIPTION');
    for (const choice of [
      { paymentMethodGroupId: PaymentMethods.CARD, isCash: false },
      { paymentMethodGroupId: PaymentMethods.QR, isCash: false },
      { paymentMethodGroupId: PaymentMethods.CASH, isCash: true },
    ]) {
      const res = await vn.gw.call('POST', '/api/v1/member/contract', {
        token: member.token,
        lang: 'en',
        json: { paymentPlanId: plan.id, ...choice },
      });
      expect([choice.paymentMethodGroupId, res.status, res.body.code]).toEqual([
        choice.paymentMethodGroupId,
        400,
        'SUBSCRIPTION_CARD_REQUIRED',
      ]);
      expect(res.body.message).toMatch(/saved card/);
    }
    expect(await vn.gw.db.select().from(contracts).where(eq(contracts.accountId, accountId))).toHaveLength(0);

    const card = await saveCard(accountId);
    const bought = await vn.gw.call('POST', '/api/v1/member/contract', {
      token: member.token,
      json: { paymentPlanId: plan.id, paymentMethodGroupId: PaymentMethods.CARD, isCash: false, savedCardId: card.id },
    });
    expect(bought.body.code).toBe(1022);
    expect(new URL(bought.body.data.payment.payUrl).searchParams.get('vnp_command')).toBe('token_pay');
    const contractId = bought.body.data.contract.contractId as number;
    const toQr = await vn.gw.call('POST', `/api/v1/member/contract/${String(contractId)}/payment`, {
      token: member.token,
      json: { paymentMethodGroupId: PaymentMethods.QR },
    });
    expect([toQr.status, toQr.body.code]).toEqual([400, 'SUBSCRIPTION_CARD_REQUIRED']);
    // The payment page is told so, and offers the saved cards alone.
    const firstDetail = await vn.gw.call('GET', `/api/v1/member/contract/${String(contractId)}/detail`, {
      token: member.token,
    });
    expect(firstDetail.body.data.savedCardOnly).toBe(true);

    // A renewal month's pay link takes any method.
    const s = await subscriber({ cardNumber: DECLINE_51 });
    await run('2026-12-17');
    const renewal = (await current(s.token)).renewal!;
    const byQr = await vn.gw.call('POST', `/api/v1/member/contract/${String(renewal.contractId)}/payment`, {
      token: s.token,
      json: { paymentMethodGroupId: PaymentMethods.QR },
    });
    expect(byQr.body.code).toBe(1022);
    const renewalDetail = await vn.gw.call('GET', `/api/v1/member/contract/${String(renewal.contractId)}/detail`, {
      token: s.token,
    });
    expect(renewalDetail.body.data.savedCardOnly).toBe(false);
  });
});

describe("the sandbox's declining cards can be entered (issue 38 §4)", () => {
  test('the token page offers the cards the recurring sandbox declines; one saved there makes the renewal decline with its code', async () => {
    const s = await subscriber();
    const path = `/api/v1/member/vnpay/subscription/${String(s.view.id)}/change-card`;
    const returnUrl = 'http://localhost:3000/account/information/payment-method/subscription-card/vnpay-return';
    const started = await vn.gw.call('PUT', path, {
      token: s.token,
      json: { returnUrl, cancelUrl: returnUrl, locale: 'vi', cardType: '01' },
    });
    expect(started.body.code).toBe(1000);
    const payUrl = new URL(started.body.data.payUrl);
    const page = String((await vn.gw.call('GET', pathOf(payUrl))).body);
    expect(page).toContain('NCB 9704 1900 0000 0000 488 — gia hạn bị từ chối: không đủ số dư (51)');
    expect(page).toContain('thẻ hết hạn');
    expect(page).toContain('thẻ bị khóa (12)');
    const post = await submitSandbox(vn.gw, payUrl, { card: 'ncb-no-funds', outcome: '00' });
    expect(post.status).toBe(303);
    const view = await current(s.token);
    expect(view.card?.cardNumber).toBe(DECLINE_51);
    await run('2026-12-17');
    expect((await current(s.token)).renewal).toMatchObject({ attempts: 1, lastResponseCode: '51' });

    const expired = await subscriber();
    const again = new URL(
      (
        await vn.gw.call('PUT', `/api/v1/member/vnpay/subscription/${String(expired.view.id)}/change-card`, {
          token: expired.token,
          json: { returnUrl, cancelUrl: returnUrl, locale: 'en', cardType: '01' },
        })
      ).body.data.payUrl,
    );
    expect(String((await vn.gw.call('GET', pathOf(again))).body)).toContain(
      'expired card (01/24): renewals declined (99)',
    );
    await submitSandbox(vn.gw, again, { card: 'ncb-expired', outcome: '00' });
    await run('2026-12-17');
    expect((await current(expired.token)).renewal).toMatchObject({ attempts: 1, lastResponseCode: '99' });
  });
});

describe('an SMS code names what it approves and approves only that (issue 38 §13)', () => {
  const newest = async (phone: string) =>
    ((await vn.gw.call('GET', `/sandbox/sms?phone=${phone}`)).body.data as Array<{ text: string }>)[0].text;

  test("the upgrade code's SMS names the Black Card, the monthly difference and the date, in ASCII; a sign-in code cannot upgrade, nor an upgrade code sign in", async () => {
    const s = await subscriber();
    const base = `/api/v1/member/vnpay/subscription/${String(s.view.id)}/black-card`;

    // A sign-in code of the same phone, used to approve the upgrade: refused, and nothing changes.
    vn.gw.clock.advance(31_000);
    await vn.gw.call('POST', '/api/v1/auth/otp/send', { ip: '198.51.100.77', json: { phoneNumber: s.phone } });
    const signIn = await vn.gw.latestOtp(s.phone);
    expect(await newest(s.phone)).toMatch(/^Ma xac thuc cua ban la \d{4}\./);
    const withSignIn = await vn.gw.call('PUT', `${base}/upgrade`, { token: s.token, json: { otpCode: signIn } });
    expect(withSignIn.body.code).toBe('OTP_NOT_VALID');
    expect((await current(s.token)).pendingUpgrade).toBeNull();

    expect((await vn.gw.call('POST', `${base}/otp`, { token: s.token })).body.code).toBe(1001);
    const text = await newest(s.phone);
    expect(text).toMatch(
      /^Ma xac nhan (\d{4}) de nang cap goi thang len Black Card theo thang, them 300\.000 VND\/thang tu ngay 21\/12\/2026\. Ma chi dung cho viec nay/,
    );
    expect(text).toMatch(/^[\x20-\x7e]+$/);
    const upgradeCode = /^Ma xac nhan (\d{4})/.exec(text)![1];
    // The upgrade code at sign-in: refused (unless it happens to equal the sign-in code, 1 in 10 000).
    if (upgradeCode !== signIn) {
      const login = await vn.gw.call('POST', '/api/v1/auth/otp/login', {
        json: { phoneNumber: s.phone, otp: upgradeCode },
      });
      expect(login.body.data?.accessToken ?? login.body.data?.token).toBeUndefined();
      expect(login.status).toBe(400);
    }
    expect(
      (await vn.gw.call('PUT', `${base}/upgrade`, { token: s.token, json: { otpCode: upgradeCode } })).body.code,
    ).toBe(1103);
  });

  test('in English the same facts', async () => {
    const member = await vn.gw.signUp(undefined, { lang: 'en' });
    const accountId = await accountIdOf(vn.gw, member.phone);
    const card = await saveCard(accountId);
    const plan = await planOf('SUBSCRIPTION');
    const bought = await vn.gw.call('POST', '/api/v1/member/contract', {
      token: member.token,
      json: { paymentPlanId: plan.id, paymentMethodGroupId: PaymentMethods.CARD, isCash: false, savedCardId: card.id },
    });
    await settlePayment(vn.gw, {
      paymentId: bought.body.data.payment.id,
      amount: bought.body.data.payment.amount,
      providerTransactionId: 'VNPEN1',
      paidAt: vn.gw.clock.now(),
    });
    const view = await current(member.token);
    expect(
      (
        await vn.gw.call('POST', `/api/v1/member/vnpay/subscription/${String(view.id)}/black-card/otp`, {
          token: member.token,
          lang: 'en',
        })
      ).body.code,
    ).toBe(1001);
    expect(await newest(member.phone)).toMatch(
      /^Code \d{4} is to upgrade your subscription to Black Card monthly, 300,000 VND more a month from 21\/12\/2026\. It works for this only/,
    );
  });
});
