import { Link } from 'react-router';
import { MembershipError, PlanCard } from './membership-ui.tsx';
import { useT } from '#app/i18n.ts';
import { clubChoice, getSavedCoupon, loadClub, loadPlans, type ClubChoice } from './membership.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getSession } from '#app/server/session.server.ts';
import type { Route } from './+types/club';
import type { ShellHandle } from '#app/shell/layout.main.tsx';

export const handle: ShellHandle = { strings: ['membership'], back: { to: '/membership', label: 'membership.backToClubs' } };

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
    { value: 'multi', title: t('membership.club.multiTitle'), text: t('membership.club.multiText'), plans: plans.filter((p) => p.isBlackCard) },
    {
      value: 'single',
      title: t('membership.club.singleTitle'),
      text: t('membership.club.singleText', { club: club.name }),
      plans: plans.filter((p) => !p.isBlackCard),
    },
  ];
  const filters: { value: ClubChoice | null; label: string }[] = [
    { value: null, label: t('membership.club.all') },
    { value: 'multi', label: t('membership.list.multi') },
    { value: 'single', label: t('membership.list.single') },
  ];
  const applied = coupon && !couponError && plans.some((p) => p.promotionCode === coupon);

  return (
    <main className="page">
      <h1>{club.name}</h1>
      <p className="muted">
        {club.address}, {club.district}, {club.city}
      </p>
      <Link to={`/membership/${club.id}/detail`} className="chip-link">
        {t('membership.list.clubInfo')}
      </Link>

      {!club.isActive ? (
        <p className="notice notice-error" role="status">
          {t('membership.detail.closed')}
        </p>
      ) : plans.length === 0 ? (
        <p className="muted plans-empty">{t('membership.club.none')}</p>
      ) : (
        <>
          {applied ? <p className="notice notice-ok">{t('membership.club.couponApplied', { code: coupon })}</p> : null}
          {coupon && couponError ? (
            <p className="notice">{t('membership.club.couponNotApplied', { code: coupon, message: couponError })}</p>
          ) : null}
          <nav className="segmented-links" aria-label={t('membership.club.filter')}>
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
