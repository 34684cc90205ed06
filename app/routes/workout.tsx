import { Link } from 'react-router';
import { EmptyState } from '#app/components/empty-state.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/meta.ts';
import type { Route } from './+types/workout';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.workout');

/** The workout tab of the bottom navigation; its screens of §2 arrive with their own issue. */
export default function WorkoutTab() {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('tabs.workout.title')}</h1>
      <EmptyState icon="workout" title={t('tabs.workout.emptyTitle')} text={t('tabs.workout.emptyText')}>
        <Link to="/account/contact" className="button button-secondary">
          {t('tabs.workout.action')}
        </Link>
      </EmptyState>
    </main>
  );
}
