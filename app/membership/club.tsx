import { Link } from 'react-router';
import { MembershipError, PlanCard } from './membership-ui.tsx';
import { useT } from '#app/i18n.ts';
import { clubChoice, getSavedCoupon, loadClub, loadPlans, type ClubChoice } from './membership.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getSession } from '#app/server/session.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/club';
import type { ShellHandle } from '#app/shell/handle.ts';

export const handle: ShellHandle = {
  strings: ['membership', 'directory'],
  back: { to: '/membership', label: 'membership.backToClubs' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'membership.title');

/** The club's plans, priced for this member with the saved coupon when it applies here. */
export async function loader(args: Route.LoaderArgs) {
  const club = await loadClub(args, args.params.clubId);
  const coupon = getSavedCoupon(getSession(args.context));
  const priced = club.isActive ? await loadPlans(args, club.id, coupon) : { plans: [], couponError: null };
  return { club, coupon, ...priced, choice: clubChoice(args.request.url) };
}

export default function ClubPlans({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { club, plans, coupon, couponError, choice } = loaderData;
  const groups: { value: ClubChoice; title: string; text: string; plans: typeof plans }[] = [
    {
      value: 'multi',
      title: t('clubs.plans.multiTitle'),
      text: t('clubs.plans.multiText'),
      plans: plans.filter((p) => p.isBlackCard),
    },
    {
      value: 'single',
      title: t('clubs.plans.singleTitle'),
      text: t('clubs.plans.singleText', { club: club.name }),
      plans: plans.filter((p) => !p.isBlackCard),
    },
  ];
  const filters: { value: ClubChoice | null; label: string }[] = [
    { value: null, label: t('clubs.plans.all') },
    { value: 'multi', label: t('clubs.list.multi') },
    { value: 'single', label: t('clubs.list.single') },
  ];
  const applied = coupon && !couponError && plans.some((p) => p.promotionCode === coupon);

  return (
    <main className="page">
      <h1>{club.name}</h1>
      <p className="muted">
        {club.address}, {club.district}, {club.city}
      </p>
      <Link to={`/membership/${club.id}/detail`} className="chip-link">
        {t('clubs.list.clubInfo')}
      </Link>

      {!club.isActive ? (
        <p className="notice notice-error" role="status">
          {t('clubs.detail.closed')}
        </p>
      ) : plans.length === 0 ? (
        <p className="muted plans-empty">{t('clubs.plans.none')}</p>
      ) : (
        <>
          {applied ? <p className="notice notice-ok">{t('clubs.plans.couponApplied', { code: coupon })}</p> : null}
          {coupon && couponError ? (
            <p className="notice">{t('clubs.plans.couponNotApplied', { code: coupon, message: couponError })}</p>
          ) : null}
          <nav className="segmented-links" aria-label={t('clubs.plans.filter')}>
            {filters.map((filter) => (
              <Link
                key={filter.label}
                to={filter.value ? `?type=${filter.value}` : '.'}
                className="segment-link"
                aria-current={choice === filter.value ? 'page' : undefined}
                preventScrollReset
              >
                {filter.label}
              </Link>
            ))}
          </nav>
          {groups
            .filter((group) => group.plans.length > 0 && (choice === null || choice === group.value))
            .map((group) => (
              <section key={group.value} aria-labelledby={`group-${group.value}`} className="plan-group">
                <h2 id={`group-${group.value}`} className="section-title">
                  {group.title}
                </h2>
                <p className="muted small">{group.text}</p>
                <div className="plan-list">
                  {group.plans.map((plan) => (
                    <PlanCard key={plan.id} plan={plan} to={`/membership/${club.id}/plan/${plan.id}`} />
                  ))}
                </div>
              </section>
            ))}
        </>
      )}
    </main>
  );
}

export const ErrorBoundary = ({ error }: Route.ErrorBoundaryProps) => <MembershipError error={error} />;
