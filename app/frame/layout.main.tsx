import { lazy, Suspense } from 'react';
import { Link, Outlet, useMatches, type ShouldRevalidateFunction } from 'react-router';
import { requireMember } from '#app/auth/auth.server.ts';
import { BottomNav } from '#app/shell/bottom-nav.tsx';
import { Icon } from '#app/ui/icons.tsx';
import { MemberHeader } from '#app/shell/member-header.tsx';
import type { ShellHandle } from '#app/shell/handle.ts';
import { PageError } from '#app/ui/page-error.tsx';
import type { KeepsData } from '#app/ui/revalidate.ts';
import { useT } from '#app/i18n.ts';
import type { Route } from './+types/layout.main';
import { loadShell } from './layout.main.server.ts';
import { RatingSlot } from '#app/ratings/rating-slot.tsx';

// The install prompt's gate loads on demand too (issue 18's first-load budget): where it shows
// without JavaScript (ADR 030) the server renders it in place, and it hydrates once its code is here.
const InstallPrompt = lazy(() => import('#app/shell/install-prompt.tsx').then((m) => ({ default: m.InstallPrompt })));

export const middleware: Route.MiddlewareFunction[] = [requireMember];

export const loader = (args: Route.LoaderArgs) => loadShell(args);

/** An action's answer marked `keepsData` (ADR 082) leaves the header's counts as they are. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as Partial<KeepsData> | undefined)?.keepsData !== true && defaultShouldRevalidate;

/**
 * A page whose loader changes the unread count (opening a notification) returns the new figure as
 * `unreadCount`; the layout's own loader ran beside it, before the change.
 */
function latestUnreadCount(matches: ReturnType<typeof useMatches>, own: number) {
  const fromPage = matches
    .map((m) => (m.loaderData as { unreadCount?: unknown } | undefined)?.unreadCount)
    .findLast((n) => typeof n === 'number');
  return typeof fromPage === 'number' ? fromPage : own;
}

/** Signed-in pages (§2): the member header, the page, the slogan footer and the bottom navigation. */
export default function MainLayout({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useT();
  const matches = useMatches();
  // A page reached from several places may name its back link in its data (issue 37 §4), else its handle's.
  const back = matches
    .map(
      (m) =>
        (m.loaderData as { back?: ShellHandle['back'] } | undefined)?.back ??
        (m.handle as ShellHandle | undefined)?.back,
    )
    .findLast(Boolean);
  return (
    <div className="layout layout-main">
      <MemberHeader unreadCount={latestUnreadCount(matches, loaderData.unreadCount)} gift={loaderData.gift} />
      {back ? (
        <div className="sub-header">
          <Link to={back.to} className="sub-header-link">
            <Icon name="back" />
            <span>{t(back.label)}</span>
          </Link>
          <Link to="/home" className="sub-header-link" aria-label={t('nav.home')}>
            <Icon name="home" size={22} />
          </Link>
        </div>
      ) : null}
      <RatingSlot prompt={loaderData.rating} lang={lang} />
      <Outlet />
      <footer className="app-footer">
        <p className="slogan">{t('app.slogan')}</p>
        <p className="small muted">© {t('app.name')}</p>
      </footer>
      <Suspense fallback={null}>
        <InstallPrompt />
      </Suspense>
      <BottomNav />
    </div>
  );
}

/** A page of the group failed: the layout's loader may have failed too, so the header is drawn without its counts. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="layout layout-main">
      <MemberHeader unreadCount={0} gift={null} />
      <PageError error={error} home="/home" />
      <BottomNav />
    </div>
  );
}
