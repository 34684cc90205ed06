import { readdirSync, readFileSync } from 'node:fs';
import { createInstance } from 'i18next';
import { expect, test } from 'vitest';
import { translate, type Messages } from '#app/i18n.ts';
import { en } from '#app/locales/en/index.ts';
import { vi } from '#app/locales/vi/index.ts';

type Tree = { [key: string]: string | Tree };

/** Every leaf as [dotted key, text]. */
function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

const viLeaves = leaves(vi as unknown as Tree);
const enLeaves = leaves(en as unknown as Tree);
const viByKey = new Map(viLeaves);
const enByKey = new Map(enLeaves);

/** Branch keys too, so a leaf in one language cannot sit where the other has a group. */
function allKeys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : [`${prefix}${key}/`, ...allKeys(value, `${prefix}${key}.`)],
  );
}

// A letter outside ASCII: Vietnamese written without its diacritics would have none.
const nonAsciiLetter = /(?=\P{ASCII})\p{L}/u;
const hasLetter = /\p{L}/u;

/**
 * Vietnamese texts that are rightly plain ASCII: names, codes and placeholders that read the
 * same in both languages, and the switch that names English in English.
 */
const asciiAllowed = new Map<string, string>([
  ['app.name', 'VietFit'],
  ['language.en', 'English'],
  ['language.switchTo', 'Switch to English'],
  ['inbody.segmentInput', '{{segment}}, {{part}} ({{unit}})'],
  ['staffAudit.field.slug', 'Trang'],
  ['login.phonePlaceholder', '0xxx xxx xxx'],
  ['nav.inbody', 'InBody'],
  ['inbody.title', 'InBody'],
  ['inbody.field.protein', 'Protein'],
  ['inbody.unit.kg', 'kg'],
  ['inbody.scoreOf', '{{score}}/100'],
  ['notification.pageOf', 'Trang {{page}}/{{count}}'],
  ['account.information.emailPlaceholder', 'ten@vidu.com'],
  ['account.contact.email', 'Email'],
  // "Nam" (male) is written so on every Vietnamese ID card.
  ['account.verification.male', 'Nam'],
  // Issue 4 (W2): the words Vietnamese gyms print on the button.
  ['homeCard.joinNow', 'Tham gia ngay'],
  ['homeCard.checkIn', 'Check-in'],
  ['checkIn.title', 'Check-in'],
  ['staffScanner.codeSubmit', 'Check-in'],
  ['staffAgenda.package', '{{name}} · {{price}}'],
  ['staffClasses.show', 'Xem'],
  ['staffClasses.room', '{{room}}'],
  ['staffClasses.instructor', 'HLV {{name}}'],
  // Issue 11: class names Vietnamese gyms print as they are, the weekday abbreviations, a time range.
  ['newcomer.classes.yoga.name', 'Yoga'],
  ['newcomer.classes.zumba.name', 'Zumba'],
  ['newcomer.classes.bodyPump.name', 'Body Pump'],
  ['newcomer.classes.boxing.name', 'Boxing'],
  ['newcomer.classes.pilates.name', 'Pilates'],
  ['newcomer.classes.hiit.name', 'HIIT'],
  ['classes.weekdaysShort', 'CN|T2|T3|T4|T5|T6|T7'],
  ['pt.booking.weekdaysShort', 'CN|T2|T3|T4|T5|T6|T7'],
  ['classes.time', '{{start}}–{{end}}'],
  ['classes.joinNow', 'Tham gia ngay'],
]);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** A plural form other than "other" (key_one…): a language has those its Intl.PluralRules name. */
const pluralForm = /_(zero|one|two|few|many)$/;

test('Vietnamese and English have exactly the same keys, groups and leaves alike (beside their plural forms)', () => {
  const shared = (tree: Tree) =>
    allKeys(tree)
      .filter((key) => !pluralForm.test(key))
      .sort();
  expect(shared(en as unknown as Tree)).toEqual(shared(vi as unknown as Tree));
});

