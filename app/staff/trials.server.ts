import { z } from 'zod';

/** The desk's proposal of a trial time: the trainer, the day and the start ("18:30") as the form sends them. */
export const trialProposalForm = z.object({
  freeSessionId: z.coerce.number().int().positive().max(2_147_483_647),
  ptId: z.coerce.number({ error: 'required' }).int().positive('required').max(2_147_483_647),
  date: z.string({ error: 'required' }).regex(/^\d{4}-\d{2}-\d{2}$/, 'invalid'),
  time: z
    .string({ error: 'required' })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'invalid')
    .transform((hhmm) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3))),
});
