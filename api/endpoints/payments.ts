import { z } from 'zod';
import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import { savedCardSchema } from '../membership.ts';

/** The vnp_ fields VNPAY put on the browser's return URL, passed on as they came (the gateway checks their signature). */
const vnpayFields = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** GET /api/v1/payment/vnpay/return: what VNPAY told the browser, checked by the gateway (display only). */
export const vnpayReturnSchema = z.object({
  contractId: z.number().nullable(),
  /** The payment was a freeze's (ADR 036): its result page, not the membership's. */
  freezeContractId: z.number().nullable().optional(),
  /** The payment was a PT package's (ADR 045). */
  ptContractId: z.number().nullable().optional(),
  status: z.string(),
  responseCode: z.string().nullable(),
  transactionStatus: z.string().nullable().optional(),
});

/** GET /api/v1/payment/vnpay/card-return: the add-card flow's answer. */
export const cardReturnSchema = z.object({
  status: z.string(),
  responseCode: z.string().nullable(),
  card: savedCardSchema.nullable(),
});

/** VNPAY's calls and return pages (ADR 010, 011) and the bank webhooks (server to server, signed). */
export const paymentEndpoints = {
  vnpayIpn: endpoint({
    method: 'GET',
    path: '/api/v1/payment/vnpay/ipn',
    summary:
      "VNPAY IPN (server to server, signed): the only source of truth; answers VNPAY's {RspCode, Message}, not the envelope",
    auth: 'none',
    success: Codes.OK,
    bare: true,
    response: z.object({ RspCode: z.string(), Message: z.string() }),
  }),
  vnpayReturn: endpoint({
    method: 'GET',
    path: '/api/v1/payment/vnpay/return',
    summary: "VNPAY return fields (signed; 552 when not): the payment's status in our database, display only",
    auth: 'none',
    success: Codes.OK,
    query: vnpayFields,
    response: vnpayReturnSchema,
  }),
  vnpayCardReturn: endpoint({
    method: 'GET',
    path: '/api/v1/payment/vnpay/card-return',
    summary: 'VNPAY add-card return fields (signed; 552 when not): the request status and the card (1052 when added)',
    auth: 'none',
    success: Codes.OK,
    codes: [Codes.CARD_ADDED],
    query: vnpayFields,
    response: cardReturnSchema,
  }),
  casso: endpoint({
    method: 'POST',
    path: '/api/v1/payment/bank/casso',
    summary:
      'Casso webhook v2: an incoming bank transfer (X-Casso-Signature t=,v1= HMAC-SHA512, ≤ 5 min old); replays change nothing',
    auth: 'cassoSignature',
    success: Codes.OK,
    response: z.object({
      results: z.array(
        z.object({
          externalId: z.string(),
          eventId: z.number(),
          outcome: z.string(),
          duplicate: z.boolean(),
          contractId: z.number().nullable(),
        }),
      ),
    }),
  }),
  sepay: endpoint({
    method: 'POST',
    path: '/api/v1/payment/bank/sepay',
    summary: 'SePay webhook (Authorization: Apikey …): an incoming bank transfer; answers {"success":true}',
    auth: 'sepayApiKey',
    success: Codes.OK,
    bare: true,
    response: z.object({ success: z.literal(true) }),
  }),
};
