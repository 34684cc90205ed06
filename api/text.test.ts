import { expect, test } from 'vitest';
import { findUnstorableText, isStorableText, stripUnstorableText } from './text.ts';
import { fullNameSchema } from './validation.ts';

test('NUL and lone surrogates are unstorable; accents, emoji and other control characters are not', () => {
  expect(['Nguyễn Văn A', '😀', 'a\tb\u0001', ''].every(isStorableText)).toBe(true);
  expect(['a\u0000', '\ud800', 'x\udc00', '\ud83d'].some(isStorableText)).toBe(false);
});

test('findUnstorableText names the dotted path, keys included; strip drops NUL and marks surrogates', () => {
  expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })).toBe('a.1.c');
  expect(findUnstorableText({ ok: 1, 'k\u0000': 1 })).toBe('');
  expect(findUnstorableText({ a: 'ok', n: 1, z: null })).toBeUndefined();
  expect(stripUnstorableText({ 'k\u0000': ['a\u0000b', '\ud800', 1] })).toEqual({ k: ['ab', '\uFFFD', 1] });
});

test('the shared text schemas refuse it, so forms do too', () => {
  expect(fullNameSchema.safeParse('An\u0000').error?.issues[0]?.message).toBe('textUnstorable');
  expect(fullNameSchema.safeParse('An').success).toBe(true);
});