test.each([
  ['vi', viLeaves],
  ['en', enLeaves],
] as const)(
  '%s: a text with a count has exactly the plural forms of its language, {{count}} in each',
  (lang, leaves) => {
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    const keys = new Set(leaves.map(([key]) => key));
    const plurals = leaves.filter(([key]) => /_(zero|one|two|few|many|other)$/.test(key));
    expect(plurals.length).toBeGreaterThan(5);
    for (const [key, text] of plurals) {
      const base = key.replace(/_\w+$/, '');
      expect(keys.has(base), `${key}: ${base} must not also be a text`).toBe(false);
      for (const form of forms) expect(keys.has(`${base}_${form}`), `${base}_${form}`).toBe(true);
      expect(forms, key).toContain(key.slice(base.length + 1));
      expect(text, key).toContain('{{count}}');
    }
  },
);

test('the message trees are not empty', () => {
  expect(viLeaves.length).toBeGreaterThan(10);
});

test.each(viLeaves)('vi %s is not empty', (_key, text) => {
  expect(text.trim()).not.toBe('');
});

test.each(enLeaves)('en %s is not empty', (_key, text) => {
  expect(text.trim()).not.toBe('');
});

test.each(viLeaves.filter(([, text]) => hasLetter.test(text)))(
  'vi %s is written in Vietnamese (has diacritics) or is allow-listed',
  (key, text) => {
    if (asciiAllowed.has(key)) {
      expect(text).toBe(asciiAllowed.get(key));
    } else {
      expect(text).toMatch(nonAsciiLetter);
    }
  },
);

test.each([...asciiAllowed.keys()])('allow-listed key %s still exists', (key) => {
  expect(viByKey.has(key)).toBe(true);
});

test.each(viLeaves)('%s uses the same {{placeholders}} in vi and en', (key, viText) => {
  const enText = enByKey.get(key);
  expect(enText).toBeDefined();
  expect(placeholders(enText ?? '')).toEqual(placeholders(viText));
});

test('placeholders are spelled {{name}}, never with single braces or a stray brace', () => {
  for (const [key, text] of [...viLeaves, ...enLeaves]) {
    const withoutPlaceholders = text.replace(/\{\{\s*\w+\s*\}\}/g, '');
    expect(withoutPlaceholders, key).not.toMatch(/[{}]/);
  }
});

// translate(): the browser's small stand-in for i18next.

const messages = en as Messages;

test.each<[string, string, Record<string, string | number> | undefined, string]>([
  ['a top-level group leaf', 'app.name', undefined, 'VietFit'],
  ['a nested leaf', 'verify.resend', undefined, 'Resend code'],
  ['a string var', 'home.greeting', { name: 'Lan' }, 'Hello, Lan!'],
  ['a number var', 'verify.attemptsLeft', { count: 4 }, '4 tries left.'],
  ['zero as a var', 'verify.attemptsLeft', { count: 0 }, '0 tries left.'],
  ['extra vars are ignored', 'verify.digit', { n: 2, other: 'x' }, 'Digit 2'],
  [
    'a var with $ patterns is inserted literally',
    'home.greeting',
    { name: "Tom $& $1 $' Jerry" },
    "Hello, Tom $& $1 $' Jerry!",
  ],
  ['a var is not re-interpolated', 'home.greeting', { name: '{{name}}' }, 'Hello, {{name}}!'],
  [
    'a var keeps markup as text (React escapes it later)',
    'home.greeting',
    { name: '<b>Lan</b>' },
    'Hello, <b>Lan</b>!',
  ],
  ['a missing var becomes empty', 'home.greeting', {}, 'Hello, !'],
  ['a text without placeholders ignores vars', 'home.signOut', { name: 'Lan' }, 'Sign out'],
])('translate: %s', (_case, key, vars, expected) => {
  expect(translate(messages, key, vars)).toBe(expected);
});

test.each<['vi' | 'en', number, string, string]>([
  ['en', 1, '1 spot left', 'About 1 person training'],
  ['en', 2, '2 spots left', 'About 2 people training'],
  ['en', 0, '0 spots left', 'About 0 people training'],
  ['en', 1.5, '1.5 spots left', 'About 1.5 people training'],
  ['vi', 1, 'Còn 1 chỗ', 'Khoảng 1 người đang tập'],
  ['vi', 2, 'Còn 2 chỗ', 'Khoảng 2 người đang tập'],
])('translate: %s plural of %s by Intl.PluralRules', (lang, count, spots, inside) => {
  const strings = (lang === 'en' ? en : vi) as Messages;
  expect(translate(strings, 'classCard.spotsLeft', { count }, lang)).toBe(spots);
  expect(translate(strings, 'busyness.inside', { count }, lang)).toBe(inside);
});

