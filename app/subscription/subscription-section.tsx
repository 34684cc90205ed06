import { Form, Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import type { SubscriptionView } from './subscription.server.ts';

// The monthly subscription on /home/your-plan (issue 12 §2, ADR 038): the month, the next payment,
// the card, the upgrade on offer, and cancelling with the 4-day rule said before the confirm
// (a fold that opens without JavaScript).

function CancelFold({ sub }: { sub: SubscriptionView }) {
  const { t } = useT();
  const cancel = sub.cancel;
  if (!cancel) return null;
  const effect = cancel.pastDue
    ? t('subscription.cancelPastDue', { date: cancel.endsOn })
    : cancel.beforeDeadline
      ? t('subscription.cancelNow', { date: cancel.endsOn })
      : t('subscription.cancelLate', { date: cancel.endsOn, deadline: cancel.deadline });
  return (
    <details className="subscription-cancel">
      <summary className="link">{t('subscription.cancelTitle')}</summary>
      <p className="small">{t('subscription.cancelRule', { deadline: cancel.deadline })}</p>
      <p className="subscription-effect" data-testid="cancel-effect">
        {effect}
      </p>
      <Form method="post">
        <input type="hidden" name="subscriptionId" value={sub.id} />
        <button
          type="submit"
          name="intent"
          value="cancel-subscription"
          className="button button-secondary button-block"
        >
          {t('subscription.cancelConfirm')}
        </button>
      </Form>
    </details>
  );
}

/** No live subscription: why, and the plans to start one. */
export function SubscribeAgain({ text }: { text: string }) {
  const { t } = useT();
  return (
    <div className="notice">
      <p>{text}</p>
      <p>
        <Link to="/membership" className="link">
          {t('subscription.subscribeAgain')}
        </Link>
      </p>
    </div>
  );
}

/** The subscription's card and how it is charged. */
export function CardLine({ sub }: { sub: SubscriptionView }) {
  const { t } = useT();
  return (
    <>
      <p className="mono">{sub.card ? `${sub.card.bank} ${sub.card.number}` : t('subscription.noCard')}</p>
      {sub.autoCharge === null ? null : (
        <p className="small muted">{sub.autoCharge ? t('subscription.autoCharge') : t('subscription.payByLink')}</p>
      )}
    </>
  );
}

export function SubscriptionSection({ sub }: { sub: SubscriptionView }) {
  const { t } = useT();
  const live = sub.status === 'ACTIVE' || sub.status === 'PAST_DUE' || sub.status === 'CANCELLING';
  return (
    <section className="subscription-card" aria-labelledby="subscription-title" data-testid="subscription">
      <div className="subscription-head">
        <h2 id="subscription-title">{t('subscription.title')}</h2>
        <span className={`status-badge subscription-status-${sub.status.toLowerCase()}`}>
          {t(`subscription.status.${sub.status}`)}
        </span>
      </div>
      <p className="subscription-plan">
        {sub.plan.name} · {sub.plan.price}
      </p>
      <p className="small muted">{sub.club}</p>
      <p className="small">{t('subscription.period', { start: sub.periodStart, end: sub.periodEnd })}</p>
      {sub.nextBilling ? (
        <p className="subscription-next" data-testid="next-billing">
          {t('subscription.nextBilling', sub.nextBilling)}
        </p>
      ) : null}
      {sub.endsOn && sub.status !== 'LAPSED' ? (
        <p className="subscription-next">{t('subscription.endsOn', { date: sub.endsOn })}</p>
      ) : null}
      {sub.status === 'LAPSED' ? <SubscribeAgain text={t('subscription.lapsed')} /> : null}
      {sub.renewal ? (
        <div className="notice notice-money" data-testid="renewal-due">
          <p>
            {t('subscription.renewalDue', {
              start: sub.renewal.start,
              end: sub.renewal.end,
              amount: sub.renewal.amount,
            })}
          </p>
          {sub.renewal.lastCode ? (
            <p className="small">{t('subscription.renewalDeclined', { code: sub.renewal.lastCode })}</p>
          ) : null}
          {sub.renewal.retryOn ? (
            <p className="small">{t('subscription.renewalRetry', { date: sub.renewal.retryOn })}</p>
          ) : null}
          <p className="small">{t('subscription.renewalGrace', { date: sub.renewal.graceEnds })}</p>
          <Link to={`/membership/payment/${sub.renewal.contractId}`} className="button button-primary button-block">
            {t('subscription.payNow')}
          </Link>
        </div>
      ) : null}
      {sub.pendingUpgrade ? (
        <p className="subscription-upgrade-pending" data-testid="pending-upgrade">
          {t('subscription.pendingUpgrade', {
            date: sub.pendingUpgrade.from,
            plan: sub.pendingUpgrade.name,
            price: sub.pendingUpgrade.price,
          })}
        </p>
      ) : null}
      {live ? (
        <div className="subscription-row">
          <div>
            <p className="small muted">{t('subscription.card')}</p>
            <CardLine sub={sub} />
          </div>
          <p>
            <Link to="/account/information/payment-method/subscription-card" className="link">
              {t('subscription.changeCard')}
            </Link>
          </p>
        </div>
      ) : null}
      {sub.upgrade ? (
        <div className="subscription-upgrade">
          <p className="subscription-upgrade-title">{t('subscription.upgradeTitle', { plan: sub.upgrade.name })}</p>
          <p className="small">
            {t('subscription.upgradeText', {
              date: sub.upgrade.from,
              price: sub.upgrade.price,
              difference: sub.upgrade.difference,
            })}
          </p>
          <Link to="/membership/subscription/verify-upgrade" className="button button-secondary button-block">
            {t('subscription.upgradeLink')}
          </Link>
        </div>
      ) : null}
      <CancelFold sub={sub} />
    </section>
  );
}
