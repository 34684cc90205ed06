import type { Deps } from '#gateway/http/context.ts';
import { vnpaySettings } from '#gateway/providers/card/settings.ts';
import type { RecurringPort } from './port.ts';
import { createSandboxRecurring } from './sandbox.ts';
import { createVnpayRecurring } from './vnpay.ts';

/** The configured recurring provider, or null: renewals then go to the member as pay links (ADR 038). */
export function recurringPortOf(deps: Pick<Deps, 'config' | 'db' | 'fetch'>): RecurringPort | null {
  const { config } = deps;
  const provider = config.RECURRING_PROVIDER ?? (config.SANDBOX ? 'sandbox' : 'none');
  if (provider === 'none') return null;
  if (provider === 'sandbox') return createSandboxRecurring(deps.db);
  const settings = vnpaySettings(config);
  return createVnpayRecurring({
    url: config.VNPAY_RECURRING_URL!,
    tmnCode: settings.tmnCode,
    hashSecret: settings.hashSecret,
    serverIp: config.GATEWAY_HOST,
    fetch: deps.fetch,
  });
}
