import { z } from 'zod';
import { phoneNumberSchema } from '#api/validation.ts';

const clubId = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The door's forms: the code read (or typed) and the club whose door this is; or, for a member
 * who came without their phone, their phone number (the desk has looked them up first).
 */
export const doorForm = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('code'),
    code: z.string({ error: 'required' }).trim().min(1, 'required').max(200, 'freeTextTooLong'),
    clubId,
  }),
  z.object({ intent: z.literal('manual'), phoneNumber: phoneNumberSchema, clubId }),
]);

/** The look-up of a member without their phone: the search field of the door page. */
export const memberLookup = z.object({ phone: phoneNumberSchema });
