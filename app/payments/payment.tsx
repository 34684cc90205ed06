import { useCallback } from 'react';
import { Link, data, redirect, useRevalidator } from 'react-router';
import { formatDateTimeSeconds } from '#api/format.ts';
import { AttemptEndedNotice, CancelFold, PayAnotherWay, PayBlocks } from '#app/payments/payment-ui.tsx';
import { UnbookedNotice } from '#app/payments/receipt-ui.tsx';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import {
  contractView,
  idParam,
  isPaid,
  loadCards,
  notFoundAs404,
  parseMethodChoice,
  paymentView,
  qrSvg,
  unfoldedPart,
} from './payment.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/payment';
import type { ShellHandle } from '#app/shell/handle.ts';
import { readForm } from '#app/server/form.server.ts';
import { webConfig } from '#app/server/config.server.ts';
import { bankAppLinks } from './bank-deeplinks.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

export const handle: ShellHandle = {
  strings: ['contracts', 'payments', 'receipts'],
  back: { to: '/membership', label: 'nav.membership' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'payment.title');

export async function loader(args: Route.LoaderArgs) {
  const id = idParam(args.params.contractId);
  const lang = getLang(args.context);
  const call = gatewayClient(args);
  const detail = (await call(membershipEndpoints.detail, { params: { id } }).catch(notFoundAs404)).data;
  if (isPaid(detail.status)) throw redirect(`/membership/payment/result/${id}`);
  // The open attempt comes with the detail; after it ended, the latest one says how (expired, declined).
  const payment = detail.payment ?? (await call(membershipEndpoints.payment, { params: { id } })).data;
  const view = payment ? paymentView(payment, lang) : null;
  const waiting = detail.status === 'WAITFORPAYMENT';
  // "I have transferred" asks again (the loader just did): say what was seen, and when.
  const checked = new URL(args.request.url).searchParams.has('checked');
  return {
    unfolded: unfoldedPart(args.request),
    checkedAt: checked ? formatDateTimeSeconds(new Date()).slice(-8) : null,
    contract: contractView(detail, lang),
    savedCardOnly: detail.savedCardOnly,
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

export async function action(args: Route.ActionArgs) {
  const id = idParam(args.params.contractId);
  const session = getSession(args.context);
  const t = getT(args.context);
  const form = await readForm(args.request);
  const call = gatewayClient(args);
  const self = `/membership/payment/${id}`;
  try {
    if (form.get('intent') === 'cancel') {
      await call(membershipEndpoints.cancel, { params: { id } });
      flashToast(session, { kind: 'success', text: t('payment.cancelled') });
      return redirect('/membership');
    }
    const body = parseMethodChoice(form.get('method'));
    if (!body) return { error: t('contract.chooseMethod') };
    await call(membershipEndpoints.pay, { params: { id }, json: body });
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
          {contract.allClubs ? t('contract.allClubs') : contract.clubName} · {contract.duration}
        </span>
        <span className="small muted">{t('payment.period', { from: contract.startDate, to: contract.endDate })}</span>
        <span className="payment-amount">{contract.total}</span>
      </div>
      <UnbookedNotice contract={contract} />

      {open ? (
        <PayBlocks
          payment={payment}
          qrSvg={loaderData.qrSvg}
          bankApps={loaderData.bankApps}
          hotline={{ text: contract.hotline, href: contract.hotlineHref }}
          paths={{
            status: `/membership/payment/${contract.id}/status`,
            paid: `/membership/payment/result/${contract.id}`,
            qrImage: `/membership/payment/${contract.id}/qr.png`,
          }}
          downloadName={`vietfit-qr-${contract.id}.png`}
          refresh={refresh}
          checkedAt={loaderData.checkedAt}
          onExpire={onExpire}
        />
      ) : null}

      {held ? null : !waiting ? (
        <div className="notice notice-error" role="alert">
          <p>{t('payment.failed.closed')}</p>
          <Link to={`/membership/${contract.clubId}`} className="button button-primary button-block">
            {t('payment.failed.startAgain')}
          </Link>
        </div>
      ) : !open ? (
        <AttemptEndedNotice payment={payment} />
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
          savedCardOnly={loaderData.savedCardOnly}
        />
      ) : null}

      {waiting && !held ? (
        <CancelFold
          unfolded={unfolded === 'cancel'}
          label={t('payment.cancel.open')}
          question={t('payment.cancel.question')}
          confirm={t('payment.cancel.confirm')}
        />
      ) : null}
    </main>
  );
}
