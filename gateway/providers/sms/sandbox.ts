import type { Database } from '#gateway/db/client.ts';
import { smsOutbox } from '#gateway/db/schema/index.ts';
import type { SmsSender } from './port.ts';

/** Delivers nothing: every message lands in the outbox table, read at GET /sandbox/sms. */
export function createSandboxSmsSender(db: Database): SmsSender {
  return {
    name: 'sandbox',
    async send({ phone, text, requestId }) {
      await db.insert(smsOutbox).values({ phoneNumber: phone, text, requestId });
    },
  };
}
