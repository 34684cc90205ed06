import { Form, NavLink, Outlet } from 'react-router';
import { useT } from '#app/i18n.ts';
import { PageError } from '#app/ui/page-error.tsx';
import type { Route } from './+types/desk';
import { requireStaff, staffOf } from './staff-session.server.ts';

export const middleware: Route.MiddlewareFunction[] = [requireStaff];

export function loader({ context }: Route.LoaderArgs) {
  return staffOf(context);
}

/**
 * The desk's sections by role (ADR 049): a trainer has their agenda; a LEADER and a GM also read
 * the audit log and the staff list; the GM alone changes the chain's settings.
 */
const sections = (accountType: string) => {
  if (accountType === 'PT') return [{ to: '/staff/agenda', key: 'staff.nav.agenda' }];
  const desk = [
    { to: '/staff', key: 'staff.nav.today' },
    { to: '/staff/scanner', key: 'staff.nav.scanner' },
    { to: '/staff/cash', key: 'staff.nav.cash' },
    { to: '/staff/classes', key: 'staff.nav.classes' },
    { to: '/staff/trials', key: 'staff.nav.trials' },
    { to: '/staff/feedback', key: 'staff.nav.inbox' },
    { to: '/staff/payments', key: 'staff.nav.payments' },
    { to: '/staff/notify', key: 'staff.nav.notify' },
  ];
  if (accountType === 'EMPLOYEE') return desk;
  const managers = [
    ...desk,
    { to: '/staff/audit', key: 'staff.nav.audit' },
    { to: '/staff/team', key: 'staff.nav.team' },
  ];
  return accountType === 'GM' ? [...managers, { to: '/staff/settings', key: 'staff.nav.settings' }] : managers;
};

/** Issue 17: signed-in staff pages: who is signed in, the sections they may use, sign out. */
export default function Desk({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <>
      <div className="staff-bar">
        <p className="staff-who">
          <strong>{loaderData.fullName}</strong> · {t(`staff.role.${loaderData.accountType}`)}
        </p>
        <nav className="staff-nav" aria-label={t('staff.brand')}>
          {sections(loaderData.accountType).map((section) => (
            <NavLink key={section.to} to={section.to} end className="staff-tab">
              {t(section.key)}
            </NavLink>
          ))}
        </nav>
        <Form method="post" action="/staff/logout">
          <button type="submit" className="button button-secondary staff-sign-out">
            {t('staff.nav.signOut')}
          </button>
        </Form>
      </div>
      <Outlet />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PageError error={error} home="/staff" />;
}
