import { Link, redirect } from 'react-router';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { IdentityFacts } from './identity-ui.tsx';
import { identityRows, loadIdentity } from './identity.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/verification-success';

// Issue 16 §3: where a verification ends; before one, the form.

export const handle: ShellHandle = { strings: ['account'] };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.verification.success.title');

export async function loader(args: Route.LoaderArgs) {
  const identity = await loadIdentity(args);
  if (!identity) throw redirect('/account/verification');
  return { rows: identityRows(identity) };
}

export default function VerificationSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page verification-success">
      <div className="success-mark" aria-hidden="true">
        ✓
      </div>
      <h1>{t('account.verification.success.title')}</h1>
      <p>{t('account.verification.success.body')}</p>
      <IdentityFacts rows={loaderData.rows} />
      <Link to="/account" className="button button-primary button-block">
        {t('account.verification.success.back')}
      </Link>
    </main>
  );
}
