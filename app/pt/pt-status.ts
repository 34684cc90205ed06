import { data } from 'react-router';
import { ptEndpoints } from '#api/endpoints/pt.ts';
import { idParam, pollState } from '#app/payments/payment.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getSession } from '#app/server/session.server.ts';
import type { Route } from './+types/pt-status';

/** GET /pt/payment/{ptContractId}/status → {state}: what the PT payment page polls (the membership's answers, one LiveStatus). */
export async function loader(args: Route.LoaderArgs) {
  const headers = { 'cache-control': 'no-store' };
  if (!getSession(args.context).get('token')) return data({ state: 'signed-out' }, { status: 401, headers });
  const id = idParam(args.params.ptContractId);
  try {
    const { data: pt } = await gatewayClient(args)(ptEndpoints.waitingForPayment, { params: { ptContractId: id } });
    const payment = pt.status === 'WAITFORPAYMENT' || pt.paidAt !== null ? pt.payment : null;
    return data({ state: pollState(payment, pt.paidAt !== null) }, { headers });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return data({ state: 'unknown' }, { status: error.status === 404 ? 404 : 503, headers });
  }
}
