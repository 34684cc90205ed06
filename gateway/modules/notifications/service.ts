import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Notification } from '#api/notifications.ts';
import type { Executor } from '#gateway/db/client.ts';
import {
  accounts,
  noticeOutbox,
  notifications,
  pushSubscriptions,
  type NoticeContent,
} from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import type { SmsSender } from '#gateway/providers/sms/port.ts';

/** What a notice says; `link` is an in-app path such as /membership, or null. */
export type NotifyInput = NoticeContent;

/** Without `sms`, notices that carry an SMS are left to a deliverer that has it (the worker, a request's deps). */
export type NotifyDeps = Pick<Deps, 'db' | 'push' | 'logger' | 'clock'> & Partial<Pick<Deps, 'sms'>>;

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

// ADR 016: the transactional outbox. A feature never stores or pushes a notice itself: it calls
// enqueueNotice inside the transaction of the change, and deliverDueNotices runs after the commit
// (and every few seconds in the worker), so a crash between the two loses nothing.

/** Tries per notice before it is marked failed; the waits between them double from 5 s. */
export const NOTICE_DELIVERY = { maxAttempts: 8, firstRetryMs: 5_000, leaseMs: 15_000, batch: 20 } as const;

/** Queues a notice in the caller's transaction: it exists if and only if the change committed. */
export async function enqueueNotice(tx: Executor, accountId: number, content: NotifyInput, now: Date): Promise<string> {
  const notificationId = newNotificationId();
  await tx.insert(noticeOutbox).values({ accountId, notificationId, content, nextAttemptAt: now, createdAt: now });
  return notificationId;
}

/**
 * Delivers the notices that are due: stores each in the inbox and pushes it to the member's
 * browsers. Rows are leased by one statement (FOR UPDATE SKIP LOCKED), so replicas share the work
 * and never take the same row; a worker that dies mid-delivery leaves a lease that runs out, and
 * the notice is delivered again. The inbox row's key is chosen at enqueue time, so it is stored
 * once whatever happens; a push may come twice in that rare case. Returns how many were delivered.
 */
export async function deliverDueNotices(deps: NotifyDeps): Promise<number> {
  const now = deps.clock.now();
  const leased = await deps.db
    .update(noticeOutbox)
    .set({
      nextAttemptAt: new Date(now.getTime() + NOTICE_DELIVERY.leaseMs),
      attempts: sql`${noticeOutbox.attempts} + 1`,
    })
    .where(
      inArray(
        noticeOutbox.id,
        deps.db
          .select({ id: noticeOutbox.id })
          .from(noticeOutbox)
          .where(
            and(
              eq(noticeOutbox.status, 'pending'),
              sql`${noticeOutbox.nextAttemptAt} <= ${now.toISOString()}`,
              deps.sms ? undefined : sql`${noticeOutbox.content} ->> 'sms' is null`,
            ),
          )
          .orderBy(noticeOutbox.id)
          .limit(NOTICE_DELIVERY.batch)
          .for('update', { skipLocked: true }),
      ),
    )
    .returning();
  let delivered = 0;
  for (const notice of leased) {
    try {
      await deliverNotice(deps, notice);
      await deps.db
        .update(noticeOutbox)
        .set({ status: 'delivered', deliveredAt: deps.clock.now(), lastError: null })
        .where(eq(noticeOutbox.id, notice.id));
      delivered++;
    } catch (error) {
      const lastTry = notice.attempts >= NOTICE_DELIVERY.maxAttempts;
      const wait = NOTICE_DELIVERY.firstRetryMs * 2 ** (notice.attempts - 1);
      deps.logger.warn(
        { err: error, noticeId: notice.id, attempts: notice.attempts, lastTry },
        'notice delivery failed',
      );
      await deps.db
        .update(noticeOutbox)
        .set({
          status: lastTry ? 'failed' : 'pending',
          nextAttemptAt: new Date(deps.clock.now().getTime() + wait),
          lastError: String(error instanceof Error ? error.message : error).slice(0, 500),
        })
        .where(eq(noticeOutbox.id, notice.id));
    }
  }
  return delivered;
}

/** After a commit that queued notices: deliver them now, so the member sees them at once. Never throws. */
export async function deliverNoticesNow(deps: NotifyDeps) {
  await deliverDueNotices(deps).catch((error: unknown) =>
    deps.logger.warn({ err: error }, 'notice delivery deferred to the worker'),
  );
}

