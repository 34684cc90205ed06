import { useCallback } from 'react';
import { formatDateTimeSeconds } from '#api/format.ts';
import { Link, useRevalidator } from 'react-router';
import { useT } from '#app/i18n.ts';
import { AttemptEndedNotice, CancelFold, PayAnotherWay, PayBlocks } from '#app/payments/payment-ui.tsx';
import { unfoldedPart } from '#app/payments/payment.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { freezeAction, loadFreezeDetail } from './freeze.server.ts';
import { freezeDetailRead } from './freeze.read.server.ts';
import type { Route } from './+types/freeze-result';

// The freeze's payment and its result (§2 /membership/freeze/payment/result/{freezeContractId}): the
// open attempt by method (bank QR, card, cash) with its live status while unpaid, another way or
// withdrawing, and once paid the exact dates it froze and the membership's new end.

export const handle: ShellHandle = {
  strings: ['contracts', 'freeze', 'payments', 'receipts'],
  back: { to: '/home/your-plan', label: 'nav.yourPlan' },
};

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [freezeDetailRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'freeze.payTitle');

export async function loader(args: Route.LoaderArgs) {
  // "I have transferred" asks again (the loader just did): say what was seen, and when.
  const checked = new URL(args.request.url).searchParams.has('checked');
  return {
    ...(await loadFreezeDetail(args)),
    unfolded: unfoldedPart(args.request),
    checkedAt: checked ? formatDateTimeSeconds(new Date()).slice(-8) : null,
  };
}

export const action = (args: Route.ActionArgs) => freezeAction(args);

export default function FreezeResult({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useT();
  const { freeze, payment, unfolded } = loaderData;
  const revalidator = useRevalidator();
  const onExpire = useCallback(() => void revalidator.revalidate(), [revalidator]);
  const paid = freeze.status === 'FUTURE' || freeze.status === 'CURRENT' || freeze.status === 'UNFREEZE';
  const waiting = freeze.status === 'WAITFORPAYMENT';
  const open = waiting && payment?.open === true;
  const { held } = loaderData;
  const self = `/membership/freeze/payment/result/${freeze.id}`;

  if (paid) {
    return (
      <main className="page result-page">
        <div className="result-hero result-success">
          <span className="result-icon" aria-hidden="true">
            ✓
          </span>
          <h1>{t('freeze.paidTitle')}</h1>
        </div>
        <div className="result-facts">
          <p className="lead">
            {t('freeze.paidText', { from: freeze.from, to: freeze.to, end: loaderData.membershipEnd })}
          </p>
          <Link to="/home" className="button button-primary button-block">
            {t('payment.result.toHome')}
          </Link>
          <Link to={`/history/freeze/${freeze.id}`} className="button button-link">
            {t('payment.result.toDetail')}
          </Link>
        </div>
      </main>
    );
  }

  return (
    <main className="page payment-page">
      <h1>{t('freeze.payTitle')}</h1>
      <div className="payment-summary">
        <span className="contract-plan">{freeze.planName}</span>
        <span className="small muted">
          {freeze.from} – {freeze.to}
        </span>
        <span className="small muted">{t('freeze.days', { count: freeze.days })}</span>
        <span className="payment-amount">{freeze.price}</span>
      </div>
      {held ? (
        <div className="notice notice-money" role="status">
          <p>{t('receipt.unbooked.title')}</p>
        </div>
      ) : null}
      {open && payment && !held ? (
        <PayBlocks
          payment={payment}
          qrSvg={loaderData.qrSvg}
          bankApps={loaderData.bankApps}
          hotline={loaderData.hotline ?? { text: '', href: '' }}
          paths={{
            status: `/membership/freeze/payment/${freeze.id}/status`,
            paid: self,
            qrImage: `/membership/freeze/payment/${freeze.id}/qr.png`,
          }}
          downloadName={`vietfit-qr-freeze-${freeze.id}.png`}
          refresh={unfolded === null}
          checkedAt={loaderData.checkedAt}
          onExpire={onExpire}
        />
      ) : null}
      {!waiting ? (
        <div className="notice notice-error" role="alert">
          <p>{t('freeze.notPaidText')}</p>
          <Link
            to={`/membership/freeze/payment?contract=${freeze.contractId}`}
            className="button button-primary button-block"
          >
            {t('freeze.tryAgain')}
          </Link>
        </div>
      ) : !open && !held ? (
        <AttemptEndedNotice payment={payment} />
      ) : null}
      {waiting && !held ? (
        <PayAnotherWay
          key={payment?.id ?? 0}
          open={!open}
          unfolded={unfolded === 'another'}
          cards={loaderData.cards}
          error={actionData?.error}
          tried={open ? null : (payment?.method ?? null)}
          intent="pay"
        />
      ) : null}
      {waiting && !held ? (
        <CancelFold
          unfolded={unfolded === 'cancel'}
          label={t('freeze.cancelRequest')}
          confirm={t('freeze.cancelRequestConfirm')}
        />
      ) : null}
    </main>
  );
}
