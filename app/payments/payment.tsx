import { useCallback, type ReactNode } from 'react';
import { Form, Link, data, redirect, useNavigation, useRevalidator } from 'react-router';
import { formatDateTimeSeconds } from '#contract/format.ts';
import { contractDetailSchema, createContractResultSchema, paymentSchema } from '#contract/membership.ts';
import { CopyRow, Countdown, LiveStatus, UnbookedNotice, methodKey } from './payment-ui.tsx';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { contractView, idParam, isPaid, loadCards, notFoundAs404, anything, parseMethodChoice, paymentView, qrSvg, type CardView } from './payment.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import type { Route } from './+types/payment';
import type { ShellHandle } from '#app/shell/layout.main.tsx';
import { readForm } from '#app/server/form.server.ts';
import { webConfig } from '#app/server/config.server.ts';
import { bankAppLinks } from './bank-deeplinks.ts';

export const handle: ShellHandle = { strings: ['history', 'payments'], back: { to: '/membership', label: 'nav.membership' } };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'payment.title');

export async function loader(args: Route.LoaderArgs) {
  const id = idParam(args.params.contractId);
  const lang = getLang(args.context);
  const call = gatewayClient(args);
  const detail = (await call(`/api/v1/member/contract/${id}/detail`, contractDetailSchema).catch(notFoundAs404)).data;
  if (isPaid(detail.status)) throw redirect(`/membership/payment/result/${id}`);
  // The open attempt comes with the detail; after it ended, the latest one says how (expired, declined).
  const payment = detail.payment ?? (await call(`/api/v1/member/contract/${id}/payment`, paymentSchema.nullable())).data;
  const view = payment ? paymentView(payment, lang) : null;
  const waiting = detail.status === 'WAITFORPAYMENT';
  // "I have transferred" asks again (the loader just did): say what was seen, and when.
  const checked = new URL(args.request.url).searchParams.has('checked');
  return {
    unfolded: unfoldedPart(args.request),
    checkedAt: checked ? formatDateTimeSeconds(new Date()).slice(-8) : null,
    contract: contractView(detail, lang),
    payment: view,
    qrSvg: view?.open && payment?.qr ? await qrSvg(payment.qr.payload) : null,
    // Paying from this phone: its banking apps, opened with the transfer filled in (issue 10 §5).
    bankApps:
      view?.open && payment?.qr
        ? bankAppLinks({
            accountNumber: payment.qr.accountNumber,
            bankCode: payment.qr.bankCode,
            accountName: payment.qr.accountName,
            amount: payment.amount,
            memo: payment.qr.memo,
            returnUrl: `${webConfig.publicUrl}/membership/payment/${id}`,
          })
        : [],
    waiting,
    cards: waiting ? await loadCards(args) : [],
  };
}

/**
 * Without JavaScript the page reloads itself every 5 s to notice the payment, which would fold a
 * <details> the member just opened. So there, "pay another way" and "cancel" are links to the page
 * with that part unfolded (?open=another|cancel), and that page does not reload itself.
 */
type UnfoldedPart = 'another' | 'cancel' | null;
function unfoldedPart(request: Request): UnfoldedPart {
  const open = new URL(request.url).searchParams.get('open');
  return open === 'another' || open === 'cancel' ? open : null;
}

export async function action(args: Route.ActionArgs) {
  const id = idParam(args.params.contractId);
  const session = getSession(args.context);
  const t = getT(args.context);
  const form = await readForm(args.request);
  const call = gatewayClient(args);
  const self = `/membership/payment/${id}`;
  try {
    if (form.get('intent') === 'cancel') {
      await call(`/api/v1/member/contract/${id}/cancel`, anything, { method: 'PUT' });
      flashToast(session, { kind: 'success', text: t('payment.cancelled') });
      return redirect('/membership');
    }
    const body = parseMethodChoice(form.get('method'));
    if (!body) return { error: t('payment.chooseMethod') };
    await call(`/api/v1/member/contract/${id}/payment`, createContractResultSchema, { json: body });
    return redirect(self);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    flashToast(session, { kind: 'error', text: error.text });
    return redirect(self);
  }
}

