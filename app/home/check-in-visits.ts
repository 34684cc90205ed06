import { data } from 'react-router';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getSession } from '#app/server/session.server.ts';
import { visitSince } from './check-in.server.ts';
import type { Route } from './+types/check-in-visits';

/**
 * GET /home/check-in/visits?since=<instant> → {visit}: what the open check-in page asks every 2 s,
 * so the member sees the door's scan ("Checked in at …") without touching the phone.
 */
export async function loader(args: Route.LoaderArgs) {
  const headers = { 'cache-control': 'no-store' };
  if (!getSession(args.context).get('token')) return data({ visit: null }, { status: 401, headers });
  const since = new URL(args.request.url).searchParams.get('since') ?? '';
  if (Number.isNaN(Date.parse(since))) return data({ visit: null }, { status: 400, headers });
  try {
    return data({ visit: await visitSince(gatewayClient(args), new Date(since).toISOString()) }, { headers });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return data({ visit: null }, { status: 503, headers });
  }
}
