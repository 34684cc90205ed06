import { z } from 'zod';
import { memberShellSchema } from '#contract/auth.ts';
import { giftScreenSchema } from '#contract/gift.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead } from '#app/server/member-read.server.ts';

// The gift page's screen read (ADR 077): the gift and the member shell in one gateway call.

const giftReadSchema = z.object({ shell: memberShellSchema, gift: giftScreenSchema });

/** /gift */
export const giftRead = screenRead(async (args) => {
  const { shell, gift } = (await gatewayClient(args)('/api/v1/member/screens/gift', giftReadSchema)).data;
  return { shell, screen: gift };
});
