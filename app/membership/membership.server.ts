import { data } from 'react-router';
import { isId, type Club, type ClubBusyness } from '#api/clubs.ts';
import { generalEndpoints } from '#api/endpoints/general.ts';
import { Codes, referralRefusalCodes, type Code, type Lang } from '#api/codes.ts';
import {
  FREE_PT_WINDOW_DAYS,
  PAYMENT_WINDOW_MINUTES,
  paymentPlansQuery,
  REFERRAL_BONUS_DAYS,
  type Coupon,
  type PaymentPlan,
  type PlanBenefit,
} from '#api/membership.ts';
import { formatDate } from '#api/format.ts';
import { addDays } from '#api/vietnam-time.ts';
import { pick, telHref } from '#app/account/account.server.ts';
import { GatewayError, gatewayClient, softRead } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { AppSession } from '#app/server/session.server.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';
import { authEndpoints } from '#api/endpoints/auth.ts';

// Issue 4, choosing a club and a plan: the gateway reads these pages make, in the page's language.

type Args = Parameters<typeof gatewayClient>[0];

/** The contract's constants the pages print, sent with the loader data (zod stays on the server). */
export const membershipTerms = {
  referralDays: REFERRAL_BONUS_DAYS,
  paymentMinutes: PAYMENT_WINDOW_MINUTES,
  freePtDays: FREE_PT_WINDOW_DAYS,
};

/** An unknown or malformed id in the URL: the route's error boundary says "not found". */
export const notFoundPage = () => data({ notFound: true }, { status: 404 });

/** Runs a gateway read whose 404 (or a malformed id's 400) means this page does not exist. */
async function orNotFound<T>(read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof GatewayError && (error.status === 404 || error.status === 400)) throw notFoundPage();
    throw error;
  }
}

/** The multi-club (Black Card) or single-club choice of /membership, carried in `?type=`. */
export type ClubChoice = 'multi' | 'single';
export const clubChoice = (url: string): ClubChoice | null => {
  const value = new URL(url).searchParams.get('type');
  return value === 'multi' || value === 'single' ? value : null;
};

/** §3 Club: address, district and city names; the map link opens Google Maps at its coordinates. */
/** Issue 11 §3: every club's busyness, or none when the gateway cannot say (the page shows without it). */
const loadBusyness = (call: ReturnType<typeof gatewayClient>) =>
  softRead(
    async () => new Map((await call(generalEndpoints.busyness)).data.map((b) => [b.clubId, b])),
    new Map<number, ClubBusyness>(),
  );

export const clubView = (club: Club, lang: Lang, busyness: ClubBusyness | null = null) => ({
  id: club.id,
  name: pick(lang, club.nameVi, club.nameEn),
  address: club.address,
  district: club.districtName,
  city: pick(lang, club.cityNameVi, club.cityNameEn),
  latitude: club.latitude,
  longitude: club.longitude,
  hotline: club.hotline,
  hotlineHref: telHref(club.hotline),
  mapUrl: `https://www.google.com/maps/search/?api=1&query=${club.latitude},${club.longitude}`,
  isActive: club.isActive,
  busyness,
});
export type ClubView = ReturnType<typeof clubView>;

/** Open clubs grouped by city, the cities in the gateway's order (most clubs first). */
export async function loadClubsByCity(args: Args) {
  const lang = getLang(args.context);
  const call = gatewayClient(args);
  const [cities, clubs, busyness] = await Promise.all([
    call(generalEndpoints.citiesWithClubs),
    call(generalEndpoints.clubs, { query: { isActive: 'true' } }),
    loadBusyness(call),
  ]);
  const groups = cities.data.map((city) => ({
    id: city.id,
    name: pick(lang, city.nameVi, city.nameEn),
    clubs: clubs.data
      .filter((club) => club.cityId === city.id)
      .map((club) => clubView(club, lang, busyness.get(club.id) ?? null)),
  }));
  return { cities: groups.filter((g) => g.clubs.length > 0), clubCount: clubs.data.length };
}

