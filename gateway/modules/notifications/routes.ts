import { Hono } from 'hono';
import { notificationEndpoints as endpoints } from '#api/endpoints/notifications.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { notFound } from '#gateway/http/errors.ts';
import { route } from '#gateway/http/route.ts';
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

  route(app, endpoints.list, member, async (c) => {
    const { page, limit } = c.req.valid('query');
    return ok(c, await notificationPage(c.get('deps').db, c.get('account').id, page, limit));
  });

  route(app, endpoints.open, member, async (c) => {
    const id = c.req.param('id');
    // Malformed, unknown and another member's ids all answer the same not found.
    if (!isNotificationId(id)) throw notFound();
    const { db, clock } = c.get('deps');
    const notification = await openNotification(db, c.get('account').id, id, clock.now());
    if (!notification) throw notFound();
    return ok(c, notification);
  });

  route(app, endpoints.readAll, member, async (c) => {
    const { db, clock } = c.get('deps');
    await markAllRead(db, c.get('account').id, clock.now());
    return ok(c, { unreadCount: 0 });
  });

  route(app, endpoints.pushPublicKey, (c) => {
    c.header('cache-control', 'public, max-age=3600');
    return ok(c, { publicKey: c.get('deps').push.publicKey });
  });

  route(app, endpoints.subscribe, member, async (c) => {
    const { db, clock } = c.get('deps');
    await saveSubscription(db, c.get('account').id, c.req.valid('json'), clock.now());
    return ok(c);
  });

  route(app, endpoints.unsubscribe, member, async (c) => {
    await deleteSubscription(c.get('deps').db, c.get('account').id, c.req.valid('json').endpoint);
    return ok(c);
  });

  return app;
}
