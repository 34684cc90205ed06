import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { MemberGift } from '#contract/gift.ts';
import { useT } from '#app/i18n.ts';
import { Icon } from '#app/ui/icons.tsx';

export type GiftBadge = { gift: MemberGift; expires: string | null; firstTime: boolean };

/** §2 header of signed-in pages: account, brand, then gift (when there is one), support and notifications. */
export function MemberHeader({ unreadCount, gift }: { unreadCount: number; gift: GiftBadge | null }) {
  const { t, lang } = useT();
  const bellLabel = unreadCount > 0 ? t('header.notificationsUnread', { count: unreadCount }) : t('header.notifications');
  return (
    <header className="app-header member-header">
      <Link to="/account" className="header-icon" aria-label={t('header.account')}>
        <Icon name="account" />
      </Link>
      <Link to="/home" className="brand">
        {t('app.name')}
      </Link>
      <div className="header-actions">
        {gift ? <GiftButton badge={gift} lang={lang} t={t} /> : null}
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

type T = ReturnType<typeof useT>['t'];

/**
 * A disclosure, so it opens without JavaScript (tap the icon again to close); open by itself the
 * first time the gift is shown. With JavaScript a tap outside or on the close button closes it.
 */
function GiftButton({ badge, lang, t }: { badge: GiftBadge; lang: 'vi' | 'en'; t: T }) {
  const { gift } = badge;
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const closeOutside = (event: PointerEvent) => {
      if (ref.current?.open && !ref.current.contains(event.target as Node)) ref.current.open = false;
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, []);
  return (
    <details className="gift-popover" open={badge.firstTime} ref={ref}>
      <summary className="header-icon" aria-label={t('header.gift')}>
        <Icon name="gift" />
        <span className="gift-dot" />
      </summary>
      <div className="gift-panel" role="dialog" aria-label={t('header.gift')}>
        <button
          type="button"
          className="gift-close"
          aria-label={t('gift.close')}
          onClick={() => {
            if (ref.current) ref.current.open = false;
          }}
        >
          <Icon name="close" size={20} />
        </button>
        {badge.firstTime ? <p className="gift-hint">{t('gift.hint')}</p> : null}
        <p className="gift-title">{lang === 'en' ? gift.titleEn : gift.titleVi}</p>
        <p className="small">{lang === 'en' ? gift.descriptionEn : gift.descriptionVi}</p>
        {badge.expires ? <p className="small muted">{t('gift.expires', { date: badge.expires })}</p> : null}
        <p className="small muted">{t('gift.activateSoon')}</p>
      </div>
    </details>
  );
}
