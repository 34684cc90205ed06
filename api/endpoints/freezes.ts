import { z } from 'zod';
import { memberShellSchema } from '../auth.ts';
import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import {
  freezeChoiceSchema,
  freezeContractSchema,
  freezeDetailSchema,
  freezeDurationSchema,
  freezePreviewSchema,
  freezePriceSchema,
  freezeScreenSchema,
  payFreezeBody,
  requestFreezeBody,
} from '../freeze.ts';

/** Asking for a freeze or paying one: the freeze, and whether it was there already (a repeat). */
const freezeResultSchema = z.object({ freeze: freezeDetailSchema, existing: z.boolean() });

/** The freeze screen's query: a choice only when both parts are there (a half-filled form previews nothing). */
const freezeScreenQuery = z.object({ days: z.string().max(4).optional(), startDate: z.string().max(10).optional() });

/** Issue 12 §1 (ADR 036): freeze durations and prices, the preview, asking, paying, cancelling and ending a freeze. */
export const freezeEndpoints = {
  prices: endpoint({
    method: 'GET',
    path: '/api/v1/general/freeze-price',
    summary: 'Freeze durations on offer and their prices, VND, shortest first (ADR 036)',
    auth: 'none',
    success: Codes.OK,
    response: freezePriceSchema,
  }),
  durations: endpoint({
    method: 'GET',
    path: '/api/v1/general/freeze-duration',
    summary: 'Freeze durations in days and the start window (from tomorrow, up to 30 days ahead)',
    auth: 'none',
    success: Codes.OK,
    response: freezeDurationSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/v1/member/freeze-contracts',
    summary: "The caller's freezes, newest first (status WAITFORPAYMENT, FUTURE, CURRENT, UNFREEZE or FAIL)",
    auth: 'member',
    success: Codes.OK,
    response: z.array(freezeContractSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/v1/member/freeze-contract/{id}',
    summary: "One freeze with its payment attempt, receipt and timeline (169 for anyone else's)",
    auth: 'member',
    success: Codes.OK,
    response: freezeDetailSchema,
  }),
  preview: endpoint({
    method: 'GET',
    path: '/api/v1/member/contract/{id}/freeze-preview',
    summary:
      'What freezing this membership for ?days from ?startDate costs and makes (first and last frozen day, new end date), before anything is created',
    auth: 'member',
    success: Codes.OK,
    query: freezeChoiceSchema,
    response: freezePreviewSchema,
  }),
  request: endpoint({
    method: 'POST',
    path: '/api/v1/member/contract/{id}/freeze',
    summary:
      'Ask for a freeze and open its payment (QR, card, cash); the same request again answers the same freeze; another while one is open is 168 (ADR 036)',
    auth: 'member',
    success: Codes.FREEZE_REQUESTED,
    body: requestFreezeBody,
    response: freezeResultSchema,
  }),
  pay: endpoint({
    method: 'POST',
    path: '/api/v1/member/freeze-contract/{id}/payment',
    summary: 'Pay an unpaid freeze another way, or again',
    auth: 'member',
    success: Codes.FREEZE_REQUESTED,
    body: payFreezeBody,
    response: freezeResultSchema,
  }),
  cancel: endpoint({
    method: 'PUT',
    path: '/api/v1/member/freeze-contract/{id}/cancel',
    summary: 'Withdraw an unpaid freeze',
    auth: 'member',
    success: Codes.OK,
    response: freezeDetailSchema,
  }),
  unfreeze: endpoint({
    method: 'PUT',
    path: '/api/v1/member/freeze-contract/{id}/unfreeze',
    summary:
      'End a paid freeze today (or before it begins): the days not frozen come back to the membership; 170 when none is left to end',
    auth: 'member',
    success: Codes.UNFROZEN,
    response: freezeDetailSchema,
  }),
  screen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/freeze/{contractId}',
    summary:
      "The freeze screen in one read ({contractId} or `current`, the home card's membership): the shell, the membership, durations and prices, the start window, the allowance, what blocks a freeze, and the preview of ?days&startDate",
    auth: 'member',
    success: Codes.OK,
    query: freezeScreenQuery,
    response: z.object({ shell: memberShellSchema, freeze: freezeScreenSchema }),
  }),
  detailScreen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/freeze-contract/{id}',
    summary: "A freeze's result and history screens in one read: the shell and the freeze's detail",
    auth: 'member',
    success: Codes.OK,
    response: z.object({ shell: memberShellSchema, freeze: freezeDetailSchema }),
  }),
};
