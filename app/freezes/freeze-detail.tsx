import { Form, Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import { FoldedWithoutJs } from '#app/ui/folded.tsx';
import { methodKey } from '#app/payments/method.ts';
import { unfoldedPart } from '#app/payments/payment.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { freezeAction, loadFreezeDetail } from './freeze.server.ts';
import { freezeDetailRead } from './freeze.read.server.ts';
import type { Route } from './+types/freeze-detail';

// §2 /history/freeze/{freezeContractId}: what was frozen, when, the timeline, the fee's receipt, and
// ending it early ("cancel freeze", 1043) with what that gives back said before the member confirms.

export const handle: ShellHandle = {
  strings: ['contracts', 'freeze', 'home', 'receipts'],
  back: { to: '/history', label: 'nav.history' },
};

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [freezeDetailRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'freeze.historyTitle');

export async function loader(args: Route.LoaderArgs) {
  return { ...(await loadFreezeDetail(args)), unfolded: unfoldedPart(args.request) };
}

export const action = (args: Route.ActionArgs) => freezeAction(args);

export default function FreezeDetailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { freeze, timeline, receipt, unfreeze, unfolded } = loaderData;
  return (
    <main className="page freeze-page">
      <h1>{t('freeze.historyTitle')}</h1>
      <div className="contract-card">
        <span className="contract-card-top">
          <span className="contract-plan">{freeze.planName}</span>
          <span className={`status-badge freeze-status-${freeze.badge.toLowerCase()}`}>
            {t(`freeze.status.${freeze.badge}`)}
          </span>
        </span>
        <span className="contract-club">{freeze.clubName}</span>
        <span className="contract-dates small muted">
          {freeze.from} – {freeze.to} · {t('freeze.days', { count: freeze.days })}
        </span>
        <span className="contract-total">{freeze.price}</span>
      </div>
      {freeze.status === 'WAITFORPAYMENT' ? (
        <Link
          to={`/membership/freeze/payment/result/${freeze.id}`}
          className="button button-primary button-block spaced"
        >
          {t('homeCard.completePayment')}
        </Link>
      ) : null}
      <dl className="facts">
        <div>
          <dt>{t('freeze.frozenDays')}</dt>
          <dd>{freeze.frozenDays}</dd>
        </div>
        <div>
          <dt>{t('freeze.endsNow')}</dt>
          <dd>{loaderData.membershipEnd}</dd>
        </div>
      </dl>

      {unfreeze ? (
        <FoldedWithoutJs part="unfreeze" unfolded={unfolded === 'unfreeze'} label={t('freeze.unfreezeTitle')}>
          <p>{t('freeze.unfreezeQuestion', { days: unfreeze.days, end: unfreeze.newEnd })}</p>
          {actionData?.error ? (
            <p className="form-error" role="alert">
              {actionData.error}
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="unfreeze" />
            <button type="submit" className="button button-primary button-block">
              {t('freeze.unfreezeConfirm')}
            </button>
          </Form>
        </FoldedWithoutJs>
      ) : null}

      <section aria-labelledby="freeze-timeline-title">
        <h2 id="freeze-timeline-title" className="section-title">
          {t('freeze.timelineTitle')}
        </h2>
        <ol className="timeline">
          {timeline.map((e, i) => (
            <li key={i} className="timeline-item">
              <span className="timeline-dot" aria-hidden="true" />
              <span className="timeline-text">{t(`freeze.timeline.${e.kind}`)}</span>
              <time className="small muted">{e.at}</time>
            </li>
          ))}
        </ol>
      </section>

      {receipt ? (
        <section className="receipt" aria-label={t('freeze.receiptTitle')}>
          <div className="receipt-head">
            <h3>{t('freeze.receiptTitle')}</h3>
            <span className="receipt-state paid">{t('receipt.successful')}</span>
          </div>
          <dl className="facts">
            <div>
              <dt>{t('receipt.membership')}</dt>
              <dd>{freeze.planName}</dd>
            </div>
            <div>
              <dt>{t('receipt.club')}</dt>
              <dd>{freeze.clubName}</dd>
            </div>
            <div>
              <dt>{t('freeze.frozenFrom')}</dt>
              <dd>{t('freeze.days', { count: freeze.days })}</dd>
            </div>
            <div>
              <dt>{t('freeze.receiptPaidAt')}</dt>
              <dd>{receipt.paidAt}</dd>
            </div>
            <div>
              <dt>{t('freeze.receiptMethod')}</dt>
              <dd>{t(methodKey(receipt.method))}</dd>
            </div>
            <div>
              <dt>{t('freeze.receiptId')}</dt>
              <dd className="mono">{receipt.transactionId}</dd>
            </div>
            <div className="receipt-total">
              <dt>{t('freeze.receiptTotal')}</dt>
              <dd>{receipt.total}</dd>
            </div>
          </dl>
        </section>
      ) : null}
      <Link to={`/history/membership/${freeze.contractId}`} className="button button-link">
        {t('freeze.backToMembership')}
      </Link>
    </main>
  );
}
