import { Link } from 'react-router';
import { EmptyState } from '#app/components/empty-state.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/meta.ts';
import type { Route } from './+types/membership';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.membership');

/** The membership tab of the bottom navigation; its screens of §2 arrive with their own issue. */
export default function MembershipTab() {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t('tabs.membership.title')}</h1>
      <EmptyState icon="membership" title={t('tabs.membership.emptyTitle')} text={t('tabs.membership.emptyText')}>
        <Link to="/account/contact" className="button button-secondary">
          {t('tabs.membership.action')}
        </Link>
      </EmptyState>
    </main>
  );
}
