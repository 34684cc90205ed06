import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, asc, eq } from 'drizzle-orm';
import { PaymentMethods } from '#api/membership.ts';
import { loadGatewayConfig } from '#gateway/config.ts';
import { accounts, clubs, contracts, paymentPlans, payments } from '#gateway/db/schema/index.ts';
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
  const fullEnv = {
    VNPAY_HASH_SECRET: TEST_VNPAY_SECRET,
    VNPAY_SANDBOX_IPN_URL: `http://127.0.0.1:${String(port)}/api/v1/payment/vnpay/ipn`,
    ...env,
  };
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
 * Buys a plan by card through POST /api/v1/member/contract (optionally with a saved card): the
 * contract and payment rows and the pay URL the member's browser is sent to.
 */
export async function unpaidCardPayment(
  vn: Awaited<ReturnType<typeof startVnpayGateway>>,
  token: string,
  options: { clubIndex?: number; savedCardId?: number; lang?: 'vi' | 'en' } = {},
) {
  const { gw } = vn;
  const clubRows = await gw.db.select().from(clubs).orderBy(asc(clubs.id));
  const club = clubRows[options.clubIndex ?? 0];
  const [plan] = await gw.db
    .select()
    .from(paymentPlans)
    .where(and(eq(paymentPlans.clubId, club.id), eq(paymentPlans.type, 'CLASSIC')))
    .orderBy(asc(paymentPlans.sortOrder))
    .limit(1);
  const res = await gw.call('POST', '/api/v1/member/contract', {
    token,
    lang: options.lang,
    json: {
      paymentPlanId: plan.id,
      paymentMethodGroupId: PaymentMethods.CARD,
      isCash: false,
      savedCardId: options.savedCardId,
    },
  });
  if (res.body.code !== 1022) throw new Error(`purchase failed: ${JSON.stringify(res.body)}`);
  const [contract] = await gw.db.select().from(contracts).where(eq(contracts.id, res.body.data.contract.contractId));
  const [payment] = await gw.db.select().from(payments).where(eq(payments.id, res.body.data.payment.id));
  return { contract, payment, payUrl: new URL(res.body.data.payment.payUrl) };
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
