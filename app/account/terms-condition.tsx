import { loadContentPage } from './account.server.ts';
import { ContentPageView } from './account-ui.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/terms-condition';
import type { ShellHandle } from '#app/shell/layout.main.tsx';

export const handle: ShellHandle = { strings: ['account'], back: { to: '/account', label: 'account.title' } };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.links.terms');

export const loader = (args: Route.LoaderArgs) => loadContentPage(args, 'terms-condition');

export default function TermsCondition({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData} titleKey="account.links.terms" self="/account/terms-condition" />;
}
