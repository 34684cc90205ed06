import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { Codes, type Lang } from '#api/codes.ts';
import type { SavedCard } from '#api/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { cardRequests, savedCards } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { vnpaySettings } from '#gateway/providers/card/settings.ts';
import { buildVnpayTokenCreateUrl } from '#gateway/providers/card/vnpay.ts';
import { lockAccount } from '#gateway/modules/accounts/queries.ts';

// Saved cards (§3): VNPAY keeps the card, we keep its token. Only the masked number, the bank
// and the card type ever leave the gateway (ADR 011).

type SavedCardRow = typeof savedCards.$inferSelect;

export const toSavedCard = (row: SavedCardRow): SavedCard => ({
  id: row.id,
  cardNumber: row.cardNumber,
  bankCode: row.bankCode,
  cardType: row.cardType,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
});

const cardNotFound = () => new ApiError(404, Codes.CARD_NOT_FOUND);
const mine = (accountId: number) => and(eq(savedCards.accountId, accountId), isNull(savedCards.deletedAt));

/** The member's cards: the default first, then newest first. */
export async function listCards(db: Executor, accountId: number) {
  const rows = await db
    .select()
    .from(savedCards)
    .where(mine(accountId))
    .orderBy(desc(savedCards.isDefault), desc(savedCards.createdAt), desc(savedCards.id));
  return rows.map(toSavedCard);
}

/** Starts VNPAY's token_create flow: a card request and the signed URL of VNPAY's add-card page. */
export async function startAddCard(
  deps: Pick<Deps, 'db' | 'clock' | 'config'>,
  input: { accountId: number; cardType: '01' | '02'; lang: Lang; clientIp: string },
) {
  const settings = vnpaySettings(deps.config);
  const now = deps.clock.now();
  const reference = `VC${String(input.accountId)}${randomBytes(6).toString('hex').toUpperCase()}`;
  await deps.db
    .insert(cardRequests)
    .values({ accountId: input.accountId, reference, cardType: input.cardType, status: 'PENDING', createdAt: now });
  const payUrl = buildVnpayTokenCreateUrl({
    ...settings,
    returnUrl: settings.cardReturnUrl,
    txnRef: reference,
    appUserId: String(input.accountId),
    cardType: input.cardType,
    locale: input.lang,
    clientIp: input.clientIp,
    createdAt: now,
  });
  return { payUrl };
}

export async function setDefaultCard(db: Executor, accountId: number, cardId: number) {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [card] = await tx
      .select()
      .from(savedCards)
      .where(and(mine(accountId), eq(savedCards.id, cardId)));
    if (!card) throw cardNotFound();
    await tx
      .update(savedCards)
      .set({ isDefault: false })
      .where(and(mine(accountId), eq(savedCards.isDefault, true)));
    const [updated] = await tx
      .update(savedCards)
      .set({ isDefault: true })
      .where(eq(savedCards.id, card.id))
      .returning();
    return toSavedCard(updated);
  });
}

/** Soft delete (payments keep naming the card); a deleted default passes to the newest remaining card. */
export async function deleteCard(db: Executor, accountId: number, cardId: number, now: Date) {
  await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [card] = await tx
      .select()
      .from(savedCards)
      .where(and(mine(accountId), eq(savedCards.id, cardId)));
    if (!card) throw cardNotFound();
    await tx.update(savedCards).set({ deletedAt: now, isDefault: false }).where(eq(savedCards.id, card.id));
    if (!card.isDefault) return;
    const [next] = await tx
      .select({ id: savedCards.id })
      .from(savedCards)
      .where(mine(accountId))
      .orderBy(desc(savedCards.createdAt), desc(savedCards.id))
      .limit(1);
    if (next) await tx.update(savedCards).set({ isDefault: true }).where(eq(savedCards.id, next.id));
  });
}
