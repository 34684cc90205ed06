import { freezeEndpoints } from '#api/endpoints/freezes.ts';
import { idParam } from '#app/payments/payment.server.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead } from '#app/server/member-read.server.ts';
import { freezeQuery } from './freeze-query.ts';

// The freeze pages' screen reads (ADR 077): each page's data and the member shell in one gateway call.

/** /membership/freeze/payment: the member's choice so far, as the gateway names it. */
export const freezeRequestRead = screenRead(async (args) => {
  const { contractId, days, start } = freezeQuery(new URL(args.request.url));
  const query = days && start ? { days, startDate: start } : {};
  const { shell, freeze } = (await gatewayClient(args)(freezeEndpoints.screen, { params: { contractId }, query })).data;
  return { shell, screen: freeze };
});

/** /membership/freeze/payment/result/{id} and /history/freeze/{id} */
export const freezeDetailRead = screenRead(async (args) => {
  const id = idParam(args.params.freezeId);
  const { shell, freeze } = (await gatewayClient(args)(freezeEndpoints.detailScreen, { params: { id } })).data;
  return { shell, screen: freeze };
});