/** Plans that give free PT sessions, grouped by how many, their names joined: "2 with Black Card 12 months, Classic 12 months". */
export type FreePtOffer = { sessions: number; plans: string };
const freePtOffers = (plans: PlanBenefit[], lang: Lang): FreePtOffer[] => {
  const bySessions = new Map<number, string[]>();
  for (const plan of plans) {
    if (plan.freePtSessions <= 0) continue;
    const names = bySessions.get(plan.freePtSessions) ?? [];
    const name = pick(lang, plan.planNameVi, plan.planNameEn);
    if (!names.includes(name)) names.push(name);
    bySessions.set(plan.freePtSessions, names);
  }
  return [...bySessions].map(([sessions, names]) => ({ sessions, plans: names.join(', ') }));
};

/**
 * Issue 37 §5: the free PT sessions the plans on sale give, from the plans' data (GET
 * /global/plan-benefits): for all-club and single-club plans, and for any. Null when the gateway
 * cannot say: a page then says nothing of them rather than something untrue.
 */
export async function loadFreePtOffers(args: Args) {
  const lang = getLang(args.context);
  return softRead(async () => {
    const { data } = await gatewayClient(args)(membershipEndpoints.planBenefits);
    return {
      all: freePtOffers(data.plans, lang),
      multi: freePtOffers(
        data.plans.filter((p) => p.isBlackCard),
        lang,
      ),
      single: freePtOffers(
        data.plans.filter((p) => !p.isBlackCard),
        lang,
      ),
      days: data.freePtWindowDays,
    };
  }, null);
}
export type FreePtOffers = NonNullable<Awaited<ReturnType<typeof loadFreePtOffers>>>;

/** One club, open or closed; an unknown id is a 404 page. */
export async function loadClub(args: Args, clubId: string) {
  if (!isId(clubId)) throw notFoundPage();
  const call = gatewayClient(args);
  const [{ data: club }, busyness] = await Promise.all([
    orNotFound(() => call(generalEndpoints.club, { params: { clubId } })),
    loadBusyness(call),
  ]);
  return clubView(club, getLang(args.context), busyness.get(club.id) ?? null);
}

/** §3 Plan card in the page's language; money stays integer VND for formatVnd. */
export const planView = (plan: PaymentPlan, lang: Lang) => ({
  id: plan.id,
  clubId: plan.clubId,
  isBlackCard: plan.isBlackCard,
  isSubscription: plan.isSubscription,
  isTrial: plan.isTrial,
  name: pick(lang, plan.planNameVi, plan.planNameEn),
  tag: plan.tagNameVi && plan.tagNameEn ? pick(lang, plan.tagNameVi, plan.tagNameEn) : null,
  slogan: pick(lang, plan.sloganVi, plan.sloganEn),
  description: pick(lang, plan.descriptionVi, plan.descriptionEn),
  unit: plan.unit,
  duration: plan.duration,
  originalPrice: plan.originalPrice,
  price: plan.price,
  pricePerMonth: plan.pricePerMonth,
  joiningFee: plan.joiningFee,
  joiningFeeDiscount: plan.joiningFeeDiscount,
  membershipDiscount: plan.membershipDiscount,
  promotionCode: plan.promotionCode,
  coupon: plan.coupon ? couponView(plan.coupon, lang) : null,
  totalPaymentFirst: plan.totalPaymentFirst,
  nextPayment: plan.nextPayment,
  freePtSessions: plan.freePtSessions,
  freePtDays: FREE_PT_WINDOW_DAYS,
});
export type PlanView = ReturnType<typeof planView>;

export const couponView = (coupon: Coupon, lang: Lang) => ({
  id: coupon.id,
  code: coupon.code,
  name: pick(lang, coupon.campaign.nameVi, coupon.campaign.nameEn),
  description: pick(lang, coupon.campaign.descriptionVi, coupon.campaign.descriptionEn),
  validTo: coupon.validTo,
  newCustomerOnly: coupon.newCustomerOnly,
});
export type CouponView = ReturnType<typeof couponView>;

