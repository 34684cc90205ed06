import { useEffect, useRef, useState } from 'react';
import { usePoll } from '#app/ui/poll.ts';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { useHydrated } from '#app/ui/hooks.ts';
import { useT } from '#app/i18n.ts';
import type { ContractBadge, ContractView, ReceiptView, TransactionView } from './payment.server.ts';

/** §4 labels: Active, Future, Expired, waiting for payment; an unpaid one cancelled or expired. */
export function StatusBadge({ status }: { status: ContractBadge }) {
  const { t } = useT();
  return <span className={`status-badge status-${status.toLowerCase()}`}>{t(`history.status.${status}`)}</span>;
}

export function methodKey(method: number) {
  return method === 1 ? 'payment.method.qr' : method === 2 ? 'payment.method.card' : 'payment.method.cash';
}

/** §3 Receipts: the membership, the fees, the discounts, the total and the period. */
export function ReceiptCard({ receipt }: { receipt: ReceiptView }) {
  const { t } = useT();
  return (
    <section className="receipt" aria-label={t('payment.receipt.title')}>
      <div className="receipt-head">
        <h3>{t('payment.receipt.title')}</h3>
        <span className={receipt.paid ? 'receipt-state paid' : 'receipt-state pending'}>
          {receipt.paid ? t('payment.receipt.successful') : t('payment.receipt.pending')}
        </span>
      </div>
      <dl className="facts">
        <div>
          <dt>{t('payment.receipt.club')}</dt>
          <dd>{receipt.allClubs ? t('payment.allClubs') : receipt.clubName}</dd>
        </div>
        <div>
          <dt>{t('payment.receipt.membership')}</dt>
          <dd>{receipt.membershipName}</dd>
        </div>
        <div>
          <dt>{t('payment.receipt.duration')}</dt>
          <dd>{receipt.duration}</dd>
        </div>
        <div>
          <dt>{t('payment.receipt.period')}</dt>
          <dd>
            {receipt.startDate} – {receipt.endDate}
          </dd>
        </div>
        <div>
          <dt>{t('payment.receipt.paymentDate')}</dt>
          <dd>{receipt.paymentDate ?? t('payment.receipt.notPaidYet')}</dd>
        </div>
        <div>
          <dt>{t('payment.receipt.method')}</dt>
          <dd>{t(methodKey(receipt.method))}</dd>
        </div>
        <div>
          <dt>{t('payment.receipt.transactionId')}</dt>
          <dd className="mono">{receipt.transactionId}</dd>
        </div>
        <div>
          <dt>{t('payment.receipt.membershipFee')}</dt>
          <dd>{receipt.membershipFee}</dd>
        </div>
        <div>
          <dt>{t('payment.receipt.startupFee')}</dt>
          <dd>{receipt.startupFee}</dd>
        </div>
        {receipt.planDiscount ? (
          <div>
            <dt>{t('payment.receipt.planDiscount')}</dt>
            <dd>{receipt.planDiscount}</dd>
          </div>
        ) : null}
        {receipt.promoDiscount ? (
          <div>
            <dt>{t('payment.receipt.promoDiscount')}</dt>
            <dd>{receipt.promoDiscount}</dd>
          </div>
        ) : null}
        {receipt.referral ? (
          <div>
            <dt>{t('payment.receipt.referral')}</dt>
            <dd>{t('payment.receipt.referralText', { code: receipt.referral.code, days: receipt.referral.days })}</dd>
          </div>
        ) : null}
        <div className="receipt-total">
          <dt>{t('payment.receipt.total')}</dt>
          <dd>{receipt.total}</dd>
        </div>
      </dl>
    </section>
  );
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
      <span className="contract-club">{contract.allClubs ? t('payment.allClubs') : contract.clubName}</span>
      <span className="contract-dates small muted">
        {contract.startDate} – {contract.endDate} · {contract.duration}
      </span>
      <span className="contract-total">{contract.isGift ? t('payment.giftTotal') : contract.total}</span>
      {contract.unbooked.map((u, i) => (
        <span key={i} className="contract-unbooked small">
          {t('payment.unbooked.short', { amount: u.amount })}
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
        {t('payment.unbooked.title')}
      </h2>
      {contract.unbooked.map((u, i) => (
        <div key={i} className="unbooked-item">
          <p>
            <strong>{t('payment.unbooked.received', { amount: u.amount, time: u.receivedAt })}</strong>
          </p>
          <p>{t(`payment.unbooked.${u.why}`, { due: contract.total })}</p>
          <p>{u.reviewed ? t('payment.unbooked.reviewed') : t('payment.unbooked.next')}</p>
        </div>
      ))}
      <a href={contract.hotlineHref} className="button button-secondary button-block">
        {t('payment.unbooked.call', { hotline: contract.hotline })}
      </a>
    </section>
  );
}

/** Clicked text goes to the clipboard; old browsers and plain http get the selection fallback. */
async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.append(area);
    area.select();
    const done = document.execCommand('copy');
    area.remove();
    return done;
  }
}

