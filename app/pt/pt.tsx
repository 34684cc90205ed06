import { Link } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { formatDate } from '#api/format.ts';
import { bookingView, ptContractView } from './pt.server.ts';
import { PtContractCard } from './pt-ui.tsx';
import { TrialCard } from './trial-card.tsx';
import { ptRead } from './pt.read.server.ts';
import type { Route } from './+types/pt';

// §2 /pt: the member's PT packages (waiting, paid, used up) and the way to buy one.

export const handle: ShellHandle = { strings: ['pt'], back: { to: '/home', label: 'nav.home' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [ptRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.title');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const ptScreen = await ptRead.screen(args);
    const { trial } = ptScreen;
    return {
      contracts: ptScreen.contracts.map((c) => ptContractView(c, lang)),
      trial: {
        left: trial.left,
        validUntil: trial.validUntil ? formatDate(trial.validUntil) : null,
        href: trial.clubId === null ? '/pt/free-session' : `/pt/free-session?club=${String(trial.clubId)}`,
        open: trial.open ? bookingView(trial.open, lang) : null,
      },
    };
  });
  return { screen };
}

export default function PtPage({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { screen } = loaderData;
  return (
    <main className="page pt-page">
      <h1>{t('pt.title')}</h1>
      <p className="lead">{t('pt.lead')}</p>
      {!screen.ok ? (
        <div className="notice notice-error" role="alert">
          <p>{screen.message}</p>
        </div>
      ) : null}
      {screen.ok ? <TrialCard trial={screen.value.trial} /> : null}
      {!screen.ok ? null : screen.value.contracts.length === 0 ? (
        <EmptyState icon="workout" title={t('pt.emptyTitle')} text={t('pt.emptyText')} />
      ) : (
        <section aria-labelledby="pt-contracts-title">
          <h2 id="pt-contracts-title" className="section-title">
            {t('pt.contractsTitle')}
          </h2>
          <ul className="contract-list">
            {screen.value.contracts.map((c) => (
              <li key={c.id}>
                <PtContractCard contract={c} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {screen.ok &&
      screen.value.contracts.some((c) => (c.status === 'CURRENT' || c.status === 'FUTURE') && c.sessionsLeft > 0) ? (
        <Link to="/pt/booking" className="button button-primary button-block spaced">
          {t('pt.booking.toBook')}
        </Link>
      ) : null}
      {screen.ok &&
      screen.value.contracts.some((c) => c.status === 'FUTURE' || c.status === 'CURRENT' || c.badge === 'PAST') ? (
        <Link to="/pt/contract" className="button button-secondary button-block spaced">
          {t('pt.eContract.listTitle')}
        </Link>
      ) : null}
      <Link to="/pt/select-pt" className="button button-secondary button-block spaced">
        {t('pt.buy')}
      </Link>
    </main>
  );
}
