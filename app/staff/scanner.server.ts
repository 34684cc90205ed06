import { z } from 'zod';

/** The door's form: the code read (or typed) and the club whose door this is. */
export const doorScanForm = z.object({
  code: z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'freeTextTooLong'),
  clubId: z.coerce.number().int().positive(),
});
