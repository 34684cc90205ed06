import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { MemberShell, Profile } from '#api/auth.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accounts, notifications } from '#gateway/db/schema/index.ts';
import { currentGiftQuery, toMemberGift } from '#gateway/modules/accounts/gift.ts';
import { mediaUrl } from '#gateway/modules/media/queries.ts';
import { preparedFor } from '#gateway/db/prepared.ts';
import { contractsScopeSql, versionColumn, type ReadVersions } from '#gateway/db/read-cache.ts';
import { hasUpcomingBookingSql } from '#gateway/modules/accounts/upcoming-class-sql.ts';
import { notFound } from '#gateway/http/errors.ts';
import { pendingRatingsQuery, toRatingRequest } from '#gateway/modules/ratings/queries.ts';

export type AccountRow = typeof accounts.$inferSelect;

/**
 * Holds the account's row for the rest of the transaction (`select … for update`): one member's
 * purchases, bookings, door scans, gift activations and card changes go one at a time. An unknown
 * account is 404.
 */
export async function lockAccount(tx: Executor, accountId: number) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!row) throw notFound();
  return row;
}

export async function findAccountByPhone(db: Executor, phoneNumber: string) {
  const [row] = await db.select().from(accounts).where(eq(accounts.phoneNumber, phoneNumber));
  return row;
}

export async function findAccountById(db: Executor, id: number) {
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id));
  return row;
}

export const toProfile = (row: AccountRow): Profile => ({
  id: row.id,
  phoneNumber: row.phoneNumber,
  accountType: row.accountType,
  fullName: row.fullName,
  email: row.email,
  avatarUrl: row.avatarMediaId ? mediaUrl(row.avatarMediaId) : null,
  lang: row.lang,
});

/**
 * Every signed-in page's frame (GET /member/shell) in ONE prepared statement (issue 18): the
 * account, its unread notices, its current gift and its oldest pending rating (issue 16 §2). Three round trips to the database and three
 * query builds were most of its cost. `forHome` adds what GET /member/home decides by (findHomeShell);
 * the other shell reads get constants in those columns, and their statement stays as cheap.
 */
const shellQuery = (db: Executor, forHome: boolean) => {
  const unread = db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.accountId, accounts.id), isNull(notifications.readAt)));
  const gift = currentGiftQuery(db, accounts.id, sql.placeholder('now')).as('gift');
  const rating = pendingRatingsQuery(db, accounts.id).limit(1).as('pending_rating');
  return db
    .select({
      account: accounts,
      unreadCount: sql<number>`(${unread})`.mapWith(Number),
      // For GET /member/home: the versions the member's cached contract rows are read under (ADR
      // 056), and whether an upcoming-classes read is needed at all.
      contractsVersion: forHome ? versionColumn(contractsScopeSql(accounts.id)) : sql<string>`'0'`,
      catalogVersion: forHome ? versionColumn('catalog') : sql<string>`'0'`,
      hasUpcomingClass: (forHome
        ? hasUpcomingBookingSql(accounts.id, sql`${sql.placeholder('now')}::timestamptz`)
        : sql<boolean>`false`
      ).mapWith(Boolean),
      gift: {
        id: gift.id,
        accountId: gift.accountId,
        kind: gift.kind,
        days: gift.days,
        titleVi: gift.titleVi,
        titleEn: gift.titleEn,
        descriptionVi: gift.descriptionVi,
        descriptionEn: gift.descriptionEn,
        expiresAt: gift.expiresAt,
        usedAt: gift.usedAt,
        contractId: gift.contractId,
        createdAt: gift.createdAt,
      },
      rating: {
        ratingId: rating.ratingId,
        ratingType: rating.ratingType,
        ratedContractId: rating.ratedContractId,
        signedAt: rating.signedAt,
        planNameVi: rating.planNameVi,
        planNameEn: rating.planNameEn,
        clubNameVi: rating.clubNameVi,
        clubNameEn: rating.clubNameEn,
      },
    })
    .from(accounts)
    .leftJoinLateral(gift, sql`true`)
    .leftJoinLateral(rating, sql`true`)
    .where(eq(accounts.id, sql.placeholder('accountId')));
};
const memberShellStatement = preparedFor((db) => shellQuery(db, false).prepare('member_shell'));
const homeShellStatement = preparedFor((db) => shellQuery(db, true).prepare('member_home_shell'));

const toShell = (
  row: Awaited<ReturnType<ReturnType<typeof memberShellStatement>['execute']>>[number],
): MemberShell => ({
  profile: toProfile(row.account),
  unreadCount: row.unreadCount,
  gift: row.gift ? toMemberGift(row.gift) : null,
  pendingRating: row.rating ? toRatingRequest(row.rating) : null,
});

/** The member's shell (GET /member/shell, and the screens that bring it along), or undefined for an unknown account. */
export async function findMemberShell(db: Executor, accountId: number, now: Date): Promise<MemberShell | undefined> {
  const [row] = await memberShellStatement(db).execute({ accountId, now: now.toISOString() });
  return row ? toShell(row) : undefined;
}

/**
 * The shell with what GET /member/home decides by, read in the same statement: the versions of the
 * member's contract rows, read before the rows (ADR 056: `listContracts(…, { cached:
 * contractVersions })` then needs no statement while they hold), and whether the member has a
 * class to come (the upcoming-classes statement runs only then).
 */
export async function findHomeShell(
  db: Executor,
  accountId: number,
  now: Date,
): Promise<{ shell: MemberShell; contractVersions: ReadVersions; hasUpcomingClass: boolean } | undefined> {
  const [row] = await homeShellStatement(db).execute({ accountId, now: now.toISOString() });
  if (!row) return undefined;
  return {
    shell: toShell(row),
    contractVersions: { scope: row.contractsVersion, catalog: row.catalogVersion },
    hasUpcomingClass: row.hasUpcomingClass,
  };
}
