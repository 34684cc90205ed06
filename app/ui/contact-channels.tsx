import { useT } from '#app/i18n.ts';

export type Channels = {
  hotline: string;
  hotlineHref: string;
  email: string;
  zaloUrl: string | null;
  facebookUrl: string | null;
};

/** Tap-to-call, email and chat links: each a full-width row, easy to hit with a thumb. */
export function ContactChannels({ channels }: { channels: Channels }) {
  const { t } = useT();
  return (
    <ul className="menu channels">
      <li>
        <a href={channels.hotlineHref} className="menu-row">
          <span>
            <span className="row-label">{t('account.contact.hotline')}</span>
            <span className="row-value">{channels.hotline}</span>
          </span>
          <span className="row-action">{t('account.contact.call')}</span>
        </a>
      </li>
      <li>
        <a href={`mailto:${channels.email}`} className="menu-row">
          <span>
            <span className="row-label">{t('account.contact.email')}</span>
            <span className="row-value">{channels.email}</span>
          </span>
          <span className="row-action">{t('account.contact.write')}</span>
        </a>
      </li>
      {[
        { name: 'Zalo', url: channels.zaloUrl },
        { name: 'Facebook', url: channels.facebookUrl },
      ].map(({ name, url }) =>
        url ? (
          <li key={name}>
            <a href={url} className="menu-row" rel="noopener noreferrer" target="_blank">
              <span className="row-value">{name}</span>
              <span className="row-action">{t('account.contact.open')}</span>
            </a>
          </li>
        ) : null,
      )}
    </ul>
  );
}
