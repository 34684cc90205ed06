import { and, desc, eq, lt, or, type SQL } from 'drizzle-orm';
import type { StaffActionName, StaffAudit } from '#api/staff.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accounts, staffActions } from '#gateway/db/schema/index.ts';

export type StaffActionInput = {
  actorAccountId: number;
  action: StaffActionName;
  subjectType: string;
  subjectId: number;
  clubId: number | null;
  /** The fields that changed, before and after (JSON; text in it was refused at the door if PostgreSQL cannot store it). */
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
};

/**
 * One audit row (ADR 049). Call it with the transaction that makes the change, after the change:
 * the row and the change commit or roll back together. A repeat that changed nothing writes none.
 */
export async function recordStaffAction(tx: Executor, input: StaffActionInput) {
  await tx.insert(staffActions).values({
    actorAccountId: input.actorAccountId,
    action: input.action,
    subjectType: input.subjectType,
    subjectId: input.subjectId,
    clubId: input.clubId,
    before: input.before ?? null,
    after: input.after ?? null,
    createdAt: input.at,
  });
}

/** before/after of a change of one field (a state, a status). */
export const fieldChange = (field: string, from: unknown, to: unknown) => ({
  before: { [field]: from },
  after: { [field]: to },
});

/** The audit log, newest first: one club's (clubId) or every club's (null), older than the row `before`. */
export async function listStaffActions(
  db: Executor,
  filter: { clubId: number | null; limit: number; before?: number },
): Promise<StaffAudit> {
  let older: SQL | undefined;
  if (filter.before !== undefined) {
    const [cursor] = await db
      .select({ createdAt: staffActions.createdAt })
      .from(staffActions)
      .where(eq(staffActions.id, filter.before));
    if (!cursor) return { actions: [], nextBefore: null };
    older = or(
      lt(staffActions.createdAt, cursor.createdAt),
      and(eq(staffActions.createdAt, cursor.createdAt), lt(staffActions.id, filter.before)),
    );
  }
  const rows = await db
    .select({ row: staffActions, fullName: accounts.fullName, accountType: accounts.accountType })
    .from(staffActions)
    .innerJoin(accounts, eq(accounts.id, staffActions.actorAccountId))
    .where(and(filter.clubId === null ? undefined : eq(staffActions.clubId, filter.clubId), older))
    .orderBy(desc(staffActions.createdAt), desc(staffActions.id))
    .limit(filter.limit + 1);
  const page = rows.slice(0, filter.limit);
  return {
    actions: page.map(({ row, fullName, accountType }) => ({
      id: row.id,
      action: row.action as StaffActionName,
      subjectType: row.subjectType,
      subjectId: row.subjectId,
      clubId: row.clubId,
      actor: { id: row.actorAccountId, fullName, accountType },
      before: row.before ?? null,
      after: row.after ?? null,
      createdAt: row.createdAt.toISOString(),
    })),
    nextBefore: rows.length > filter.limit ? page[page.length - 1].row.id : null,
  };
}
