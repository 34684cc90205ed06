import { currentGiftSchema } from '#contract/gift.ts';
import { notificationPageSchema } from '#contract/notifications.ts';
import { GatewayError, gatewayClient, isGatewayUnavailable } from '#app/server/gateway.server.ts';
import { formatDate } from '#contract/format.ts';
import { getSession } from '#app/server/session.server.ts';
import type { GiftBadge } from './member-header.tsx';

type Args = Parameters<typeof gatewayClient>[0];

/** The header's unread dot and gift icon. A failure here only hides them: the page itself still renders. */
export async function loadShell(args: Args): Promise<{ unreadCount: number; gift: GiftBadge | null }> {
  const gateway = gatewayClient(args);
  const soft = <T,>(fallback: T) => (error: unknown) => {
    if (error instanceof GatewayError || isGatewayUnavailable(error)) return fallback;
    throw error; // a 401 (session expired) and programming errors go to the error boundary
  };
  const [unreadCount, gift] = await Promise.all([
    gateway('/api/v1/member/notifications?page=1&limit=1', notificationPageSchema).then((r) => r.data.unreadCount, soft(0)),
    gateway('/api/v1/member/gift', currentGiftSchema).then((r) => r.data, soft(null)),
  ]);
  if (!gift) return { unreadCount, gift: null };
  const session = getSession(args.context);
  const firstTime = session.get('giftHintSeen') !== gift.memberGiftId;
  if (firstTime) session.set('giftHintSeen', gift.memberGiftId);
  return { unreadCount, gift: { gift, firstTime, expires: gift.expiresAt ? formatDate(gift.expiresAt) : null } };
}
