import { data } from 'react-router';
import { loadContentPage } from './account.server.ts';
import { ContentPageView } from './account-ui.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/legal';
import type { StringsHandle } from '#app/locales/messages.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['account'] };

// Issue 10 §6: what a visitor agrees to at sign-up is readable before signing in, at /terms and
// /privacy in the bare layout. The same staff-edited pages as /account/terms-condition (one source).

const pages = {
  '/terms': { slug: 'terms-condition', titleKey: 'account.links.terms' },
  '/privacy': { slug: 'privacy', titleKey: 'account.links.privacy' },
} as const;

function pageOf(request: Request) {
  const page = pages[new URL(request.url).pathname as keyof typeof pages];
  if (!page) throw data(null, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta(matches, loaderData?.titleKey ?? 'account.links.terms');

export async function loader(args: Route.LoaderArgs) {
  const page = pageOf(args.request);
  return {
    titleKey: page.titleKey,
    self: new URL(args.request.url).pathname,
    content: await loadContentPage(args, page.slug),
  };
}

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageView page={loaderData.content} titleKey={loaderData.titleKey} self={loaderData.self} />;
}
