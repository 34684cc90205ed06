import type { MetaDescriptor } from 'react-router';
import { translate, type Messages } from '#app/i18n.ts';

type Match = { id: string; loaderData: unknown } | undefined;

/**
 * Title and description for a page, in the page's language. React Router replaces the parent's
 * meta with the child's, so every route returns the whole set through this one helper.
 */
export function pageMeta(matches: Match[], titleKey?: string): MetaDescriptor[] {
  const messages = (matches.find((m) => m?.id === 'root')?.loaderData as { messages?: Messages } | undefined)?.messages;
  if (!messages) return [{ title: 'VietFit' }];
  const name = messages.app.name;
  const title = titleKey ? `${translate(messages, titleKey)} · ${name}` : `${name} · ${messages.app.slogan}`;
  return [{ title }, { name: 'description', content: messages.landing.lead }];
}
