import { createInstance } from 'i18next';
import type { RouterContextProvider } from 'react-router';
import { createI18nextMiddleware } from 'remix-i18next/middleware';
import type { Lang } from '#contract/codes.ts';
import { defaultLanguage, isLang, supportedLanguages, type Messages } from '#app/i18n.ts';
import { en } from '#app/locales/en.ts';
import { vi } from '#app/locales/vi.ts';
import { messageScope, scopedNamespaces } from '#app/message-scopes.ts';
import { sessionStorage } from '#app/session.server.ts';

export const messagesByLang = { vi, en } as const;

const pageMessagesCache = new Map<string, Messages>();

/**
 * The strings a page carries to the browser: every namespace but the scoped ones of other pages
 * (app/message-scopes.ts), and none of the desktop and in-app notices the web server renders itself.
 */
export function pageMessages(lang: Lang, pathname: string): Messages {
  const scope = messageScope(pathname);
  const key = `${lang}:${scope}`;
  let messages = pageMessagesCache.get(key);
  if (!messages) {
    const all: Record<string, unknown> = { ...messagesByLang[lang] };
    for (const namespace of scopedNamespaces) if (namespace !== scope) delete all[namespace];
    const { notice: _notice, escape: _escape, ...platform } = messagesByLang[lang].platform;
    messages = { ...all, platform } as unknown as Messages;
    pageMessagesCache.set(key, messages);
  }
  return messages;
}

const i18nextOptions = {
  supportedLngs: [...supportedLanguages],
  fallbackLng: defaultLanguage,
  resources: { vi: { translation: vi }, en: { translation: en } },
  interpolation: { escapeValue: false },
};

/** The language lives in the session (signed in or not); Vietnamese otherwise. */
export const [i18nMiddleware, getLocaleFromContext, getInstanceFromContext] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...supportedLanguages],
    fallbackLanguage: defaultLanguage,
    order: ['custom'],
    async findLocale(request) {
      const session = await sessionStorage.getSession(request.headers.get('Cookie'));
      const lang = session.get('lang');
      return isLang(lang) ? lang : defaultLanguage;
    },
  },
  i18next: i18nextOptions,
});

// remix-i18next throws when its middleware did not run (an unmatched URL): keep a fallback.
const fallback = createInstance({ ...i18nextOptions, lng: defaultLanguage, initAsync: false });
void fallback.init();

export function getLang(context: Readonly<RouterContextProvider>): Lang {
  try {
    const lang = getLocaleFromContext(context);
    return isLang(lang) ? lang : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

export function getT(context: Readonly<RouterContextProvider>) {
  try {
    return getInstanceFromContext(context).t;
  } catch {
    return fallback.t;
  }
}
