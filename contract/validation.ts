import { z } from 'zod';
import type { Lang, Localized } from './codes.ts';

/** The messages of spec §5; keys are what schemas put in their issues. */
export const validationMessages = {
  required: { en: 'Required field', vi: 'Trường bắt buộc' },
  phoneRequired: { en: 'Please enter the phone number', vi: 'Vui lòng nhập số điện thoại' },
  phoneInvalid: { en: 'Phone number is incorrect', vi: 'Số điện thoại không đúng' },
  referralInvalid: { en: 'Invalid referral code', vi: 'Mã giới thiệu không hợp lệ' },
  passwordInvalid: {
    en: 'Use 6 to 16 characters with at least one digit and one special character (!@#$%^&*)',
    vi: 'Mật khẩu gồm 6 đến 16 ký tự, có ít nhất một chữ số và một ký tự đặc biệt (!@#$%^&*)',
  },
  fullNameTooLong: { en: 'Please do not exceed 40 characters', vi: 'Vui lòng không nhập quá 40 ký tự' },
  freeTextTooLong: {
    en: 'Number of characters exceeded the allowed limit',
    vi: 'Số ký tự vượt quá giới hạn cho phép',
  },
  numberTooSmall: { en: 'Number must be greater than 0', vi: 'Số phải lớn hơn 0' },
  numberType: { en: 'Invalid number type', vi: 'Kiểu số không hợp lệ' },
  numberInvalid: { en: 'Invalid number', vi: 'Số không hợp lệ' },
  arrayEmpty: { en: 'Please choose at least one item', vi: 'Vui lòng chọn ít nhất một mục' },
  emailInvalid: { en: 'Email is incorrect', vi: 'Email không đúng định dạng' },
  otpInvalid: { en: 'The code has 4 digits', vi: 'Mã OTP gồm 4 chữ số' },
  invalid: { en: 'Invalid value', vi: 'Giá trị không hợp lệ' },
  termsRequired: {
    en: 'Please accept the terms and conditions',
    vi: 'Vui lòng đồng ý với điều khoản và điều kiện',
  },
} as const satisfies Record<string, Localized>;

export type ValidationMessageKey = keyof typeof validationMessages;

/** The text of a schema issue; anything else (a zod default message) reads as "Invalid value". */
export function validationMessage(key: string, lang: Lang): string {
  const entry = (validationMessages as Record<string, Localized>)[key] ?? validationMessages.invalid;
  return entry[lang];
}

export const MAX_FULL_NAME = 40;
export const MAX_FREE_TEXT = 1000;
export const PHONE_DIGITS = 10;
export const OTP_DIGITS = 4;

const isMissing = (input: unknown) => input === undefined || input === null;

/** Trimmed string, or undefined when blank, so "required" is one rule for forms and JSON alike. */
const blankToUndefined = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

const requiredString = (missing: ValidationMessageKey = 'required') =>
  z.string({ error: (issue) => (isMissing(issue.input) ? missing : 'required') });

/** Accepts what people type ("090 123 4567", "+84 90…") and keeps the 10-digit local form. */
export function normalizePhone(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  let digits = value.replace(/[\s.\-()]/g, '');
  if (digits === '') return undefined;
  if (digits.startsWith('+84')) digits = `0${digits.slice(3)}`;
  else if (/^84\d{9}$/.test(digits)) digits = `0${digits.slice(2)}`;
  return digits;
}

export const phoneNumberSchema = z.preprocess(
  normalizePhone,
  z
    .string({ error: (issue) => (isMissing(issue.input) ? 'phoneRequired' : 'phoneInvalid') })
    .regex(/^\d{10}$/, 'phoneInvalid'),
);

/** 10 to 11 digits; empty is allowed and becomes undefined. */
export const referralCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(v.replace(/\s/g, '')) : v),
  z
    .string({ error: 'referralInvalid' })
    .regex(/^\d{10,11}$/, 'referralInvalid')
    .optional(),
);

export const passwordSchema = requiredString()
  .min(6, 'passwordInvalid')
  .max(16, 'passwordInvalid')
  .regex(/^[A-Za-z0-9!@#$%^&*]+$/, 'passwordInvalid')
  .regex(/\d/, 'passwordInvalid')
  .regex(/[!@#$%^&*]/, 'passwordInvalid');

export const fullNameSchema = z.preprocess(
  blankToUndefined,
  requiredString().max(MAX_FULL_NAME, 'fullNameTooLong'),
);

export const freeTextSchema = z.preprocess(
  blankToUndefined,
  z.string({ error: 'required' }).max(MAX_FREE_TEXT, 'freeTextTooLong').optional(),
);

export const requiredFreeTextSchema = z.preprocess(
  blankToUndefined,
  requiredString().max(MAX_FREE_TEXT, 'freeTextTooLong'),
);

/** Required number ≥ 1; a typed string is read as a number (comma or dot as decimal mark). */
export const numberSchema = z.preprocess(
  (v) => {
    const value = blankToUndefined(v);
    return typeof value === 'string' ? Number(value.replace(',', '.')) : value;
  },
  z
    .number({
      error: (issue) => {
        if (isMissing(issue.input)) return 'required';
        if (typeof issue.input === 'number' && !Number.isNaN(issue.input)) return 'numberInvalid';
        return 'numberType';
      },
    })
    .min(1, 'numberTooSmall'),
);

export const arraySchema = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: 'required' }).min(1, 'arrayEmpty');

export const priceSchema = z.preprocess(blankToUndefined, requiredString());

export const emailSchema = z.preprocess(
  blankToUndefined,
  z.email({ error: 'emailInvalid' }).max(254, 'emailInvalid').optional(),
);

export const otpSchema = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(v.replace(/\s/g, '')) : v),
  requiredString().regex(/^\d{4}$/, 'otpInvalid'),
);

export const langSchema = z.enum(['vi', 'en']);
