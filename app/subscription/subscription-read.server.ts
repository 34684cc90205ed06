import { z } from 'zod';
import { memberShellSchema } from '#contract/auth.ts';
import { accessClubSchema, homePageContractsSchema, savedCardSchema } from '#contract/membership.ts';
import { subscriptionAllowSchema, subscriptionSchema } from '#contract/subscription.ts';

// The aggregate reads of the subscription pages (issue 18: one gateway read per page), the
// shell beside them (layout.main.server.ts SCREEN_READS).

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
