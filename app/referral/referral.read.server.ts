import { z } from 'zod';
import { memberShellSchema } from '#contract/auth.ts';
import { referralScreenSchema } from '#contract/referral.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { screenRead } from '#app/server/member-read.server.ts';

// The referral page's screen read (ADR 077): the programme and the member shell in one gateway call.

const referralReadSchema = z.object({ shell: memberShellSchema, referral: referralScreenSchema });

/** /home/referral */
export const referralRead = screenRead(async (args) => {
  const { shell, referral } = (await gatewayClient(args)('/api/v1/member/screens/referral', referralReadSchema)).data;
  return { shell, screen: referral };
});
