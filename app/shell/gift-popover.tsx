import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { Lang } from '#api/codes.ts';
import { translate } from '#app/i18n.ts';
import { useMessages } from '#app/locales/messages.ts';
import { Icon } from '#app/ui/icons.tsx';
import type { GiftBadge } from './gift-badge.ts';

/**
 * The gift in the header (§2), loaded with its strings part only where a member has a gift (ADR 030).
 * A disclosure, so it opens without JavaScript (tap the icon again to close); open by itself the
 * first time the gift is shown. With JavaScript a tap outside or on the close button closes it.
 */
export default function GiftPopover({ badge, lang }: { badge: GiftBadge; lang: Lang }) {
  const strings = useMessages(lang, ['gift']);
  const t = (key: string, vars?: Record<string, string>) => translate(strings, key, vars);
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
      <summary className="header-icon" aria-label={t('gift.label')}>
        <Icon name="gift" />
        <span className="gift-dot" />
      </summary>
      <div className="gift-panel" role="dialog" aria-label={t('gift.label')}>
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
        <Link
          to="/gift"
          className="gift-open link"
          onClick={() => {
            if (ref.current) ref.current.open = false;
          }}
        >
          {t('gift.open')}
        </Link>
      </div>
    </details>
  );
}
