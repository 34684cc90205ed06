import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { endStaffSession, getStaffSession, staffGateway } from './staff-session.server.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

export const loader = () => redirect('/staff');

/** Revokes the staff token at the gateway (whatever it answers, this browser signs out), then forgets it. */
export async function action(args: Route.ActionArgs) {
  const session = getStaffSession(args.context);
  if (session.get('token')) await staffGateway(args)(authEndpoints.logout).catch(() => undefined);
  endStaffSession(session);
  throw redirect('/staff/login');
}
