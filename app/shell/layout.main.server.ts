import { createContext } from 'react-router';
import { memberShellSchema, type MemberShell } from '#contract/auth.ts';
import { memberHomeSchema, type HomePageContracts } from '#contract/membership.ts';
import type { ClubBusyness } from '#contract/clubs.ts';
import { GatewayError, gatewayClient, isGatewayUnavailable } from '#app/server/gateway.server.ts';
import { formatDate } from '#contract/format.ts';
import { getSession } from '#app/server/session.server.ts';
import type { GiftBadge } from './gift-badge.ts';

type Args = Parameters<typeof gatewayClient>[0];

export type ShellData = { unreadCount: number; gift: GiftBadge | null; fullName: string | null };

/** What one signed-in page reads from the gateway: always the shell, and the page's own data on the screens that have an aggregate. */
type MemberRead = { shell: MemberShell; homePage?: HomePageContracts; busyness?: ClubBusyness | null };

/**
 * Issue 18: ONE gateway round trip per signed-in page. A screen whose page data comes with the
 * shell from one aggregate endpoint is listed here by its path; any other page gets the shell
 * from /member/shell (and makes its own call for its data).
 */
const SCREEN_READS: Record<string, (call: ReturnType<typeof gatewayClient>) => Promise<MemberRead>> = {
  '/home': async (call) => (await call('/api/v1/member/home', memberHomeSchema)).data,
};

const memberReadContext = createContext<Promise<MemberRead> | null>(null);

/**
 * The request's one member read, shared by the main layout's loader and the page's: whichever
 * asks first starts it, the other awaits the same answer.
 */
export function memberRead(args: Args): Promise<MemberRead> {
  let read = args.context.get(memberReadContext);
  if (!read) {
    const call = gatewayClient(args);
    // A client navigation asks /home.data: the same screen.
    const screen = SCREEN_READS[new URL(args.request.url).pathname.replace(/\.data$/, '')];
    read = screen ? screen(call) : call('/api/v1/member/shell', memberShellSchema).then((r) => ({ shell: r.data }));
    // Each loader awaits it and handles its failure its own way: never an unhandled rejection here.
    read.catch(() => undefined);
    args.context.set(memberReadContext, read);
  }
  return read;
}

/**
 * The frame of every signed-in page (issue 18): the header's unread dot and gift icon, and the
 * member's name for the pages that greet them (they read it from this layout's data instead of
 * asking again). A failure here only hides them: the page itself still renders.
 */
export async function loadShell(args: Args): Promise<ShellData> {
  const shell = await memberRead(args).then(
    (r) => r.shell,
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
