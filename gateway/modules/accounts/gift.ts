import { and, type Column, desc, eq, gt, isNull, or, type Placeholder } from 'drizzle-orm';
import type { MemberGift } from '#api/gift.ts';
import type { Executor } from '#gateway/db/client.ts';
import { memberGifts } from '#gateway/db/schema/index.ts';

export type GiftRow = typeof memberGifts.$inferSelect;

export const toMemberGift = (row: GiftRow): MemberGift => ({
  memberGiftId: row.id,
  kind: row.kind,
  days: row.days,
  titleVi: row.titleVi,
  titleEn: row.titleEn,
  descriptionVi: row.descriptionVi,
  descriptionEn: row.descriptionEn,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/**
 * The member's newest gift that is neither used nor expired, as a query of at most one row. The
 * account may be a column (the shell's one-statement read correlates it with accounts.id).
 */
export const currentGiftQuery = (db: Executor, accountId: number | Column, now: Date | Placeholder) =>
  db
    .select()
    .from(memberGifts)
    .where(
      and(
        eq(memberGifts.accountId, accountId),
        isNull(memberGifts.usedAt),
        or(isNull(memberGifts.expiresAt), gt(memberGifts.expiresAt, now)),
      ),
    )
    .orderBy(desc(memberGifts.createdAt), desc(memberGifts.id))
    .limit(1);

/** The member's newest gift that is neither used nor expired, or null. */
export async function currentGift(db: Executor, accountId: number, now: Date) {
  const [row] = await currentGiftQuery(db, accountId, now);
  return row ? toMemberGift(row) : null;
}
