import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import { identityReadSchema, identitySchema } from '../identity.ts';
import { ID_BACK_FIELD, ID_FRONT_FIELD, RECOGNITION_TYPE_FIELD } from '../identity-fields.ts';

/** Issue 16 §3 (ADR 040): the member's ID card or passport. */
export const identityEndpoints = {
  read: endpoint({
    method: 'GET',
    path: '/api/v1/member/identity',
    summary: "The caller's verified ID card or passport (number masked to its last 4), or null (ADR 040)",
    auth: 'member',
    success: Codes.OK,
    response: identityReadSchema,
  }),
  recognize: endpoint({
    method: 'POST',
    path: '/api/v1/fpt/recognize-id/upload',
    summary:
      "Verify the caller's identity from photos (multipart: recognitionType 1 ID card | 2 passport, front, back for a card): read by FPT.AI or the sandbox, name/age 15/expiry checked, stored without the photos; 201–206, 500–511; 10 tries an hour (ADR 040)",
    auth: 'member',
    success: Codes.OK,
    multipart: { files: [ID_FRONT_FIELD, ID_BACK_FIELD], fields: [RECOGNITION_TYPE_FIELD] },
    response: identitySchema,
  }),
};
