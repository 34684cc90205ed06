import type { GatewayConfig } from '#gateway/config.ts';
import type { Database } from '#gateway/db/client.ts';
import type { PushSender } from './port.ts';
import { createSandboxPushSender } from './sandbox.ts';
import { resolveVapidKeys } from './vapid.ts';
import { createWebPushSender } from './web-push.ts';

export async function createPushSender(config: GatewayConfig, db: Database): Promise<PushSender> {
  const keys = await resolveVapidKeys(config, db);
  if (config.PUSH_PROVIDER === 'webpush') {
    return createWebPushSender({ ...keys, timeoutMs: 10_000, ttlSeconds: 24 * 60 * 60 });
  }
  return createSandboxPushSender(db, keys.publicKey);
}
