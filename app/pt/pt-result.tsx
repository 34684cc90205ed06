import { useCallback } from 'react';
import { Form, Link, useNavigation, useRevalidator } from 'react-router';
import { formatDateTimeSeconds } from '#api/format.ts';
import { useT } from '#app/i18n.ts';
import { MethodChoices } from '#app/payments/method-choices.tsx';
import { AttemptEndedNotice, CancelFold, PayAnotherWay, PayBlocks } from '#app/payments/payment-ui.tsx';
import { unfoldedPart } from '#app/payments/payment.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { loadPtDetail, ptAction } from './pt.server.ts';
import { TrainerAvatar } from './pt-ui.tsx';
import { ptContractRead } from './pt.read.server.ts';
import type { Route } from './+types/pt-result';

// §2 /pt/payment/result/{ptContractId}: a PT package from sign-up to paid. Waiting for the trainer
// (withdraw it), accepted (choose how to pay, then the open attempt by method with its live
// status), paid (the days it runs), or closed (declined or withdrawn: choose another trainer).

export const handle: ShellHandle = {
  strings: ['contracts', 'payments', 'pt', 'receipts'],
  back: { to: '/pt', label: 'pt.title' },
};

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [ptContractRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'pt.payTitle');

export async function loader(args: Route.LoaderArgs) {
  // "I have transferred" asks again (the loader just did): say what was seen, and when.
  const checked = new URL(args.request.url).searchParams.has('checked');
  return {
    ...(await loadPtDetail(args)),
    unfolded: unfoldedPart(args.request),
    checkedAt: checked ? formatDateTimeSeconds(new Date()).slice(-8) : null,
  };
}

export const action = (args: Route.ActionArgs) => ptAction(args);

export default function PtResult({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { contract: c, payment, unfolded, held } = loaderData;
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const onExpire = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const self = `/pt/payment/result/${c.id}`;

  if (c.status === 'FUTURE' || c.status === 'CURRENT' || (c.status === 'PAST' && c.badge === 'PAST')) {
    return (
      <main className="page result-page">
        <div className="result-hero result-success">
          <span className="result-icon" aria-hidden="true">
            ✓
          </span>
          <h1>{t('pt.paidTitle')}</h1>
        </div>
        <div className="result-facts">
          <p className="lead">
            {t('pt.paidText', { name: c.packageName, sessions: c.sessions, from: c.from ?? '', to: c.to ?? '' })}
          </p>
          <Link to="/pt/contract" className="button button-primary button-block">
            {t('pt.eContract.sign')}
          </Link>
          <Link to="/pt" className="button button-secondary button-block">
            {t('pt.toPt')}
          </Link>
          <Link to={`/history/pt/${c.id}`} className="button button-link">
            {t('pt.toDetail')}
          </Link>
        </div>
      </main>
    );
  }

  const summary = (
    <div className="payment-summary">
      <span className="contract-plan">{c.packageName}</span>
      <span className="pt-trainer-line">
        <TrainerAvatar name={c.trainerName} url={c.trainerAvatarUrl} size="small" />
        <span>{t('pt.with', { name: c.trainerName })}</span>
      </span>
      <span className="small muted">
        {c.clubName} · {t('pt.sessionsCount', { count: c.sessions })} · {t('pt.validity', { days: c.validityDays })}
      </span>
      <span className="payment-amount">{c.price}</span>
    </div>
  );

  if (c.status === 'PAST') {
    return (
      <main className="page payment-page">
        <h1>{t('pt.payTitle')}</h1>
        {summary}
        <div className="notice notice-error" role="alert">
          <p>{c.badge === 'REJECTED' ? t('pt.closedRejected', { name: c.trainerName }) : t('pt.closedCancelled')}</p>
          <Link to="/pt/select-pt" className="button button-primary button-block">
            {t('pt.chooseAnotherTrainer')}
          </Link>
        </div>
      </main>
    );
  }

  if (c.status === 'WAITPTCONFIRM') {
    return (
      <main className="page payment-page">
        <h1>{t('pt.waitingTitle')}</h1>
        {summary}
        <div className="notice" role="status">
          <p>{t('pt.waitingText', { name: c.trainerName })}</p>
        </div>
        <CancelFold
          unfolded={unfolded === 'cancel'}
          label={t('pt.cancelRequest')}
          question={t('pt.cancelQuestion')}
          confirm={t('pt.cancelConfirm')}
        />
      </main>
    );
  }

  // WAITFORPAYMENT: no attempt yet, an open one, or one that ended.
  const open = payment?.open === true;
  return (
    <main className="page payment-page">
      <h1>{t('pt.payTitle')}</h1>
      {summary}
      {held ? (
        <div className="notice notice-money" role="status">
          <p>{t('receipt.unbooked.title')}</p>
        </div>
      ) : null}
      {!payment && !held ? (
        <section aria-labelledby="pt-pay-title">
          <p className="lead">{t('pt.acceptedText', { name: c.trainerName })}</p>
          <h2 id="pt-pay-title" className="section-title">
            {t('pt.chooseMethod')}
          </h2>
          <Form method="post" className="stack method-form">
            <input type="hidden" name="intent" value="pay" />
            <MethodChoices cards={loaderData.cards} legendHidden checked="1" />
            {actionData?.error ? <p className="form-error">{actionData.error}</p> : null}
            <button
              type="submit"
              className="button button-primary button-block"
              disabled={navigation.state === 'submitting'}
            >
              {t('payment.payWithThis')}
            </button>
          </Form>
        </section>
      ) : null}
      {open && payment && !held ? (
        <PayBlocks
          payment={payment}
          qrSvg={loaderData.qrSvg}
          bankApps={loaderData.bankApps}
          hotline={loaderData.hotline ?? { text: '', href: '' }}
          paths={{ status: `/pt/payment/${c.id}/status`, paid: self, qrImage: `/pt/payment/${c.id}/qr.png` }}
          downloadName={`vietfit-qr-pt-${c.id}.png`}
          refresh={unfolded === null}
          checkedAt={loaderData.checkedAt}
          onExpire={onExpire}
        />
      ) : null}
      {payment && !open && !held ? <AttemptEndedNotice payment={payment} /> : null}
      {payment && !held ? (
        <PayAnotherWay
          key={payment.id}
          open={!open}
          unfolded={unfolded === 'another'}
          cards={loaderData.cards}
          error={actionData?.error}
          tried={open ? null : payment.method}
          intent="pay"
        />
      ) : null}
      {!held ? (
        <CancelFold
          unfolded={unfolded === 'cancel'}
          label={t('pt.cancelRequest')}
          question={t('pt.cancelQuestion')}
          confirm={t('pt.cancelConfirm')}
        />
      ) : null}
    </main>
  );
}
