import { z } from 'zod';
import { MAX_VND } from './format.ts';
import { STAFF_FEEDBACK_PAGE_SIZE } from './feedback.ts';
import { freeSessionSchema } from './pt.ts';
import { phoneNumberSchema } from './validation.ts';

// Staff tools (issue 4: cash at the counter, the bank-transfer review queue). Staff accounts are
// EMPLOYEE, LEADER and GM; EMPLOYEE and LEADER work at one club, a GM at every club.

export const staffAccountTypes = ['EMPLOYEE', 'LEADER', 'GM'] as const;
export type StaffAccountType = (typeof staffAccountTypes)[number];
/** Who may sign in at /staff: the desk roles and the trainers (PT: their own requests only, ADR 045). */
export const workforceAccountTypes = [...staffAccountTypes, 'PT'] as const;

/** POST /staff/auth/otp/login → 1002 */
export const staffSessionSchema = z.object({
  accessToken: z.string(),
  expiresAt: z.string(),
  accountType: z.enum(workforceAccountTypes),
  fullName: z.string(),
  /** The staff member's club; null for a GM. */
  clubId: z.number().nullable(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;

/** GET /staff/contracts/waiting?phoneNumber= (the member's phone, optional) */
export const waitingContractsQuery = z.object({ phoneNumber: phoneNumberSchema.optional() });

/** What a cash slip pays (issue 38 §1, ADR 063): a membership, a freeze's fee, or a PT package; later kinds join here. */
export const cashPayableKinds = ['membership', 'freeze', 'pt'] as const;
export type CashPayableKind = (typeof cashPayableKinds)[number];

/** The payable a cash slip names, as the desk shows it: its code, member, club, item and amount. */
const cashPayableFields = {
  /** The cash payment (the slip): confirm it at /staff/cash-payment/{paymentId}/confirm. */
  paymentId: z.number(),
  kind: z.enum(cashPayableKinds),
  /** The membership paid, or paused by the freeze paid; null for a PT package. */
  contractId: z.number().nullable(),
  /** A freeze's fee (ADR 036). */
  freezeContractId: z.number().nullable(),
  /** A PT package (ADR 045). */
  ptContractId: z.number().nullable(),
  member: z.object({ phoneNumber: z.string(), fullName: z.string() }),
  club: z.object({ id: z.number(), nameVi: z.string(), nameEn: z.string() }),
  /** What is paid, in words: the plan, "Bảo lưu 7 ngày · <plan>", "<PT package> · HLV <trainer>". */
  planNameVi: z.string(),
  planNameEn: z.string(),
  /** What the member must hand over, VND. */
  amount: z.number().int(),
  /** The cash slip reference (CASH…), the code the member shows. */
  reference: z.string(),
};

/** One payable waiting for cash at the counter (GET /staff/contracts/waiting): one list for every kind. */
export const waitingCashContractSchema = z.object({ ...cashPayableFields, createdAt: z.string() });
export type WaitingCashContract = z.infer<typeof waitingCashContractSchema>;

/** POST /staff/cash-payment/{id}/confirm (and the per-kind confirms): the cash counted, which must equal the amount due (else 553). */
export const cashConfirmBody = z.object({
  amount: z.number({ error: 'required' }).int('invalid').positive('invalid').max(MAX_VND, 'invalid'),
});

/** The receipt: who paid what, and for which days. */
export const cashConfirmResultSchema = z.object({
  ...cashPayableFields,
  /** settled: it is now paid; already: it was confirmed before and nothing changed. */
  outcome: z.enum(['settled', 'already']),
  paidAt: z.string().nullable(),
  /** The membership's or PT package's days, or a freeze's first and last frozen day. */
  startDate: z.string(),
  endDate: z.string(),
});

export const paymentEventOutcomes = ['matched', 'declined', 'wrong_amount', 'late', 'unmatched', 'ignored'] as const;
export type PaymentEventOutcome = (typeof paymentEventOutcomes)[number];

/** GET /staff/payment-events?needsReview=true&limit=50 */
export const paymentEventsQuery = z.object({
  needsReview: z
    .enum(['true', 'false'], { error: 'invalid' })
    .transform((v) => v === 'true')
    .optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, 'invalid')
    .transform(Number)
    .pipe(z.number().max(200, 'invalid'))
    .default(50),
});

/** A webhook/IPN message as the review queue shows it. */
export const paymentEventSchema = z.object({
  id: z.number(),
  provider: z.string(),
  externalId: z.string(),
  amount: z.number().int(),
  description: z.string(),
  outcome: z.enum(paymentEventOutcomes),
  needsReview: z.boolean(),
  reviewedBy: z.number().nullable(),
  createdAt: z.string(),
  /** The receiving account the message names (bank transfers). */
  accountNumber: z.string().nullable(),
  paymentId: z.number().nullable(),
  contractId: z.number().nullable(),
  clubId: z.number().nullable(),
  /** The payment's memo / reference when the message matched one. */
  reference: z.string().nullable(),
  /** What the matched payment asked for, to compare with `amount`. */
  expectedAmount: z.number().int().nullable(),
});
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

// Issue 17 (ADR 049): roles, the audit log, who is signed in, check-in without the member's phone.

/** Who reads the audit log: a LEADER their club's, a GM every club's. */
export const auditReaderAccountTypes = ['LEADER', 'GM'] as const;

/** What staff changed, as the audit log names it. */
export const staffActionNames = [
  'cash.confirm',
  'freeze-cash.confirm',
  'pt-cash.confirm',
  'payment-event.reviewed',
  'free-session.propose',
  'feedback.handled',
  'check-in.manual',
  'pt-booking.confirm',
  'pt-booking.reject',
  'pt-booking.complete',
  'pt-contract.accept',
  'pt-contract.reject',
  // ADR 052: the GM's settings and staff notices.
  'settings.app-version',
  'content-page.update',
  'freeze-option.update',
  'payment-plan.update',
  'coupon-campaign.create',
  'coupon-campaign.end',
  'notification.send',
  'pt-booking.no-show',
  'class-booking.attendance',
  'class-session.cancel',
] as const;
export type StaffActionName = (typeof staffActionNames)[number];

const positiveIdText = z
  .string()
  .regex(/^[1-9]\d{0,9}$/, 'invalid')
  .transform(Number)
  .pipe(z.number().max(2_147_483_647, 'invalid'));

/** GET /staff/audit?clubId=&limit=&before= (before: the id of the last row seen; the next page is older). */
export const staffAuditQuery = z.object({
  /** A LEADER: their own club only (another is 403); a GM: one club, or every club when absent. */
  clubId: positiveIdText.optional(),
  limit: z
    .string()
    .regex(/^[1-9]\d{0,2}$/, 'invalid')
    .transform(Number)
    .pipe(z.number().max(200, 'invalid'))
    .default(50),
  before: positiveIdText.optional(),
});

export const staffActionSchema = z.object({
  id: z.number(),
  action: z.enum(staffActionNames),
  subjectType: z.string(),
  subjectId: z.number(),
  clubId: z.number().nullable(),
  actor: z.object({ id: z.number(), fullName: z.string(), accountType: z.string() }),
  /** The subject's state before and after the change (the fields that changed). */
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  createdAt: z.string(),
});
export type StaffAction = z.infer<typeof staffActionSchema>;

/** GET /staff/audit → newest first; nextBefore: pass it as ?before= for the older page (null: no more). */
export const staffAuditSchema = z.object({ actions: z.array(staffActionSchema), nextBefore: z.number().nullable() });
export type StaffAudit = z.infer<typeof staffAuditSchema>;

const staffClubSchema = z.object({ id: z.number(), nameVi: z.string(), nameEn: z.string() });

/** GET /staff/me: the signed-in workforce account and the clubs it may act at (a GM: every active club). */
export const staffMeSchema = z.object({
  id: z.number(),
  fullName: z.string(),
  accountType: z.enum(workforceAccountTypes),
  /** null for a GM. */
  clubId: z.number().nullable(),
  club: staffClubSchema.nullable(),
  clubs: z.array(staffClubSchema),
});
export type StaffMe = z.infer<typeof staffMeSchema>;

/** GET /staff/member?phoneNumber=&clubId= (manual check-in: the member came without their phone). */
export const staffMemberQuery = z.object({ phoneNumber: phoneNumberSchema, clubId: positiveIdText });

/** POST /staff/check-in/manual → the same answer as a scan (checkInResultSchema in check-in.ts). */
export const manualCheckInBody = z.object({
  phoneNumber: phoneNumberSchema,
  clubId: z.number().int().positive().max(2_147_483_647),
});

/** The member at the desk and whether they may enter this club now; `refusal` is the code a check-in would answer. */
export const staffMemberSchema = z.object({
  member: z.object({ id: z.number(), fullName: z.string(), avatarUrl: z.string().nullable() }),
  mayEnter: z.boolean(),
  refusal: z.string().nullable(),
  membership: z.object({ planNameVi: z.string(), planNameEn: z.string(), endDate: z.string() }).nullable(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

// Issue 18: the desk's pages in one gateway read each.

/** GET /staff/today?clubId=: a GM's club, else every club; EMPLOYEE/LEADER their own (another is 403). */
export const staffTodayQuery = z.object({ clubId: positiveIdText.optional() });

/** How many new feedback items GET /staff/today counts: the inbox's first page and one more ("50+"). */
export const TODAY_FEEDBACK_COUNTED = STAFF_FEEDBACK_PAGE_SIZE + 1;

/** GET /staff/today: what waits at the desk of the club(s), counted. */
export const staffTodaySchema = z.object({
  /** Memberships and freezes waiting for cash at the counter (GET /staff/contracts/waiting). */
  cashWaiting: z.number().int(),
  /** Trial sessions waiting for a time or an answer (GET /staff/free-sessions). */
  trialsWaiting: z.number().int(),
  /** NEW feedback and reports, at most TODAY_FEEDBACK_COUNTED (then: more than a page). */
  feedbackNew: z.number().int(),
  /** Classes of today not cancelled at the club; null for a GM who chose no club. */
  classesToday: z.number().int().nullable(),
});
export type StaffToday = z.infer<typeof staffTodaySchema>;

/** A trial session waiting at the club, with its member (GET /staff/free-sessions). */
export const waitingFreeSessionSchema = freeSessionSchema.extend({
  member: z.object({ fullName: z.string(), phoneNumber: z.string() }),
});
export type WaitingFreeSession = z.infer<typeof waitingFreeSessionSchema>;

/**
 * GET /staff/trials: the trial sessions waiting at the club(s) and the trainers of their clubs who
 * may be proposed, each club's in the order members see them (GET /global/club/{id}/pts).
 */
export const staffTrialsSchema = z.object({
  sessions: z.array(waitingFreeSessionSchema),
  trainers: z.array(z.object({ clubId: z.number(), ptId: z.number(), fullName: z.string() })),
});
export type StaffTrials = z.infer<typeof staffTrialsSchema>;
