import { NavLink } from 'react-router';
import { useT } from '#app/i18n.ts';
import { Icon } from '#app/ui/icons.tsx';
import { bottomTabs } from './bottom-tabs.ts';
import { useSaveData } from '#app/ui/hooks.ts';

/** §2: the five tabs; each marks itself for any page under its path. */
export function BottomNav() {
  const { t } = useT();
  // A touch on a tab fetches its page's code and data ahead, unless the phone saves data (ADR 068).
  const prefetch = useSaveData() ? 'none' : 'intent';
  return (
    <nav className="bottom-nav" aria-label={t('nav.label')}>
      {bottomTabs.map((tab) => (
        <NavLink key={tab.to} to={tab.to} className="bottom-tab" prefetch={prefetch}>
          <Icon name={tab.icon} />
          <span>{t(`nav.${tab.label}`)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
