import { and, eq } from 'drizzle-orm';
import { Codes, type Lang } from '#api/codes.ts';
import { PaymentMethods, type PaymentMethodId } from '#api/membership.ts';
import type { GatewayConfig } from '#gateway/config.ts';
import type { Database, Executor } from '#gateway/db/client.ts';
import { paymentMethodGroups, savedCards } from '#gateway/db/schema/index.ts';
import type { Context } from 'hono';
import type { AppEnv } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';

// What every purchase of a payable kind brings (a membership, a freeze's fee, a PT package): who
// buys, in which language and from where, and how they chose to pay (ADR 072).

export type PurchaseContext = {
  db: Database;
  config: GatewayConfig;
  accountId: number;
  lang: Lang;
  clientIp: string;
  now: Date;
};

/** A member's purchase as a route handler sees it: the caller, their language and address, the clock's now. */
export const purchaseContext = (c: Context<AppEnv>): PurchaseContext => {
  const { db, config, clock } = c.get('deps');
  return {
    db,
    config,
    accountId: c.get('account').id,
    lang: c.get('lang'),
    clientIp: c.get('clientIp'),
    now: clock.now(),
  };
};

export type PayChoice = { method: PaymentMethodId; savedCardId?: number | null };
export type SavedCardToken = { id: number; token: string } | null;

/** The payment method must be an active group; a saved card must be the caller's (550). */
export async function checkPayChoice(tx: Executor, accountId: number, choice: PayChoice): Promise<SavedCardToken> {
  const [group] = await tx
    .select({ id: paymentMethodGroups.id })
    .from(paymentMethodGroups)
    .where(and(eq(paymentMethodGroups.id, choice.method), eq(paymentMethodGroups.isActive, true)));
  if (!group)
    throw new ApiError(400, Codes.VALIDATION, { fieldErrors: { paymentMethodGroupId: ['paymentMethodGroupId'] } });
  if (choice.savedCardId == null) return null;
  const [card] = await tx
    .select()
    .from(savedCards)
    .where(and(eq(savedCards.id, choice.savedCardId), eq(savedCards.accountId, accountId)));
  if (!card || card.deletedAt) throw new ApiError(404, Codes.CARD_NOT_FOUND);
  return choice.method === PaymentMethods.CARD ? { id: card.id, token: card.token } : null;
}
