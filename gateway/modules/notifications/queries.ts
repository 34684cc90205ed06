import { and, count, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { PushSubscriptionBody } from '#api/notifications.ts';
import type { Executor } from '#gateway/db/client.ts';
import { notifications, pushSubscriptions } from '#gateway/db/schema/index.ts';
import { toNotification } from './service.ts';

/** A browser per phone, tablet and laptop is plenty; older subscriptions beyond this are dropped. */
export const MAX_SUBSCRIPTIONS_PER_ACCOUNT = 10;

const NOTIFICATION_ID = /^[0-9a-f]{32}$/;
export const isNotificationId = (id: string) => NOTIFICATION_ID.test(id);

export async function notificationPage(db: Executor, accountId: number, page: number, limit: number) {
  const mine = eq(notifications.accountId, accountId);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(mine)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db
      .select({
        total: count(),
        unread: sql<number>`count(*) filter (where ${notifications.readAt} is null)`.mapWith(Number),
      })
      .from(notifications)
      .where(mine),
  ]);
  return { items: rows.map(toNotification), page, limit, total: totals.total, unreadCount: totals.unread };
}

/** The caller's notification, marked read the first time it is opened; undefined for anyone else's. */
export async function openNotification(db: Executor, accountId: number, id: string, now: Date) {
  const [row] = await db
    .update(notifications)
    .set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)))
    .returning();
  return row ? toNotification(row) : undefined;
}

export async function markAllRead(db: Executor, accountId: number, now: Date) {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
}

/** Upsert by endpoint: a browser that signs in as someone else now notifies that member only. */
export async function saveSubscription(db: Executor, accountId: number, body: PushSubscriptionBody, now: Date) {
  const values = { accountId, endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth, createdAt: now };
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { ...values, failureCount: 0, lastSuccessAt: null },
    });
  const keep = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.accountId, accountId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(MAX_SUBSCRIPTIONS_PER_ACCOUNT);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.accountId, accountId), notInArray(pushSubscriptions.id, keep)));
}

export async function deleteSubscription(db: Executor, accountId: number, endpoint: string) {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.accountId, accountId)));
}

/** The member's unread notifications: the header's dot, one count. */
export async function unreadCount(db: Executor, accountId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
  return row.n;
}
