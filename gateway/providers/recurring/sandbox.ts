import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '#gateway/db/client.ts';
import { savedCards } from '#gateway/db/schema/index.ts';
import type { ChargeResult, RecurringPort } from './port.ts';

// The sandbox plays VNPAY's recurring service inside the gateway (ARCHITECTURE §6): it knows the
// tokens its token pages issued (saved_cards), gives every live one an agreement, charges with
// success, and declines the sandbox's decline cards with the code a bank would give. The answer
// depends only on the card, so a reference charged again answers the same (moves no money twice).

/** Masked card numbers (first 6, last 4) the sandbox declines, with VNPAY's response code. */
export const SANDBOX_DECLINE_CARDS: Record<string, { code: string; reason: string }> = {
  '970419*********0488': { code: '51', reason: 'insufficient balance' },
  '970419******1314': { code: '12', reason: 'card locked' },
  '970419******2028': { code: '99', reason: 'card expired' },
};

const recurringIdOf = (token: string) => {
  const digits = BigInt(
    `0x${createHash('sha256').update(`sandbox-recurring:${token}`).digest('hex').slice(0, 15)}`,
  ).toString();
  return `7${digits.padStart(17, '0').slice(-17)}`;
};

export function createSandboxRecurring(db: Executor): RecurringPort {
  const liveCard = async (token: string) => {
    const [card] = await db.select().from(savedCards).where(eq(savedCards.token, token));
    return card && !card.deletedAt ? card : null;
  };
  return {
    name: 'sandbox-recurring',
    async register(card) {
      const row = await liveCard(card.token);
      if (!row || String(row.accountId) !== card.appUserId) return null;
      return { recurringId: recurringIdOf(card.token) };
    },
    async charge(request) {
      const row = await liveCard(request.card.token);
      let result: ChargeResult;
      if (!row || recurringIdOf(row.token) !== request.recurringId) result = { ok: false, responseCode: '99' };
      else {
        const decline = SANDBOX_DECLINE_CARDS[row.cardNumber];
        result = decline
          ? { ok: false, responseCode: decline.code }
          : { ok: true, transactionNo: `SBR${request.reference}` };
      }
      return result;
    },
  };
}
