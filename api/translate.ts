import type { Lang } from './codes.ts';

/**
 * A text with a {{count}} is written in each of its language's plural forms, i18next's way: "key_other" in both
 * languages, and "key_one" only in English (Intl.PluralRules: Vietnamese has the one form). The web app's
 * i18n.test.ts and the gateway's notice texts test check them.
 */
type PluralForms = { [key: `${string}_${'zero' | 'one' | 'two' | 'few' | 'many'}`]: string };

/** The keys of one language's texts with string leaves: the other language must have exactly these, beside its own plural forms. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> } & PluralForms;

/** The values a text's {{name}} placeholders are filled with. */
export type TextVars = Record<string, string | number>;

/** A catalogue of one language's texts: nested objects with string leaves. */
export type Catalogue = { readonly [key: string]: string | Catalogue };

const lookUp = (texts: Catalogue, key: string): string | undefined => {
  let value: unknown = texts;
  for (const part of key.split('.')) value = (value as Record<string, unknown> | undefined)?.[part];
  return typeof value === 'string' ? value : undefined;
};

const pluralRules: Record<Lang, Intl.PluralRules> = { vi: new Intl.PluralRules('vi'), en: new Intl.PluralRules('en') };

/**
 * The one way both sides turn a key into a text (the web app's pages, the gateway's notices): looks up "a.b.c"
 * and fills {{name}} (a missing value becomes empty). A numeric `count` picks the plural form as i18next does:
 * "a.b.c_one", "a.b.c_other"… by the language's Intl.PluralRules (English has one and other, Vietnamese only
 * other), else "a.b.c" itself. An unknown key comes back as the key.
 */
export function translate(texts: Catalogue, key: string, vars?: TextVars, lang: Lang = 'vi'): string {
  const count = vars?.count;
  const plural =
    typeof count === 'number'
      ? (lookUp(texts, `${key}_${pluralRules[lang].select(count)}`) ?? lookUp(texts, `${key}_other`))
      : undefined;
  const value = plural ?? lookUp(texts, key);
  if (value === undefined) return key;
  return vars ? value.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(vars[name] ?? '')) : value;
}
