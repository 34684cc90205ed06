import { data } from 'react-router';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { idParam, pollState } from './payment.server.ts';
import { getSession } from '#app/server/session.server.ts';
import type { Route } from './+types/status';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

/**
 * GET /membership/payment/{contractId}/status → {state}: what the payment page polls every 3 s.
 * paid: the membership is active or future; pending: keep waiting; over: the attempt ended (show it);
 * held: money arrived but was not booked (another amount): show what happens next.
 */
export async function loader(args: Route.LoaderArgs) {
  const headers = { 'cache-control': 'no-store' };
  if (!getSession(args.context).get('token')) return data({ state: 'signed-out' }, { status: 401, headers });
  const id = idParam(args.params.contractId);
  try {
    // The latest attempt only: lighter than the contract detail, and asked every 3 s.
    const { data: payment } = await gatewayClient(args)(membershipEndpoints.payment, { params: { id } });
    return data({ state: pollState(payment, payment?.status === 'SUCCESS') }, { headers });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return data({ state: 'unknown' }, { status: error.status === 404 ? 404 : 503, headers });
  }
}
