import { randomBytes } from 'node:crypto';
import type { GatewayConfig } from '#gateway/config.ts';

export type VnpaySettings = {
  tmnCode: string;
  hashSecret: string;
  payUrl: string;
  returnUrl: string;
  /** The saved-card (token) pages' base, ending in '/'. */
  tokenUrl: string;
  cardReturnUrl: string;
  /** Only the sandbox uses it: where its pay pages deliver the IPN. */
  sandboxIpnUrl: string;
};

// With SANDBOX=true and no secret configured, the gateway's own sandbox pay page signs with a
// secret made at start (config refuses SANDBOX=false without a real one).
const processSandboxSecret = randomBytes(32).toString('hex');

/** Where card payments go and how they are signed. */
export function vnpaySettings(config: GatewayConfig): VnpaySettings {
  const self = `http://${config.GATEWAY_HOST}:${String(config.GATEWAY_PORT)}`;
  const payUrl = config.VNPAY_PAY_URL ?? `${self}/sandbox/vnpay/paymentv2/vpcpay.html`;
  const tokenUrl = config.VNPAY_TOKEN_URL ?? new URL('../token_ui/', payUrl).toString();
  return {
    tmnCode: config.VNPAY_TMN_CODE,
    hashSecret: config.VNPAY_HASH_SECRET ?? processSandboxSecret,
    payUrl,
    returnUrl: config.VNPAY_RETURN_URL,
    tokenUrl: tokenUrl.endsWith('/') ? tokenUrl : `${tokenUrl}/`,
    cardReturnUrl: config.VNPAY_CARD_RETURN_URL,
    sandboxIpnUrl: config.VNPAY_SANDBOX_IPN_URL ?? `${self}/api/v1/payment/vnpay/ipn`,
  };
}
