import { eq } from 'drizzle-orm';
import type { Executor } from '#gateway/db/client.ts';
import { accounts } from '#gateway/db/schema/index.ts';

/** The signed-in staff member: GM works at every club (clubId null), the others at theirs. */
export type Staff = { id: number; accountType: 'EMPLOYEE' | 'LEADER' | 'GM'; clubId: number | null };

export async function loadStaff(db: Executor, accountId: number): Promise<Staff> {
  const [row] = await db
    .select({ id: accounts.id, accountType: accounts.accountType, clubId: accounts.clubId })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return { id: row.id, accountType: row.accountType as Staff['accountType'], clubId: row.clubId };
}

/** May this staff member act on a contract of this club? */
export const worksAt = (staff: Staff, clubId: number) => staff.accountType === 'GM' || staff.clubId === clubId;
