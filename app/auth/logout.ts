import { redirect } from 'react-router';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { getSession, signOutSession } from '#app/server/session.server.ts';
import type { Route } from './+types/logout';
import { authEndpoints } from '#api/endpoints/auth.ts';
import { checkInEndpoints } from '#api/endpoints/check-in.ts';

export const loader = () => redirect('/home');

/** Revokes the gateway token (ASVS 5.0 7.4.1), then forgets it here. */
export async function action(args: Route.ActionArgs) {
  const session = getSession(args.context);
  if (session.get('token')) {
    // Whatever the gateway answers (down, token already expired), this device signs out.
    const call = gatewayClient(args);
    // Issue 11: this browser's check-in key stops working (the page forgets it too: SignOutForm).
    const device = session.get('checkInDeviceId');
    if (device) await call(checkInEndpoints.revokeDevice, { params: { deviceId: device } }).catch(() => undefined);
    await call(authEndpoints.logout).catch(() => undefined);
  }
  signOutSession(session);
  throw redirect('/landing');
}
