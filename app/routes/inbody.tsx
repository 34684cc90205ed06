import { Link } from 'react-router';
import { EmptyState } from '#app/components/empty-state.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/meta.ts';
import type { Route } from './+types/inbody';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.inbody');

/** The inbody tab of the bottom navigation; its screens of §2 arrive with their own issue. */
export default function InbodyTab() {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('tabs.inbody.title')}</h1>
      <EmptyState icon="inbody" title={t('tabs.inbody.emptyTitle')} text={t('tabs.inbody.emptyText')}>
        <Link to="/support" className="button button-secondary">
          {t('tabs.inbody.action')}
        </Link>
      </EmptyState>
    </main>
  );
}
