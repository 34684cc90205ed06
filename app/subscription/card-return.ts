import { cardReturnTo } from '#app/payments/saved-cards.server.ts';
import { SUBSCRIPTION_CARD } from './paths.ts';
import type { Route } from './+types/card-return';

/** VNPAY's token page sends the browser back here after a new card for the subscription: as adding a card, then the subscription-card page. */
export const loader = (args: Route.LoaderArgs) => cardReturnTo(args, SUBSCRIPTION_CARD);