// ── §3 "saved coupon": kept in the signed session cookie so it works without JavaScript ──

export const getSavedCoupon = (session: AppSession) => session.get('savedCoupon') ?? null;
export const saveCoupon = (session: AppSession, code: string) => session.set('savedCoupon', code);
export const clearSavedCoupon = (session: AppSession) => session.unset('savedCoupon');

/** A typed promo code in the gateway's form (trimmed, upper case), or null when it cannot be one. */
export function normalizeCoupon(value: unknown): { code: string | null; valid: boolean } {
  const parsed = paymentPlansQuery.safeParse({ coupon: typeof value === 'string' ? value : undefined });
  if (!parsed.success) return { code: null, valid: false };
  return { code: parsed.data.coupon ?? null, valid: true };
}

/**
 * A club's plans priced for this member, with the saved coupon when it applies. A coupon the
 * gateway refuses here (another club's offer, used up) leaves the plain prices and its message.
 */
export async function loadPlans(args: Args, clubId: number, coupon: string | null) {
  const lang = getLang(args.context);
  const call = gatewayClient(args);
  let couponError: string | null = null;
  if (coupon) {
    try {
      const { data: plans } = await call(membershipEndpoints.plans, { params: { clubId }, query: { coupon } });
      return { plans: plans.map((p) => planView(p, lang)), couponError };
    } catch (error) {
      if (!(error instanceof GatewayError) || error.status >= 500) throw error;
      couponError = error.text;
    }
  }
  const { data: plans } = await orNotFound(() => call(membershipEndpoints.plans, { params: { clubId } }));
  return { plans: plans.map((p) => planView(p, lang)), couponError };
}

/** One plan priced with `coupon`; a refused coupon throws its GatewayError (352, 353, PROMO_CODE_INVALID). */
export async function fetchPlan(args: Args, clubId: number, planId: number, coupon: string | null) {
  const { data: plan } = await gatewayClient(args)(membershipEndpoints.plan, {
    params: { clubId, paymentPlanId: planId },
    query: { coupon: coupon ?? undefined },
  });
  return plan;
}

/** The plan page's plan: with the saved coupon when it applies here, else plain with the coupon's message. */
export async function loadPlan(args: Args, clubId: number, planId: number, coupon: string | null) {
  if (coupon) {
    try {
      return { plan: await fetchPlan(args, clubId, planId, coupon), couponError: null };
    } catch (error) {
      // A refused coupon is a 400 with its code; an unknown plan is a 404 either way.
      if (error instanceof GatewayError && error.status === 404) throw notFoundPage();
      if (!(error instanceof GatewayError) || error.status !== 400) throw error;
      return { plan: await orNotFound(() => fetchPlan(args, clubId, planId, null)), couponError: error.text };
    }
  }
  return { plan: await orNotFound(() => fetchPlan(args, clubId, planId, null)), couponError: null };
}

