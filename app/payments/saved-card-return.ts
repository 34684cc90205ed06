import { redirect } from 'react-router';
import { Codes, messageForCode } from '#contract/codes.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { cardMessage, cardReturnSchema, vnpayQuery } from './payment.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import type { Route } from './+types/saved-card-return';
import { CARDS_PATH } from './saved-cards.server.ts';

/** VNPAY's token page sends the browser back here: the gateway checks it and saves the card (1052). */
export async function loader(args: Route.LoaderArgs) {
  const session = getSession(args.context);
  const lang = getLang(args.context);
  try {
    const { data } = await gatewayClient(args)(`/api/v1/payment/vnpay/card-return?${vnpayQuery(args.request.url)}`, cardReturnSchema);
    if (data.status === 'SUCCESS') flashToast(session, { kind: 'success', text: messageForCode(Codes.CARD_ADDED, lang) });
    else flashToast(session, { kind: 'error', text: cardMessage(data.responseCode ?? '99', lang) ?? messageForCode(Codes.SYSTEM_ERROR, lang) });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    flashToast(session, { kind: 'error', text: error.text });
  }
  throw redirect(CARDS_PATH);
}
