import { expect, test } from 'vitest';
import { z } from 'zod';
import {
  arraySchema,
  emailSchema,
  freeTextSchema,
  fullNameSchema,
  normalizePhone,
  numberSchema,
  otpSchema,
  passwordSchema,
  phoneNumberSchema,
  priceSchema,
  referralCodeSchema,
  requiredFreeTextSchema,
  validationMessage,
  validationMessages,
  type ValidationMessageKey,
} from './validation.ts';

// Spec §5, row by row. Each schema either accepts a value (and we check what it becomes) or
// refuses it with a message KEY; the key must then read as the exact §5 English text.

type Schema = z.ZodType;

function accepts(schema: Schema, input: unknown): unknown {
  const result = schema.safeParse(input);
  if (!result.success)
    throw new Error(`expected ${JSON.stringify(input)} to pass: ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** The distinct message keys of a refusal, in order. */
function refusal(schema: Schema, input: unknown): string[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to fail, got ${JSON.stringify(result.data)}`);
  return [...new Set(result.error.issues.map((issue) => issue.message))];
}

const digits = (n: number) => '0123456789'.repeat(Math.ceil(n / 10)).slice(0, n);
const letters = (n: number, ch = 'a') => ch.repeat(n);
const VI_DIACRITICS = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

// ---------------------------------------------------------------------------------------------
// The texts: §5 English exactly, Vietnamese present and written with diacritics.

test.each([
  ['phoneRequired', 'Please enter the phone number'],
  ['phoneInvalid', 'Phone number is incorrect'],
  ['referralInvalid', 'Invalid referral code'],
  ['fullNameTooLong', 'Please do not exceed 40 characters'],
  ['freeTextTooLong', 'Number of characters exceeded the allowed limit'],
  ['numberTooSmall', 'Number must be greater than 0'],
  ['numberType', 'Invalid number type'],
  ['numberInvalid', 'Invalid number'],
  ['required', 'Required field'],
] as const)('key %s reads %j in English (§5)', (key, english) => {
  expect(validationMessage(key, 'en')).toBe(english);
});

test.each(Object.keys(validationMessages) as ValidationMessageKey[])(
  'key %s has a Vietnamese text with diacritics, different from the English one',
  (key) => {
    const vi = validationMessage(key, 'vi');
    expect(vi.trim()).not.toBe('');
    expect(vi).toMatch(VI_DIACRITICS);
    expect(vi).not.toBe(validationMessage(key, 'en'));
    expect(validationMessage(key, 'en').trim()).not.toBe('');
  },
);

test.each([
  ['fullNameTooLong', 'Vui lòng không nhập quá 40 ký tự'],
  ['phoneRequired', 'Vui lòng nhập số điện thoại'],
  ['required', 'Trường bắt buộc'],
] as const)('key %s reads %j in Vietnamese', (key, vi) => {
  expect(validationMessage(key, 'vi')).toBe(vi);
});

test.each(['', 'Invalid input: expected string, received number', 'constructor', '__proto__', 'toString'])(
  'an unknown key %j (a zod default message) reads as a generic text, never undefined',
  (key) => {
    expect(validationMessage(key, 'en')).toBe('Invalid value');
    expect(validationMessage(key, 'vi')).toBe('Giá trị không hợp lệ');
  },
);

// ---------------------------------------------------------------------------------------------
// Phone: exactly 10 digits; what people type is normalised.

test.each([
  ['0901234567', '0901234567'],
  ['090 123 4567', '0901234567'],
  [' 0901234567 ', '0901234567'],
  ['090.123.4567', '0901234567'],
  ['090-123-4567', '0901234567'],
  ['(090) 1234567', '0901234567'],
  ['+84901234567', '0901234567'],
  ['+84 90 123 4567', '0901234567'],
  ['84901234567', '0901234567'],
  ['0100000002', '0100000002'],
])('phone %j is accepted as %j', (input, stored) => {
  expect(accepts(phoneNumberSchema, input)).toBe(stored);
});

test.each([
  [undefined, 'phoneRequired'],
  [null, 'phoneRequired'],
  ['', 'phoneRequired'],
  ['   ', 'phoneRequired'],
  ['090123456', 'phoneInvalid'], // 9 digits
  ['09012345678', 'phoneInvalid'], // 11 digits
  ['090123456a', 'phoneInvalid'],
  ['+1 415 555 0100', 'phoneInvalid'],
  ['+8490123456', 'phoneInvalid'], // +84 and only 8 more digits
  ['0901234567 ext 1', 'phoneInvalid'],
  ['０９０１２３４５６７', 'phoneInvalid'], // full-width digits are not the ASCII ones
  [901234567, 'phoneInvalid'],
  [{}, 'phoneInvalid'],
])('phone %j is refused with %s', (input, key) => {
  expect(refusal(phoneNumberSchema, input)).toEqual([key]);
});

