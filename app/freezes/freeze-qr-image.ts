import { data } from 'react-router';
import { idParam, isOpen, notFoundAs404, qrPng } from '#app/payments/payment.server.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import type { Route } from './+types/freeze-qr-image';
import { freezeEndpoints } from '#api/endpoints/freezes.ts';

/** GET /membership/freeze/payment/{freezeId}/qr.png: the open freeze transfer's VietQR to save (as the membership's, issue 10 §5). */
export async function loader(args: Route.LoaderArgs) {
  const id = idParam(args.params.freezeId);
  const { data: freeze } = await gatewayClient(args)(freezeEndpoints.detail, { params: { id } }).catch(notFoundAs404);
  const payment = freeze.payment;
  if (!payment?.qr || !isOpen(payment)) throw data(null, { status: 404 });
  return qrPng(payment.qr.payload, `vietfit-qr-freeze-${id}.png`);
}
