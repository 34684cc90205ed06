import { loadContentPage } from './account.server.ts';
import { ContentPageView } from './account-ui.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/terms-condition';
import type { ShellHandle } from '#app/shell/handle.ts';

export const handle: ShellHandle = { strings: ['account'], back: { to: '/account', label: 'account.title' } };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.links.terms');

export const loader = (args: Route.LoaderArgs) => loadContentPage(args, 'terms-condition');

export default function TermsCondition({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData} titleKey="account.links.terms" self="/account/terms-condition" />;
}
