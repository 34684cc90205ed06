import { data } from 'react-router';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { idParam, isOpen, notFoundAs404, qrPng } from './payment.server.ts';
import type { Route } from './+types/qr-image';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

/**
 * GET /membership/payment/{contractId}/qr.png (issue 10 §5): the open transfer's VietQR as a PNG to
 * save, so a member paying from this same phone can pick it in the banking app's "scan from photo".
 * The same payload as the page's SVG; only the member's own open QR attempt (the gateway checks
 * ownership: another member's id is a 404). Large, with a quiet zone, for banking apps' scanners.
 */
export async function loader(args: Route.LoaderArgs) {
  const id = idParam(args.params.contractId);
  const { data: payment } = await gatewayClient(args)(membershipEndpoints.payment, { params: { id } }).catch(
    notFoundAs404,
  );
  if (!payment?.qr || !isOpen(payment)) throw data(null, { status: 404 });
  return qrPng(payment.qr.payload, `vietfit-qr-${id}.png`);
}
