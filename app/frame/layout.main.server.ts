import { memberShell, type ReadArgs } from '#app/server/member-read.server.ts';
import { GatewayError, isGatewayUnavailable } from '#app/server/gateway.server.ts';
import { formatDate } from '#api/format.ts';
import { ratingPromptOf, type RatingPrompt } from '#app/ratings/rating-prompt.server.ts';
import { getSession } from '#app/server/session.server.ts';
import type { GiftBadge } from '#app/shell/gift-badge.ts';

type Args = ReadArgs;

export type ShellData = {
  unreadCount: number;
  gift: GiftBadge | null;
  fullName: string | null;
  rating: RatingPrompt | null;
};

/**
 * The frame of every signed-in page (issue 18; its read, ADR 077): the header's unread dot and gift icon, and the
 * member's name for the pages that greet them (they read it from this layout's data instead of
 * asking again). A failure here only hides them: the page itself still renders.
 */
export async function loadShell(args: Args): Promise<ShellData> {
  const shell = await memberShell(args).catch((error: unknown) => {
    if (error instanceof GatewayError || isGatewayUnavailable(error)) return null;
    throw error; // a 401 (session expired) and programming errors go to the error boundary
  });
  if (!shell) return { unreadCount: 0, gift: null, fullName: null, rating: null };
  const { unreadCount, gift } = shell;
  const fullName = shell.profile.fullName.trim();
  // Issue 16 §2: the rating prompt rides the page's one read (the shell's pendingRating).
  const rating = ratingPromptOf(args, shell.pendingRating, new URL(args.request.url).pathname.replace(/\.data$/, ''));
  if (!gift) return { unreadCount, gift: null, fullName, rating };
  const session = getSession(args.context);
  // The gift screen shows the gift itself: the popover does not open over it (and counts as seen).
  const onGiftScreen = new URL(args.request.url).pathname.replace(/\.data$/, '') === '/gift';
  const firstTime = !onGiftScreen && session.get('giftHintSeen') !== gift.memberGiftId;
  if (session.get('giftHintSeen') !== gift.memberGiftId) session.set('giftHintSeen', gift.memberGiftId);
  return {
    unreadCount,
    fullName,
    rating,
    gift: { gift, firstTime, expires: gift.expiresAt ? formatDate(gift.expiresAt) : null },
  };
}
