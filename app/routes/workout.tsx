import { TabIntro } from '#app/components/tab-intro.tsx';
import { pageMeta } from '#app/meta.ts';
import type { Route } from './+types/workout';

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.workout');

export default function WorkoutTab() {
  return <TabIntro tab="workout" action="/account/contact" />;
}
