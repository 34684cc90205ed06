import { z } from 'zod';
import { memberShellSchema } from '#contract/auth.ts';
import { freezeDetailSchema, freezeScreenSchema } from '#contract/freeze.ts';
import { idParam } from '#app/payments/payment.server.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead } from '#app/server/member-read.server.ts';
import { freezeQuery } from './freeze-query.ts';

// The freeze pages' screen reads (ADR 077): each page's data and the member shell in one gateway call.

const freezeRequestReadSchema = z.object({ shell: memberShellSchema, freeze: freezeScreenSchema });
const freezeDetailReadSchema = z.object({ shell: memberShellSchema, freeze: freezeDetailSchema });

/** /membership/freeze/payment: the member's choice so far, as the gateway names it. */
export const freezeRequestRead = screenRead(async (args) => {
  const { contractId, days, start } = freezeQuery(new URL(args.request.url));
  const query = days && start ? `?days=${days}&startDate=${start}` : '';
  const { shell, freeze } = (
    await gatewayClient(args)(`/api/v1/member/screens/freeze/${contractId}${query}`, freezeRequestReadSchema)
  ).data;
  return { shell, screen: freeze };
});

/** /membership/freeze/payment/result/{id} and /history/freeze/{id} */
export const freezeDetailRead = screenRead(async (args) => {
  const id = idParam(args.params.freezeId);
  const { shell, freeze } = (
    await gatewayClient(args)(`/api/v1/member/screens/freeze-contract/${String(id)}`, freezeDetailReadSchema)
  ).data;
  return { shell, screen: freeze };
});
