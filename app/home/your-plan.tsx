import { pick } from '#app/account/account.server.ts';
import { Link } from 'react-router';
import { ContractCard } from '#app/payments/contract-ui.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { yourPlanRead } from '#app/subscription/subscription-read.server.ts';
import { SubscriptionSection } from '#app/subscription/subscription-section.tsx';
import { cancelAction, subscriptionView } from '#app/subscription/subscription.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { contractView, type ContractView } from '#app/payments/payment.server.ts';
import type { Route } from './+types/your-plan';
import type { ShellHandle } from '#app/shell/handle.ts';

export const handle: ShellHandle = {
  strings: ['contracts', 'home', 'subscription'],
  back: { to: '/home', label: 'nav.home' },
};

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [yourPlanRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'homeCard.yourPlanTitle');

// One gateway read (issue 18): the memberships, the clubs they open and the subscription.
export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const yourPlanScreen = await yourPlanRead.screen(args);
  const { homePage, accessClubs, subscription } = yourPlanScreen;
  return {
    currents: homePage.currents.map((c) => contractView(c, lang)),
    future: homePage.future.map((c) => contractView(c, lang)),
    waiting: homePage.waitingForPayment.map((c) => contractView(c, lang)),
    clubs: accessClubs.map((c) => ({ id: c.id, name: pick(lang, c.nameVi, c.nameEn) })),
    subscription: subscription ? subscriptionView(subscription, lang) : null,
  };
}

/** Cancelling the subscription's renewal (ADR 038). */
export const action = (args: Route.ActionArgs) => cancelAction(args);

export default function YourPlan({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { currents, future, waiting, clubs, subscription } = loaderData;
  if (!currents.length && !future.length && !waiting.length && !subscription) {
    return (
      <main className="page">
        <h1>{t('homeCard.yourPlanTitle')}</h1>
        <EmptyState icon="membership" title={t('homeCard.noMembershipTitle')} text={t('homeCard.noMembershipText')}>
          <Link to="/membership" className="button button-primary">
            {t('homeCard.joinNow')}
          </Link>
        </EmptyState>
      </main>
    );
  }
  return (
    <main className="page">
      <h1>{t('homeCard.yourPlanTitle')}</h1>
      {subscription ? <SubscriptionSection sub={subscription} /> : null}
      <ContractSection id="current-title" title={t('homeCard.current')} contracts={currents} />
      <ContractSection id="future-title" title={t('homeCard.future')} contracts={future} />
      <ContractSection id="waiting-title" title={t('homeCard.waitingTitle')} contracts={waiting} toPay />
      <section aria-labelledby="clubs-title">
        <h2 id="clubs-title" className="section-title">
          {t('homeCard.accessClubs')}
        </h2>
        {clubs.length ? (
          <ul className="club-chips">
            {clubs.map((c) => (
              <li key={c.id}>
                <Link to={`/membership/${c.id}/detail`} className="chip-link">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="muted">{t('homeCard.noAccessClubs')}</p>
        )}
      </section>
    </main>
  );
}

/** One list of the member's memberships under its title; none, no section. A membership waiting for payment links to its payment. */
function ContractSection({
  id,
  title,
  contracts,
  toPay = false,
}: {
  id: string;
  title: string;
  contracts: readonly ContractView[];
  toPay?: boolean;
}) {
  if (!contracts.length) return null;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      <ul className="contract-list">
        {contracts.map((c) => (
          <li key={c.id}>
            <ContractCard contract={c} to={toPay ? `/membership/payment/${c.id}` : `/history/membership/${c.id}`} />
          </li>
        ))}
      </ul>
    </section>
  );
}
