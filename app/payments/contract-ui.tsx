import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import { methodKey } from '#app/payments/method.ts';
import type { ContractBadge, ContractView, TransactionView } from '#app/payments/payment.server.ts';

// What was bought and paid, as the history, your-plan and result pages show it. Kept apart from the
// payment step's parts (payment-ui.tsx) so a page that only lists contracts does not load those.

/** §4 labels: Active, Future, Expired, waiting for payment; an unpaid one cancelled or expired. */
export function StatusBadge({ status }: { status: ContractBadge }) {
  const { t } = useT();
  return <span className={`status-badge status-${status.toLowerCase()}`}>{t(`contract.status.${status}`)}</span>;
}

/** The membership's essentials as a card (history list, your plan). */
export function ContractCard({ contract, to }: { contract: ContractView; to?: string }) {
  const { t } = useT();
  const body = (
    <>
      <span className="contract-card-top">
        <span className="contract-plan">{contract.planName}</span>
        <StatusBadge status={contract.badge} />
      </span>
      <span className="contract-club">{contract.allClubs ? t('contract.allClubs') : contract.clubName}</span>
      <span className="contract-dates small muted">
        {contract.startDate} – {contract.endDate} · {contract.duration}
      </span>
      {contract.freeze ? (
        <span className="contract-frozen small">
          {t(contract.freeze.inEffect ? 'contract.frozenNow' : 'contract.frozenComing', {
            from: contract.freeze.from,
            to: contract.freeze.to,
          })}
        </span>
      ) : null}
      <span className="contract-total">{contract.isGift ? t('contract.giftTotal') : contract.total}</span>
      {contract.unbooked.map((u, i) => (
        <span key={i} className="contract-unbooked small">
          {t('contract.unbookedShort', { amount: u.amount })}
        </span>
      ))}
    </>
  );
  return to ? (
    <Link to={to} className="contract-card">
      {body}
    </Link>
  ) : (
    <div className="contract-card">{body}</div>
  );
}

/** One fee paid (or waiting): what for, how, when, how much. */
export function TransactionRow({ tx, link }: { tx: TransactionView; link?: boolean }) {
  const { t } = useT();
  const body = (
    <>
      <span className="transaction-main">
        <span className="transaction-type">{t(`contract.type.${tx.type}`)}</span>
        <span className="small muted">
          {tx.planName} · {tx.clubName}
        </span>
        <span className="small muted">
          {tx.date} · {t(methodKey(tx.method))}
        </span>
      </span>
      <span className="transaction-side">
        <span className="transaction-amount">{tx.amount}</span>
        <span className={`tx-status tx-${tx.badge.toLowerCase()}`}>{t(`contract.txStatus.${tx.badge}`)}</span>
      </span>
    </>
  );
  return link ? (
    <Link
      to={
        tx.freezeContractId === null ? `/history/membership/${tx.contractId}` : `/history/freeze/${tx.freezeContractId}`
      }
      className="transaction-row"
    >
      {body}
    </Link>
  ) : (
    <div className="transaction-row">{body}</div>
  );
}
