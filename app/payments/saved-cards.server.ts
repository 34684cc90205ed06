import { redirect } from 'react-router';
import { Codes, messageForCode } from '#api/codes.ts';
import { addCardBody } from '#api/membership.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { cardMessage, idParam, safePayUrl, vnpayFields } from './payment.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { readForm } from '#app/server/form.server.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';
import { paymentEndpoints } from '#api/endpoints/payments.ts';

type Args = Parameters<typeof gatewayClient>[0] & { params: { cardId?: string } };

export const CARDS_PATH = '/account/information/payment-method';

/**
 * The saved-card forms: add (→ the VNPAY token page), set default (1083), delete (1055, after the
 * confirm step). Adding answers with the pay URL for the page to open, not a redirect: the page's
 * CSP (form-action 'self') would stop a form post from redirecting to the VNPAY site.
 */
export async function cardAction(args: Args) {
  const session = getSession(args.context);
  const lang = getLang(args.context);
  const form = await readForm(args.request);
  const intent = form.get('intent');
  const call = gatewayClient(args);
  try {
    if (intent === 'add') {
      const body = addCardBody.safeParse({ cardType: form.get('cardType') });
      if (!body.success) return { error: messageForCode(Codes.VALIDATION, lang), payUrl: null };
      const { data } = await call(membershipEndpoints.addCard, { json: body.data });
      const payUrl = safePayUrl(data.payUrl);
      if (!payUrl) return { error: messageForCode(Codes.SYSTEM_ERROR, lang), payUrl: null };
      return { error: null, payUrl };
    }
    const id = idParam(String(form.get('cardId') ?? ''));
    if (intent === 'default') {
      const { message } = await call(membershipEndpoints.defaultCard, { params: { id } });
      flashToast(session, { kind: 'success', text: message });
      return redirect(args.params.cardId ? `${CARDS_PATH}/${id}` : CARDS_PATH);
    }
    if (intent === 'delete') {
      const { message } = await call(membershipEndpoints.deleteCard, { params: { id } });
      flashToast(session, { kind: 'success', text: message });
      return redirect(CARDS_PATH);
    }
    return { error: messageForCode(Codes.VALIDATION, lang), payUrl: null };
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    flashToast(session, { kind: 'error', text: error.text });
    return redirect(args.params.cardId && error.status !== 404 ? `${CARDS_PATH}/${args.params.cardId}` : CARDS_PATH);
  }
}

/** VNPAY's token page sent the browser back: the gateway checks the fields and says whether the card was saved (1052); a toast, then `to`. */
export async function cardReturnTo(args: Parameters<typeof gatewayClient>[0], to: string): Promise<never> {
  const session = getSession(args.context);
  const lang = getLang(args.context);
  try {
    const { data } = await gatewayClient(args)(paymentEndpoints.vnpayCardReturn, {
      query: vnpayFields(args.request.url),
    });
    if (data.status === 'SUCCESS')
      flashToast(session, { kind: 'success', text: messageForCode(Codes.CARD_ADDED, lang) });
    else
      flashToast(session, {
        kind: 'error',
        text: cardMessage(data.responseCode ?? '99', lang) ?? messageForCode(Codes.SYSTEM_ERROR, lang),
      });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    flashToast(session, { kind: 'error', text: error.text });
  }
  throw redirect(to);
}
