import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { PaymentLocations, PaymentMethods } from '#contract/membership.ts';
import { loadGatewayConfig } from '#gateway/config.ts';
import { accounts, clubs, contracts, paymentPlans, transactions } from '#gateway/db/schema.ts';
import { startPayment } from '#gateway/modules/payments/start.ts';
import { vietnamToday } from '#gateway/modules/payments/dates.ts';
import { startTestGateway, type TestGateway } from './gateway.ts';

export const TEST_VNPAY_SECRET = 'g2-test-hash-secret-0123456789';

/**
 * A test gateway that also listens on a real port, so the sandbox pay page delivers its IPN
 * over HTTP to the gateway's own /api/v1/payment/vnpay/ipn, as VNPAY would.
 */
export async function startVnpayGateway(env: Record<string, string> = {}) {
  let handler: (request: Request) => Response | Promise<Response> = () => new Response('starting', { status: 503 });
  const server = serve({ fetch: (request) => handler(request), hostname: '127.0.0.1', port: 0 });
  if (!server.listening) await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const fullEnv = { VNPAY_HASH_SECRET: TEST_VNPAY_SECRET, VNPAY_SANDBOX_IPN_URL: `http://127.0.0.1:${String(port)}/api/v1/payment/vnpay/ipn`, ...env };
  const gw = await startTestGateway({ env: fullEnv });
  handler = (request) => gw.app.fetch(request);
  const config = loadGatewayConfig({ SANDBOX: 'true', LOG_LEVEL: 'silent', ...fullEnv });
  return {
    gw,
    config,
    close: async () => {
      server.close();
      await gw.close();
    },
  };
}

export async function accountIdOf(gw: TestGateway, phone: string) {
  const [row] = await gw.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.phoneNumber, phone));
  return row.id;
}

/**
 * An unpaid contract (inserted directly, as the contract endpoint would) with a card payment
 * opened by startPayment: the member's pay URL and the payment row.
 */
export async function unpaidCardPayment(
  vn: Awaited<ReturnType<typeof startVnpayGateway>>,
  accountId: number,
  options: { clubIndex?: number; amount?: number; savedCard?: { id: number; token: string }; lang?: 'vi' | 'en' } = {},
) {
  const { gw, config } = vn;
  const clubRows = await gw.db.select().from(clubs).orderBy(clubs.id);
  const club = clubRows[options.clubIndex ?? 0];
  const [plan] = await gw.db.select().from(paymentPlans).where(eq(paymentPlans.clubId, club.id)).limit(1);
  const amount = options.amount ?? 1_890_000;
  const today = vietnamToday(gw.clock.now());
  const [contract] = await gw.db
    .insert(contracts)
    .values({
      accountId,
      clubId: club.id,
      paymentPlanId: plan.id,
      paymentState: 'WAITFORPAYMENT',
      startDate: today,
      endDate: today,
      paymentMethodGroupId: PaymentMethods.CARD,
      originalPrice: amount,
      membershipDiscount: 0,
      joiningFee: 0,
      joiningFeeDiscount: 0,
      totalPayment: amount,
      createdAt: gw.clock.now(),
    })
    .returning();
  await gw.db.insert(transactions).values({
    contractId: contract.id,
    accountId,
    type: 'MEMBERSHIP_FEE',
    paymentMethod: PaymentMethods.CARD,
    paymentLocation: PaymentLocations.ONLINE,
    amount,
    status: 'WAITFORPAYMENT',
    createdAt: gw.clock.now(),
  });
  const payment = await startPayment(gw.db, config, {
    contract,
    club,
    method: PaymentMethods.CARD,
    lang: options.lang ?? 'vi',
    clientIp: '203.0.113.7',
    now: gw.clock.now(),
    savedCard: options.savedCard ?? null,
  });
  return { contract, payment, payUrl: new URL(payment.payUrl ?? '') };
}

/** The path and query of an absolute URL, to call the in-process app with. */
export const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/** Submits a sandbox page's form as a browser without JavaScript would. */
export async function submitSandbox(gw: TestGateway, url: URL, choices: Record<string, string>) {
  const form = new URLSearchParams(url.searchParams);
  for (const [key, value] of Object.entries(choices)) form.set(key, value);
  const response = await gw.app.request(url.pathname, { method: 'POST', body: form });
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}
