import { z } from 'zod';

/** What a notification is about; `link` deep-links into the app (a path of §2 or null). */
export const notificationKinds = ['GENERAL', 'ACCOUNT', 'MEMBERSHIP', 'PAYMENT', 'PT', 'GIFT', 'PROMOTION'] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: notificationKindSchema,
  titleVi: z.string(),
  titleEn: z.string(),
  bodyVi: z.string(),
  bodyEn: z.string(),
  /** An in-app path such as /history/membership/12, or null when there is nothing to open. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 50;

/** GET /api/v1/member/notifications?page=1&limit=20 — newest first, 1-based pages. */
export const notificationsQuery = z.object({
  page: z.coerce.number({ error: 'numberInvalid' }).int('numberInvalid').min(1, 'numberInvalid').default(1),
  limit: z.coerce
    .number({ error: 'numberInvalid' })
    .int('numberInvalid')
    .min(1, 'numberInvalid')
    .max(NOTIFICATIONS_MAX_PAGE_SIZE, 'numberInvalid')
    .default(NOTIFICATIONS_PAGE_SIZE),
});

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  unreadCount: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const unreadCountSchema = z.object({ unreadCount: z.number() });

/** A browser PushSubscription as `subscription.toJSON()` gives it (the §3 notify token). */
export const pushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/, error: 'invalid' }).max(2000, 'invalid'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({
    p256dh: z.string({ error: 'required' }).min(1, 'required').max(200, 'invalid'),
    auth: z.string({ error: 'required' }).min(1, 'required').max(100, 'invalid'),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

export const pushUnsubscribeBody = z.object({
  endpoint: z.string({ error: 'required' }).min(1, 'required').max(2000, 'invalid'),
});

/** GET /api/v1/general/push/public-key: the VAPID application server key (base64url). */
export const pushPublicKeySchema = z.object({ publicKey: z.string() });
