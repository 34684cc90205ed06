import { z } from 'zod';
import { feedbackStates, feedbackTypes } from '#api/feedback-types.ts';
import { requiredFreeTextSchema } from '#api/validation.ts';

/** The inbox's filters as the GET form sends them: an empty choice is "all". */
export const inboxFilters = z.object({
  state: z.enum(feedbackStates).optional().catch(undefined),
  type: z.enum(feedbackTypes).optional().catch(undefined),
});

/** The answer to one report: the reply the member is told (required, §5's free-text limit). */
export const handledForm = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  reply: requiredFreeTextSchema,
});
