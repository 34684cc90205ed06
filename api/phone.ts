// Plain functions, no zod: the browser imports this (a form drops a phone's error once it is right).

/** Accepts what people type ("090 123 4567", "+84 90…") and keeps the 10-digit local form. */
export function normalizePhone(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  let digits = value.replace(/[\s.\-()]/g, '');
  if (digits === '') return undefined;
  if (digits.startsWith('+84')) digits = `0${digits.slice(3)}`;
  else if (/^84\d{9}$/.test(digits)) digits = `0${digits.slice(2)}`;
  return digits;
}

/** §5: a phone number is 10 digits once normalized. */
export const PHONE_PATTERN = /^\d{10}$/;
export const isPhoneNumber = (value: string) => PHONE_PATTERN.test(String(normalizePhone(value) ?? ''));
