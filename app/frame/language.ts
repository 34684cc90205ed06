import { redirect } from 'react-router';
import { langSchema } from '#api/validation.ts';
import { safeRedirectPath } from '#app/auth/auth.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getSession } from '#app/server/session.server.ts';
import type { Route } from './+types/language';
import { readForm } from '#app/server/form.server.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

export const loader = () => redirect('/home');

/** Switches the language for this visitor, and for a member also on the account (used at the next sign-in). */
export async function action(args: Route.ActionArgs) {
  const formData = await readForm(args.request);
  const redirectTo = safeRedirectPath(formData.get('redirectTo'));
  const parsed = langSchema.safeParse(formData.get('lang'));
  if (!parsed.success) throw redirect(redirectTo);
  const session = getSession(args.context);
  session.set('lang', parsed.data);
  if (session.get('token')) {
    try {
      await gatewayClient(args)(authEndpoints.updateSettings, {
        json: { lang: parsed.data },
      });
    } catch (error) {
      // The page still switches; the account keeps its old choice until the next try.
      if (!(error instanceof GatewayError)) throw error;
    }
  }
  throw redirect(redirectTo);
}
