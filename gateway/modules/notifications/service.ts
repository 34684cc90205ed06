import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Notification, NotificationKind } from '#contract/notifications.ts';
import { accounts, notifications, pushSubscriptions } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';

export type NotifyInput = {
  kind: NotificationKind;
  titleVi: string;
  titleEn: string;
  bodyVi: string;
  bodyEn: string;
  /** An in-app path such as /membership, or null. */
  link: string | null;
};

export type NotifyDeps = Pick<Deps, 'db' | 'push' | 'logger' | 'clock'>;

export type NotificationRow = typeof notifications.$inferSelect;

export const newNotificationId = () => randomBytes(16).toString('hex');

export const toNotification = (row: NotificationRow): Notification => ({
  id: row.id,
  kind: row.kind,
  titleVi: row.titleVi,
  titleEn: row.titleEn,
  bodyVi: row.bodyVi,
  bodyEn: row.bodyEn,
  link: row.link,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/**
 * Tells a member something: stores it in their inbox, then pushes it to each of their browsers
 * in their language. A dead subscription (404/410) is dropped; any other push failure is logged
 * and never fails the caller, since the inbox already holds the message.
 */
export async function notifyMember(deps: NotifyDeps, accountId: number, input: NotifyInput): Promise<Notification> {
  const [row] = await deps.db
    .insert(notifications)
    .values({ id: newNotificationId(), accountId, ...input, createdAt: deps.clock.now() })
    .returning();
  await pushToMember(deps, row).catch((error: unknown) => {
    deps.logger.warn({ err: error, accountId }, 'push fan-out failed');
  });
  return toNotification(row);
}

async function pushToMember(deps: NotifyDeps, row: NotificationRow) {
  const [account] = await deps.db.select({ lang: accounts.lang }).from(accounts).where(eq(accounts.id, row.accountId));
  const targets = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, row.accountId));
  if (targets.length === 0) return;
  const en = account?.lang === 'en';
  const payload = JSON.stringify({
    id: row.id,
    title: en ? row.titleEn : row.titleVi,
    body: en ? row.bodyEn : row.bodyVi,
    link: row.link,
  });
  await Promise.all(
    targets.map(async (target) => {
      // Only this account's row: the endpoint may have been re-bound to another member meanwhile.
      const mine = and(eq(pushSubscriptions.id, target.id), eq(pushSubscriptions.accountId, row.accountId));
      try {
        const outcome = await deps.push.send({ accountId: row.accountId, target, payload });
        if (outcome === 'gone') {
          await deps.db.delete(pushSubscriptions).where(mine);
          deps.logger.info({ accountId: row.accountId, subscriptionId: target.id }, 'push subscription gone: removed');
        } else {
          await deps.db.update(pushSubscriptions).set({ lastSuccessAt: deps.clock.now(), failureCount: 0 }).where(mine);
        }
      } catch (error) {
        deps.logger.warn({ err: error, accountId: row.accountId, subscriptionId: target.id }, 'push delivery failed');
        await deps.db
          .update(pushSubscriptions)
          .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
          .where(mine);
      }
    }),
  );
}
