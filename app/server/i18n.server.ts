import { createInstance } from 'i18next';
import type { RouterContextProvider } from 'react-router';
import { createI18nextMiddleware } from 'remix-i18next/middleware';
import type { Lang } from '#contract/codes.ts';
import { defaultLanguage, isLang, supportedLanguages } from '#app/i18n.ts';
import { en } from '#app/locales/en/index.ts';
import { vi } from '#app/locales/vi/index.ts';
import { sessionStorage } from './session.server.ts';

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
