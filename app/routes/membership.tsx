import { TabIntro } from '#app/components/tab-intro.tsx';
import { pageMeta } from '#app/meta.ts';
import type { Route } from './+types/membership';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.membership');

export default function MembershipTab() {
  return <TabIntro tab="membership" action="/account/contact" />;
}
