import { Link } from 'react-router';
import { tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { classCardView } from './classes.server.ts';
import { todayClassesRead } from './classes.read.server.ts';
import { ClassCard } from './classes-ui.tsx';
import type { Route } from './+types/today-classes';

// Issue 11 §4: today's classes still to come at the member's clubs (those their membership opens).

export const handle: ShellHandle = { strings: ['classCards', 'classes'], back: { to: '/home', label: 'nav.home' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [todayClassesRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'classes.todayTitle');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const today = await tryLoad(async () => {
    const todayClasses = await todayClassesRead.screen(args);
    return {
      hasClubs: todayClasses.hasClubs,
      sessions: todayClasses.sessions.map((session) => classCardView(session, lang)),
    };
  });
  return { today };
}

export default function TodayClasses({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { today } = loaderData;
  return (
    <main className="page">
      <h1>{t('classes.todayTitle')}</h1>
      {!today.ok ? (
        <LoadFailed message={today.message} retryTo="/home/today-classes" />
      ) : !today.value.hasClubs ? (
        <EmptyState icon="membership" title={t('classes.noClubsTitle')} text={t('classes.noClubsText')}>
          <Link to="/membership" className="button button-primary">
            {t('classes.joinNow')}
          </Link>
        </EmptyState>
      ) : today.value.sessions.length === 0 ? (
        <EmptyState icon="workout" title={t('classes.todayEmptyTitle')} text={t('classes.todayEmptyText')}>
          <Link to="/class" className="button button-secondary">
            {t('classes.seeTimetable')}
          </Link>
        </EmptyState>
      ) : (
        <>
          <p className="lead">{t('classes.todayLead')}</p>
          <ul className="class-list">
            {today.value.sessions.map((card) => (
              <ClassCard key={card.id} card={card} showClub />
            ))}
          </ul>
          <p>
            <Link to="/class" className="link">
              {t('classes.seeTimetable')}
            </Link>
          </p>
        </>
      )}
    </main>
  );
}
