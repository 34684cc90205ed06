import { Codes } from '../codes.ts';
import { endpoint, noData } from '../endpoint.ts';
import {
  notificationPageSchema,
  notificationSchema,
  notificationsQuery,
  pushPublicKeySchema,
  pushSubscriptionBody,
  pushUnsubscribeBody,
  unreadCountSchema,
} from '../notifications.ts';

/** The member's inbox and Web Push subscriptions (issue 3). */
export const notificationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/v1/member/notifications',
    summary: 'Notifications, newest first (?page=1&limit=20, limit ≤ 50), with the unread count',
    auth: 'member',
    success: Codes.OK,
    query: notificationsQuery,
    response: notificationPageSchema,
  }),
  open: endpoint({
    method: 'GET',
    path: '/api/v1/member/notification/{id}',
    summary: 'One notification; opening it marks it read',
    auth: 'member',
    success: Codes.OK,
    response: notificationSchema,
  }),
  readAll: endpoint({
    method: 'PUT',
    path: '/api/v1/member/notifications/read-all',
    summary: 'Mark every notification read',
    auth: 'member',
    success: Codes.OK,
    response: unreadCountSchema,
  }),
  pushPublicKey: endpoint({
    method: 'GET',
    path: '/api/v1/general/push/public-key',
    summary: 'The VAPID public key a browser subscribes with',
    auth: 'none',
    success: Codes.OK,
    response: pushPublicKeySchema,
  }),
  subscribe: endpoint({
    method: 'POST',
    path: '/api/v1/member/push/subscription',
    summary: "Save this browser's push subscription for the caller",
    auth: 'member',
    success: Codes.OK,
    body: pushSubscriptionBody,
    response: noData,
  }),
  unsubscribe: endpoint({
    method: 'DELETE',
    path: '/api/v1/member/push/subscription',
    summary: "Remove one of the caller's push subscriptions",
    auth: 'member',
    success: Codes.OK,
    body: pushUnsubscribeBody,
    response: noData,
  }),
};
