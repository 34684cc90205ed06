import { Link } from 'react-router';
import { ContractCard, TransactionRow } from '#app/payments/contract-ui.tsx';
import { ReceiptCard, UnbookedNotice } from '#app/payments/receipt-ui.tsx';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { formatDate, formatDateTimeSeconds } from '#api/format.ts';
import { contractView, idParam, notFoundAs404, receiptView, transactionView } from '#app/payments/payment.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/membership-detail';
import type { ShellHandle } from '#app/shell/handle.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

export const handle: ShellHandle = {
  strings: ['contracts', 'history', 'home', 'receipts'],
  back: { to: '/history', label: 'nav.history' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'history.detailTitle');

export async function loader(args: Route.LoaderArgs) {
  const id = idParam(args.params.contractId);
  const lang = getLang(args.context);
  const { data: detail } = await gatewayClient(args)(membershipEndpoints.detail, { params: { id } }).catch(
    notFoundAs404,
  );
  return {
    contract: contractView(detail, lang),
    referralCode: detail.referralCode,
    promotionCode: detail.promotionCode,
    // Dates (starts, ends) are days; the others are instants.
    timeline: detail.timeline.map((e) => ({
      kind: e.kind,
      at: /^\d{4}-\d{2}-\d{2}$/.test(e.at) ? formatDate(e.at) : formatDateTimeSeconds(e.at),
    })),
    transactions: detail.transactions.map((t) => transactionView(t, lang)),
    receipts: detail.receipts.map((r) => receiptView(r, lang)),
  };
}

export default function MembershipHistoryDetail({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { contract, timeline, transactions, receipts, promotionCode } = loaderData;
  return (
    <main className="page">
      <h1>{t('history.detailTitle')}</h1>
      <ContractCard contract={contract} />
      <UnbookedNotice contract={contract} />
      {contract.status === 'WAITFORPAYMENT' ? (
        <Link to={`/membership/payment/${contract.id}`} className="button button-primary button-block spaced">
          {t('homeCard.completePayment')}
        </Link>
      ) : null}
      {contract.freeze ? (
        <Link to={`/history/freeze/${contract.freeze.id}`} className="notice freeze-banner">
          {t('history.frozenBanner', { from: contract.freeze.from, to: contract.freeze.to })}
        </Link>
      ) : contract.status === 'CURRENT' && !contract.isGift ? (
        <Link
          to={`/membership/freeze/payment?contract=${contract.id}`}
          className="button button-secondary button-block spaced"
        >
          {t('history.askFreeze')}
        </Link>
      ) : null}
      <dl className="facts">
        <div>
          <dt>{t('history.contractNo')}</dt>
          <dd className="mono">#{contract.id}</dd>
        </div>
        <div>
          <dt>{t('history.createdAt')}</dt>
          <dd>{contract.createdAt}</dd>
        </div>
        {contract.signDate ? (
          <div>
            <dt>{t('history.signDate')}</dt>
            <dd>{contract.signDate}</dd>
          </div>
        ) : null}
        {promotionCode ? (
          <div>
            <dt>{t('history.promotionCode')}</dt>
            <dd className="mono">{promotionCode}</dd>
          </div>
        ) : null}
        {contract.bonusDays > 0 ? (
          <div>
            <dt>{t('history.bonusDays')}</dt>
            <dd>{t('history.bonusDaysValue', { days: contract.bonusDays })}</dd>
          </div>
        ) : null}
      </dl>

      <h2 className="section-title">{t('history.timeline')}</h2>
      <ol className="timeline">
        {timeline.map((e, i) => (
          <li key={i} className={`timeline-item timeline-${e.kind}`}>
            <span className="timeline-dot" aria-hidden="true" />
            <span className="timeline-text">{t(`history.event.${e.kind}`)}</span>
            <time className="small muted">{e.at}</time>
          </li>
        ))}
      </ol>

      {transactions.length ? (
        <>
          <h2 className="section-title">{t('history.transactions')}</h2>
          <ul className="transaction-list">
            {transactions.map((tx) => (
              <li key={tx.id}>
                <TransactionRow tx={tx} />
              </li>
            ))}
          </ul>
        </>
      ) : null}

      {/* Each receipt carries its own "Receipt" heading: no second one above it. */}
      {receipts.length ? (
        receipts.map((r, i) => <ReceiptCard key={i} receipt={r} />)
      ) : (
        <>
          <h2 className="section-title">{t('history.receipts')}</h2>
          <p className="muted">{t('history.noReceipts')}</p>
        </>
      )}
    </main>
  );
}
