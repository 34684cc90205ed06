import { TabIntro } from '#app/ui/tab-intro.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import type { Route } from './+types/workout';

export const handle: StringsHandle = { strings: ['tabs'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.workout');

export default function WorkoutTab() {
  return <TabIntro tab="workout" action="/account/contact" />;
}
