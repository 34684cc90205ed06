import { Outlet } from 'react-router';
import { LanguageSwitch } from '#app/components/language-switch.tsx';
import { useT } from '#app/i18n.ts';

/** Pre-login pages: brand, language switch and the page, nothing else. */
export default function BareLayout() {
  const { t } = useT();
  return (
    <div className="bare">
      <header className="bare-header">
        <a href="/landing" className="brand">
          {t('app.name')}
        </a>
        <LanguageSwitch />
      </header>
      <Outlet />
    </div>
  );
}
