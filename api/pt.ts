import { z } from 'zod';
import { calendarDaySchema } from './staff-classes.ts';
import { paymentSchema } from './membership.ts';

// Issue 13 §1 (ADR 044): personal trainers and the PT packages clubs sell. Contracts, booking,
// e-contracts and trial sessions build on these.

/** §3 PT package: sessions to use within a validity, at a price in VND. */
export const ptPackageSchema = z.object({
  id: z.number(),
  clubId: z.number(),
  nameVi: z.string(),
  nameEn: z.string(),
  sessions: z.number(),
  validityDays: z.number(),
  price: z.number(),
  /** VND a session, rounded: what members compare packages by. */
  pricePerSession: z.number(),
  isSilver: z.boolean(),
});
export type PtPackage = z.infer<typeof ptPackageSchema>;

/** One interval of a trainer's week at a club: weekday 1 (Monday) … 7 (Sunday), minutes after 00:00 in Vietnam. */
export const ptWorkingIntervalSchema = z.object({
  weekday: z.number(),
  startMinute: z.number(),
  endMinute: z.number(),
});
export type PtWorkingInterval = z.infer<typeof ptWorkingIntervalSchema>;

/** What /pt/select-pt shows of a trainer working at a club. */
export const ptTrainerSchema = z.object({
  ptId: z.number(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  bioVi: z.string(),
  bioEn: z.string(),
  specialitiesVi: z.array(z.string()),
  specialitiesEn: z.array(z.string()),
  certificates: z.array(z.string()),
  yearsOfExperience: z.number(),
  languages: z.array(z.enum(['vi', 'en'])),
  /** The mean of the members' stars to one decimal; null before the first rating. */
  ratingAverage: z.number().nullable(),
  ratingCount: z.number(),
  /** The trainer's week at this club, by weekday then start. */
  workingHours: z.array(ptWorkingIntervalSchema),
});
export type PtTrainer = z.infer<typeof ptTrainerSchema>;

/**
 * §4 PT contract statuses (ADR 045). WAITPTCONFIRM: the trainer has not answered; WAITFORPAYMENT:
 * accepted, to pay; FUTURE: paid, starts later; CURRENT: sessions to use; PAST: used up, over, or
 * closed unpaid (the trainer said no, or the member withdrew: `closedReason`). REGISTER is the
 * registration stage as a list filter: WAITPTCONFIRM and WAITFORPAYMENT together.
 */
export const ptContractStatuses = ['REGISTER', 'WAITPTCONFIRM', 'WAITFORPAYMENT', 'FUTURE', 'CURRENT', 'PAST'] as const;
export type PtContractStatus = Exclude<(typeof ptContractStatuses)[number], 'REGISTER'>;

export const ptContractSchema = z.object({
  ptContractId: z.number(),
  ptId: z.number(),
  ptPackageId: z.number(),
  clubId: z.number(),
  status: z.enum(['WAITPTCONFIRM', 'WAITFORPAYMENT', 'FUTURE', 'CURRENT', 'PAST']),
  closedReason: z.enum(['rejected', 'cancelled']).nullable(),
  packageNameVi: z.string(),
  packageNameEn: z.string(),
  clubNameVi: z.string(),
  clubNameEn: z.string(),
  trainerName: z.string(),
  trainerAvatarUrl: z.string().nullable(),
  sessions: z.number(),
  sessionsUsed: z.number(),
  sessionsLeft: z.number(),
  validityDays: z.number(),
  price: z.number(),
  isSilver: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type PtContract = z.infer<typeof ptContractSchema>;

/** GET /member/pt-contracts: one status (REGISTER = both unpaid stages), one contract, or no silver packages. */
export const ptContractsQuery = z.object({
  status: z.enum(ptContractStatuses).optional(),
  ptContractId: z.coerce.number().int().positive().max(2147483647).optional(),
  isNotSilverPtContract: z.enum(['true', 'false']).optional(),
});

/** GET /member/pt-contract/{id}/transaction/waiting-for-payment: with its payment attempt, receipt and timeline. */
export const ptContractDetailSchema = ptContractSchema.extend({
  payment: paymentSchema.nullable(),
  timeline: z.array(
    z.object({
      kind: z.enum(['registered', 'accepted', 'rejected', 'cancelled', 'paid', 'starts', 'ends']),
      at: z.string(),
    }),
  ),
  receipt: z
    .object({ paymentDate: z.string(), transactionId: z.string(), paymentMethod: z.number(), totalPayment: z.number() })
    .nullable(),
});
export type PtContractDetail = z.infer<typeof ptContractDetailSchema>;

/** A club that sells PT, with the caller's access there (ADR 045). */
export const ptClubSchema = z.object({
  id: z.number(),
  nameVi: z.string(),
  nameEn: z.string(),
  address: z.string(),
  districtName: z.string(),
  access: z.enum(['OK', 'NO_MEMBERSHIP', 'FROZEN']),
});
export type PtClub = z.infer<typeof ptClubSchema>;

/** The /pt screens' reads (without the shell, which rides beside them). */

export const ptSelectScreenSchema = z.object({
  clubs: z.array(ptClubSchema),
  clubId: z.number().nullable(),
  trainers: z.array(ptTrainerSchema),
});
export const ptPlansScreenSchema = z.object({
  club: ptClubSchema,
  trainer: ptTrainerSchema,
  packages: z.array(ptPackageSchema),
  unpaid: ptContractSchema.nullable(),
});
export const ptContractScreenSchema = z.object({ ptContract: ptContractDetailSchema });
export type PtSelectScreen = z.infer<typeof ptSelectScreenSchema>;
export type PtPlansScreen = z.infer<typeof ptPlansScreenSchema>;

/** §9 booking window and session length (ADR 046). */
export const PT_SESSION_MINUTES = 60;
export const PT_BOOKING_MIN_LEAD_MINUTES = 120;
export const PT_BOOKING_MAX_DAYS_AHEAD = 14;
/** Sessions start on the half hour. */
export const PT_SLOT_STEP_MINUTES = 30;

/**
 * POST /member/pt-contract/{id}/booking. `afterMinute`: the start as minutes after 00:00 in
 * Asia/Ho_Chi_Minh of `date` (a Vietnam calendar day, YYYY-MM-DD); without `date`, of today's.
 */
export const ptBookingBody = z.object({
  afterMinute: z.number().int().min(0).max(1439),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/**
 * §4 booking statuses, and NO_SHOW (ADR 051): the trainer marked that the member did not come to a
 * confirmed session; the session is used, like a completed one.
 */
export const ptBookingStatuses = [
  'WAITPTCONFIRM',
  'WAITCUSCONFIRM',
  'BOOKED',
  'COMPLETED',
  'NO_SHOW',
  'CANCELLED',
  'REJECTED',
] as const;
export type PtBookingStatusName = (typeof ptBookingStatuses)[number];

/** §3 PT booking card, with what the member may do with it. */
export const ptBookingSchema = z.object({
  bookingId: z.number(),
  /** The package the session is from, or null for a trial session (then `freeSessionId`). */
  ptContractId: z.number().nullable(),
  freeSessionId: z.number().nullable(),
  status: z.enum(ptBookingStatuses),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  startsAt: z.string(),
  /** The trainer's account id (the desk's trial form starts from the one the member got, issue 38 §17). */
  trainerId: z.number(),
  trainerName: z.string(),
  clubNameVi: z.string(),
  clubNameEn: z.string(),
  rating: z.number().nullable(),
  canCancel: z.boolean(),
  canRate: z.boolean(),
  /** A trial session the club proposed: the member accepts or rejects it (§4). */
  canAnswer: z.boolean(),
});
export type PtBooking = z.infer<typeof ptBookingSchema>;

/** GET /member/screens/pt-booking?ptContractId&date: the usable contracts, the days, the free slots of the day, the member's bookings. */
export const ptBookingScreenSchema = z.object({
  contracts: z.array(ptContractSchema),
  ptContractId: z.number().nullable(),
  /** The chosen package's e-contract while it waits for the member's signature: no booking until it is signed (issue 38 §6). */
  eContractToSign: z.number().nullable(),
  days: z.array(z.string()),
  date: z.string(),
  slots: z.array(z.object({ afterMinute: z.number(), time: z.string() })),
  bookings: z.array(ptBookingSchema),
});
export type PtBookingScreen = z.infer<typeof ptBookingScreenSchema>;

/** POST /member/pt-e-contract/{id}/sign (ADR 047): the document's SHA-256 as shown, the SMS code, the full name, and a drawn mark (PNG, base64) or none (the typed name is the mark). */
export const eContractSignBody = z.object({
  documentSha256: z.string().regex(/^[0-9a-f]{64}$/),
  otp: z.string().regex(/^\d{4,6}$/),
  fullName: z.string().trim().min(2).max(100),
  signaturePng: z
    .string()
    .max(60_000)
    .regex(/^[A-Za-z0-9+/=]+$/)
    .nullish(),
});

export const eContractSchema = z.object({
  eContractId: z.number(),
  ptContractId: z.number(),
  status: z.enum(['UNSIGNED', 'SIGNED']),
  templateVersion: z.string(),
  lang: z.enum(['vi', 'en']),
  packageNameVi: z.string(),
  packageNameEn: z.string(),
  title: z.string(),
  sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  documentSha256: z.string(),
  createdAt: z.string(),
  signedAt: z.string().nullable(),
  signerName: z.string().nullable(),
  pdfSha256: z.string().nullable(),
  needsFullName: z.boolean(),
});
export type EContract = z.infer<typeof eContractSchema>;

/**
 * §3 free (experience, trial) session (ADR 048): one session with any trainer of the club, to book
 * between two Vietnam days. Its status is its booking's, AVAILABLE before one, EXPIRED after the
 * window unused.
 */
export const freeSessionSchema = z.object({
  freeSessionId: z.number(),
  clubId: z.number(),
  clubNameVi: z.string(),
  clubNameEn: z.string(),
  source: z.enum(['PLAN', 'EXPERIENCE']),
  validFrom: z.string(),
  validUntil: z.string(),
  status: z.enum(['AVAILABLE', 'WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW', 'EXPIRED']),
  booking: ptBookingSchema.nullable(),
});
export type FreeSession = z.infer<typeof freeSessionSchema>;

/**
 * GET /member/club/{clubId}/free-sessions/info?date: the member's free sessions at the club, the one
 * to book next (null: none left, or one in the works), the days it may be on, and the starts of
 * `date` at which some trainer of the club is free.
 */
export const freeSessionsInfoSchema = z.object({
  clubId: z.number(),
  total: z.number(),
  left: z.number(),
  sessions: z.array(freeSessionSchema),
  nextFreeSessionId: z.number().nullable(),
  days: z.array(z.string()),
  date: z.string().nullable(),
  slots: z.array(z.object({ afterMinute: z.number(), time: z.string() })),
});
export type FreeSessionsInfo = z.infer<typeof freeSessionsInfoSchema>;

/** GET /member/club/{clubId}/sessions/count: sessions the member can still book at the club. */
export const sessionsCountSchema = z.object({
  clubId: z.number(),
  ptSessionsLeft: z.number(),
  freeSessionsLeft: z.number(),
});

/** GET /member/screens/free-session?clubId&date: /pt/free-session in one read (the clubs with free sessions, then the info of one). */
export const freeSessionScreenSchema = z.object({
  clubs: z.array(z.object({ clubId: z.number(), nameVi: z.string(), nameEn: z.string(), left: z.number() })),
  info: freeSessionsInfoSchema.nullable(),
});
export type FreeSessionScreen = z.infer<typeof freeSessionScreenSchema>;

/** POST /staff/free-session/{id}/propose (ADR 048): the club proposes a start with a trainer; the member accepts or rejects. */
export const freeSessionProposeBody = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  afterMinute: z.number().int().min(0).max(1439),
  ptId: z.number().int().positive().max(2147483647),
});

/** /pt's trial card (ADR 048): free sessions left to book (the soonest window's end) and the trial in the works. */
export const trialSummarySchema = z.object({
  left: z.number(),
  validUntil: z.string().nullable(),
  clubId: z.number().nullable(),
  open: ptBookingSchema.nullable(),
});
export type TrialSummary = z.infer<typeof trialSummarySchema>;

/** GET /member/screens/pt: the member's PT contracts and the trial card. */
export const ptScreenSchema = z.object({ contracts: z.array(ptContractSchema), trial: trialSummarySchema });

/** The most days GET /staff/pt/bookings?from&to spans (from and to included). */
export const TRAINER_AGENDA_MAX_DAYS = 31;

/** How many days before today the agenda looks for confirmed sessions nobody closed (ADR 051, amended). */
export const TRAINER_AGENDA_NOT_CLOSED_DAYS = 30;

/**
 * GET /staff/pt/bookings?from=YYYY-MM-DD&to=YYYY-MM-DD (Vietnam days, both included, at most 31).
 * Neither: from today on, with no end. Only from: 31 days from it; only to: from today.
 */
export const trainerAgendaQuery = z.object({
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
});

/**
 * GET /staff/pt/bookings: a trainer's sessions that hold their time (waiting for an answer, booked,
 * done or missed), soonest first (issue 17's agenda). A range with today in it also lists the
 * confirmed sessions of the 30 days before today that were never marked completed or missed
 * (`notClosed`), which sort first as they started earlier (ADR 051, amended).
 */
export const trainerAgendaItemSchema = z.object({
  bookingId: z.number(),
  status: z.enum(['WAITPTCONFIRM', 'WAITCUSCONFIRM', 'BOOKED', 'COMPLETED', 'NO_SHOW']),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  /** The instants of the start and the end (ISO). */
  startsAt: z.string(),
  endsAt: z.string(),
  member: z.object({ fullName: z.string(), phoneNumber: z.string() }),
  /** A trial session (ADR 048) has no package: then `sessionsLeft` and the package names are null. */
  freeSessionId: z.number().nullable(),
  ptContractId: z.number().nullable(),
  packageNameVi: z.string().nullable(),
  packageNameEn: z.string().nullable(),
  /** Sessions of the package not yet taken by a booking (a waiting or booked one counts as taken). */
  sessionsLeft: z.number().nullable(),
  /** A confirmed (BOOKED) session of a day before today: the trainer still has to mark it completed or missed. */
  notClosed: z.boolean(),
});
export type TrainerAgendaItem = z.infer<typeof trainerAgendaItemSchema>;

/** GET /staff/pt/requests: a package a member asked this trainer for, with who asked (issue 17's agenda). */
export const trainerRequestSchema = ptContractSchema.extend({
  member: z.object({ fullName: z.string(), phoneNumber: z.string() }),
});
export type TrainerRequest = z.infer<typeof trainerRequestSchema>;

/** ?clubId: the member's PT and trial booking histories, /pt/select-pt's club. */
export const ptClubQuery = z.object({ clubId: z.coerce.number().int().positive().max(2147483647).optional() });

/** ?date=YYYY-MM-DD: the day whose free starts a trial's info lists. */
export const ptDayQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/** GET /member/screens/pt-booking?ptContractId&date */
export const ptBookingScreenQuery = ptDayQuery.extend({
  ptContractId: z.coerce.number().int().positive().max(2147483647).optional(),
});

/** PUT /member/booking/{id}/rating */
export const ptRatingBody = z.object({ rating: z.number().int().min(1).max(5) });

/** PUT /staff/pt-contract/{id}/accept|reject: the contract's state after the trainer's answer. */
export const trainerAnswerSchema = z.object({ ptContractId: z.number(), state: z.string() });

/** PUT /staff/pt-booking/{id}/confirm|reject|complete|no-show: the booking's status after the trainer's mark. */
export const trainerBookingAnswerSchema = z.object({ bookingId: z.number(), status: z.enum(ptBookingStatuses) });

/** POST /global/e-contract/verify: whether a PDF is one we sealed, unchanged. */
export const eContractVerifySchema = z.object({
  valid: z.boolean(),
  sealValid: z.boolean(),
  reason: z.string().nullable(),
  eContractId: z.number().nullable(),
  signedAt: z.string().nullable(),
});
