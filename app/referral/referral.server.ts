import { data, redirect } from 'react-router';
import { z } from 'zod';
import { readFormAs } from '#app/server/form.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { errorText } from '#app/server/form.server.ts';
import { Codes } from '#api/codes.ts';
import { formatDate } from '#api/format.ts';
import { referralSendBody, type ReferralScreen } from '#api/referral.ts';
import { validationMessage } from '#api/validation-messages.ts';
import { giftEndpoints } from '#api/endpoints/gifts.ts';

/** The /home/referral screen as the page shows it: dates in DD/MM/YYYY, each friend's date the one their state names. */
export function referralScreenView(screen: ReferralScreen) {
  return {
    code: screen.code,
    blockedBy:
      screen.blockedBy === Codes.REFERRAL_NO_PACKAGE_YET
        ? ('membership' as const)
        : screen.blockedBy === null
          ? null
          : ('limit' as const),
    offer: screen.offer,
    rewards: screen.rewards,
    friends: screen.friends.map((friend) => {
      const on = {
        INVITED: friend.invitedAt,
        JOINED: friend.dealEndsAt,
        BOUGHT: null,
        REWARDED: friend.rewardedAt,
        EXPIRED: friend.dealEndsAt,
      }[friend.state];
      return {
        phoneNumber: friend.phoneNumber,
        name: friend.name,
        state: friend.state,
        date: on ? formatDate(on) : '',
      };
    }),
  };
}

type ActionArgs = Parameters<typeof gatewayClient>[0];

/** What the form posts: a phone as typed (kept on a refusal, so the member can correct it). */
const formSchema = z.object({ phoneNumber: z.string().max(200) });

export type ReferralActionData = { phoneNumber: string; error: string };

/**
 * The invite form: §5's phone rule here first (its exact message), then the gateway's refusals
 * by the field; success is a redirect with a toast (PRG), so a reload sends nothing twice.
 */
export async function referralAction(args: ActionArgs) {
  const session = getSession(args.context);
  const lang = getLang(args.context);
  const { phoneNumber } = await readFormAs(args.request, formSchema);
  const refuse = (error: string) => data<ReferralActionData>({ phoneNumber, error }, { status: 400 });
  const parsed = referralSendBody.safeParse({ phoneNumber });
  if (!parsed.success) return refuse(validationMessage(parsed.error.issues[0]?.message ?? 'invalid', lang));
  try {
    const { data: sent } = await gatewayClient(args)(giftEndpoints.sendReferral, {
      json: parsed.data,
    });
    flashToast(session, { kind: 'success', text: getT(args.context)('referral.sent', { phone: sent.phoneNumber }) });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    const field = error.fieldErrors?.phoneNumber?.[0];
    return refuse(field ? errorText(field, lang) : error.text);
  }
  return redirect('/home/referral');
}
