import { redirect } from 'react-router';
import { z } from 'zod';
import { pick } from '#app/account/account.server.ts';
import { readFormAs } from '#app/server/form.server.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang, getT } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import type { Lang } from '#api/codes.ts';
import { formatDate, formatDateTime } from '#api/format.ts';
import type { GiftScreen } from '#api/gift.ts';
import { giftEndpoints } from '#api/endpoints/gifts.ts';

/** The /gift screen in the page's language: the gift, when it must be activated by, and the clubs grouped by city. */
export function giftScreenView(screen: GiftScreen, lang: Lang) {
  const { gift } = screen;
  const cities: { name: string; clubs: { name: string; paymentPlanId: number }[] }[] = [];
  for (const club of screen.clubs) {
    const city = pick(lang, club.cityNameVi, club.cityNameEn);
    let group = cities.at(-1);
    if (group?.name !== city) cities.push((group = { name: city, clubs: [] }));
    group.clubs.push({ name: pick(lang, club.nameVi, club.nameEn), paymentPlanId: club.paymentPlanId });
  }
  return {
    gift: gift
      ? {
          id: gift.memberGiftId,
          kind: gift.kind,
          days: gift.days,
          title: pick(lang, gift.titleVi, gift.titleEn),
          description: pick(lang, gift.descriptionVi, gift.descriptionEn),
          activateBy: gift.expiresAt ? formatDateTime(gift.expiresAt) : null,
        }
      : null,
    cities,
    experienceAvailable: screen.experienceAvailable,
  };
}

type ActionArgs = Parameters<typeof gatewayClient>[0];

const intentSchema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('activate'),
    gift: z.string().regex(/^[1-9]\d{0,8}$/),
    paymentPlanId: z.string().regex(/^[1-9]\d{0,8}$/),
  }),
  z.object({ intent: z.literal('experience') }),
]);

/**
 * The /gift form: activate the gift at the club chosen (then the member's plans, where the new
 * membership is), or take the experience pass (then back here to activate it). Plain POST and a
 * redirect with a toast; the gateway answers a double tap with the same contract.
 */
export async function giftAction(args: ActionArgs) {
  const session = getSession(args.context);
  const t = getT(args.context);
  const form = await readFormAs(args.request, intentSchema);
  const call = gatewayClient(args);
  try {
    if (form.intent === 'activate') {
      const { gift, paymentPlanId } = form;
      const { data: result } = await call(giftEndpoints.activate, {
        params: { memberGiftId: gift },
        json: { paymentPlanId: Number(paymentPlanId) },
      });
      const { contract } = result;
      const lang = getLang(args.context);
      flashToast(session, {
        kind: 'success',
        text: t('gift.activated', {
          club: pick(lang, contract.club.nameVi, contract.club.nameEn),
          start: formatDate(contract.startDate),
          end: formatDate(contract.endDate),
        }),
      });
      return redirect('/home/your-plan');
    }
    await call(giftEndpoints.experience);
    flashToast(session, { kind: 'success', text: t('gift.experienceTaken') });
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    flashToast(session, { kind: 'error', text: error.text });
  }
  return redirect('/gift');
}
