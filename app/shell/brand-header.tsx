import { useT } from '#app/i18n.ts';
import { LanguageSwitch } from './language-switch.tsx';

/** The dark bar with the brand and the language switch, on every layout. */
export function BrandHeader({ home }: { home: string }) {
  const { t } = useT();
  return (
    <header className="app-header">
      <a href={home} className="brand">
        {t('app.name')}
      </a>
      <LanguageSwitch />
    </header>
  );
}