/**
 * Batch after batch while full batches keep coming, up to `budgetMs`: a notice to a whole club
 * (thousands of rows, ADR 052) goes out in one run instead of 20 every interval. Returns how many.
 */
export async function drainDueNotices(deps: NotifyDeps, budgetMs = 10_000) {
  const until = performance.now() + budgetMs;
  let total = 0;
  for (;;) {
    const delivered = await deliverDueNotices(deps);
    total += delivered;
    if (delivered < NOTICE_DELIVERY.batch || performance.now() >= until) return total;
  }
}

/** Runs drainDueNotices every `intervalMs` until stopped (server.ts); one run at a time. */
export function startNoticeWorker(deps: NotifyDeps, intervalMs = 2_000) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    running ??= drainDueNotices(deps)
      .catch((error: unknown) => deps.logger.warn({ err: error }, 'notice worker run failed'))
      .finally(() => (running = null));
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}

type OutboxRow = typeof noticeOutbox.$inferSelect;

async function deliverNotice(deps: NotifyDeps, notice: OutboxRow) {
  const { sms, ...content } = notice.content;
  const [stored] = await deps.db
    .insert(notifications)
    .values({ id: notice.notificationId, accountId: notice.accountId, ...content, createdAt: notice.createdAt })
    .onConflictDoNothing({ target: notifications.id })
    .returning();
  const row =
    stored ?? (await deps.db.select().from(notifications).where(eq(notifications.id, notice.notificationId)))[0];
  if (sms && deps.sms) await textMember(deps.sms, deps, notice, sms);
  if (!row) return; // read and deleted by the member between two tries: nothing left to push
  const { targets, failed } = await pushToMember(deps, row);
  // Every browser failed for a passing reason (not "gone"): try the push again later.
  if (targets > 0 && failed === targets) throw new Error(`push failed for all ${String(targets)} subscriptions`);
}

/**
 * The notice's SMS, in the member's language, then the text is taken off the outbox row, so a
 * later try (a push that failed) does not send it again. The request id is the notice's: a
 * provider that dedupes by it (eSMS) sends once even if a lease ran out mid-send.
 */
async function textMember(sender: SmsSender, deps: NotifyDeps, notice: OutboxRow, sms: { vi: string; en: string }) {
  const [account] = await deps.db
    .select({ phone: accounts.phoneNumber, lang: accounts.lang })
    .from(accounts)
    .where(eq(accounts.id, notice.accountId));
  if (!account) return;
  await sender.send({
    phone: account.phone,
    text: account.lang === 'en' ? sms.en : sms.vi,
    requestId: `notice-${notice.notificationId}`,
  });
  await deps.db
    .update(noticeOutbox)
    .set({ content: sql`${noticeOutbox.content} - 'sms'` })
    .where(eq(noticeOutbox.id, notice.id));
}

/** A notice for a member now, through the outbox (the sandbox's "send a notification"). */
export async function notifyMember(deps: NotifyDeps, accountId: number, input: NotifyInput): Promise<Notification> {
  const now = deps.clock.now();
  const id = await deps.db.transaction((tx) => enqueueNotice(tx, accountId, input, now));
  await deliverNoticesNow(deps);
  const [row] = await deps.db.select().from(notifications).where(eq(notifications.id, id));
  return row ? toNotification(row) : { id, ...input, createdAt: now.toISOString(), readAt: null };
}

/** Pushes to each of the member's browsers; a dead subscription (404/410) is dropped. Counts the failures. */
async function pushToMember(deps: NotifyDeps, row: NotificationRow) {
  const [account] = await deps.db.select({ lang: accounts.lang }).from(accounts).where(eq(accounts.id, row.accountId));
  const targets = await deps.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.accountId, row.accountId));
  let failed = 0;
  if (targets.length === 0) return { targets: 0, failed };
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
        failed++;
        deps.logger.warn({ err: error, accountId: row.accountId, subscriptionId: target.id }, 'push delivery failed');
        await deps.db
          .update(pushSubscriptions)
          .set({ failureCount: sql`${pushSubscriptions.failureCount} + 1` })
          .where(mine);
      }
    }),
  );
  return { targets: targets.length, failed };
}
