import { z } from 'zod';
import { contractSchema } from './membership.ts';

// Apart from gift.ts: membership.ts reaches gift.ts through the shell (auth.ts), so gift.ts cannot import it back.

/** 1101: the gift's contract; `existing` when this gift had already been activated on that plan (a repeat). */
export const activatedGiftSchema = z.object({ contract: contractSchema, existing: z.boolean() });
export type ActivatedGift = z.infer<typeof activatedGiftSchema>;
