import { and, asc, eq, sql } from 'drizzle-orm';
import {
  FREE_PT_WINDOW_DAYS,
  isAllClubPlan,
  isSubscriptionPlan,
  type PaymentPlan,
  type PlanBenefits,
} from '#api/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { preparedFor } from '#gateway/db/prepared.ts';
import { cachePerDatabase, contractsScope, readVersionsOf } from '#gateway/db/read-cache.ts';
import { clubs, contracts, paymentPlans } from '#gateway/db/schema/index.ts';
import { couponTerms, toCoupon, type CouponWithCampaign } from './coupons.ts';
import { pricePlan } from './pricing.ts';

export type PlanRow = typeof paymentPlans.$inferSelect;
export type ClubRow = typeof clubs.$inferSelect;

/**
 * A member is new (pays the joining fee, may use new-customer coupons and referrals) until a contract
 * is paid; a gift's contract is not a purchase (ADR 035).
 */
const paidContractStatement = preparedFor((db) =>
  db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.accountId, sql.placeholder('accountId')),
        eq(contracts.paymentState, 'PAID'),
        eq(contracts.isGift, false),
      ),
    )
    .limit(1)
    .prepare('paid_contract_of_account'),
);

export async function hasPaidContract(db: Executor, accountId: number) {
  const [row] = await paidContractStatement(db).execute({ accountId });
  return row !== undefined;
}

/** An active club, or undefined (a closed club sells nothing). */
const activeClubStatement = preparedFor((db) =>
  db
    .select()
    .from(clubs)
    .where(and(eq(clubs.id, sql.placeholder('clubId')), eq(clubs.isActive, true)))
    .prepare('active_club'),
);

export async function findActiveClub(db: Executor, clubId: number) {
  const [club] = await activeClubStatement(db).execute({ clubId });
  return club;
}

/** The active plans of a club, in display order, and whether the member asking has paid a contract (a gift is no purchase). */
const activePlansStatement = preparedFor((db) =>
  db
    .select({
      club: clubs,
      plan: paymentPlans,
      memberHasPaid: sql<boolean>`exists (select 1 from ${contracts} where ${contracts.accountId} = ${sql.placeholder('accountId')} and ${contracts.paymentState} = 'PAID' and not ${contracts.isGift})`,
    })
    .from(clubs)
    .leftJoin(paymentPlans, and(eq(paymentPlans.clubId, clubs.id), eq(paymentPlans.isActive, true)))
    .where(and(eq(clubs.id, sql.placeholder('clubId')), eq(clubs.isActive, true)))
    .orderBy(asc(paymentPlans.sortOrder), asc(paymentPlans.id))
    .prepare('active_plans_of_club'),
);

/**
 * The active plans of an active club in display order, and whether `accountId` is a new member (no
 * paid contract; a visitor, null, always is): one statement (issue 18). Undefined when the club is
 * closed or unknown.
 */
export async function activePlansOf(
  db: Executor,
  clubId: number,
  accountId: number | null,
  { cached = false } = {},
): Promise<{ plans: PlanRow[]; isNewMember: boolean } | undefined> {
  const read = async () => {
    const rows = await activePlansStatement(db).execute({ clubId, accountId });
    // No row (a closed or unknown club) says nothing of the member either.
    return rows.length === 0
      ? null
      : { plans: rows.flatMap((row) => (row.plan ? [row.plan] : [])), isNewMember: !rows[0].memberHasPaid };
  };
  if (!cached) return (await read()) ?? undefined;
  // ADR 056: a club's cards change with the catalog, whether the member is new with their contracts.
  const versions = await readVersionsOf(db, accountId === null ? null : contractsScope(accountId));
  const club = clubPlansCache(db).get(clubId, versions.catalog);
  const isNewMember = accountId === null ? true : newMemberCache(db).get(accountId, versions.scope);
  if (club === null) return undefined;
  if (club !== undefined && isNewMember !== undefined) return { plans: club.plans, isNewMember };
  const fresh = await read();
  clubPlansCache(db).set(clubId, versions.catalog, fresh && { plans: fresh.plans });
  if (fresh && accountId !== null) newMemberCache(db).set(accountId, versions.scope, fresh.isNewMember);
  return fresh ?? undefined;
}

