import { and, count, eq, ne, sql } from 'drizzle-orm';
import { Codes } from '#api/codes.ts';
import type { Coupon, PlanType } from '#api/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { preparedFor } from '#gateway/db/prepared.ts';
import { contracts, couponCampaigns, coupons } from '#gateway/db/schema/index.ts';
import { ApiError } from '#gateway/http/errors.ts';
import type { CouponTerms } from './pricing.ts';

// Whether a coupon may be used, decided in one place for the plan cards, the coupon chooser and
// the contract a member signs (which re-checks inside its transaction).

export type CouponRow = typeof coupons.$inferSelect;
export type CampaignRow = typeof couponCampaigns.$inferSelect;
export type CouponWithCampaign = { coupon: CouponRow; campaign: CampaignRow };

export type CouponRefusal =
  typeof Codes.PROMO_CODE_INVALID | typeof Codes.COUPON_USED | typeof Codes.COUPON_NEW_CUSTOMERS_ONLY;

export type CouponUse = {
  clubId: number;
  /** The plan the coupon would apply to; undefined when only the club is known (a list of plans). */
  planType?: PlanType;
  /** The member asking, or null for an anonymous visitor (priced as a new member). */
  accountId: number | null;
  isNewMember: boolean;
  now: Date;
};

const selectCoupon = (db: Executor) =>
  db
    .select({ coupon: coupons, campaign: couponCampaigns })
    .from(coupons)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, coupons.campaignId));

/** How often a coupon was used (contracts paid or awaiting payment), in all and by the member asking. */
export type CouponUses = { total: number; byMember: number };

const usesSql = (accountFilter: boolean) =>
  sql<number>`(select count(*) from ${contracts} where ${contracts.couponId} = ${coupons.id} and ${contracts.paymentState} <> 'FAIL'${
    accountFilter ? sql` and ${contracts.accountId} = ${sql.placeholder('accountId')}` : sql``
  })`.mapWith(Number);

/** The coupon of a code with its campaign and both use counts: one prepared statement (issue 18). */
const couponByCodeStatement = preparedFor((db) =>
  db
    .select({ coupon: coupons, campaign: couponCampaigns, total: usesSql(false), byMember: usesSql(true) })
    .from(coupons)
    .innerJoin(couponCampaigns, eq(couponCampaigns.id, coupons.campaignId))
    .where(eq(coupons.code, sql.placeholder('code')))
    .prepare('coupon_by_code_with_uses'),
);

/** A coupon by its code (any case, spaces around), with its uses by `accountId` (none for a visitor). */
export async function findCouponByCode(
  db: Executor,
  code: string,
  accountId: number | null,
): Promise<(CouponWithCampaign & { uses: CouponUses }) | undefined> {
  const [row] = await couponByCodeStatement(db).execute({ code: code.trim().toUpperCase(), accountId });
  return row && { coupon: row.coupon, campaign: row.campaign, uses: { total: row.total, byMember: row.byMember } };
}

export async function findCouponById(db: Executor, id: number): Promise<CouponWithCampaign | undefined> {
  const [row] = await selectCoupon(db).where(eq(coupons.id, id));
  return row;
}

export async function activeCoupons(db: Executor): Promise<CouponWithCampaign[]> {
  return selectCoupon(db).where(eq(coupons.isActive, true)).orderBy(coupons.id);
}

/** Uses that count: contracts paid or awaiting payment (a failed one gives its use back). */
async function usesOf(db: Executor, couponId: number, accountId?: number) {
  const [row] = await db
    .select({ n: count() })
    .from(contracts)
    .where(
      and(
        eq(contracts.couponId, couponId),
        ne(contracts.paymentState, 'FAIL'),
        accountId === undefined ? undefined : eq(contracts.accountId, accountId),
      ),
    );
  return row.n;
}

/** The plan types a coupon allows (null = every type). */
export const couponFitsPlan = (coupon: CouponRow, planType: PlanType) =>
  !coupon.planTypes || coupon.planTypes.includes(planType);

/**
 * Null when the coupon may be used, else the §8 code: PROMO_CODE_INVALID (inactive, outside its
 * dates, another club or plan type, no uses left), 352 (this member used it), 353 (new members only).
 */
export async function couponRefusal(
  db: Executor,
  coupon: CouponRow,
  use: CouponUse,
  uses?: CouponUses,
): Promise<CouponRefusal | null> {
  const now = use.now.getTime();
  if (!coupon.isActive) return Codes.PROMO_CODE_INVALID;
  if (coupon.validFrom.getTime() > now) return Codes.PROMO_CODE_INVALID;
  if (coupon.validTo && coupon.validTo.getTime() <= now) return Codes.PROMO_CODE_INVALID;
  if (coupon.clubIds && !coupon.clubIds.includes(use.clubId)) return Codes.PROMO_CODE_INVALID;
  if (use.planType !== undefined && !couponFitsPlan(coupon, use.planType)) return Codes.PROMO_CODE_INVALID;
  if (use.accountId !== null && (uses?.byMember ?? (await usesOf(db, coupon.id, use.accountId))) > 0)
    return Codes.COUPON_USED;
  if (coupon.newCustomerOnly && !use.isNewMember) return Codes.COUPON_NEW_CUSTOMERS_ONLY;
  if (coupon.usageLimit !== null && (uses?.total ?? (await usesOf(db, coupon.id))) >= coupon.usageLimit)
    return Codes.PROMO_CODE_INVALID;
  return null;
}

/**
 * Throws the refusal as a 400 with its code. `uses`, when the caller read them with the coupon,
 * saves two counts; a contract being signed counts again inside its transaction instead.
 */
export async function requireUsableCoupon(db: Executor, coupon: CouponRow, use: CouponUse, uses?: CouponUses) {
  const refusal = await couponRefusal(db, coupon, use, uses);
  if (refusal !== null) throw new ApiError(400, refusal);
}

export const couponTerms = (coupon: CouponRow): CouponTerms => ({
  percentOff: coupon.percentOff,
  amountOff: coupon.amountOff,
  maxDiscount: coupon.maxDiscount,
  appliesTo: coupon.appliesTo,
});

export const toCoupon = ({ coupon, campaign }: CouponWithCampaign): Coupon => ({
  id: coupon.id,
  code: coupon.code,
  campaign: {
    nameVi: campaign.nameVi,
    nameEn: campaign.nameEn,
    descriptionVi: campaign.descriptionVi,
    descriptionEn: campaign.descriptionEn,
  },
  validTo: coupon.validTo?.toISOString() ?? null,
  newCustomerOnly: coupon.newCustomerOnly,
});
