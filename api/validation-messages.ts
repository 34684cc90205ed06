import type { Lang, Localized } from './codes.ts';

// Plain data, no zod: the browser imports this to show the texts of server-side validation.
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
  numberOutOfRange: { en: 'The value is outside the allowed range', vi: 'Giá trị nằm ngoài khoảng cho phép' },
  discountAbovePrice: { en: 'The discount cannot be more than the price', vi: 'Mức giảm không được lớn hơn giá' },
  arrayEmpty: { en: 'Please choose at least one item', vi: 'Vui lòng chọn ít nhất một mục' },
  emailInvalid: { en: 'Email is incorrect', vi: 'Email không đúng định dạng' },
  otpInvalid: { en: 'The code has 4 digits', vi: 'Mã OTP gồm 4 chữ số' },
  invalid: { en: 'Invalid value', vi: 'Giá trị không hợp lệ' },
  textUnstorable: { en: 'Contains a character that is not allowed', vi: 'Có ký tự không được phép' },
  tooManyItems: { en: 'Too many items at once', vi: 'Quá nhiều mục trong một lần gửi' },
  dateInFuture: { en: 'The time is in the future', vi: 'Thời gian nằm ở tương lai' },
  dateTooOld: { en: 'The time is too long ago', vi: 'Thời gian đã quá lâu' },
  termsRequired: {
    en: 'Please accept the terms and conditions',
    vi: 'Vui lòng đồng ý với điều khoản và điều kiện',
  },
} as const satisfies Record<string, Localized>;

export type ValidationMessageKey = keyof typeof validationMessages;

/** The text of a schema issue; anything else (a zod default message) reads as "Invalid value". */
export function validationMessage(key: string, lang: Lang): string {
  const entry = Object.hasOwn(validationMessages, key)
    ? (validationMessages as Record<string, Localized>)[key]
    : validationMessages.invalid;
  return entry[lang];
}

/** True for a message key of this table (own keys only: "constructor" is not one). */
export const isValidationMessageKey = (key: string): key is ValidationMessageKey =>
  Object.hasOwn(validationMessages, key);
