import { TabIntro } from '#app/ui/tab-intro.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import type { Route } from './+types/inbody';

export const handle: StringsHandle = { strings: ['tabs'] };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'nav.inbody');

export default function InbodyTab() {
  return <TabIntro tab="inbody" action="/support" />;
}