test('translate: plural forms follow i18next (a text count is not a number; no form falls back to the plain key, then _other)', () => {
  // i18next picks a form only for a numeric count: a string count finds no plain "classCard.spotsLeft".
  expect(translate(messages, 'classCard.spotsLeft', { count: '1' }, 'en')).toBe('classCard.spotsLeft');
  // A key without plural forms takes a count as any variable.
  expect(translate(messages, 'home.seeAll', { count: 1 }, 'en')).toBe('See all (1)');
  // A language whose rule names a form the texts lack uses _other.
  const onlyOther = { ...en, classCard: { ...en.classCard, spotsLeft_one: undefined } } as unknown as Messages;
  expect(translate(onlyOther, 'classCard.spotsLeft', { count: 1 }, 'en')).toBe('1 spots left');
});

test.each(['vi', 'en'] as const)(
  '%s: translate picks the same plural form as the server’s i18next for every text with a count',
  async (lang) => {
    const i18n = createInstance({
      lng: lang,
      resources: { vi: { translation: vi }, en: { translation: en } },
      interpolation: { escapeValue: false },
      initAsync: false,
    });
    await i18n.init();
    const strings = (lang === 'en' ? en : vi) as Messages;
    const bases = new Set(
      (lang === 'en' ? enLeaves : viLeaves)
        .filter(([key]) => key.endsWith('_other'))
        .map(([key]) => key.slice(0, -'_other'.length)),
    );
    expect(bases.size).toBeGreaterThan(5);
    for (const key of bases) {
      for (const count of [0, 1, 2, 5, 21]) {
        const vars = { count, left: 1, total: 2, average: '4.5', no: '000042' };
        expect(translate(strings, key, vars, lang), `${key} ${String(count)}`).toBe(i18n.t(key, vars));
      }
    }
  },
);

test('no page passes a text count to a text with plural forms (i18next, like translate, picks a form for a number only)', () => {
  const bases = new Set(
    viLeaves.filter(([key]) => key.endsWith('_other')).map(([key]) => key.slice(0, -'_other'.length)),
  );
  const sources = readdirSync('app', { recursive: true, encoding: 'utf8' }).filter(
    (file) => /\.tsx?$/.test(file) && !file.endsWith('.test.ts'),
  );
  const wrong = sources.flatMap((file) =>
    [...readFileSync(`app/${file}`, 'utf8').matchAll(/t\('([\w.]+)',\s*\{[^}]*\bcount:\s*String\(/g)]
      .filter((m) => bases.has(m[1]))
      .map((m) => `${file}: ${m[1]}`),
  );
  expect(wrong).toEqual([]);
});

test('translate fills every occurrence and both languages', () => {
  expect(translate(vi as unknown as Messages, 'verify.sentTo', { phone: '0100 123 456' })).toBe(
    'Mã gồm 4 chữ số đã được gửi đến 0100 123 456.',
  );
  expect(translate(messages, 'verify.sentTo', { phone: '0100 123 456' })).toBe(
    'We sent a 4-digit code to 0100 123 456.',
  );
});

test('translate accepts spaces inside the braces, as i18next does', () => {
  const custom = { ...en, home: { ...en.home, greeting: 'Hi {{ name }}!' } } as Messages;
  expect(translate(custom, 'home.greeting', { name: 'Lan' })).toBe('Hi Lan!');
});

test.each([
  ['a missing leaf', 'verify.nope'],
  ['a missing group', 'nope.title'],
  ['a group, not a text', 'verify'],
  ['a path through a text', 'app.name.length'],
  ['an Object.prototype member', 'toString'],
  ['a prototype path', '__proto__.constructor'],
  ['the empty key', ''],
])('translate: %s returns the key itself', (_case, key) => {
  expect(translate(messages, key)).toBe(key);
  expect(translate(messages, key, { name: 'x' })).toBe(key);
});
