import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { Lang } from '#api/codes.ts';
import { translate as translateText, type TextVars } from '#api/translate.ts';
import type { en } from './locales/en/index.ts';

export const supportedLanguages = ['vi', 'en'] as const;
export const defaultLanguage: Lang = 'vi';
export type Messages = typeof en;

export const isLang = (value: unknown): value is Lang => value === 'vi' || value === 'en';

type Vars = TextVars;

/** Looks up "a.b.c" in the page's texts and fills {{name}}, plural forms by `count` (api/translate.ts). */
export const translate = (messages: Messages, key: string, vars?: Vars, lang: Lang = defaultLanguage): string =>
  translateText(messages, key, vars, lang);

type I18n = { lang: Lang; t: (key: string, vars?: Vars) => string };

const I18nContext = createContext<I18n>({ lang: defaultLanguage, t: (key) => key });

/**
 * The page carries its language's messages in the root loader data. The browser reads them
 * with this small hook instead of shipping i18next (ADR 004: the first-load JavaScript budget).
 */
export function I18nProvider({ lang, messages, children }: { lang: Lang; messages: Messages; children: ReactNode }) {
  const value = useMemo<I18n>(
    () => ({ lang, t: (key, vars) => translate(messages, key, vars, lang) }),
    [lang, messages],
  );
  return createElement(I18nContext.Provider, { value }, children);
}

export const useT = () => useContext(I18nContext);
