import { expect, it, test } from 'vitest';
import {
  cardResultMessages,
  codeMessages,
  Codes,
  fptErrorToCode,
  isSuccessCode,
  messageForCode,
  vnpayResponseMessages,
  type Code,
  type Localized,
} from './codes.ts';

const codeEntries = Object.entries(Codes) as [string, Code][];
const codeValues = codeEntries.map(([, value]) => value);
const allTables: [string, Record<string, Localized>][] = [
  ['codeMessages', codeMessages],
  ['cardResultMessages', cardResultMessages],
  ['vnpayResponseMessages', vnpayResponseMessages],
];
const allMessages = allTables.flatMap(([table, messages]) =>
  Object.entries(messages).map(([key, m]) => [`${table}[${key}]`, m] as const),
);

// A letter outside ASCII: Vietnamese without diacritics would have none.
const nonAsciiLetter = /(?=\P{ASCII})\p{L}/u;

test('code values are unique', () => {
  expect(new Set(codeValues.map(String)).size).toBe(codeValues.length);
});

test('codeMessages has exactly one entry per code', () => {
  expect(Object.keys(codeMessages).sort()).toEqual(codeValues.map(String).sort());
});

it.each(codeEntries)('%s (%s) has distinct, non-empty vi and en messages', (_name, code) => {
  const m = codeMessages[String(code)];
  expect(m).toBeDefined();
  expect(m.vi.trim()).not.toBe('');
  expect(m.en.trim()).not.toBe('');
  expect(m.vi).not.toBe(m.en);
});

it.each(allMessages)('%s Vietnamese has diacritics', (_key, m) => {
  expect(m.vi).toMatch(nonAsciiLetter);
});

it.each(allMessages)('%s is a real message, not the generic query failure', (_key, m) => {
  expect(m.vi).not.toMatch(/API failed/i);
  expect(m.en).not.toMatch(/API failed/i);
  expect(m.en.trim()).not.toBe('');
  expect(m.vi).not.toBe(m.en);
});

it.each<[unknown, boolean]>([
  [1000, true],
  [1001, true],
  [9999, true],
  [999, false],
  [10000, false],
  [1, false],
  [-1, false],
  ['1001', false],
  ['1000', false],
  [1000.5, false],
  [Number.NaN, false],
  [null, false],
  [undefined, false],
])('isSuccessCode(%j) is %s', (code, expected) => {
  expect(isSuccessCode(code)).toBe(expected);
});

it.each<[string, { code?: Code; message?: string } | undefined, 'vi' | 'en', string]>([
  ['nested known code', { code: Codes.WRONG_OTP }, 'en', codeMessages['209'].en],
  ['nested known code (vi)', { code: Codes.WRONG_OTP, message: 'upstream text' }, 'vi', codeMessages['209'].vi],
  ['nested string code', { code: 'LIMIT_30_SECONDS' }, 'en', codeMessages.LIMIT_30_SECONDS.en],
  ['nested unknown code with message', { code: 987654, message: 'Upstream said no' }, 'en', 'Upstream said no'],
  ['message only', { message: 'Bank is offline' }, 'vi', 'Bank is offline'],
  ['nested code 4 does not loop', { code: 4 }, 'en', codeMessages['4'].en],
  ['blank message', { message: '   ' }, 'en', codeMessages['4'].en],
  ['empty description', {}, 'vi', codeMessages['4'].vi],
  ['no description', undefined, 'en', codeMessages['4'].en],
])('messageForCode(4) with %s', (_case, description, lang, expected) => {
  expect(messageForCode(Codes.SERVICE_ERROR, lang, description)).toBe(expected);
});

it.each<[string, Code]>([
  ['unknown number', 424242],
  ['unknown string', 'NO_SUCH_CODE'],
  ['prototype key', 'constructor'],
  ['empty string', ''],
  ['NaN', Number.NaN],
])('unknown code (%s) falls back to the system-error message', (_case, code) => {
  expect(messageForCode(code, 'vi')).toBe(codeMessages['1'].vi);
  expect(messageForCode(code, 'en')).toBe(codeMessages['1'].en);
});

test('messageForCode ignores description for codes other than 4', () => {
  expect(messageForCode(Codes.WRONG_OTP, 'en', { message: 'ignored' })).toBe(codeMessages['209'].en);
});

test('messageForCode survives bad runtime input', () => {
  const loose = messageForCode as (code: unknown, lang: unknown, d?: unknown) => string;
  expect(loose(undefined, 'en')).toBe(codeMessages['1'].en);
  expect(loose({}, 'en')).toBe(codeMessages['1'].en);
  expect(loose(1001, 'fr')).toBe(codeMessages['1001'].vi);
  expect(loose(4, 'en', 'not an object')).toBe(codeMessages['4'].en);
});

it.each<[Code, string]>([
  [Codes.SESSION_EXPIRED, 'Login session expired'],
  [Codes.PROMO_CODE_INVALID, 'This promo code is invalid or used before.'],
  [Codes.OTP_SENT, 'A code has been sent to your phone.'],
])('English message of %s is exactly %j', (code, text) => {
  expect(messageForCode(code, 'en')).toBe(text);
});

it.each<[Code, string]>([
  [Codes.OTP_SENT, 'Mã OTP đã được gửi đến số điện thoại của bạn.'],
  [Codes.WRONG_OTP, 'Mã OTP không đúng, vui lòng thử lại.'],
])('Vietnamese message of %s is exactly %j', (code, text) => {
  expect(messageForCode(code, 'vi')).toBe(text);
});

test('LIMIT_30_SECONDS tells the member to retry after 30 seconds', () => {
  expect(codeMessages.LIMIT_30_SECONDS.en).toMatch(/30 seconds/);
  expect(codeMessages.LIMIT_30_SECONDS.vi).toMatch(/30 giây/);
});

test('the -1 code is keyed as "-1"', () => {
  expect(codeMessages['-1'].en).toBe('Login session expired');
});

test('cardResultMessages has exactly the vnp_TransactionStatus keys', () => {
  expect(Object.keys(cardResultMessages).sort()).toEqual(['00', '01', '02', '04', '05', '06', '07', '09']);
});

test('vnpayResponseMessages has exactly the vnp_ResponseCode keys', () => {
  expect(Object.keys(vnpayResponseMessages).sort()).toEqual([
    '00',
    '07',
    '09',
    '10',
    '11',
    '12',
    '13',
    '24',
    '51',
    '65',
    '75',
    '79',
    '99',
  ]);
});

test('fptErrorToCode covers every FPT.AI error code and nothing else', () => {
  expect(
    Object.keys(fptErrorToCode)
      .map(Number)
      .sort((a, b) => a - b),
  ).toEqual([1, 2, 3, 5, 6, 7, 8, 9, 10]);
});

it.each(Object.entries(fptErrorToCode))('FPT errorCode %s maps to an OCR code in Codes', (_fpt, code) => {
  expect(code).toBeGreaterThanOrEqual(500);
  expect(code).toBeLessThanOrEqual(511);
  expect(codeValues).toContain(code);
});

test('every OCR code 500..511 exists', () => {
  const ocr = codeValues.filter((v): v is number => typeof v === 'number' && v >= 500 && v <= 511);
  expect(ocr.sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => 500 + i));
});
