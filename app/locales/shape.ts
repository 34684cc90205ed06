/**
 * A text with a {{count}} is written in each of its language's plural forms, i18next's way: "key_other" in both
 * languages, and "key_one" only in English (Intl.PluralRules: Vietnamese has the one form). i18n.test.ts checks them.
 */
type PluralForms = { [key: `${string}_${'zero' | 'one' | 'two' | 'few' | 'many'}`]: string };

/** The keys of one language's texts with string leaves: the other language must have exactly these, beside its own plural forms. */
export type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> } & PluralForms;
