import { useEffect, useRef, useState } from 'react';
import { usePoll } from '#app/ui/poll.ts';
import { Form, Link, useNavigate, useNavigation, useRevalidator } from 'react-router';
import { useHydrated } from '#app/ui/hooks.ts';
import { useT } from '#app/i18n.ts';
import { FoldedWithoutJs } from '#app/ui/folded.tsx';
import { MethodChoices } from '#app/payments/method-choices.tsx';
import type { CardView, PaymentView } from '#app/payments/payment.server.ts';

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
  return {
    seconds,
    text: `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`,
  };
}

/** Minutes and seconds left with JavaScript; the expiry time without it (and in the first paint). */
export function Countdown({
  expiresAt,
  expiresAtText,
  onExpire,
}: {
  expiresAt: string;
  expiresAtText: string;
  onExpire: () => void;
}) {
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
          {t('payment.qr.timeLeft')}{' '}
          <strong role="timer" className="countdown-time">
            {left.text}
          </strong>
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
export function LiveStatus({
  statusUrl,
  paidUrl,
  label,
  refresh = true,
}: {
  statusUrl: string;
  paidUrl: string;
  label: string;
  refresh?: boolean;
}) {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  usePoll<{ state: 'paid' | 'pending' | 'over' | 'held' }>(statusUrl, POLL_MS, ({ state }) => {
    if (state === 'paid') {
      void navigate(paidUrl, { replace: true });
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

/** Where a payment page's parts live: the status it polls, where it goes once paid, the QR as a PNG. */
export type PaymentPaths = { status: string; paid: string; qrImage: string };
type BankApp = { appId: string; name: string; href: string; autofill: boolean };

/**
 * The open attempt, by method: the bank QR (with this phone's banking apps and the transfer facts to
 * copy), the card page link, or the counter to pay cash at; each polls its status. One component
 * for every payable thing (a membership, a freeze): what differs is in `paths`.
 */
export function PayBlocks({
  payment,
  qrSvg,
  bankApps,
  hotline,
  paths,
  downloadName,
  refresh,
  checkedAt,
  onExpire,
}: {
  payment: PaymentView;
  qrSvg: string | null;
  bankApps: BankApp[];
  hotline: { text: string; href: string };
  paths: PaymentPaths;
  downloadName: string;
  refresh: boolean;
  checkedAt: string | null;
  onExpire: () => void;
}) {
  const { t } = useT();
  return (
    <>
      {payment.method === 1 && payment.qr ? (
        <section className="pay-block" aria-labelledby="qr-title">
          <h2 id="qr-title" className="section-title">
            {t('payment.qr.title')}
          </h2>
          <LiveStatus statusUrl={paths.status} paidUrl={paths.paid} label={t('payment.qr.waiting')} refresh={refresh} />
          {qrSvg ? (
            <div
              className="qr-box"
              role="img"
              aria-label={t('payment.qr.imageLabel', { amount: payment.amount, bank: payment.qr.bankShortName })}
            >
              <div className="qr-svg" dangerouslySetInnerHTML={{ __html: qrSvg }} />
              <span className="qr-bank">{payment.qr.bankShortName}</span>
            </div>
          ) : null}
          <p className="small muted center">{t('payment.qr.scanHint')}</p>
          <div className="qr-on-this-phone">
            <a href={paths.qrImage} download={downloadName} className="button button-secondary button-block">
              {t('payment.qr.save')}
            </a>
            <p className="small muted">{t('payment.qr.saveHint')}</p>
            {bankApps.length ? (
              <>
                <h3 className="label">{t('payment.qr.openApp')}</h3>
                <ul className="bank-apps">
                  {bankApps.map((app) => (
                    <li key={app.appId}>
                      <a href={app.href} className="bank-app" rel="noreferrer">
                        {app.name}
                        {app.autofill ? <span className="small muted">{t('payment.qr.autofill')}</span> : null}
                      </a>
                    </li>
                  ))}
                </ul>
                <p className="small muted">{t('payment.qr.openAppHint')}</p>
              </>
            ) : null}
          </div>
          {payment.expiresAt && payment.expiresAtText ? (
            <Countdown expiresAt={payment.expiresAt} expiresAtText={payment.expiresAtText} onExpire={onExpire} />
          ) : null}
          <dl className="facts copy-facts">
            <CopyRow
              label={t('payment.qr.bank')}
              value={`${payment.qr.bankShortName} — ${payment.qr.bankName}`}
              copy={payment.qr.bankShortName}
            />
            <CopyRow label={t('payment.qr.accountNumber')} value={payment.qr.accountNumber} mono />
            <CopyRow label={t('payment.qr.accountName')} value={payment.qr.accountName} />
            <CopyRow label={t('payment.qr.amount')} value={payment.amount} copy={payment.amountDigits} />
            <CopyRow label={t('payment.qr.memo')} value={payment.qr.memo} mono />
          </dl>
          <p className="notice small">{t('payment.qr.memoWarning')}</p>
          <Link to="?checked#checked" className="button button-primary button-block" preventScrollReset>
            {t('payment.qr.transferred')}
          </Link>
          {checkedAt ? (
            <div id="checked" className="notice" role="status">
              <p>
                <strong>{t('payment.qr.checkedNothing', { time: checkedAt })}</strong>
              </p>
              <p>{t('payment.qr.checkedWait')}</p>
              <p>
                {t('payment.qr.checkedCall')}{' '}
                <a href={hotline.href} className="tel-link">
                  {hotline.text}
                </a>
              </p>
            </div>
          ) : null}
        </section>
      ) : null}

      {payment.method === 2 ? (
        <section className="pay-block" aria-labelledby="card-title">
          <h2 id="card-title" className="section-title">
            {t('payment.card.title')}
          </h2>
          <p>{t('payment.card.lead')}</p>
          {payment.payUrl ? (
            <a href={payment.payUrl} className="button button-primary button-block" rel="noreferrer">
              {t('payment.card.go', { amount: payment.amount })}
            </a>
          ) : null}
          <LiveStatus
            statusUrl={paths.status}
            paidUrl={paths.paid}
            label={t('payment.card.notYet')}
            refresh={refresh}
          />
          {payment.expiresAtText ? (
            <p className="small muted">{t('payment.qr.expiresAt', { time: payment.expiresAtText })}</p>
          ) : null}
        </section>
      ) : null}

      {payment.method === 3 && payment.counter ? (
        <section className="pay-block" aria-labelledby="cash-title">
          <h2 id="cash-title" className="section-title">
            {t('payment.cash.title')}
          </h2>
          <p>{t('payment.cash.lead')}</p>
          <dl className="facts">
            <div>
              <dt>{t('payment.cash.club')}</dt>
              <dd>{payment.counter.clubName}</dd>
            </div>
            <div>
              <dt>{t('payment.cash.address')}</dt>
              <dd>{payment.counter.address}</dd>
            </div>
            <div>
              <dt>{t('payment.cash.hotline')}</dt>
              <dd>
                <a href={payment.counter.hotlineHref} className="tel-link">
                  {payment.counter.hotline}
                </a>
              </dd>
            </div>
            <div>
              <dt>{t('payment.qr.amount')}</dt>
              <dd>{payment.amount}</dd>
            </div>
          </dl>
          {payment.counter.reference ? (
            <div className="counter-code">
              <span className="small muted">{t('payment.cash.showCode')}</span>
              <strong className="mono">{payment.counter.reference}</strong>
            </div>
          ) : null}
          <LiveStatus
            statusUrl={paths.status}
            paidUrl={paths.paid}
            label={t('payment.cash.waiting')}
            refresh={refresh}
          />
        </section>
      ) : null}
    </>
  );
}

/** Why the last payment attempt is over (refused, expired), and that another method may be tried; none yet is no error (issue 38 §12). */
export function AttemptEndedNotice({ payment }: { payment: Pick<PaymentView, 'status' | 'failMessage'> | null }) {
  const { t } = useT();
  if (!payment) return <p className="lead">{t('payment.failed.none')}</p>;
  return (
    <div className="notice notice-error" role="alert">
      <p>
        {payment.status === 'FAIL' ? (payment.failMessage ?? t('payment.failed.generic')) : t('payment.failed.expired')}
      </p>
      <p className="small">{t('payment.failed.chooseAnother')}</p>
    </div>
  );
}

/** Withdrawing an unpaid request: folded, a question, one confirming button posting intent=cancel. */
export function CancelFold({
  unfolded,
  label,
  question,
  confirm,
}: {
  unfolded: boolean;
  label: string;
  question?: string;
  confirm: string;
}) {
  return (
    <FoldedWithoutJs part="cancel" unfolded={unfolded} label={label}>
      {question ? <p>{question}</p> : null}
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="button button-secondary button-block danger-text">
          {confirm}
        </button>
      </Form>
    </FoldedWithoutJs>
  );
}

/** Another method for the same contract: open when the last attempt ended, folded while one runs. */
export function PayAnotherWay({
  open,
  unfolded,
  cards,
  error,
  tried,
  intent,
  savedCardOnly = false,
}: {
  open: boolean;
  unfolded: boolean;
  cards: CardView[];
  /** A monthly subscription's first month: only a saved card, or adding one (issue 38 §2). */
  savedCardOnly?: boolean;
  error?: string;
  /** The method of the attempt that just ended: chosen already, to try again in one tap. */
  tried: number | null;
  /** The page's action intent for "pay", where the page has several. */
  intent?: string;
}) {
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const form =
    savedCardOnly && cards.length === 0 ? (
      <div className="stack">
        <p>{t('payment.savedCardOnly.none')}</p>
        <Link to="/account/information/payment-method" className="button button-secondary button-block">
          {t('payment.savedCardOnly.add')}
        </Link>
      </div>
    ) : (
      <Form method="post" className="stack method-form">
        {savedCardOnly ? <p className="small muted">{t('payment.savedCardOnly.why')}</p> : null}
        {intent ? <input type="hidden" name="intent" value={intent} /> : null}
        <MethodChoices
          cards={cards}
          legendHidden={open}
          checked={
            open
              ? savedCardOnly
                ? `card-${String((cards.find((c) => c.isDefault) ?? cards[0]).id)}`
                : String(tried ?? 1)
              : null
          }
          savedCardOnly={savedCardOnly}
        />
        {error ? <p className="form-error">{error}</p> : null}
        <button type="submit" className="button button-primary button-block" disabled={busy}>
          {t('payment.payWithThis')}
        </button>
      </Form>
    );
  if (open) {
    return (
      <section aria-labelledby="another-title">
        <h2 id="another-title" className="section-title">
          {t('payment.chooseAnother')}
        </h2>
        {form}
      </section>
    );
  }
  return (
    <FoldedWithoutJs part="another" unfolded={unfolded} label={t('payment.payAnotherWay')}>
      {form}
    </FoldedWithoutJs>
  );
}
