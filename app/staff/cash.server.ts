import { z } from 'zod';
import { phoneNumberSchema } from '#api/validation.ts';

/**
 * A whole number of dong as the desk types it: "1.500.000", "1 500 000" or "1500000 đ" are the
 * same amount (zero allowed: a discount). Messages are §5's keys (required, numberInvalid).
 */
export const typedAmountSchema = z
  .string({ error: 'required' })
  .transform((typed) => typed.replace(/[\s.,₫đ]|VND/gi, ''))
  .pipe(
    z
      .string()
      .min(1, 'required')
      .regex(/^\d{1,12}$/, 'numberInvalid')
      .transform(Number),
  );

/** The counted cash: a typed amount above zero (numberTooSmall). */
export const cashAmountSchema = typedAmountSchema.pipe(z.number().positive('numberTooSmall'));

/** One waiting item's confirmation, by its cash slip (a membership, a freeze's fee, a PT package…). */
export const cashConfirmForm = z.object({
  paymentId: z.coerce.number().int().positive(),
  amount: cashAmountSchema,
});

/** The cash desk's search: a member's phone, or nothing for every waiting item. */
export const cashSearch = z.object({ phone: phoneNumberSchema.optional() });
