import { and, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { paymentEndpoints as endpoints } from '#api/endpoints/payments.ts';
import { route } from '#gateway/http/route.ts';
import { Codes } from '#api/codes.ts';
import { cardRequests, payments, savedCards } from '#gateway/db/schema/index.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { toSavedCard } from '#gateway/modules/cards/service.ts';
import { vnpaySettings } from '#gateway/providers/card/settings.ts';
import { hasValidVnpaySignature, readVnpayResult } from '#gateway/providers/card/vnpay.ts';
import { handleVnpayIpn, ipnAnswer } from './vnpay-ipn.ts';

/** VNPAY's calls (IPN) and the browser's return pages' reads; mounted at /api/v1/payment/vnpay. */
export function vnpayRoutes() {
  const app = new Hono<AppEnv>();

  // VNPAY reads JSON {RspCode, Message} with HTTP 200, never our envelope.
  route(app, endpoints.vnpayIpn, async (c) => {
    const deps = c.get('deps');
    try {
      return c.json(await handleVnpayIpn(deps, c.req.query()), 200);
    } catch (error) {
      deps.logger.error({ err: error, requestId: c.get('requestId') }, 'VNPAY IPN failed');
      return c.json(ipnAnswer('99'), 200);
    }
  });

  /** The signed fields VNPAY put on the browser's return URL; a tampered set is 552. */
  const signedResult = (query: Record<string, string>, secret: string) => {
    if (!hasValidVnpaySignature(secret, query)) throw new ApiError(400, Codes.PAYMENT_SIGNATURE_INVALID);
    return readVnpayResult(query);
  };

  // Display only: what OUR database says, whatever the URL claims (the IPN is the truth).
  route(app, endpoints.vnpayReturn, async (c) => {
    const { db, config } = c.get('deps');
    const result = signedResult(c.req.query(), vnpaySettings(config).hashSecret);
    const [payment] = await db
      .select({
        contractId: payments.contractId,
        freezeContractId: payments.freezeContractId,
        ptContractId: payments.ptContractId,
        status: payments.status,
      })
      .from(payments)
      .where(and(eq(payments.provider, 'vnpay'), eq(payments.reference, result.txnRef)));
    if (!payment) throw notFound();
    return ok(c, {
      contractId: payment.contractId,
      freezeContractId: payment.freezeContractId,
      ptContractId: payment.ptContractId,
      status: payment.status,
      responseCode: result.responseCode,
      transactionStatus: result.transactionStatus,
    });
  });

  route(app, endpoints.vnpayCardReturn, async (c) => {
    const { db, config } = c.get('deps');
    const result = signedResult(c.req.query(), vnpaySettings(config).hashSecret);
    const [request] = await db.select().from(cardRequests).where(eq(cardRequests.reference, result.txnRef));
    if (!request) throw notFound();
    const [card] = request.savedCardId
      ? await db.select().from(savedCards).where(eq(savedCards.id, request.savedCardId))
      : [];
    const data = {
      status: request.status,
      responseCode: request.responseCode ?? result.responseCode,
      card: card && !card.deletedAt ? toSavedCard(card) : null,
    };
    return ok(c, data, request.status === 'SUCCESS' ? Codes.CARD_ADDED : Codes.OK);
  });
  return app;
}
