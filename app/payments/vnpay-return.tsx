import { Link, redirect } from 'react-router';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { vnpayFields } from './payment.server.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/vnpay-return';
import type { StringsHandle } from '#app/locales/messages.ts';
import { paymentEndpoints } from '#api/endpoints/payments.ts';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['payments'] };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'payment.title');

/**
 * VNPAY sends the browser back here. The gateway checks the signature and names the contract; the
 * IPN (server to server) is what activates it, so the result page shows the contract's own state.
 */
export async function loader(args: Route.LoaderArgs) {
  try {
    const { data } = await gatewayClient(args)(paymentEndpoints.vnpayReturn, { query: vnpayFields(args.request.url) });
    throw redirect(
      data.ptContractId
        ? `/pt/payment/result/${data.ptContractId}`
        : data.freezeContractId
          ? `/membership/freeze/payment/result/${data.freezeContractId}`
          : `/membership/payment/result/${String(data.contractId)}`,
    );
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // 552: the signature does not match (a changed or forged link).
    return { message: error.text };
  }
}

export default function VnpayReturn({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('payment.result.failedTitle')}</h1>
      <div className="notice notice-error" role="alert">
        <p>{loaderData.message}</p>
      </div>
      <Link to="/history" className="button button-secondary button-block spaced">
        {t('payment.result.toHistory')}
      </Link>
    </main>
  );
}
