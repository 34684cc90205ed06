import { randomBytes } from 'node:crypto';
import type { GatewayConfig } from '#gateway/config.ts';

// With SANDBOX=true and no secret configured, the webhook and the sandbox "simulate transfer"
// share a secret made at start (config refuses SANDBOX=false without a real one).
const processSandboxSecret = randomBytes(32).toString('hex');

/** The Casso v2 checksum key / SePay API key the bank webhooks are checked with. */
export const bankWebhookSecret = (config: GatewayConfig) => config.BANK_WEBHOOK_SECRET ?? processSandboxSecret;

/** Where the sandbox posts its signed Casso webhook: this gateway's own endpoint by default. */
export const bankSandboxWebhookUrl = (config: GatewayConfig) =>
  config.BANK_SANDBOX_WEBHOOK_URL ??
  `http://${config.GATEWAY_HOST}:${String(config.GATEWAY_PORT)}/api/v1/payment/bank/casso`;
