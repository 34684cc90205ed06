import { Link, redirect } from 'react-router';
import { z } from 'zod';
import { staffClassesSchema } from '#contract/staff-classes.ts';
import { waitingCashContractSchema } from '#contract/staff.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/today';
import { staffGateway, staffOf } from './staff-session.server.ts';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staff.nav.today');

/** Issue 17: the start page: what waits at the desk (cash to collect, trial sessions to schedule, feedback to answer) and today's classes. */
export async function loader(args: Route.LoaderArgs) {
  const staff = staffOf(args.context);
  // A trainer's day is their agenda (ADR 049).
  if (staff.accountType === 'PT') throw redirect('/staff/agenda');
  const call = staffGateway(args);
  const [cash, trials, feedback, classes] = await Promise.all([
    call('/api/v1/staff/contracts/waiting', z.array(waitingCashContractSchema)),
    call('/api/v1/staff/free-sessions', z.array(z.unknown())),
    call('/api/v1/staff/feedback?state=NEW', z.array(z.unknown())),
    // A GM has no club of their own: the classes page asks them which.
    staff.clubId === null ? null : call('/api/v1/staff/classes', staffClassesSchema),
  ]);
  return {
    staff,
    cashWaiting: cash.data.length,
    trialsWaiting: trials.data.length,
    // The inbox answers 50 a page: more than a page is "50+".
    feedbackNew: feedback.data.length >= 50 ? '50+' : feedback.data.length,
    classesToday: classes ? classes.data.sessions.filter((s) => s.cancelledAt === null).length : null,
  };
}

export default function StaffToday({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { staff, cashWaiting, trialsWaiting, feedbackNew, classesToday } = loaderData;
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
        <Link to="/staff/feedback" className="staff-card">
          {feedbackNew === 0 ? t('staff.today.feedbackNone') : t('staff.today.feedbackNew', { count: feedbackNew })}
        </Link>
        {classesToday === null ? null : (
          <Link to="/staff/classes" className="staff-card">
            {t('staff.today.classes', { count: classesToday })}
          </Link>
        )}
      </div>
    </main>
  );
}
