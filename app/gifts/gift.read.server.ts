import { giftEndpoints } from '#api/endpoints/gifts.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead } from '#app/server/member-read.server.ts';

// The gift page's screen read (ADR 077): the gift and the member shell in one gateway call.

/** /gift */
export const giftRead = screenRead(async (args) => {
  const { shell, gift } = (await gatewayClient(args)(giftEndpoints.screen)).data;
  return { shell, screen: gift };
});
