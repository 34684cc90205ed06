import type { Route } from './+types/saved-card-return';
import { CARDS_PATH, cardReturnTo } from './saved-cards.server.ts';

/** VNPAY's token page sends the browser back here: the gateway checks it and saves the card (1052). */
export const loader = (args: Route.LoaderArgs) => cardReturnTo(args, CARDS_PATH);
