import { TabIntro } from '#app/components/tab-intro.tsx';
import { pageMeta } from '#app/meta.ts';
import type { Route } from './+types/history';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.history');

export default function HistoryTab() {
  return <TabIntro tab="history" action="/membership" />;
}
