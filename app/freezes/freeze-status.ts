import { data } from 'react-router';
import { idParam, pollState } from '#app/payments/payment.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getSession } from '#app/server/session.server.ts';
import type { Route } from './+types/freeze-status';
import { freezeEndpoints } from '#api/endpoints/freezes.ts';

/**
 * GET /membership/freeze/payment/{freezeId}/status → {state}, what the freeze's payment page polls
 * (the same answers as the membership's: paid, pending, over, held), so one LiveStatus serves both.
 */
export async function loader(args: Route.LoaderArgs) {
  const headers = { 'cache-control': 'no-store' };
  if (!getSession(args.context).get('token')) return data({ state: 'signed-out' }, { status: 401, headers });
  const id = idParam(args.params.freezeId);
  try {
    const { data: freeze } = await gatewayClient(args)(freezeEndpoints.detail, { params: { id } });
    // A lapsed request reads "over" even if its attempt still looks open (the freeze failed).
    const payment = freeze.status === 'WAITFORPAYMENT' || freeze.paidAt !== null ? freeze.payment : null;
    return data({ state: pollState(payment, freeze.paidAt !== null) }, { headers });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return data({ state: 'unknown' }, { status: error.status === 404 ? 404 : 503, headers });
  }
}
