import { data } from 'react-router';
import { idParam } from '#app/payments/payment.server.ts';
import { gatewayFetch } from '#app/server/gateway-http.server.ts';
import { ptEndpoints } from '#api/endpoints/pt.ts';
import { getSession } from '#app/server/session.server.ts';
import type { Route } from './+types/e-contract-pdf';

/** GET /pt/contract/{eContractId}/pdf: the sealed PDF, passed through with the member's own token (the gateway checks it is theirs). */
export async function loader(args: Route.LoaderArgs) {
  const token = getSession(args.context).get('token');
  if (!token) throw data(null, { status: 401 });
  const id = idParam(args.params.eContractId);
  const upstream = await gatewayFetch(ptEndpoints.eContractPdf, { params: { id }, token });
  if (!upstream?.ok || upstream.headers.get('content-type') !== 'application/pdf')
    throw data(null, { status: upstream?.status === 404 ? 404 : 502 });
  return new Response(upstream.body, {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': upstream.headers.get('content-disposition') ?? 'attachment',
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
