import type { z } from 'zod';
import type { subscriptionScreenReadSchema, yourPlanReadSchema } from '#api/subscription.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';
import { subscriptionEndpoints } from '#api/endpoints/subscriptions.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead, shellApart } from '#app/server/member-read.server.ts';

// The screen reads of the subscription pages (issue 18, ADR 077): each page's data and the member
// shell in one gateway call, declared in api/endpoints (ADR 078).
export { subscriptionScreenReadSchema, yourPlanReadSchema } from '#api/subscription.ts';

export type YourPlanScreen = Omit<z.infer<typeof yourPlanReadSchema>, 'shell'>;
export type SubscriptionScreen = Omit<z.infer<typeof subscriptionScreenReadSchema>, 'shell'>;

/** /home/your-plan (issue 12 §2: with the subscription) */
export const yourPlanRead = screenRead(async (args) =>
  shellApart((await gatewayClient(args)(membershipEndpoints.yourPlanScreen)).data),
);

/** /membership/subscription/verify-upgrade and /account/information/payment-method/subscription-card */
export const subscriptionRead = screenRead(async (args) =>
  shellApart((await gatewayClient(args)(subscriptionEndpoints.screen)).data),
);
