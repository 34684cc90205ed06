import type { Database } from '#gateway/db/client.ts';
import { pushDeliveries } from '#gateway/db/schema/index.ts';
import type { PushSender } from './port.ts';

/** Delivers nothing: every push lands in push_deliveries, read at GET /sandbox/push. */
export function createSandboxPushSender(db: Database, publicKey: string): PushSender {
  return {
    name: 'sandbox',
    publicKey,
    async send({ accountId, target, payload }) {
      await db.insert(pushDeliveries).values({ accountId, endpoint: target.endpoint, payload });
      return 'sent';
    },
  };
}
