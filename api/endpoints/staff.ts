import { z } from 'zod';
import { otpCheckBody, otpSendBody, otpSentSchema } from '../auth.ts';
import { Codes } from '../codes.ts';
import { contentPageSchema } from '../content.ts';
import { endpoint } from '../endpoint.ts';
import { freeSessionProposeBody, ptBookingSchema } from '../pt.ts';
import {
  cashConfirmBody,
  cashConfirmResultSchema,
  paymentEventSchema,
  paymentEventsQuery,
  staffAuditQuery,
  staffAuditSchema,
  staffMeSchema,
  staffSessionSchema,
  staffTodayQuery,
  staffTodaySchema,
  staffTrialsSchema,
  waitingCashContractSchema,
  waitingContractsQuery,
  waitingFreeSessionSchema,
} from '../staff.ts';
import {
  appVersionBody,
  appVersionSettingSchema,
  contentPageBody,
  couponCampaignBody,
  couponCampaignSettingSchema,
  freezeOptionBody,
  freezeOptionSettingSchema,
  paymentPlanBody,
  planSettingSchema,
  staffListQuery,
  staffListSchema,
  staffNoticeBody,
  staffNoticeResultSchema,
  staffSettingsSchema,
} from '../staff-settings.ts';

/** The staff app (issue 17): sign-in, the desk (cash, trials, today, bank events, audit), the GM's settings (ADR 053), notices and the staff list. */
export const staffEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/v1/staff/settings',
    summary:
      "GM: the settings page in one read: app version, content pages, freeze options, every club's plan prices, coupon campaigns with their coupons and uses (ADR 052)",
    auth: 'staff',
    success: Codes.OK,
    response: staffSettingsSchema,
  }),
  appVersion: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/settings/app-version',
    summary:
      'GM: the app version (MAJOR.MINOR.PATCH, vi and en) GET /general/version answers; audited, the same value again changes nothing (ADR 052)',
    auth: 'staff',
    success: Codes.OK,
    body: appVersionBody,
    response: appVersionSettingSchema,
  }),
  contentPage: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/content-page/{slug}',
    summary:
      'GM: a content page (terms-condition, privacy, about, support): titles and 1–30 sections; audited (ADR 052)',
    auth: 'staff',
    success: Codes.OK,
    body: contentPageBody,
    response: contentPageSchema,
  }),
  freezeOption: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/freeze-option/{days}',
    summary:
      "GM: a freeze duration's price or whether it is offered; freezes already requested keep their price; audited (ADR 052)",
    auth: 'staff',
    success: Codes.OK,
    body: freezeOptionBody,
    response: freezeOptionSettingSchema,
  }),
  paymentPlan: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/payment-plan/{id}',
    summary:
      "GM: a plan's prices (original, discount, joining fee and its discount, VND) or active flag; contracts already made keep theirs; audited (ADR 052)",
    auth: 'staff',
    success: Codes.OK,
    body: paymentPlanBody,
    response: planSettingSchema,
  }),
  createCoupons: endpoint({
    method: 'POST',
    path: '/api/v1/staff/coupon-campaign',
    summary: 'GM: a coupon campaign with its coupons (a code that exists: 409 PROMO_CODE_INVALID); audited (ADR 052)',
    auth: 'staff',
    success: Codes.OK,
    body: couponCampaignBody,
    response: couponCampaignSettingSchema,
  }),
  endCoupons: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/coupon-campaign/{id}/end',
    summary: 'GM: end a campaign: its coupons no longer apply; audited once (ADR 052)',
    auth: 'staff',
    success: Codes.OK,
    response: couponCampaignSettingSchema,
  }),
  notify: endpoint({
    method: 'POST',
    path: '/api/v1/staff/notifications',
    summary:
      "A notice (GENERAL) to one member by phone or to a club's members (EMPLOYEE/LEADER: their club; GM: any), through the outbox → {sent}; header Idempotency-Key (a repeat sends nothing); 20 club sends and 200 member sends a day per staff account (ADR 052)",
    auth: 'staff',
    success: Codes.OK,
    body: staffNoticeBody,
    response: staffNoticeResultSchema,
  }),
  staffList: endpoint({
    method: 'GET',
    path: '/api/v1/staff/staff-list',
    summary: "A club's LEADER, EMPLOYEE and PT accounts (LEADER: their club; GM: ?clubId= or every club) (ADR 052)",
    auth: 'staff',
    query: staffListQuery,
    success: Codes.OK,
    response: staffListSchema,
  }),
  freeSessions: endpoint({
    method: 'GET',
    path: '/api/v1/staff/free-sessions',
    summary: "The staff club's trial sessions waiting for a time or an answer",
    auth: 'staff',
    success: Codes.OK,
    response: z.array(waitingFreeSessionSchema),
  }),
  trials: endpoint({
    method: 'GET',
    path: '/api/v1/staff/trials',
    summary:
      "The staff Trials page in one read: the club's trial sessions waiting for a time or an answer (as /staff/free-sessions) and the trainers of their clubs {clubId, ptId, fullName}, each club's best rated first (EMPLOYEE/LEADER: their club; GM: every club)",
    auth: 'staff',
    success: Codes.OK,
    response: staffTrialsSchema,
  }),
  today: endpoint({
    method: 'GET',
    path: '/api/v1/staff/today',
    summary:
      "The staff start page in one read: cash waiting, trial sessions waiting, NEW feedback (counted up to 51) and today's classes not cancelled; ?clubId= (EMPLOYEE/LEADER: their club, another 403; GM: one club, else every club and classesToday null)",
    auth: 'staff',
    query: staffTodayQuery,
    success: Codes.OK,
    response: staffTodaySchema,
  }),
  proposeFreeSession: endpoint({
    method: 'POST',
    path: '/api/v1/staff/free-session/{id}/propose',
    summary:
      'The club proposes a trial start {date, afterMinute, ptId} (WAITCUSCONFIRM); the member accepts or rejects',
    auth: 'staff',
    success: Codes.OK,
    body: freeSessionProposeBody,
    response: ptBookingSchema,
  }),
  ptContractCash: endpoint({
    method: 'POST',
    path: '/api/v1/staff/pt-contract/{id}/cash/confirm',
    summary:
      "Confirm a PT package's cash taken at the counter of its club: the package is paid (553 if the amount differs; a repeat answers outcome already; ADR 045)",
    auth: 'staff',
    success: Codes.OK,
    body: cashConfirmBody,
    response: cashConfirmResultSchema,
  }),
  otpSend: endpoint({
    method: 'POST',
    path: '/api/v1/staff/auth/otp/send',
    summary: 'Send a sign-in code to a staff phone (EMPLOYEE, LEADER, GM; other phones: 200)',
    auth: 'none',
    success: Codes.OTP_SENT,
    body: otpSendBody,
    response: otpSentSchema,
  }),
  otpLogin: endpoint({
    method: 'POST',
    path: '/api/v1/staff/auth/otp/login',
    summary: 'Staff sign-in with a code → {accessToken, expiresAt, accountType, fullName, clubId}',
    auth: 'none',
    success: Codes.SIGNED_IN,
    body: otpCheckBody,
    response: staffSessionSchema,
  }),
  waitingCash: endpoint({
    method: 'GET',
    path: '/api/v1/staff/contracts/waiting',
    summary:
      "Everything waiting for cash at the staff member's club (GM: every club): memberships, freeze fees, PT packages, one per payable with its slip (paymentId, kind, reference), member, item and amount; ?phoneNumber= the member's phone (ADR 063)",
    auth: 'staff',
    query: waitingContractsQuery,
    success: Codes.OK,
    response: z.array(waitingCashContractSchema),
  }),
  cashPayment: endpoint({
    method: 'POST',
    path: '/api/v1/staff/cash-payment/{id}/confirm',
    summary:
      'Confirm the cash of one slip of the waiting list, whatever it pays (553 if the amount differs; a repeat answers outcome already; the receipt names the member and the item; ADR 063)',
    auth: 'staff',
    success: Codes.OK,
    body: cashConfirmBody,
    response: cashConfirmResultSchema,
  }),
  contractCash: endpoint({
    method: 'POST',
    path: '/api/v1/staff/contract/{id}/cash/confirm',
    summary:
      'Confirm cash taken at the counter: activates the membership (553 if the amount differs; a repeat answers outcome already)',
    auth: 'staff',
    success: Codes.OK,
    body: cashConfirmBody,
    response: cashConfirmResultSchema,
  }),
  freezeContractCash: endpoint({
    method: 'POST',
    path: '/api/v1/staff/freeze-contract/{id}/cash/confirm',
    summary:
      "Confirm a freeze's fee taken in cash at the counter: the freeze is paid and the membership's end moves (553 if the amount differs; a repeat answers outcome already; ADR 036)",
    auth: 'staff',
    success: Codes.OK,
    body: cashConfirmBody,
    response: cashConfirmResultSchema,
  }),
  me: endpoint({
    method: 'GET',
    path: '/api/v1/staff/me',
    summary:
      'The signed-in EMPLOYEE, PT, LEADER or GM: id, name, type, club (null for a GM) and the clubs they may act at (a GM: every active club)',
    auth: 'staff',
    success: Codes.OK,
    response: staffMeSchema,
  }),
  audit: endpoint({
    method: 'GET',
    path: '/api/v1/staff/audit',
    summary:
      'What staff changed, newest first, with who (LEADER: their club; GM: ?clubId= or every club), ?limit= ≤ 200, ?before= the last id seen (ADR 049)',
    auth: 'staff',
    query: staffAuditQuery,
    success: Codes.OK,
    response: staffAuditSchema,
  }),
  paymentEvents: endpoint({
    method: 'GET',
    path: '/api/v1/staff/payment-events',
    summary:
      'Payment messages (bank webhooks, IPN) newest first, ?needsReview=true for the review queue, ?limit= ≤ 200',
    auth: 'staff',
    query: paymentEventsQuery,
    success: Codes.OK,
    response: z.array(paymentEventSchema),
  }),
  reviewPaymentEvent: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/payment-event/{id}/reviewed',
    summary: 'Take a payment message off the review queue (records who)',
    auth: 'staff',
    success: Codes.OK,
    response: paymentEventSchema,
  }),
};
