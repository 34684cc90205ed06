import type { MetaDescriptor } from 'react-router';
import type { Lang } from '#api/codes.ts';
import { translate, type Messages } from '#app/i18n.ts';
import { loadedMessages } from '#app/locales/messages.ts';

type Match = { id: string; loaderData: unknown } | undefined;

/**
 * Title and description for a page, in the page's language (the title from a key, or a name from the page's data). React Router replaces the parent's
 * meta with the child's, so every route returns the whole set through this one helper.
 */
export function pageMeta(matches: Match[], titleKey?: string, titleText?: string): MetaDescriptor[] {
  const lang = (matches.find((m) => m?.id === 'root')?.loaderData as { lang?: Lang } | undefined)?.lang;
  return metaOf(lang ? loadedMessages(lang) : undefined, titleKey, titleText);
}

/**
 * The strings in memory may be part of a language's: its parts arrive one by one after a switch
 * of language, and the document's <Meta> renders again as each does (ADR 030). Until the shell's
 * part is in, the page is titled by the app's name alone; a title whose part is not in yet waits
 * for it the same way (a CI run caught "Cannot read properties of undefined" here).
 */
export function metaOf(
  messages: Partial<Messages> | undefined,
  titleKey?: string,
  titleText?: string,
): MetaDescriptor[] {
  if (!messages?.app) return [{ title: 'VietFit' }];
  const { name, slogan, description } = messages.app;
  const keyed = titleKey ? translate(messages as Messages, titleKey) : undefined;
  // A page named by its data (a lesson, an exercise) passes the name itself.
  const title = titleText
    ? `${titleText} · ${name}`
    : keyed !== undefined && keyed !== titleKey
      ? `${keyed} · ${name}`
      : `${name} · ${slogan}`;
  return [{ title }, { name: 'description', content: description }];
}
