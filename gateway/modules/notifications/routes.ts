import { Hono } from 'hono';
import { notificationsQuery, pushSubscriptionBody, pushUnsubscribeBody } from '#contract/notifications.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { notFound } from '#gateway/http/errors.ts';
import { validate } from '#gateway/http/validate.ts';
import {
  deleteSubscription,
  isNotificationId,
  markAllRead,
  notificationPage,
  openNotification,
  saveSubscription,
} from './queries.ts';

/** The member's inbox and Web Push subscriptions (issue 3; not named by §7, built in its spirit). */
export function notificationRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  app.get('/member/notifications', member, validate('query', notificationsQuery), async (c) => {
    const { page, limit } = c.req.valid('query');
    return ok(c, await notificationPage(c.get('deps').db, c.get('account').id, page, limit));
  });

  app.get('/member/notification/:id', member, async (c) => {
    const id = c.req.param('id');
    // Malformed, unknown and another member's ids all answer the same not found.
    if (!isNotificationId(id)) throw notFound();
    const { db, clock } = c.get('deps');
    const notification = await openNotification(db, c.get('account').id, id, clock.now());
    if (!notification) throw notFound();
    return ok(c, notification);
  });

  app.put('/member/notifications/read-all', member, async (c) => {
    const { db, clock } = c.get('deps');
    await markAllRead(db, c.get('account').id, clock.now());
    return ok(c, { unreadCount: 0 });
  });

  app.get('/general/push/public-key', (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return ok(c, { publicKey: c.get('deps').push.publicKey });
  });

  app.post('/member/push/subscription', member, validate('json', pushSubscriptionBody), async (c) => {
    const { db, clock } = c.get('deps');
    await saveSubscription(db, c.get('account').id, c.req.valid('json'), clock.now());
    return ok(c);
  });

  app.delete('/member/push/subscription', member, validate('json', pushUnsubscribeBody), async (c) => {
    await deleteSubscription(c.get('deps').db, c.get('account').id, c.req.valid('json').endpoint);
    return ok(c);
  });

  return app;
}
