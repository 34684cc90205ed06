import { Link } from 'react-router';
import { MembershipError } from './membership-ui.tsx';
import { BusynessPanel } from './busyness.tsx';
import { useT } from '#app/i18n.ts';
import { loadClub } from './membership.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/club-detail';
import type { ShellHandle } from '#app/shell/handle.ts';

export const handle: ShellHandle = {
  strings: ['membership', 'directory', 'busyness'],
  back: { to: '/membership', label: 'membership.backToClubs' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'clubs.detail.title');

export const loader = async (args: Route.LoaderArgs) => ({ club: await loadClub(args, args.params.clubId) });

/** §3 Club: address, district, city, hotline (tap to call), the map, and its plans unless it closed. */
export default function ClubDetail({ loaderData: { club } }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page">
      <p className="eyebrow">{t('clubs.detail.title')}</p>
      <h1>{club.name}</h1>
      {club.isActive ? null : (
        <p className="notice notice-error" role="status">
          {t('clubs.detail.closed')}
        </p>
      )}
      {club.isActive && club.busyness ? <BusynessPanel busyness={club.busyness} /> : null}
      <dl className="facts">
        <div>
          <dt>{t('clubs.detail.address')}</dt>
          <dd>{club.address}</dd>
        </div>
        <div>
          <dt>{t('clubs.detail.district')}</dt>
          <dd>{club.district}</dd>
        </div>
        <div>
          <dt>{t('clubs.detail.city')}</dt>
          <dd>{club.city}</dd>
        </div>
        <div>
          <dt>{t('clubs.detail.hotline')}</dt>
          <dd>
            <a href={club.hotlineHref} className="tel-link">
              {club.hotline}
            </a>
          </dd>
        </div>
      </dl>
      <div className="stack club-actions">
        {club.isActive ? (
          <Link to={`/membership/${club.id}`} className="button button-primary button-block">
            {t('clubs.detail.seePlans')}
          </Link>
        ) : null}
        <a href={club.hotlineHref} className="button button-secondary button-block">
          {t('clubs.detail.call', { phone: club.hotline })}
        </a>
        <a
          href={club.mapUrl}
          className="button button-secondary button-block"
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('clubs.detail.map')}
        </a>
      </div>
    </main>
  );
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <MembershipError error={error} />;