/** A club's active plans (null: closed or unknown), and whether a member has paid, as last read (ADR 056). */
const clubPlansCache = cachePerDatabase<number, { plans: PlanRow[] } | null>(1_000);
const newMemberCache = cachePerDatabase<number, boolean>(10_000);

/** A plan that is on sale (active, at an active club), with its club; `clubId` narrows it to one club. */
export async function findSellablePlan(db: Executor, planId: number, clubId?: number) {
  const [row] = await db
    .select({ plan: paymentPlans, club: clubs })
    .from(paymentPlans)
    .innerJoin(clubs, eq(clubs.id, paymentPlans.clubId))
    .where(
      and(
        eq(paymentPlans.id, planId),
        eq(paymentPlans.isActive, true),
        eq(clubs.isActive, true),
        clubId === undefined ? undefined : eq(paymentPlans.clubId, clubId),
      ),
    );
  return row;
}

/** §3 plan card, priced by pricePlan for this member and coupon (null = no coupon applies). */
export function toPlanCard(plan: PlanRow, isNewMember: boolean, coupon: CouponWithCampaign | null): PaymentPlan {
  const price = pricePlan(plan, { isNewMember, coupon: coupon ? couponTerms(coupon.coupon) : null });
  return {
    id: plan.id,
    clubId: plan.clubId,
    type: plan.type,
    isBlackCard: isAllClubPlan(plan.type),
    isSubscription: isSubscriptionPlan(plan.type),
    planNameVi: plan.nameVi,
    planNameEn: plan.nameEn,
    tagNameVi: plan.tagVi,
    tagNameEn: plan.tagEn,
    sloganVi: plan.sloganVi,
    sloganEn: plan.sloganEn,
    descriptionVi: plan.descriptionVi,
    descriptionEn: plan.descriptionEn,
    unit: plan.durationUnit,
    duration: plan.durationValue,
    originalPrice: price.originalPrice,
    price: price.price,
    pricePerMonth: price.pricePerMonth,
    joiningFee: price.joiningFee,
    joiningFeeDiscount: price.joiningFeeDiscount,
    membershipDiscount: price.membershipDiscount,
    promotionCode: coupon?.coupon.code ?? null,
    coupon: coupon ? toCoupon(coupon) : null,
    totalPaymentFirst: price.totalPaymentFirst,
    nextPayment: price.nextPayment,
    isTrial: plan.durationUnit === 'day',
    freePtSessions: plan.freePtSessions,
  };
}

/**
 * Issue 37 §5: what the plans on sale give, one row per distinct kind (names, type, term, free PT
 * sessions) over every active club, in display order: the compare panel's and the guide's source.
 */
export async function planBenefits(db: Executor): Promise<PlanBenefits> {
  const rows = await db
    .selectDistinctOn(
      [
        paymentPlans.type,
        paymentPlans.nameVi,
        paymentPlans.durationUnit,
        paymentPlans.durationValue,
        paymentPlans.freePtSessions,
      ],
      {
        type: paymentPlans.type,
        planNameVi: paymentPlans.nameVi,
        planNameEn: paymentPlans.nameEn,
        unit: paymentPlans.durationUnit,
        duration: paymentPlans.durationValue,
        freePtSessions: paymentPlans.freePtSessions,
        sortOrder: paymentPlans.sortOrder,
      },
    )
    .from(paymentPlans)
    .innerJoin(clubs, and(eq(clubs.id, paymentPlans.clubId), eq(clubs.isActive, true)))
    .where(eq(paymentPlans.isActive, true))
    .orderBy(
      asc(paymentPlans.type),
      asc(paymentPlans.nameVi),
      asc(paymentPlans.durationUnit),
      asc(paymentPlans.durationValue),
      asc(paymentPlans.freePtSessions),
      asc(paymentPlans.sortOrder),
    );
  const plans = rows
    .sort((a, b) => a.sortOrder - b.sortOrder || a.planNameVi.localeCompare(b.planNameVi))
    .map(({ sortOrder: _, ...row }) => ({
      ...row,
      isBlackCard: isAllClubPlan(row.type),
      isSubscription: isSubscriptionPlan(row.type),
    }));
  return { plans, freePtWindowDays: FREE_PT_WINDOW_DAYS };
}
