import { Link } from 'react-router';
import { z } from 'zod';
import { contractSchema, transactionSchema } from '#contract/membership.ts';
import { ContractCard, TransactionRow } from '#app/payments/contract-ui.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { contractView, transactionView, type ContractView, type TransactionView } from '#app/payments/payment.server.ts';
import type { Route } from './+types/history';
import type { StringsHandle } from '#app/locales/messages.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['contracts', 'history', 'home'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.history');

type Tab = 'memberships' | 'transactions';

export async function loader(args: Route.LoaderArgs) {
  const tab: Tab = new URL(args.request.url).searchParams.get('tab') === 'transactions' ? 'transactions' : 'memberships';
  const call = gatewayClient(args);
  const lang = getLang(args.context);
  if (tab === 'transactions') {
    const { data } = await call('/api/v1/member/transactions', z.array(transactionSchema));
    return { tab, contracts: [] as ContractView[], transactions: data.map((t) => transactionView(t, lang)) };
  }
  const { data } = await call('/api/v1/member/contracts', z.array(contractSchema));
  return { tab, contracts: data.map((c) => contractView(c, lang)), transactions: [] as TransactionView[] };
}

export default function HistoryTab({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { tab, contracts, transactions } = loaderData;
  return (
    <main className="page">
      <h1>{t('history.title')}</h1>
      {/* Links, not buttons: each tab has its own address and works without JavaScript. */}
      <nav className="segmented tab-links" aria-label={t('history.tabsLabel')}>
        <Link to="/history" className="segment" aria-current={tab === 'memberships' ? 'page' : undefined} replace>
          {t('history.memberships')}
        </Link>
        <Link to="/history?tab=transactions" className="segment" aria-current={tab === 'transactions' ? 'page' : undefined} replace>
          {t('history.transactions')}
        </Link>
      </nav>
      {tab === 'memberships' ? (
        contracts.length ? (
          <ul className="contract-list">
            {contracts.map((c) => (
              <li key={c.id}>
                <ContractCard contract={c} to={`/history/membership/${c.id}`} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon="history" title={t('history.emptyMemberships')} text={t('history.emptyText')}>
            <Link to="/membership" className="button button-primary">
              {t('homeCard.joinNow')}
            </Link>
          </EmptyState>
        )
      ) : transactions.length ? (
        <ul className="transaction-list">
          {transactions.map((tx) => (
            <li key={tx.id}>
              <TransactionRow tx={tx} />
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState icon="history" title={t('history.emptyTransactions')} text={t('history.emptyText')} />
      )}
    </main>
  );
}
