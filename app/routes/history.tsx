import { Link } from 'react-router';
import { EmptyState } from '#app/components/empty-state.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/meta.ts';
import type { Route } from './+types/history';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.history');

/** The history tab of the bottom navigation; its screens of §2 arrive with their own issue. */
export default function HistoryTab() {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('tabs.history.title')}</h1>
      <EmptyState icon="history" title={t('tabs.history.emptyTitle')} text={t('tabs.history.emptyText')}>
        <Link to="/membership" className="button button-secondary">
          {t('tabs.history.action')}
        </Link>
      </EmptyState>
    </main>
  );
}
