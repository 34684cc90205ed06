import { Outlet } from 'react-router';
import { requireMember } from '#app/auth.server.ts';
import { LanguageSwitch } from '#app/components/language-switch.tsx';
import type { Route } from './+types/layout.main';
import { useT } from '#app/i18n.ts';

export const middleware: Route.MiddlewareFunction[] = [requireMember];

/** Signed-in pages. The header and bottom navigation of §2 grow here with the app shell. */
export default function MainLayout() {
  const { t } = useT();
  return (
    <div className="main">
      <header className="main-header">
        <a href="/home" className="brand">
          {t('app.name')}
        </a>
        <LanguageSwitch />
      </header>
      <Outlet />
    </div>
  );
}
