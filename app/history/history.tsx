import { Link } from 'react-router';
import { ptEndpoints } from '#api/endpoints/pt.ts';
import { ptContractView, type PtContractView } from '#app/pt/pt.server.ts';
import { PtContractCard } from '#app/pt/pt-ui.tsx';
import { ContractCard, TransactionRow } from '#app/payments/contract-ui.tsx';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang } from '#app/server/i18n.server.ts';
import {
  contractView,
  transactionView,
  type ContractView,
  type TransactionView,
} from '#app/payments/payment.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/history';
import type { StringsHandle } from '#app/locales/messages.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['contracts', 'history', 'home', 'pt'] };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.history');

type Tab = 'memberships' | 'transactions' | 'pt';
const TABS: Tab[] = ['memberships', 'transactions', 'pt'];

export async function loader(args: Route.LoaderArgs) {
  const asked = new URL(args.request.url).searchParams.get('tab');
  const tab: Tab = TABS.find((x) => x === asked) ?? 'memberships';
  const call = gatewayClient(args);
  const lang = getLang(args.context);
  const none = {
    contracts: [] as ContractView[],
    transactions: [] as TransactionView[],
    ptContracts: [] as PtContractView[],
  };
  if (tab === 'transactions') {
    const { data } = await call(membershipEndpoints.transactions);
    return { ...none, tab, transactions: data.map((t) => transactionView(t, lang)) };
  }
  if (tab === 'pt') {
    // The PT packages (issue 13): each leads to /history/pt/{id}, or to paying while unpaid.
    const { data } = await call(ptEndpoints.contracts);
    return { ...none, tab, ptContracts: data.map((c) => ptContractView(c, lang)) };
  }
  const { data } = await call(membershipEndpoints.list);
  return { ...none, tab, contracts: data.map((c) => contractView(c, lang)) };
}

export default function HistoryTab({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { tab, contracts, transactions, ptContracts } = loaderData;
  return (
    <main className="page">
      <h1>{t('history.title')}</h1>
      {/* Links, not buttons: each tab has its own address and works without JavaScript. */}
      <nav className="segmented tab-links" aria-label={t('history.tabsLabel')}>
        <Link to="/history" className="segment" aria-current={tab === 'memberships' ? 'page' : undefined} replace>
          {t('history.memberships')}
        </Link>
        <Link
          to="/history?tab=transactions"
          className="segment"
          aria-current={tab === 'transactions' ? 'page' : undefined}
          replace
        >
          {t('history.transactions')}
        </Link>
        <Link to="/history?tab=pt" className="segment" aria-current={tab === 'pt' ? 'page' : undefined} replace>
          {t('history.ptPackages')}
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
      ) : tab === 'pt' ? (
        ptContracts.length ? (
          <ul className="contract-list">
            {ptContracts.map((c) => (
              <li key={c.id}>
                <PtContractCard contract={c} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState icon="history" title={t('pt.emptyTitle')} text={t('pt.emptyText')}>
            <Link to="/pt/select-pt" className="button button-primary">
              {t('pt.buy')}
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
