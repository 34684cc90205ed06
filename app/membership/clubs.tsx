import { useState } from 'react';
import { Link } from 'react-router';
import { distanceKm } from '#api/geo.ts';
import { ComparePlans, MembershipFaq } from './membership-guide.tsx';
import { BusynessBadge } from './busyness.tsx';
import { useHydrated } from '#app/ui/hooks.ts';
import { useT } from '#app/i18n.ts';
import {
  clubChoice,
  loadClubsByCity,
  loadFreePtOffers,
  membershipTerms,
  type ClubChoice,
  type ClubView,
} from './membership.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/clubs';
import type { StringsHandle } from '#app/locales/messages.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['membership', 'directory', 'guide', 'busyness'] };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'clubs.list.title');

export async function loader(args: Route.LoaderArgs) {
  const [clubs, freePt] = await Promise.all([loadClubsByCity(args), loadFreePtOffers(args)]);
  return { ...clubs, choice: clubChoice(args.request.url), terms: membershipTerms, freePt };
}

type Club = Pick<ClubView, 'id' | 'name' | 'address' | 'district' | 'latitude' | 'longitude' | 'busyness'>;
type Sorted = { club: Club; km: number }[];
type Locating =
  { state: 'idle' } | { state: 'locating' } | { state: 'sorted'; clubs: Sorted } | { state: 'denied' | 'failed' };

const plansHref = (clubId: number, choice: ClubChoice | null) =>
  `/membership/${clubId}${choice ? `?type=${choice}` : ''}`;

function ClubCard({ club, choice, km }: { club: Club; choice: ClubChoice | null; km?: number }) {
  const { t, lang } = useT();
  return (
    <li className="club-card">
      <Link to={plansHref(club.id, choice)} className="club-card-main">
        <span className="club-name">{club.name}</span>
        <span className="muted small">
          {club.address}, {club.district}
        </span>
        {km === undefined ? null : (
          <span className="club-distance">
            {t('clubs.list.distance', {
              km: new Intl.NumberFormat(lang, { maximumFractionDigits: km < 10 ? 1 : 0 }).format(km),
            })}
          </span>
        )}
        {club.busyness ? <BusynessBadge busyness={club.busyness} /> : null}
        <span className="club-cta">{t('clubs.list.seePlans')}</span>
      </Link>
      <Link to={`/membership/${club.id}/detail`} className="chip-link club-info-link">
        {t('clubs.list.clubInfo')}
      </Link>
    </li>
  );
}

/**
 * "Nearest first": asks for the position only after the tap (never on load), then lists every
 * club by distance (§9 haversine, 6371 km). Without JavaScript the button is not drawn.
 */
function NearestFirst({ clubs, onChange }: { clubs: Club[]; onChange: (next: Locating) => void }) {
  const { t } = useT();
  function locate() {
    if (!('geolocation' in navigator)) return onChange({ state: 'failed' });
    onChange({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        const here = { latitude: coords.latitude, longitude: coords.longitude };
        const sorted = clubs.map((club) => ({ club, km: distanceKm(here, club) })).sort((a, b) => a.km - b.km);
        onChange({ state: 'sorted', clubs: sorted });
      },
      (error) => onChange({ state: error.code === error.PERMISSION_DENIED ? 'denied' : 'failed' }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }
  return (
    <button type="button" className="chip-link nearest-button" onClick={locate}>
      {t('clubs.list.nearest')}
    </button>
  );
}

export default function Membership({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const hydrated = useHydrated();
  const { cities, clubCount, choice, terms, freePt } = loaderData;
  const [locating, setLocating] = useState<Locating>({ state: 'idle' });
  const allClubs = cities.flatMap((city) => city.clubs);
  const options: { value: ClubChoice; title: string; text: string }[] = [
    { value: 'multi', title: t('clubs.list.multi'), text: t('clubs.list.multiText', { count: clubCount }) },
    { value: 'single', title: t('clubs.list.single'), text: t('clubs.list.singleText') },
  ];

  return (
    <main className="page membership-page">
      <h1>{t('clubs.list.title')}</h1>
      <p className="lead">{t('clubs.list.lead')}</p>

      <section aria-labelledby="club-choice">
        <h2 id="club-choice" className="section-title">
          {t('clubs.list.choiceTitle')}
        </h2>
        <ul className="choice-list">
          {options.map((option) => (
            <li key={option.value}>
              <Link
                to={choice === option.value ? '/membership' : `/membership?type=${option.value}`}
                className="choice-card"
                aria-current={choice === option.value ? 'true' : undefined}
                preventScrollReset
              >
                <span className="choice-title">{option.title}</span>
                <span className="muted small">{option.text}</span>
              </Link>
            </li>
          ))}
        </ul>
        <ComparePlans clubCount={clubCount} terms={terms} freePt={freePt} />
      </section>

      <section aria-labelledby="clubs-title">
        <div className="page-title-row clubs-title-row">
          <h2 id="clubs-title" className="section-title">
            {t('clubs.list.clubsTitle')}
          </h2>
          {hydrated && allClubs.length > 1 ? (
            locating.state === 'sorted' ? (
              <button type="button" className="chip-link nearest-button" onClick={() => setLocating({ state: 'idle' })}>
                {t('clubs.list.byCity')}
              </button>
            ) : (
              <NearestFirst clubs={allClubs} onChange={setLocating} />
            )
          ) : null}
        </div>
        <p className="hint" role="status">
          {locating.state === 'locating'
            ? t('clubs.list.locating')
            : locating.state === 'denied'
              ? t('clubs.list.locationDenied')
              : locating.state === 'failed'
                ? t('clubs.list.locationFailed')
                : locating.state === 'sorted'
                  ? t('clubs.list.sortedNearest')
                  : ''}
        </p>
        {allClubs.length === 0 ? (
          <p className="muted">{t('clubs.list.noClubs')}</p>
        ) : locating.state === 'sorted' ? (
          <ul className="club-cards">
            {locating.clubs.map(({ club, km }) => (
              <ClubCard key={club.id} club={club} choice={choice} km={km} />
            ))}
          </ul>
        ) : (
          cities.map((city) => (
            <section key={city.id} aria-labelledby={`city-${city.id}`}>
              <h3 id={`city-${city.id}`} className="city-name">
                {city.name}
              </h3>
              <ul className="club-cards">
                {city.clubs.map((club) => (
                  <ClubCard key={club.id} club={club} choice={choice} />
                ))}
              </ul>
            </section>
          ))
        )}
      </section>

      <MembershipFaq terms={terms} />
    </main>
  );
}