export default function PaymentStep({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { contract, payment, waiting, cards, unfolded } = loaderData;
  const refresh = unfolded === null;
  const revalidator = useRevalidator();
  const onExpire = useCallback(() => void revalidator.revalidate(), [revalidator]);
  // Money arrived and waits for the club: no way to pay again until staff have looked at it.
  const held = contract.unbooked.some((u) => !u.reviewed);
  const open = waiting && payment?.open && !held;

  return (
    <main className="page payment-page">
      <h1>{t('payment.title')}</h1>
      <div className="payment-summary">
        <span className="contract-plan">{contract.planName}</span>
        <span className="small muted">
          {contract.allClubs ? t('payment.allClubs') : contract.clubName} · {contract.duration}
        </span>
        <span className="small muted">{t('payment.period', { from: contract.startDate, to: contract.endDate })}</span>
        <span className="payment-amount">{contract.total}</span>
      </div>
      <UnbookedNotice contract={contract} />

      {open && payment.method === 1 && payment.qr ? (
        <section className="pay-block" aria-labelledby="qr-title">
          <h2 id="qr-title" className="section-title">
            {t('payment.qr.title')}
          </h2>
          <LiveStatus contractId={contract.id} label={t('payment.qr.waiting')} refresh={refresh} />
          {loaderData.qrSvg ? (
            <div className="qr-box" role="img" aria-label={t('payment.qr.imageLabel', { amount: payment.amount, bank: payment.qr.bankShortName })}>
              <div className="qr-svg" dangerouslySetInnerHTML={{ __html: loaderData.qrSvg }} />
              <span className="qr-bank">{payment.qr.bankShortName}</span>
            </div>
          ) : null}
          <p className="small muted center">{t('payment.qr.scanHint')}</p>
          <div className="qr-on-this-phone">
            <a href={`/membership/payment/${contract.id}/qr.png`} download={`vietfit-qr-${contract.id}.png`} className="button button-secondary button-block">
              {t('payment.qr.save')}
            </a>
            <p className="small muted">{t('payment.qr.saveHint')}</p>
            {loaderData.bankApps.length ? (
              <>
                <h3 className="label">{t('payment.qr.openApp')}</h3>
                <ul className="bank-apps">
                  {loaderData.bankApps.map((app) => (
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
            <CopyRow label={t('payment.qr.bank')} value={`${payment.qr.bankShortName} — ${payment.qr.bankName}`} copy={payment.qr.bankShortName} />
            <CopyRow label={t('payment.qr.accountNumber')} value={payment.qr.accountNumber} mono />
            <CopyRow label={t('payment.qr.accountName')} value={payment.qr.accountName} />
            <CopyRow label={t('payment.qr.amount')} value={payment.amount} copy={payment.amountDigits} />
            <CopyRow label={t('payment.qr.memo')} value={payment.qr.memo} mono />
          </dl>
          <p className="notice small">{t('payment.qr.memoWarning')}</p>
          <Link to="?checked#checked" className="button button-primary button-block" preventScrollReset>
            {t('payment.qr.transferred')}
          </Link>
          {loaderData.checkedAt ? (
            <div id="checked" className="notice" role="status">
              <p>
                <strong>{t('payment.qr.checkedNothing', { time: loaderData.checkedAt })}</strong>
              </p>
              <p>{t('payment.qr.checkedWait')}</p>
              <p>
                {t('payment.qr.checkedCall')}{' '}
                <a href={contract.hotlineHref} className="tel-link">
                  {contract.hotline}
                </a>
              </p>
            </div>
          ) : null}
        </section>
      ) : null}

      {open && payment.method === 2 ? (
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
          <LiveStatus contractId={contract.id} label={t('payment.card.waiting')} refresh={refresh} />
          {payment.expiresAtText ? <p className="small muted">{t('payment.qr.expiresAt', { time: payment.expiresAtText })}</p> : null}
        </section>
      ) : null}

      {open && payment.method === 3 && payment.counter ? (
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
          <LiveStatus contractId={contract.id} label={t('payment.cash.waiting')} refresh={refresh} />
        </section>
      ) : null}

      {held ? null : !waiting ? (
        <div className="notice notice-error" role="alert">
          <p>{t('payment.failed.closed')}</p>
          <Link to={`/membership/${contract.clubId}`} className="button button-primary button-block">
            {t('payment.failed.startAgain')}
          </Link>
        </div>
      ) : !open ? (
        <div className="notice notice-error" role="alert">
          <p>
            {payment?.status === 'FAIL'
              ? (payment.failMessage ?? t('payment.failed.generic'))
              : payment
                ? t('payment.failed.expired')
                : t('payment.failed.none')}
          </p>
          <p className="small">{t('payment.failed.chooseAnother')}</p>
        </div>
      ) : null}

      {waiting && !held ? (
        <PayAnotherWay
          // A new attempt is a new chooser: folded again after a switch.
          key={payment?.id ?? 0}
          open={!open}
          unfolded={unfolded === 'another'}
          cards={cards}
          error={actionData?.error}
          tried={open ? null : (payment?.method ?? null)}
        />
      ) : null}

      {waiting && !held ? (
        <FoldedWithoutJs part="cancel" unfolded={unfolded === 'cancel'} label={t('payment.cancel.open')}>
          <p>{t('payment.cancel.question')}</p>
          <Form method="post">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button button-secondary button-block danger-text">
              {t('payment.cancel.confirm')}
            </button>
          </Form>
        </FoldedWithoutJs>
      ) : null}
    </main>
  );
}

/** Another method for the same contract: open when the last attempt ended, folded while one runs. */
function PayAnotherWay({
  open,
  unfolded,
  cards,
  error,
  tried,
}: {
  open: boolean;
  unfolded: boolean;
  cards: CardView[];
  error?: string;
  /** The method of the attempt that just ended: chosen already, to try again in one tap. */
  tried: number | null;
}) {
  const { t } = useT();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const choices = [
    { value: '1', label: t(methodKey(1)) },
    ...cards.map((c) => ({ value: `card-${c.id}`, label: t('payment.savedCard', { bank: c.bankName, last4: c.last4 }) })),
    { value: '2', label: cards.length ? t('payment.newCard') : t(methodKey(2)) },
    { value: '3', label: t(methodKey(3)) },
  ];
  const form = (
    <Form method="post" className="stack method-form">
      <fieldset className="field">
        <legend className={open ? 'visually-hidden' : 'label'}>{t('payment.methodLegend')}</legend>
        {choices.map((c) => (
          <label key={c.value} className="check method-choice">
            <input type="radio" name="method" value={c.value} required defaultChecked={open && c.value === String(tried ?? 1)} />
            <span>{c.label}</span>
          </label>
        ))}
      </fieldset>
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

/**
 * A folded part of the payment page. With JavaScript, a <details> (no reload ever folds it again);
 * without, a link to the page with the part unfolded (see unfoldedPart).
 */
function FoldedWithoutJs({ part, unfolded, label, children }: { part: Exclude<UnfoldedPart, null>; unfolded: boolean; label: string; children: ReactNode }) {
  return (
    <>
      {unfolded ? null : (
        <noscript>
          <a href={`?open=${part}#${part}`} className="button button-link confirm-box-link">
            {label}
          </a>
        </noscript>
      )}
      <details id={part} className={unfolded ? 'confirm-box' : 'confirm-box js-only'} open={unfolded || undefined}>
        <summary className="button button-link">{label}</summary>
        {children}
      </details>
    </>
  );
}
