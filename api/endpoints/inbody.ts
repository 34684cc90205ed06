import { z } from 'zod';
import { Codes } from '../codes.ts';
import { endpoint, noData } from '../endpoint.ts';
import {
  INBODY_IMAGE_FIELD,
  inbodyDetectionSchema,
  inbodyListQuery,
  inbodyListSchema,
  inbodyRecordSchema,
  inbodyScreenSchema,
  inbodyUpdateBody,
} from '../inbody.ts';

/** InBody sheets (issue 14, ADR 042, 066): read from a photo or typed, confirmed by the member, their history and photo. */
export const inbodyEndpoints = {
  screen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/inbody',
    summary:
      '/inbody in one read (issue 18): the shell, every confirmed InBody record (newest measurement first) and the newest unconfirmed draft',
    auth: 'member',
    success: Codes.OK,
    response: inbodyScreenSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/v1/member/inbody/list',
    summary:
      "The caller's confirmed InBody records, newest measurement first (?page=1&limit=10, limit ≤ 50; isFull=true: all) (ADR 042)",
    auth: 'member',
    query: inbodyListQuery,
    success: Codes.OK,
    response: inbodyListSchema,
  }),
  prepare: endpoint({
    method: 'POST',
    path: '/api/v1/member/inbody/prepare',
    summary:
      "A sheet photo's upload has begun at the web server: the OCR threads start now instead of when the photo has arrived; they stop after 30 s idle if none comes (ADR 085)",
    auth: 'member',
    success: Codes.OK,
    response: noData,
  }),
  detect: endpoint({
    method: 'POST',
    path: '/api/v1/member/inbody/detect',
    summary:
      'Read an InBody 270/570 sheet photo (multipart image ≤ 5 MB; re-encoded, kept private) into a DRAFT record with per-field confidence (confirmed | doubtful | missing); 100, 102, 103 (nothing usable or too slow), 429 when the OCR queue is full or after 30 photos in the hour (data { limit?, retryAfterSeconds }, Retry-After); 103 says why in data.reason: TOO_DARK | BLURRED | NOT_WHOLE_SHEET | NO_VALUES (ADR 042, 066)',
    auth: 'member',
    success: Codes.INBODY_UPLOADED,
    multipart: { files: [INBODY_IMAGE_FIELD] },
    response: inbodyDetectionSchema,
  }),
  manual: endpoint({
    method: 'POST',
    path: '/api/v1/member/inbody/manual',
    summary: "Start typing a sheet's values by hand: an empty DRAFT without a photo, confirmed by PUT update (ADR 066)",
    auth: 'member',
    success: Codes.INBODY_UPLOADED,
    response: inbodyDetectionSchema,
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/v1/member/inbody/{id}/update',
    summary:
      'Confirm a draft or correct a record: weight 30–250, skeletal muscle 10–50, body fat 3–65 %, comma decimals, empty is 0 (ADR 042)',
    auth: 'member',
    success: Codes.INBODY_UPDATED,
    body: inbodyUpdateBody,
    response: inbodyRecordSchema,
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/api/v1/member/inbody/{id}/delete',
    summary: "Delete one of the caller's InBody records and its photo",
    auth: 'member',
    success: Codes.INBODY_DELETED,
    response: z.null(),
  }),
  photo: endpoint({
    method: 'GET',
    path: '/api/v1/member/inbody/{id}/photo',
    summary: "The record's sheet photo (WebP; ?download for an attachment), to its owner only",
    auth: 'member',
    success: Codes.OK,
    response: { binary: 'image/webp' },
  }),
};
