import type { MetaDescriptor } from 'react-router';
import type { Lang } from '#contract/codes.ts';
import { translate } from '#app/i18n.ts';
import { loadedMessages } from '#app/locales/messages.ts';

type Match = { id: string; loaderData: unknown } | undefined;

/**
 * Title and description for a page, in the page's language (the title from a key, or a name from the page's data). React Router replaces the parent's
 * meta with the child's, so every route returns the whole set through this one helper.
 */
export function pageMeta(matches: Match[], titleKey?: string, titleText?: string): MetaDescriptor[] {
  const lang = (matches.find((m) => m?.id === 'root')?.loaderData as { lang?: Lang } | undefined)?.lang;
  const messages = lang ? loadedMessages(lang) : undefined;
  if (!messages) return [{ title: 'VietFit' }];
  const name = messages.app.name;
  // A page named by its data (a lesson, an exercise) passes the name itself.
  const title = titleText ? `${titleText} · ${name}` : titleKey ? `${translate(messages, titleKey)} · ${name}` : `${name} · ${messages.app.slogan}`;
  return [{ title }, { name: 'description', content: messages.app.description }];
}
