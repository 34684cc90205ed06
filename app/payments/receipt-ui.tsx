import { useT } from '#app/i18n.ts';
import { methodKey } from '#app/payments/method.ts';
import type { ContractView, ReceiptView } from '#app/payments/payment.server.ts';

// A receipt and the notice of money not booked (the result, history and payment pages): apart from
// the contract cards (contract-ui.tsx) so a page that lists contracts loads neither these nor their texts.

/** §3 Receipts: the membership, the fees, the discounts, the total and the period. */
export function ReceiptCard({ receipt }: { receipt: ReceiptView }) {
  const { t } = useT();
  return (
    <section className="receipt" aria-label={t('receipt.title')}>
      <div className="receipt-head">
        <h3>{t('receipt.title')}</h3>
        <span className={receipt.paid ? 'receipt-state paid' : 'receipt-state pending'}>
          {receipt.paid ? t('receipt.successful') : t('receipt.pending')}
        </span>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('receipt.club')}</dt>
          <dd>{receipt.allClubs ? t('contract.allClubs') : receipt.clubName}</dd>
        </div>
        <div>
          <dt>{t('receipt.membership')}</dt>
          <dd>{receipt.membershipName}</dd>
        </div>
        <div>
          <dt>{t('receipt.duration')}</dt>
          <dd>{receipt.duration}</dd>
        </div>
        <div>
          <dt>{t('receipt.period')}</dt>
          <dd>
            {receipt.startDate} – {receipt.endDate}
          </dd>
        </div>
        <div>
          <dt>{t('receipt.paymentDate')}</dt>
          <dd>{receipt.paymentDate ?? t('receipt.notPaidYet')}</dd>
        </div>
        <div>
          <dt>{t('receipt.method')}</dt>
          <dd>{t(methodKey(receipt.method))}</dd>
        </div>
        <div>
          <dt>{t('receipt.transactionId')}</dt>
          <dd className="mono">{receipt.transactionId}</dd>
        </div>
        <div>
          <dt>{t('receipt.membershipFee')}</dt>
          <dd>{receipt.membershipFee}</dd>
        </div>
        <div>
          <dt>{t('receipt.startupFee')}</dt>
          <dd>{receipt.startupFee}</dd>
        </div>
        {receipt.planDiscount ? (
          <div>
            <dt>{t('receipt.planDiscount')}</dt>
            <dd>{receipt.planDiscount}</dd>
          </div>
        ) : null}
        {receipt.promoDiscount ? (
          <div>
            <dt>{t('receipt.promoDiscount')}</dt>
            <dd>{receipt.promoDiscount}</dd>
          </div>
        ) : null}
        {receipt.referral ? (
          <div>
            <dt>{t('receipt.referral')}</dt>
            <dd>{t('receipt.referralText', { code: receipt.referral.code, days: receipt.referral.days })}</dd>
          </div>
        ) : null}
        <div className="receipt-total">
          <dt>{t('receipt.total')}</dt>
          <dd>{receipt.total}</dd>
        </div>
      </dl>
    </section>
  );
}

/**
 * Money that arrived for this contract and was not booked (issue 10): what arrived and when, why it
 * waits, what happens next, and the club's number. Shown wherever the contract is.
 */
export function UnbookedNotice({ contract }: { contract: ContractView }) {
  const { t } = useT();
  if (contract.unbooked.length === 0) return null;
  return (
    <section className="notice notice-money" role="status" aria-labelledby="unbooked-title">
      <h2 id="unbooked-title" className="notice-title">
        {t('receipt.unbooked.title')}
      </h2>
      {contract.unbooked.map((u, i) => (
        <div key={i} className="unbooked-item">
          <p>
            <strong>{t('receipt.unbooked.received', { amount: u.amount, time: u.receivedAt })}</strong>
          </p>
          <p>{t(`receipt.unbooked.${u.why}`, { due: contract.total })}</p>
          <p>{u.reviewed ? t('receipt.unbooked.reviewed') : t('receipt.unbooked.next')}</p>
        </div>
      ))}
      <a href={contract.hotlineHref} className="button button-secondary button-block">
        {t('receipt.unbooked.call', { hotline: contract.hotline })}
      </a>
    </section>
  );
}
