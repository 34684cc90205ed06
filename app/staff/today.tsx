import { Link, redirect } from 'react-router';
import { z } from 'zod';
import { waitingCashContractSchema } from '#contract/staff.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/today';
import { staffGateway, staffOf } from './staff-session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staff.nav.today');

/** Issue 17: the start page: what waits at the desk (cash to collect, trial sessions to schedule). */
export async function loader(args: Route.LoaderArgs) {
  const staff = staffOf(args.context);
  // A trainer's day is their agenda (ADR 049).
  if (staff.accountType === 'PT') throw redirect('/staff/agenda');
  const call = staffGateway(args);
  const [cash, trials] = await Promise.all([
    call('/api/v1/staff/contracts/waiting', z.array(waitingCashContractSchema)),
    call('/api/v1/staff/free-sessions', z.array(z.unknown())),
  ]);
  return { staff, cashWaiting: cash.data.length, trialsWaiting: trials.data.length };
}

export default function StaffToday({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { staff, cashWaiting, trialsWaiting } = loaderData;
  return (
    <main className="page">
      <h1>{t('staff.today.title', { name: staff.fullName })}</h1>
      <p className="lead">{t('staff.today.lead')}</p>
      <div className="staff-cards">
        <Link to="/staff/scanner" className="staff-card staff-card-primary">
          {t('staff.today.scanner')}
        </Link>
        <Link to="/staff/cash" className="staff-card">
          {cashWaiting > 0 ? t('staff.today.cashWaiting', { count: cashWaiting }) : t('staff.today.cashNone')}
        </Link>
        <Link to="/staff/trials" className="staff-card">
          {trialsWaiting > 0 ? t('staff.today.trialsWaiting', { count: trialsWaiting }) : t('staff.today.trialsNone')}
        </Link>
      </div>
    </main>
  );
}
