import { membershipKind } from '#gateway/modules/memberships/payable.ts';
import { freezeKind } from '#gateway/modules/freezes/payable.ts';
import { registerCardSaved, registerPayableKind } from '#gateway/modules/payments/kinds.ts';
import { ptPackageKind } from '#gateway/modules/pt/payable.ts';
import { subscriptionCardSavedIn } from '#gateway/modules/subscriptions/paid.ts';

/**
 * What money can buy (ADR 072): each payable kind registers with the payments module, which names
 * none of them. Called when the gateway app is made. The order is the order the payment expiry
 * visits the kinds: a freeze's fee before the memberships.
 */
export function registerPayableKinds() {
  registerPayableKind(freezeKind);
  registerPayableKind(ptPackageKind);
  registerPayableKind(membershipKind);
  // A subscription waiting for a new card charges it once VNPAY confirms it (ADR 038).
  registerCardSaved('subscription', subscriptionCardSavedIn);
}
