import type { Lang } from '#api/codes.ts';
import { smsAscii } from '#api/format.ts';
import { translate, type Catalogue, type TextVars } from '#api/translate.ts';
import type { NoticeContent } from '#gateway/db/schema/index.ts';
import { en } from './texts/en.ts';
import { vi } from './texts/vi.ts';

/**
 * The one place the gateway's words for members come from (issue 40 §6, ADR 079): notices, SMS and the gifts it
 * grants, one catalogue per language (texts/vi.ts, texts/en.ts) read the web app's way (api/translate.ts).
 * Dates and money are formatted by the caller with api/format.ts, the one formatter both sides use.
 */
const catalogues: Record<Lang, Catalogue> = { vi, en };

/** A value for a {{name}}: the same in both languages, or one per language (a club's or plan's name). */
export type TextValue = string | number | { vi: string; en: string };
export type TextValues = Record<string, TextValue>;

type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type Stem<K extends string> = K extends `${infer S}_${'one' | 'other'}` ? S : K;

/** A key of a text in the catalogue, "pt.signApproval"; a plural text by its stem, "freeze.confirmed.bodyWithClasses". */
export type TextKey = Stem<Leaves<typeof vi>>;
/** A notice's key: a group of the catalogue with a title, "checkIn.done". */
export type NoticeKey = {
  [K in TextKey]: K extends `${infer Group}.title` ? Group : never;
}[TextKey];

const valuesIn = (values: TextValues, lang: Lang): TextVars =>
  Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, typeof value === 'object' ? value[lang] : value]),
  );

/** One text in one language. A key the catalogue lacks is a programming error, not a text to send. */
export function text(key: TextKey, lang: Lang, values: TextValues = {}): string {
  const result = translate(catalogues[lang], key, valuesIn(values, lang), lang);
  if (result === key) throw new Error(`no text "${key}" in the ${lang} catalogue`);
  return result;
}

/** One text in both languages: an approval's words, a gift's title, a reason inside a notice. */
export const bothTexts = (key: TextKey, values: TextValues = {}) => ({
  vi: text(key, 'vi', values),
  en: text(key, 'en', values),
});

/** An SMS in one language: unaccented ASCII, as the brandname templates are registered (Unicode SMS split sooner). */
export const smsText = (key: TextKey, lang: Lang, values: TextValues = {}) => smsAscii(text(key, lang, values));

type NoticeOptions = {
  kind: NoticeContent['kind'];
  link: string | null;
  /** Which text of the group is the body, when it has more than one ("bodyRetry"); "body" by default. */
  body?: string;
  /** Which text of the group also goes by SMS ("sms"); none by default. */
  sms?: string;
};

/** A notice in both languages from its group of the catalogue ("checkIn.done"): what enqueueNotice takes. */
export function notice(key: NoticeKey, values: TextValues, options: NoticeOptions): NoticeContent {
  const title = bothTexts(`${key}.title` as TextKey, values);
  const body = bothTexts(`${key}.${options.body ?? 'body'}` as TextKey, values);
  const sms = options.sms && {
    vi: smsText(`${key}.${options.sms}` as TextKey, 'vi', values),
    en: smsText(`${key}.${options.sms}` as TextKey, 'en', values),
  };
  return {
    kind: options.kind,
    titleVi: title.vi,
    titleEn: title.en,
    bodyVi: body.vi,
    bodyEn: body.en,
    link: options.link,
    ...(sms ? { sms } : {}),
  };
}

/** A gift's title and description in both languages, as the gift row stores them ("gifts.experience"). */
export function giftTexts(key: 'gifts.experience' | 'referral.reward', values: TextValues = {}) {
  const title = bothTexts(`${key}.title`, values);
  const description = bothTexts(`${key}.description`, values);
  return { titleVi: title.vi, titleEn: title.en, descriptionVi: description.vi, descriptionEn: description.en };
}
