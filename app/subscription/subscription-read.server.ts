import { z } from 'zod';
import { memberShellSchema } from '#contract/auth.ts';
import { accessClubSchema, homePageContractsSchema, savedCardSchema } from '#contract/membership.ts';
import { subscriptionAllowSchema, subscriptionSchema } from '#contract/subscription.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead, shellApart } from '#app/server/member-read.server.ts';

// The screen reads of the subscription pages (issue 18, ADR 077): each page's data and the member
// shell in one gateway call.

const shellField = z.object({ shell: memberShellSchema });

/** GET /member/screens/your-plan: the memberships, the clubs they open, the subscription. */
export const yourPlanReadSchema = shellField.extend({
  homePage: homePageContractsSchema,
  accessClubs: z.array(accessClubSchema),
  subscription: subscriptionSchema.nullable(),
});

/** GET /member/screens/subscription: the subscription, allow and the saved cards. */
export const subscriptionScreenReadSchema = shellField.extend({
  subscription: subscriptionSchema.nullable(),
  allow: subscriptionAllowSchema,
  cards: z.array(savedCardSchema),
});

export type YourPlanScreen = Omit<z.infer<typeof yourPlanReadSchema>, 'shell'>;
export type SubscriptionScreen = Omit<z.infer<typeof subscriptionScreenReadSchema>, 'shell'>;

/** /home/your-plan (issue 12 §2: with the subscription) */
export const yourPlanRead = screenRead(async (args) =>
  shellApart((await gatewayClient(args)('/api/v1/member/screens/your-plan', yourPlanReadSchema)).data),
);

/** /membership/subscription/verify-upgrade and /account/information/payment-method/subscription-card */
export const subscriptionRead = screenRead(async (args) =>
  shellApart((await gatewayClient(args)('/api/v1/member/screens/subscription', subscriptionScreenReadSchema)).data),
);
