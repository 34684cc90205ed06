import { z } from 'zod';
import { RecognitionTypes } from './identity-fields.ts';

export * from './identity-fields.ts';

export const recognitionTypeSchema = z.coerce
  .number()
  .int()
  .refine((value) => value === RecognitionTypes.ID_CARD || value === RecognitionTypes.PASSPORT);

/**
 * A member's verified identity (issue 16 §3, ADR 040), as only that member sees it: the number
 * masked but for its last four digits, never the photos (they are not kept).
 */
export const identitySchema = z.object({
  documentType: z.enum(['ID_CARD', 'PASSPORT']),
  idNumberMasked: z.string(),
  fullName: z.string(),
  dateOfBirth: z.string(),
  sex: z.enum(['MALE', 'FEMALE']).nullable(),
  address: z.string().nullable(),
  /** null: the card does not expire (issued after its holder turned 58). */
  expiresOn: z.string().nullable(),
  verifiedAt: z.string(),
  method: z.string(),
});
export type Identity = z.infer<typeof identitySchema>;

/** GET /member/identity: the verification, or null before it. */
export const identityReadSchema = identitySchema.nullable();
