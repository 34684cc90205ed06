import { Link, redirect } from 'react-router';
import { staffEndpoints } from '#api/endpoints/staff.ts';
import { STAFF_FEEDBACK_PAGE_SIZE } from '#api/feedback.ts';
import { useT } from '#app/i18n.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/today';
import { staffGateway, staffOf } from './staff-session.server.ts';

export const handle: StringsHandle = { strings: ['staffToday'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'staff.nav.today');

/** Issue 17: the start page: what waits at the desk (cash to collect, trial sessions to schedule, feedback to answer) and today's classes; one gateway read (issue 18). */
export async function loader(args: Route.LoaderArgs) {
  const staff = staffOf(args.context);
  // A trainer's day is their agenda (ADR 049).
  if (staff.accountType === 'PT') throw redirect('/staff/agenda');
  // A GM chooses no club here: every club's counts, and no classes (the classes page asks them which).
  const { data } = await staffGateway(args)(staffEndpoints.today);
  return {
    staff,
    cashWaiting: data.cashWaiting,
    trialsWaiting: data.trialsWaiting,
    // More than the inbox's first page is "50+".
    feedbackNew:
      data.feedbackNew > STAFF_FEEDBACK_PAGE_SIZE ? `${String(STAFF_FEEDBACK_PAGE_SIZE)}+` : data.feedbackNew,
    classesToday: data.classesToday,
  };
}

export default function StaffToday({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { staff, cashWaiting, trialsWaiting, feedbackNew, classesToday } = loaderData;
  return (
    <main className="page">
      <h1>{t('staffToday.title', { name: staff.fullName })}</h1>
      <p className="lead">{t('staffToday.lead')}</p>
      <div className="staff-cards">
        <Link to="/staff/scanner" className="staff-card staff-card-primary">
          {t('staffToday.scanner')}
        </Link>
        <Link to="/staff/cash" className="staff-card">
          {cashWaiting > 0 ? t('staffToday.cashWaiting', { count: cashWaiting }) : t('staffToday.cashNone')}
        </Link>
        <Link to="/staff/trials" className="staff-card">
          {trialsWaiting > 0 ? t('staffToday.trialsWaiting', { count: trialsWaiting }) : t('staffToday.trialsNone')}
        </Link>
        <Link to="/staff/feedback" className="staff-card">
          {feedbackNew === 0 ? t('staffToday.feedbackNone') : t('staffToday.feedbackNew', { count: feedbackNew })}
        </Link>
        {classesToday === null ? null : (
          <Link to="/staff/classes" className="staff-card">
            {t('staffToday.classes', { count: classesToday })}
          </Link>
        )}
      </div>
    </main>
  );
}