/** The coupon chooser's list, the saved cards and the payment method groups. */
export async function loadPurchaseOptions(args: Args, clubId: number, planId: number) {
  const lang = getLang(args.context);
  const call = gatewayClient(args);
  const [coupons, cards, methods, dates, profile] = await Promise.all([
    softRead(
      async () =>
        (await call(membershipEndpoints.coupons, { query: { clubId: String(clubId), paymentPlanId: String(planId) } }))
          .data,
      [],
    ),
    softRead(async () => (await call(membershipEndpoints.cards)).data, []),
    call(generalEndpoints.paymentMethodGroups),
    // When the plan would run: shown before Confirm; without it the page still sells (the payment page shows the dates).
    softRead(async () => (await call(membershipEndpoints.plannedDates, { params: { clubId, planId } })).data, null),
    // The referral code given at sign-up, carried to the first purchase (issue 10 §7).
    softRead(async () => (await call(authEndpoints.profile)).data, null),
  ]);
  return {
    coupons: coupons.map((c) => couponView(c, lang)),
    cards: cards.map((c) => ({ id: c.id, cardNumber: c.cardNumber, bankCode: c.bankCode, isDefault: c.isDefault })),
    methods: methods.data.map((m) => ({ id: m.id, code: m.code, name: pick(lang, m.nameVi, m.nameEn) })),
    signUpReferral: profile?.referralCode ?? null,
    // Issue 38 §10: the hint, the prefilled code and the gateway's refusal say the same deal.
    referralDeal: profile?.referralDeal
      ? { ...profile.referralDeal, endsAt: formatDate(profile.referralDeal.endsAt) }
      : null,
    dates: dates
      ? {
          start: formatDate(dates.startDate),
          end: formatDate(dates.endDate),
          // With a checked referral code (issue 38 §9): worked out here, so the page carries no date code.
          endWithReferral: formatDate(addDays(dates.endDate, REFERRAL_BONUS_DAYS)),
          afterCurrent: dates.afterCurrent,
        }
      : null,
  };
}

// ── where a refused purchase's message goes on the plan page ──

export type PurchaseField = 'couponCode' | 'referralCode' | 'paymentMethod';

const couponCodes = new Set<Code>([Codes.COUPON_USED, Codes.COUPON_NEW_CUSTOMERS_ONLY, Codes.PROMO_CODE_INVALID]);
/** The gateway's field names (code 2) on the fields of the plan page. */
const gatewayFields: Record<string, PurchaseField> = {
  couponId: 'couponCode',
  referralCode: 'referralCode',
  paymentMethodGroupId: 'paymentMethod',
  savedCardId: 'paymentMethod',
  isCash: 'paymentMethod',
};

/**
 * A refused purchase by the field it concerns: coupon codes by the coupon, referral codes by the
 * referral code, a missing saved card (550) by the payment method, else the whole form. Null for
 * any other not found (the plan or club is gone).
 */
export function placePurchaseError(error: GatewayError) {
  const fieldErrors: Partial<Record<PurchaseField, string[]>> = {};
  const formErrors: string[] = [];
  if (couponCodes.has(error.code)) fieldErrors.couponCode = [error.text];
  else if (referralRefusalCodes.has(error.code)) fieldErrors.referralCode = [error.text];
  else if (error.code === Codes.CARD_NOT_FOUND || error.code === Codes.SUBSCRIPTION_CARD_REQUIRED)
    fieldErrors.paymentMethod = [error.text];
  else if (error.status === 404) return null;
  else if (error.fieldErrors && Object.keys(error.fieldErrors).length) {
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      const ours = gatewayFields[field];
      if (ours) fieldErrors[ours] = messages;
      else formErrors.push(...messages);
    }
  } else formErrors.push(error.text);
  return { fieldErrors, formErrors };
}

/**
 * Notes of states few members meet (a referral deal that is over, a monthly plan's card rule), written
 * on the server so that the plan page's strings part, which every buyer downloads, stays small (ADR 030).
 */
export function purchaseNotes(
  t: (key: string, vars?: Record<string, string | number>) => string,
  options: Pick<Awaited<ReturnType<typeof loadPurchaseOptions>>, 'referralDeal' | 'cards'>,
  isSubscription: boolean,
) {
  const deal = options.referralDeal;
  const referralClosed =
    deal && !deal.open
      ? [
          deal.closedBy === 'paid'
            ? t('referral.dealClosedPaid')
            : t('referral.dealClosedExpired', { days: membershipTerms.referralDays, date: deal.endsAt }),
          ...(deal.signUpCode ? [t('referral.signUpCodeOff', { code: deal.signUpCode })] : []),
        ]
      : null;
  const recurringNote = isSubscription
    ? t(options.cards.length ? 'subscription.planCardNote' : 'subscription.planNoCardNote')
    : null;
  return { referralClosed, recurringNote };
}
