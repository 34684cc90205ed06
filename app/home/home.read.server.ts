import { membershipEndpoints } from '#api/endpoints/membership.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead, shellApart } from '#app/server/member-read.server.ts';

// The home page's screen read (ADR 077): the card's contracts, the club's busyness, the classes and
// the free PT sessions, with the member shell, in one gateway call (issue 18).

/** /home */
export const homeRead = screenRead(async (args) =>
  shellApart((await gatewayClient(args)(membershipEndpoints.home)).data),
);
