import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import { Icon } from '#app/ui/icons.tsx';
import type { GiftBadge } from './gift-badge.ts';

const giftPopoverChunk = () => import('./gift-popover.tsx');
type GiftPopoverModule = Awaited<ReturnType<typeof giftPopoverChunk>>;
let giftPopoverModule: GiftPopoverModule | undefined;
const importGiftPopover = () => giftPopoverChunk().then((module) => (giftPopoverModule = module));
// The server imports it at start, so it renders in the page's first bytes (it works without
// JavaScript); a browser fetches it only for a member with a gift, and hydrates it when it comes.
if (import.meta.env.SSR) void importGiftPopover();
const GiftPopover = lazy(() =>
  giftPopoverModule
    ? // Already imported: a thenable that answers at once, so React renders it without suspending.
      ({
        then: (resolve: (module: GiftPopoverModule) => void) => resolve(giftPopoverModule as GiftPopoverModule),
      } as Promise<GiftPopoverModule>)
    : importGiftPopover(),
);

/** §2 header of signed-in pages: account, brand, then gift (when there is one), support and notifications. */
export function MemberHeader({ unreadCount, gift }: { unreadCount: number; gift: GiftBadge | null }) {
  const { t, lang } = useT();
  const bellLabel =
    unreadCount > 0 ? t('header.notificationsUnread', { count: unreadCount }) : t('header.notifications');
  return (
    <header className="app-header member-header">
      <Link to="/account" className="header-icon" aria-label={t('header.account')}>
        <Icon name="account" />
      </Link>
      <Link to="/home" className="brand">
        {t('app.name')}
      </Link>
      <div className="header-actions">
        {gift ? (
          <Suspense fallback={null}>
            <GiftPopover badge={gift} lang={lang} />
          </Suspense>
        ) : null}
        <Link to="/support" className="header-icon" aria-label={t('header.support')}>
          <Icon name="support" />
        </Link>
        <Link to="/notification" className="header-icon" aria-label={bellLabel}>
          <Icon name="bell" />
          {unreadCount > 0 ? <span className="unread-dot" data-testid="unread-dot" /> : null}
        </Link>
      </div>
    </header>
  );
}
