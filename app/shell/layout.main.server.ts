import { memberShellSchema } from '#contract/auth.ts';
import { GatewayError, gatewayClient, isGatewayUnavailable } from '#app/server/gateway.server.ts';
import { formatDate } from '#contract/format.ts';
import { getSession } from '#app/server/session.server.ts';
import type { GiftBadge } from './member-header.tsx';

type Args = Parameters<typeof gatewayClient>[0];

export type ShellData = { unreadCount: number; gift: GiftBadge | null; fullName: string | null };

/**
 * The frame of every signed-in page in ONE gateway call (issue 18): the header's unread dot and gift
 * icon, and the member's name for the pages that greet them (they read it from this layout's data
 * instead of asking again). A failure here only hides them: the page itself still renders.
 */
export async function loadShell(args: Args): Promise<ShellData> {
  const shell = await gatewayClient(args)('/api/v1/member/shell', memberShellSchema).then(
    (r) => r.data,
    (error: unknown) => {
      if (error instanceof GatewayError || isGatewayUnavailable(error)) return null;
      throw error; // a 401 (session expired) and programming errors go to the error boundary
    },
  );
  if (!shell) return { unreadCount: 0, gift: null, fullName: null };
  const { unreadCount, gift } = shell;
  const fullName = shell.profile.fullName.trim();
  if (!gift) return { unreadCount, gift: null, fullName };
  const session = getSession(args.context);
  const firstTime = session.get('giftHintSeen') !== gift.memberGiftId;
  if (firstTime) session.set('giftHintSeen', gift.memberGiftId);
  return { unreadCount, fullName, gift: { gift, firstTime, expires: gift.expiresAt ? formatDate(gift.expiresAt) : null } };
}
