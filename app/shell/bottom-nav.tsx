import { NavLink } from 'react-router';
import { useT } from '#app/i18n.ts';
import { Icon, type IconName } from '#app/ui/icons.tsx';

/** §2: the five tabs; each marks itself for any page under its path. */
export const bottomTabs: { to: string; icon: IconName; label: string }[] = [
  { to: '/home', icon: 'home', label: 'nav.home' },
  { to: '/membership', icon: 'membership', label: 'nav.membership' },
  { to: '/workout', icon: 'workout', label: 'nav.workout' },
  { to: '/inbody', icon: 'inbody', label: 'nav.inbody' },
  { to: '/history', icon: 'history', label: 'nav.history' },
];

export function BottomNav() {
  const { t } = useT();
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      {bottomTabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="bottom-tab" prefetch="intent">
          <Icon name={tab.icon} />
          <span>{t(tab.label)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
