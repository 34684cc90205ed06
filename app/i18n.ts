import { createContext, createElement, useContext, useMemo, type ReactNode } from 'react';
import type { Lang } from '#contract/codes.ts';
import type { en } from './locales/en/index.ts';

export const supportedLanguages = ['vi', 'en'] as const;
export const defaultLanguage: Lang = 'vi';
export type Messages = typeof en;

export const isLang = (value: unknown): value is Lang => value === 'vi' || value === 'en';

type Vars = Record<string, string | number>;

const lookUp = (messages: Messages, key: string): string | undefined => {
  let value: unknown = messages;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'string' ? value : undefined;
};

const pluralRules: Record<Lang, Intl.PluralRules> = { vi: new Intl.PluralRules('vi'), en: new Intl.PluralRules('en') };

/**
 * Looks up "a.b.c" and fills {{name}} (a missing value becomes empty); the keys and texts are the ones the server's i18next uses.
 * A numeric `count` picks the plural form as i18next does: "a.b.c_one", "a.b.c_other"… by the language's Intl.PluralRules
 * (English has one and other, Vietnamese only other), else "a.b.c" itself.
 */
export function translate(messages: Messages, key: string, vars?: Vars, lang: Lang = defaultLanguage): string {
  const count = vars?.count;
  const plural =
    typeof count === 'number'
      ? (lookUp(messages, `${key}_${pluralRules[lang].select(count)}`) ?? lookUp(messages, `${key}_other`))
      : undefined;
  const value = plural ?? lookUp(messages, key);
  if (value === undefined) return key;
  return vars ? value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? '')) : value;
}

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
