import type { GatewayConfig } from '#gateway/config.ts';
import type { Database } from '#gateway/db/client.ts';
import { createEsmsSender } from './esms.ts';
import type { SmsSender } from './port.ts';
import { createSandboxSmsSender } from './sandbox.ts';

export function createSmsSender(config: GatewayConfig, db: Database): SmsSender {
  if (config.SMS_PROVIDER === 'esms') {
    return createEsmsSender({
      apiKey: config.ESMS_API_KEY!,
      secretKey: config.ESMS_SECRET_KEY!,
      brandname: config.ESMS_BRANDNAME!,
      baseUrl: config.ESMS_BASE_URL,
      sandbox: false,
      timeoutMs: 10_000,
    });
  }
  return createSandboxSmsSender(db);
}
