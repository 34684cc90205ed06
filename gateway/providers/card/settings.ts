import { randomBytes } from 'node:crypto';
import type { GatewayConfig } from '#gateway/config.ts';

export type VnpaySettings = { tmnCode: string; hashSecret: string; payUrl: string; returnUrl: string };

// With SANDBOX=true and no secret configured, the gateway's own sandbox pay page signs with a
// secret made at start (config refuses SANDBOX=false without a real one).
const processSandboxSecret = randomBytes(32).toString('hex');

/** Where card payments go and how they are signed. */
export function vnpaySettings(config: GatewayConfig): VnpaySettings {
  return {
    tmnCode: config.VNPAY_TMN_CODE,
    hashSecret: config.VNPAY_HASH_SECRET ?? processSandboxSecret,
    payUrl: config.VNPAY_PAY_URL ?? `http://${config.GATEWAY_HOST}:${String(config.GATEWAY_PORT)}/sandbox/vnpay/paymentv2/vpcpay.html`,
    returnUrl: config.VNPAY_RETURN_URL,
  };
}
