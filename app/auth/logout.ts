import { redirect } from 'react-router';
import { z } from 'zod';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { getSession, signOutSession } from '#app/server/session.server.ts';
import type { Route } from './+types/logout';

export const loader = () => redirect('/home');

/** Revokes the gateway token (ASVS 5.0 7.4.1), then forgets it here. */
export async function action(args: Route.ActionArgs) {
  const session = getSession(args.context);
  if (session.get('token')) {
    // Whatever the gateway answers (down, token already expired), this device signs out.
    await gatewayClient(args)('/api/v1/auth/logout', z.unknown(), { method: 'POST' }).catch(() => undefined);
  }
  signOutSession(session);
  throw redirect('/landing');
}
