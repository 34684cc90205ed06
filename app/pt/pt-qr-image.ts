import { data } from 'react-router';
import { ptEndpoints } from '#api/endpoints/pt.ts';
import { idParam, isOpen, notFoundAs404, qrPng } from '#app/payments/payment.server.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import type { Route } from './+types/pt-qr-image';

/** GET /pt/payment/{ptContractId}/qr.png: the open PT transfer's VietQR to save (as the membership's, issue 10 §5). */
export async function loader(args: Route.LoaderArgs) {
  const id = idParam(args.params.ptContractId);
  const { data: pt } = await gatewayClient(args)(ptEndpoints.waitingForPayment, { params: { ptContractId: id } }).catch(
    notFoundAs404,
  );
  const payment = pt.payment;
  if (!payment?.qr || !isOpen(payment)) throw data(null, { status: 404 });
  return qrPng(payment.qr.payload, `vietfit-qr-pt-${id}.png`);
}
