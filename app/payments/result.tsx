import { afterPlanWord } from '#api/format.ts';
import { Link } from 'react-router';
import { LiveStatus } from '#app/payments/payment-ui.tsx';
import { StatusBadge } from '#app/payments/contract-ui.tsx';
import { ReceiptCard, UnbookedNotice } from '#app/payments/receipt-ui.tsx';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { contractView, idParam, isPaid, notFoundAs404, paymentView, receiptView } from './payment.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/result';
import type { ShellHandle } from '#app/shell/handle.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

export const handle: ShellHandle = {
  strings: ['contracts', 'payments', 'receipts'],
  back: { to: '/history', label: 'nav.history' },
};

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'payment.result.title');

export async function loader(args: Route.LoaderArgs) {
  const id = idParam(args.params.contractId);
  const lang = getLang(args.context);
  const call = gatewayClient(args);
  const detail = (await call(membershipEndpoints.detail, { params: { id } }).catch(notFoundAs404)).data;
  const payment =
    detail.payment ??
    (await call(membershipEndpoints.payment, { params: { id } }).then(
      (r) => r.data,
      (error: unknown) => {
        if (error instanceof GatewayError) return null;
        throw error;
      },
    ));
  const view = payment ? paymentView(payment, lang) : null;
  const state = isPaid(detail.status)
    ? 'success'
    : detail.status === 'WAITFORPAYMENT' && view?.open
      ? 'pending'
      : 'failed';
  return {
    state,
    contract: contractView(detail, lang),
    payment: view,
    receipts: detail.receipts.map((r) => receiptView(r, lang)),
  } as const;
}

export default function PaymentResult({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { state, contract, payment, receipts } = loaderData;
  return (
    <main className="page result-page">
      <div className={`result-hero result-${state}`}>
        <span className="result-icon" aria-hidden="true">
          {state === 'success' ? '✓' : state === 'pending' ? '…' : '!'}
        </span>
        <h1>{t(`payment.result.${state}Title`)}</h1>
      </div>
      <UnbookedNotice contract={contract} />

      {state === 'success' ? (
        <div className="result-facts">
          <p className="lead">
            {t(contract.status === 'FUTURE' ? 'payment.result.futureLead' : 'payment.result.activeLead', {
              plan: afterPlanWord(contract.planName),
              from: contract.startDate,
              to: contract.endDate,
            })}
          </p>
          <p>
            <StatusBadge status={contract.badge} />
          </p>
          <Link to="/home" className="button button-primary button-block">
            {t('payment.result.toHome')}
          </Link>
        </div>
      ) : state === 'pending' ? (
        <div className="result-facts">
          <p className="lead">{t('payment.result.pendingLead')}</p>
          <LiveStatus
            statusUrl={`/membership/payment/${contract.id}/status`}
            paidUrl={`/membership/payment/result/${contract.id}`}
            label={t('payment.result.pendingStatus')}
          />
          <Link to={`/membership/payment/${contract.id}`} className="button button-secondary button-block">
            {t('payment.result.backToPayment')}
          </Link>
        </div>
      ) : (
        <div className="result-facts">
          <div className="notice notice-error" role="alert">
            <p>
              {payment?.failMessage ??
                (contract.status === 'FAIL'
                  ? t('payment.failed.closed')
                  : payment
                    ? t('payment.failed.expired')
                    : t('payment.failed.generic'))}
            </p>
          </div>
          {contract.status === 'WAITFORPAYMENT' ? (
            <Link to={`/membership/payment/${contract.id}`} className="button button-primary button-block spaced">
              {t('payment.result.retry')}
            </Link>
          ) : (
            <Link to={`/membership/${contract.clubId}`} className="button button-primary button-block spaced">
              {t('payment.failed.startAgain')}
            </Link>
          )}
        </div>
      )}

      {receipts.map((receipt, i) => (
        <ReceiptCard key={i} receipt={receipt} />
      ))}
      <Link to={`/history/membership/${contract.id}`} className="button button-link">
        {t('payment.result.toDetail')}
      </Link>
    </main>
  );
}
