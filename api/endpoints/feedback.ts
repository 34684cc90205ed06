import { z } from 'zod';
import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import {
  feedbackHandledBody,
  memberFeedbackBody,
  publicReportFields,
  ratingRequestSchema,
  ratingUpdateBody,
  staffFeedbackQuery,
  staffFeedbackSchema,
} from '../feedback.ts';
import { REPORT_PHOTO_FIELD } from '../feedback-types.ts';

/** Feedback, a visitor's report and ratings (issue 16, ADR 039). */
export const feedbackEndpoints = {
  send: endpoint({
    method: 'POST',
    path: '/api/v1/member/feedback',
    summary:
      'Feedback on a club: type (one of six), 1–5 stars, comment ≤ 1000, isAnonymous (then no account is kept); 10 an hour (ADR 039)',
    auth: 'member',
    success: Codes.REPORT_RECORDED,
    body: memberFeedbackBody,
    response: z.null(),
  }),
  customerReport: endpoint({
    method: 'POST',
    path: '/api/v1/public/customer-report',
    summary:
      "A visitor's report from a club's poster, no sign-in (multipart: clubId, type, rate, comment ≤ 1000, phoneNumber optional, one photo ≤ 5 MB re-encoded, honeypot 'website'); 8 an hour per address, 60 per club; answers 1120 and nothing else (ADR 039)",
    auth: 'none',
    success: Codes.REPORT_RECORDED,
    multipart: { files: [REPORT_PHOTO_FIELD], fields: Object.keys(publicReportFields.shape) },
    response: z.null(),
  }),
  staffList: endpoint({
    method: 'GET',
    path: '/api/v1/staff/feedback',
    summary:
      "Feedback and reports of the staff member's club (GM: every club or ?clubId), ?type= ?state=NEW|HANDLED ?page=, newest first, 50 a page",
    auth: 'staff',
    success: Codes.OK,
    query: staffFeedbackQuery,
    response: z.array(staffFeedbackSchema),
  }),
  staffHandled: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/feedback/{id}/handled',
    summary:
      'Mark feedback handled with a reply (once: FEEDBACK_ALREADY_HANDLED after); the member, unless anonymous, gets a notice',
    auth: 'staff',
    success: Codes.OK,
    body: feedbackHandledBody,
    response: staffFeedbackSchema,
  }),
  ratings: endpoint({
    method: 'GET',
    path: '/api/v1/member/ratings',
    summary:
      "The caller's pending rating requests, oldest first (§3 Rating request); the shell carries the oldest as pendingRating",
    auth: 'member',
    success: Codes.OK,
    response: z.array(ratingRequestSchema),
  }),
  rate: endpoint({
    method: 'PUT',
    path: '/api/v1/member/rating/{ratingId}/update',
    summary:
      "Rate a pending request: rate 1–5 required, comment ≤ 1000; once (460 rated, 459 ignored; 404 for anyone else's)",
    auth: 'member',
    success: Codes.RATING_SUBMITTED,
    body: ratingUpdateBody,
    response: z.object({ id: z.number(), rate: z.number(), comment: z.string().nullable() }),
  }),
  ignoreRating: endpoint({
    method: 'DELETE',
    path: '/api/v1/member/rating/{id}/ignore',
    summary: "Dismiss a pending rating request (once; 404 for anyone else's)",
    auth: 'member',
    success: Codes.OK,
    response: z.object({ id: z.number() }),
  }),
};
