import { Outlet } from 'react-router';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { LanguageSwitch } from '#app/shell/language-switch.tsx';
import { PageError } from '#app/ui/page-error.tsx';
import type { Route } from './+types/frame';
import { staffSessionMiddleware } from './staff-session.server.ts';

export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware];

export const handle: StringsHandle = { strings: ['staff'] };

function StaffHeader() {
  const { t } = useT();
  return (
    <header className="app-header">
      <a href="/staff" className="brand">
        {t('staff.brand')}
      </a>
      <LanguageSwitch />
    </header>
  );
}

/** Issue 17: every staff page, signed in or not: the staff brand and the language switch, wider than the member app's column. */
export default function StaffFrame() {
  return (
    <div className="layout layout-staff">
      <StaffHeader />
      <Outlet />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <div className="layout layout-staff">
      <StaffHeader />
      <PageError error={error} home="/staff" />
    </div>
  );
}
