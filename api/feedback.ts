import { z } from 'zod';
import { feedbackStates, feedbackTypes, HONEYPOT_FIELD, MAX_STARS } from './feedback-types.ts';
import { isStorableText } from './text.ts';
import { freeTextSchema, MAX_FREE_TEXT, phoneNumberSchema, requiredFreeTextSchema } from './validation.ts';

export * from './feedback-types.ts';

// Issue 16 §1 and §2 (ADR 039): members' feedback and visitors' reports land in one store that
// staff read by club; members rate what they bought.

/** A form's "4" or JSON's 4: an integer number of stars, 1 to 5; missing is 'required'. */
const starsSchema = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
  z
    .number({ error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'numberInvalid') })
    .int('numberInvalid')
    .min(1, 'required')
    .max(MAX_STARS, 'numberInvalid'),
);

const idSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : v),
  z.number({ error: 'required' }).int('invalid').min(1, 'invalid').max(2_147_483_647, 'invalid'),
);

const typeSchema = z.enum(feedbackTypes, { error: 'required' });

/** Form checkboxes send "on"/"true"; JSON sends a boolean; missing is false. */
const flagSchema = z.preprocess(
  (v) => (v === 'on' || v === 'true' ? true : v === 'false' || v === undefined || v === '' ? false : v),
  z.boolean({ error: 'invalid' }),
);

/** POST /api/v1/member/feedback: §3 Feedback without the phone (the member's own, unless anonymous). */
export const memberFeedbackBody = z.object({
  clubId: idSchema,
  type: typeSchema,
  rate: starsSchema,
  comment: requiredFreeTextSchema,
  isAnonymous: flagSchema.default(false),
});
export type MemberFeedbackBody = z.infer<typeof memberFeedbackBody>;

/** POST /api/v1/public/customer-report (multipart): a visitor's report; the phone is for a call back and may be left empty. */
export const publicReportFields = z.object({
  clubId: idSchema,
  type: typeSchema,
  rate: starsSchema,
  comment: requiredFreeTextSchema,
  phoneNumber: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    phoneNumberSchema.optional(),
  ),
  [HONEYPOT_FIELD]: z.string().max(MAX_FREE_TEXT).refine(isStorableText).optional(),
});
export type PublicReportFields = z.infer<typeof publicReportFields>;

/** GET /api/v1/staff/feedback?clubId&type&state&page */
export const staffFeedbackQuery = z.object({
  clubId: idSchema.optional(),
  type: z.enum(feedbackTypes, { error: 'invalid' }).optional(),
  state: z.enum(feedbackStates, { error: 'invalid' }).optional(),
  page: z.coerce
    .number({ error: 'numberInvalid' })
    .int('numberInvalid')
    .min(1, 'numberInvalid')
    .max(100_000, 'numberInvalid')
    .default(1),
});

/** PUT /api/v1/staff/feedback/{id}/handled {reply} */
export const feedbackHandledBody = z.object({ reply: requiredFreeTextSchema });

export const staffFeedbackSchema = z.object({
  id: z.number(),
  source: z.enum(['MEMBER', 'PUBLIC']),
  clubId: z.number(),
  type: z.enum(feedbackTypes),
  rate: z.number(),
  comment: z.string(),
  /** The member's name and phone (not anonymous), or the visitor's call-back phone; null when none was given. */
  memberName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  photoUrl: z.string().nullable(),
  state: z.enum(feedbackStates),
  reply: z.string().nullable(),
  handledAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffFeedback = z.infer<typeof staffFeedbackSchema>;
export const STAFF_FEEDBACK_PAGE_SIZE = 50;

/** PUT /api/v1/member/rating/{ratingId}/update {rate, comment}: stars required, comment optional up to 1000. */
export const ratingUpdateBody = z.object({ rate: starsSchema, comment: freeTextSchema });
export type RatingUpdateBody = z.infer<typeof ratingUpdateBody>;

/** §3 Rating request, as GET /member/ratings and the shell's pendingRating give it. */
export const ratingRequestSchema = z.object({
  id: z.number(),
  type: z.enum(['contract', 'pt_booking']),
  contract: z
    .object({
      contractId: z.number(),
      signDate: z.string().nullable(),
      planNameVi: z.string(),
      planNameEn: z.string(),
      clubNameVi: z.string(),
      clubNameEn: z.string(),
    })
    .nullable(),
  memberPtBooking: z.object({ startDate: z.string(), ptFullName: z.string() }).nullable(),
});
export type RatingRequest = z.infer<typeof ratingRequestSchema>;