test('normalizePhone leaves non-strings alone and turns blank into undefined', () => {
  expect(normalizePhone(42)).toBe(42);
  expect(normalizePhone(' \t ')).toBeUndefined();
  expect(normalizePhone('+84 912 345 678')).toBe('0912345678');
});

// ---------------------------------------------------------------------------------------------
// Referral code: 10 to 11 digits, empty allowed.

test.each([
  [undefined, undefined],
  ['', undefined],
  ['   ', undefined],
  [digits(10), digits(10)],
  [digits(11), digits(11)],
  ['0901 234 567', '0901234567'],
])('referral code %j is accepted as %j', (input, stored) => {
  expect(accepts(referralCodeSchema, input)).toBe(stored);
});

test.each([[digits(9)], [digits(12)], ['090123456a'], ['ABCDEFGHIJ'], ['+84901234567'], [901234567]])(
  'referral code %j is refused with "Invalid referral code"',
  (input) => {
    expect(refusal(referralCodeSchema, input)).toEqual(['referralInvalid']);
  },
);

// ---------------------------------------------------------------------------------------------
// Password: 6 to 16 of letters, digits and !@#$%^&*, at least one digit and one special.

test.each([
  ['abc12!'], // exactly 6
  ['Abcdefghijklm1@#'], // exactly 16
  ['123456!'],
  ['a1!@#$%^&*'],
  ['ZZZZZ9*'],
])('password %j is accepted', (input) => {
  expect(accepts(passwordSchema, input)).toBe(input);
});

test.each([
  ['ab12!', 'too short (5)'],
  ['Abcdefghijklmn1@#', 'too long (17)'],
  ['abcdef!', 'no digit'],
  ['abcdef1', 'no special character'],
  ['abc 12!', 'a space'],
  ['abc12!é', 'a letter outside A–Z'],
  ['abc12!(', 'a special character outside !@#$%^&*'],
  ['abc12!_', 'an underscore'],
])('password %j is refused (%s)', (input) => {
  expect(refusal(passwordSchema, input)).toEqual(['passwordInvalid']);
});

test.each([[undefined], [null], ['']])(
  'an empty password %j is "Required field" (§5 any empty required field)',
  (input) => {
    expect(refusal(passwordSchema, input)).toEqual(['required']);
  },
);

// ---------------------------------------------------------------------------------------------
// Full name: required, max 40 characters.

test.each([
  ['An', 'An'],
  ['  Nguyễn Văn An  ', 'Nguyễn Văn An'],
  [letters(40), letters(40)],
  [` ${letters(40)} `, letters(40)], // the spaces around do not count
  [
    'Nguyễn Thị Phương Thảo Trần Lê Hoàng Anh'.padEnd(40, 'ệ'),
    'Nguyễn Thị Phương Thảo Trần Lê Hoàng Anh'.padEnd(40, 'ệ'),
  ],
])('full name %j is accepted as %j', (input, stored) => {
  expect(accepts(fullNameSchema, input)).toBe(stored);
});

test.each([
  [letters(41), 'fullNameTooLong'],
  ['ệ'.repeat(41), 'fullNameTooLong'],
  [letters(200), 'fullNameTooLong'],
  [undefined, 'required'],
  [null, 'required'],
  ['', 'required'],
  ['    ', 'required'],
  [42, 'required'],
])('full name %j is refused with %s', (input, key) => {
  expect(refusal(fullNameSchema, input)).toEqual([key]);
});

test('a 41-character name reads as the §5 text in English and the Vietnamese text in Vietnamese', () => {
  const [key] = refusal(fullNameSchema, letters(41));
  expect(validationMessage(key, 'en')).toBe('Please do not exceed 40 characters');
  expect(validationMessage(key, 'vi')).toBe('Vui lòng không nhập quá 40 ký tự');
});

// ---------------------------------------------------------------------------------------------
// Free text: max 1000 characters (optional and required variants).

test.each([
  [undefined, undefined],
  ['', undefined],
  ['  ', undefined],
  ['Great trainer!', 'Great trainer!'],
  [letters(1000, 'x'), letters(1000, 'x')],
  ['ư'.repeat(1000), 'ư'.repeat(1000)],
])('optional free text %j is accepted', (input, stored) => {
  expect(accepts(freeTextSchema, input)).toBe(stored);
});

test.each([[letters(1001, 'x')], ['ư'.repeat(1001)], [letters(50_000, 'x')]])(
  'free text of %# (over 1000) is refused with "Number of characters exceeded the allowed limit"',
  (input) => {
    expect(refusal(freeTextSchema, input)).toEqual(['freeTextTooLong']);
    expect(refusal(requiredFreeTextSchema, input)).toEqual(['freeTextTooLong']);
  },
);

test.each([[undefined], [''], ['   ']])('required free text %j is refused with "Required field"', (input) => {
  expect(refusal(requiredFreeTextSchema, input)).toEqual(['required']);
});

