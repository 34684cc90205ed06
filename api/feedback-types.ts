// Plain data, no zod: the browser imports this (issue 16 §1, §2; ADR 039).

/** §3 Feedback types, in the order the report page offers them. */
export const feedbackTypes = [
  'MACHINE',
  'TEMPERATURE',
  'CLEAN_QUALITY',
  'EMPLOYEE_ATTITUDE',
  'ERROR_MEMBERSHIP',
  'OTHERS',
] as const;
export type FeedbackType = (typeof feedbackTypes)[number];
export const isFeedbackType = (value: string): value is FeedbackType =>
  (feedbackTypes as readonly string[]).includes(value);

/** NEW until staff answer it; HANDLED with their reply. */
export const feedbackStates = ['NEW', 'HANDLED'] as const;
export type FeedbackState = (typeof feedbackStates)[number];

/** §5: free text and a rating's comment, at most this many characters (the counter counts to it). */
export const FEEDBACK_TEXT_MAX = 1000;
/** Stars: 1 to 5. */
export const MAX_STARS = 5;
/** The honeypot field of the public report form: people never see or fill it; bots that fill it are answered 1120 and nothing is kept. */
export const HONEYPOT_FIELD = 'website';
/** A public report's photo is sent in this field (one photo, re-encoded like an avatar). */
export const REPORT_PHOTO_FIELD = 'photo';
