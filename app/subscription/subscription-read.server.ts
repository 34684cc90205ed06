import type { z } from 'zod';
import type { subscriptionScreenReadSchema, yourPlanReadSchema } from '#contract/subscription.ts';

// The aggregate reads of the subscription pages (issue 18: one gateway read per page), declared in
// contract/subscription.ts beside their endpoints (ADR 078).
export { subscriptionScreenReadSchema, yourPlanReadSchema } from '#contract/subscription.ts';

export type YourPlanScreen = Omit<z.infer<typeof yourPlanReadSchema>, 'shell'>;
export type SubscriptionScreen = Omit<z.infer<typeof subscriptionScreenReadSchema>, 'shell'>;
