import { loadContentPage } from './account.server.ts';
import { ContentPageView } from './account-ui.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/privacy';
import type { ShellHandle } from '#app/shell/handle.ts';

export const handle: ShellHandle = { strings: ['account'], back: { to: '/account', label: 'account.title' } };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'account.links.privacy');

export const loader = (args: Route.LoaderArgs) => loadContentPage(args, 'privacy');

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData} titleKey="account.links.privacy" self="/account/privacy" />;
}
