import { otpSentSchema } from '../auth.ts';
import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import { addCardResultSchema } from '../membership.ts';
import {
  changeCardBody,
  subscriptionAllowSchema,
  subscriptionSchema,
  subscriptionScreenReadSchema,
  upgradeBody,
  vnpaySubscriptionSchema,
} from '../subscription.ts';

/** Monthly subscriptions (§9, ADR 038): the subscription, cancelling, the card, the Black Card upgrade. */
export const subscriptionEndpoints = {
  current: endpoint({
    method: 'GET',
    path: '/api/v1/member/contract/subscription',
    summary:
      "The member's live subscription (else the latest): month, next billing date and amount, card, what cancelling today would do, the unpaid renewal, the Black Card upgrade on offer (ADR 038); null when none",
    auth: 'member',
    success: Codes.OK,
    response: subscriptionSchema.nullable(),
  }),
  allow: endpoint({
    method: 'GET',
    path: '/api/v1/member/contract/subscription/allow',
    summary: 'May this member start a monthly subscription: {allowed, code} (750 when one is live)',
    auth: 'member',
    success: Codes.OK,
    response: subscriptionAllowSchema,
  }),
  vnpay: endpoint({
    method: 'GET',
    path: '/api/v1/member/vnpay/subscription',
    summary:
      'The card side of the subscription: vnpaySubscriptionId, masked card, autoCharge (a recurring agreement), a card change in progress; null when none',
    auth: 'member',
    success: Codes.OK,
    response: vnpaySubscriptionSchema.nullable(),
  }),
  cancel: endpoint({
    method: 'PUT',
    path: '/api/v1/member/contract/subscription/{id}/cancel',
    summary:
      'Cancel: until 4 days before the paid month ends, it ends with that month; later, with the next (already charged) month; a past-due month is withdrawn (ADR 038)',
    auth: 'member',
    success: Codes.OK,
    response: subscriptionSchema,
  }),
  changeCard: endpoint({
    method: 'PUT',
    path: '/api/v1/member/vnpay/subscription/{id}/change-card',
    summary:
      "Replace the subscription's card: the signed URL of VNPAY's token page (token_create); return and cancel URLs must be the web app's",
    auth: 'member',
    success: Codes.OK,
    body: changeCardBody,
    response: addCardResultSchema,
  }),
  upgradeOtp: endpoint({
    method: 'POST',
    path: '/api/v1/member/vnpay/subscription/{id}/black-card/otp',
    summary:
      "Send the Black Card upgrade code by SMS to the member's phone (751 when the upgrade is not allowed; 30 s between sends)",
    auth: 'member',
    success: Codes.OTP_SENT,
    response: otpSentSchema,
  }),
  upgrade: endpoint({
    method: 'PUT',
    path: '/api/v1/member/vnpay/subscription/{id}/black-card/upgrade',
    summary:
      'Upgrade to Black Card monthly from the next month not yet made, with the SMS code (209, OTP_NOT_VALID; 751 when not allowed)',
    auth: 'member',
    success: Codes.BLACK_CARD_UPGRADED,
    body: upgradeBody,
    response: subscriptionSchema,
  }),
  screen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/subscription',
    summary:
      'The subscription pages in one read: the shell, the subscription (as api/subscription), allow, the saved cards',
    auth: 'member',
    success: Codes.OK,
    response: subscriptionScreenReadSchema,
  }),
};
