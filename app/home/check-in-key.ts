import { data } from 'react-router';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getSession } from '#app/server/session.server.ts';
import { registerDevice } from './check-in.server.ts';
import type { Route } from './+types/check-in-key';

/**
 * POST /home/check-in/key → {newKey}: a browser whose IndexedDB lost this device's key (site data
 * cleared, another member signed in before) asks for a new device. A resource route called with
 * `fetch`, not a fetcher: no page pays for React Router's fetcher code (issue 18's budget).
 */
export async function action(args: Route.ActionArgs) {
  const headers = { 'cache-control': 'no-store' };
  if (!getSession(args.context).get('token')) return data({ newKey: null }, { status: 401, headers });
  try {
    return data(
      {
        newKey: await registerDevice(
          gatewayClient(args),
          getSession(args.context),
          args.request.headers.get('user-agent'),
        ),
      },
      { headers },
    );
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    return data({ newKey: null }, { status: 503, headers });
  }
}
