import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import { EmptyState } from './empty-state.tsx';
import type { IconName } from './icons.tsx';

/**
 * A bottom-navigation tab whose screens of §2 arrive with their own issue: its title and an
 * honest empty state pointing somewhere useful meanwhile.
 */
export function TabIntro({ tab, action }: { tab: 'workout' | 'inbody'; action: string }) {
  const { t } = useT();
  return (
    <main className="page">
      <h1>{t(`tabs.${tab}.title`)}</h1>
      <EmptyState icon={tab satisfies IconName} title={t(`tabs.${tab}.emptyTitle`)} text={t(`tabs.${tab}.emptyText`)}>
        <Link to={action} className="button button-secondary">
          {t(`tabs.${tab}.action`)}
        </Link>
      </EmptyState>
    </main>
  );
}
