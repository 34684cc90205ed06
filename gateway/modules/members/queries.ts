import { eq } from 'drizzle-orm';
import type { Profile } from '#contract/auth.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accounts } from '#gateway/db/schema/index.ts';
import { mediaUrl } from '#gateway/modules/media/queries.ts';

export type AccountRow = typeof accounts.$inferSelect;

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