/** A value to type into a banking app: selectable text, and a copy button once JavaScript runs. */
export function CopyRow({ label, value, copy, mono }: { label: string; value: string; copy?: string; mono?: boolean }) {
  const { t } = useT();
  const ready = useHydrated();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <div className="copy-row">
      <dt>{label}</dt>
      <dd>
        <span className={mono ? 'copy-value mono' : 'copy-value'}>{value}</span>
        {ready ? (
          <button
            type="button"
            className="copy-button"
            aria-label={`${t('payment.copy')} ${label}`}
            onClick={() => void copyText(copy ?? value).then(setCopied)}
          >
            {copied ? t('payment.copied') : t('payment.copy')}
          </button>
        ) : null}
      </dd>
    </div>
  );
}

function remaining(expiresAt: string, now: number) {
  const seconds = Math.max(0, Math.floor((Date.parse(expiresAt) - now) / 1000));
  return { seconds, text: `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}` };
}

/** Minutes and seconds left with JavaScript; the expiry time without it (and in the first paint). */
export function Countdown({ expiresAt, expiresAtText, onExpire }: { expiresAt: string; expiresAtText: string; onExpire: () => void }) {
  const { t } = useT();
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  const expired = useRef(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = hydrated ? remaining(expiresAt, now) : null;
  useEffect(() => {
    if (left?.seconds === 0 && !expired.current) {
      expired.current = true;
      onExpire();
    }
  }, [left?.seconds, onExpire]);
  return (
    <p className="countdown">
      {left === null ? (
        t('payment.qr.expiresAt', { time: expiresAtText })
      ) : (
        <>
          {t('payment.qr.timeLeft')} <strong role="timer" className="countdown-time">{left.text}</strong>
        </>
      )}
    </p>
  );
}

const POLL_MS = 3000;

/**
 * Moves on by itself when the money lands: with JavaScript it asks a small status route every 3 s
 * and opens the result page on success (or reloads the page when the attempt ended); without
 * JavaScript the page refreshes itself every 5 s and the loader redirects once it is paid.
 */
export function LiveStatus({ contractId, label, refresh = true }: { contractId: number; label: string; refresh?: boolean }) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  usePoll<{ state: 'paid' | 'pending' | 'over' | 'held' }>(`/membership/payment/${contractId}/status`, POLL_MS, ({ state }) => {
    if (state === 'paid') {
      void navigate(`/membership/payment/result/${contractId}`, { replace: true });
      return true;
    }
    if (state === 'over' || state === 'held') {
      void revalidator.revalidate();
      return true;
    }
    return false;
  });
  return (
    <>
      {refresh ? (
        <noscript>
          <meta httpEquiv="refresh" content="5" />
        </noscript>
      ) : null}
      <p className="live-status" role="status">
        <span className="pulse" aria-hidden="true" />
        {label}
      </p>
    </>
  );
}

/** One fee paid (or waiting): what for, how, when, how much. */
export function TransactionRow({ tx, link }: { tx: TransactionView; link?: boolean }) {
  const { t } = useT();
  const body = (
    <>
      <span className="transaction-main">
        <span className="transaction-type">{t(`history.type.${tx.type}`)}</span>
        <span className="small muted">
          {tx.planName} · {tx.clubName}
        </span>
        <span className="small muted">
          {tx.date} · {t(methodKey(tx.method))}
        </span>
      </span>
      <span className="transaction-side">
        <span className="transaction-amount">{tx.amount}</span>
        <span className={`tx-status tx-${tx.badge.toLowerCase()}`}>{t(`history.txStatus.${tx.badge}`)}</span>
      </span>
    </>
  );
  return link ? (
    <Link to={`/history/membership/${tx.contractId}`} className="transaction-row">
      {body}
    </Link>
  ) : (
    <div className="transaction-row">{body}</div>
  );
}
