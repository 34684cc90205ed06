import { use } from 'react';
import type { Lang } from '#contract/codes.ts';
import type { Messages } from '#app/i18n.ts';

// ADR 024: a page's strings are not in its HTML. Each language is one hashed chunk that the
// browser caches (and the service worker precaches) once for every page: the server renders
// from memory, the browser imports the page's language before hydrating (entry.client.tsx).
const importers: Record<Lang, () => Promise<Messages>> = {
  vi: () => import('./vi/index.ts').then((m) => m.vi as unknown as Messages),
  en: () => import('./en/index.ts').then((m) => m.en),
};

const loaded: Partial<Record<Lang, Messages>> = {};
const pending: Partial<Record<Lang, Promise<Messages>>> = {};

/** The language's strings, imported once per process (server) or page load (browser). */
export function loadMessages(lang: Lang): Promise<Messages> {
  const ready = loaded[lang];
  if (ready) return Promise.resolve(ready);
  pending[lang] ??= importers[lang]().then(
    (messages) => (loaded[lang] = messages),
    (error: unknown) => {
      delete pending[lang];
      throw error;
    },
  );
  return pending[lang];
}

/** The strings when already imported: always on the server after the root loader, in the browser after entry.client. */
export const loadedMessages = (lang: Lang): Messages | undefined => loaded[lang];

/** For components: the strings, suspending while a language switched to in the browser is still coming. */
export const useMessages = (lang: Lang): Messages => loaded[lang] ?? use(loadMessages(lang));