test('required free text of exactly 1000 characters is accepted', () => {
  expect(accepts(requiredFreeTextSchema, letters(1000, 'y'))).toHaveLength(1000);
});

// ---------------------------------------------------------------------------------------------
// Number: required, at least 1; a comma is a decimal mark.

test.each([
  [1, 1],
  [250, 250],
  ['1', 1],
  [' 72 ', 72],
  ['72,5', 72.5],
  ['72.5', 72.5],
  ['1,0', 1],
])('number %j is accepted as %j', (input, value) => {
  expect(accepts(numberSchema, input)).toBe(value);
});

test.each([
  [undefined, 'required'],
  [null, 'required'],
  ['', 'required'],
  ['   ', 'required'],
  [0, 'numberTooSmall'],
  ['0', 'numberTooSmall'],
  [0.5, 'numberTooSmall'],
  ['0,99', 'numberTooSmall'],
  [-3, 'numberTooSmall'],
  ['abc', 'numberType'],
  ['12kg', 'numberType'],
  ['1,2,3', 'numberType'],
  [true, 'numberType'],
  [[], 'numberType'],
  [Number.NaN, 'numberType'],
  [Number.POSITIVE_INFINITY, 'numberInvalid'],
  ['1e999', 'numberInvalid'],
])('number %j is refused with %s', (input, key) => {
  expect(refusal(numberSchema, input)).toEqual([key]);
});

test.each([
  [0, 'Number must be greater than 0'],
  ['abc', 'Invalid number type'],
  [Number.POSITIVE_INFINITY, 'Invalid number'],
  ['', 'Required field'],
])('number %j shows %j', (input, english) => {
  expect(refusal(numberSchema, input).map((key) => validationMessage(key, 'en'))).toEqual([english]);
});

// ---------------------------------------------------------------------------------------------
// Array: at least 1 item.

test('an array of one or more items is accepted', () => {
  const schema = arraySchema(z.number());
  expect(accepts(schema, [1])).toEqual([1]);
  expect(accepts(schema, [1, 2, 3])).toEqual([1, 2, 3]);
});

test.each([
  [[], 'arrayEmpty'],
  [undefined, 'required'],
  [null, 'required'],
  ['1', 'required'],
])('array %j is refused with %s', (input, key) => {
  expect(refusal(arraySchema(z.number()), input)).toEqual([key]);
});

test('an array item is checked by its own schema', () => {
  const result = arraySchema(z.number()).safeParse([1, 'x']);
  expect(result.success).toBe(false);
  expect(result.error?.issues[0]?.path).toEqual([1]);
});

// ---------------------------------------------------------------------------------------------
// Price: required string.

test.each([
  ['150000', '150000'],
  [' 150000 ', '150000'],
  ['1.500.000 ₫', '1.500.000 ₫'],
])('price %j is accepted as %j', (input, value) => {
  expect(accepts(priceSchema, input)).toBe(value);
});

test.each([[undefined], [null], [''], ['  '], [150000]])('price %j is refused with "Required field"', (input) => {
  expect(refusal(priceSchema, input)).toEqual(['required']);
});

// ---------------------------------------------------------------------------------------------
// Email: optional, valid format.

test.each([
  [undefined, undefined],
  ['', undefined],
  ['   ', undefined],
  ['an.nguyen@example.com', 'an.nguyen@example.com'],
  [' an@example.vn ', 'an@example.vn'],
  ['an+gym@sub.example.com.vn', 'an+gym@sub.example.com.vn'],
])('email %j is accepted as %j', (input, value) => {
  expect(accepts(emailSchema, input)).toBe(value);
});

test.each([
  ['an'],
  ['an@'],
  ['@example.com'],
  ['an@example'],
  ['an nguyen@example.com'],
  ['an@@example.com'],
  [`${'a'.repeat(250)}@example.com`],
  [42],
])('email %j is refused with emailInvalid', (input) => {
  expect(refusal(emailSchema, input)).toEqual(['emailInvalid']);
});

// ---------------------------------------------------------------------------------------------
// OTP: a 4-digit code.

test.each([
  ['1234', '1234'],
  ['0000', '0000'],
  [' 1234 ', '1234'],
  ['12 34', '1234'],
])('OTP %j is accepted as %j', (input, value) => {
  expect(accepts(otpSchema, input)).toBe(value);
});

test.each([
  ['123', 'otpInvalid'],
  ['12345', 'otpInvalid'],
  ['12a4', 'otpInvalid'],
  ['١٢٣٤', 'otpInvalid'], // Arabic-Indic digits are not 0-9
  ['', 'required'],
  ['   ', 'required'],
  [undefined, 'required'],
  [1234, 'required'],
])('OTP %j is refused with %s', (input, key) => {
  expect(refusal(otpSchema, input)).toEqual([key]);
});
