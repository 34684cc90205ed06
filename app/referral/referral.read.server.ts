import { giftEndpoints } from '#api/endpoints/gifts.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead } from '#app/server/member-read.server.ts';

// The referral page's screen read (ADR 077): the programme and the member shell in one gateway call.

/** /home/referral */
export const referralRead = screenRead(async (args) => {
  const { shell, referral } = (await gatewayClient(args)(giftEndpoints.referralScreen)).data;
  return { shell, screen: referral };
});
