import { z } from 'zod';
import { isStorableText } from './text.ts';
import { normalizePhone, PHONE_PATTERN } from './phone.ts';
import type { ValidationMessageKey } from './validation-messages.ts';

export { validationMessage, validationMessages, type ValidationMessageKey } from './validation-messages.ts';

export const MAX_FULL_NAME = 40;
export const MAX_FREE_TEXT = 1000;

const isMissing = (input: unknown) => input === undefined || input === null;

/** Trimmed string, or undefined when blank, so "required" is one rule for forms and JSON alike. */
const blankToUndefined = (value: unknown) => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
};

const requiredString = (missing: ValidationMessageKey = 'required') =>
  z
    .string({ error: (issue) => (isMissing(issue.input) ? missing : 'required') })
    .refine(isStorableText, 'textUnstorable');

export { normalizePhone } from './phone.ts';

export const phoneNumberSchema = z.preprocess(
  normalizePhone,
  z
    .string({ error: (issue) => (isMissing(issue.input) ? 'phoneRequired' : 'phoneInvalid') })
    .regex(PHONE_PATTERN, 'phoneInvalid'),
);

/** 10 to 11 digits; empty is allowed and becomes undefined. */
export const referralCodeSchema = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(v.replace(/\s/g, '')) : v),
  z
    .string({ error: 'referralInvalid' })
    .regex(/^\d{10,11}$/, 'referralInvalid')
    .optional(),
);

export const passwordSchema = z.preprocess(
  (v) => (v === '' ? undefined : v),
  requiredString()
    .min(6, 'passwordInvalid')
    .max(16, 'passwordInvalid')
    .regex(/^[A-Za-z0-9!@#$%^&*]+$/, 'passwordInvalid')
    .regex(/\d/, 'passwordInvalid')
    .regex(/[!@#$%^&*]/, 'passwordInvalid'),
);

/**
 * §5: at most 40 characters as a person counts them: a name typed with combining accents (NFD,
 * "Nguyễn" as 8 code units) is composed first (NFC) and kept composed, an emoji is one character,
 * and a run of spaces is one space.
 */
export const fullNameSchema = z.preprocess(
  (value) => blankToUndefined(typeof value === 'string' ? value.normalize('NFC').replace(/\s+/g, ' ') : value),
  requiredString()
    .refine((name) => [...name].length <= MAX_FULL_NAME, 'fullNameTooLong')
    // A control character (a bell, an escape) is no part of a name; whitespace was made a space above.
    .refine((name) => !/\p{Cc}/u.test(name), 'textUnstorable'),
);

export const freeTextSchema = z.preprocess(
  blankToUndefined,
  z
    .string({ error: 'required' })
    .max(MAX_FREE_TEXT, 'freeTextTooLong')
    .refine(isStorableText, 'textUnstorable')
    .optional(),
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

export const arraySchema = <T extends z.ZodType>(item: T) => z.array(item, { error: 'required' }).min(1, 'arrayEmpty');

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
