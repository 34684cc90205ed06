import { and, asc, desc, eq, gte, inArray, lte, ne, or, sql } from 'drizzle-orm';
import { isAllClubPlan, planTypes, type PlanType } from '#api/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { clubs, contracts, freezeContracts, paymentPlans } from '#gateway/db/schema/index.ts';
import type { Period } from '#gateway/modules/payments/dates.ts';

// Which clubs a member's memberships open today (ADR 072): a base module, read by the door
// (check-in), class and PT bookings and the member's screens, so none of them depends on the
// module that sells memberships. A paid membership is CURRENT from its first to its last Vietnam
// day; a paid freeze that covers today closes it.

/** Paid memberships current today, newest end first, with their plan and whether a freeze covers today. */
async function currentMemberships(db: Executor, accountId: number, today: string) {
  return db
    .select({
      clubId: contracts.clubId,
      endDate: contracts.endDate,
      planType: paymentPlans.type,
      planNameVi: paymentPlans.nameVi,
      planNameEn: paymentPlans.nameEn,
      frozen:
        sql<boolean>`exists (select 1 from ${freezeContracts} f where f.contract_id = ${contracts.id} and f.payment_state = 'PAID'
        and f.end_date >= f.start_date and f.start_date <= ${today} and f.end_date >= ${today})`.mapWith(Boolean),
    })
    .from(contracts)
    .innerJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .where(
      and(
        eq(contracts.accountId, accountId),
        eq(contracts.paymentState, 'PAID'),
        lte(contracts.startDate, today),
        gte(contracts.endDate, today),
      ),
    )
    .orderBy(desc(contracts.endDate), desc(contracts.id));
}

/** Paid memberships that have not ended by `day` (current or still to start): what PT can be sold against. */
export async function membershipsNotEndedBy(db: Executor, accountId: number, day: string) {
  return db
    .select({ clubId: contracts.clubId, planType: paymentPlans.type })
    .from(contracts)
    .innerJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .where(and(eq(contracts.accountId, accountId), eq(contracts.paymentState, 'PAID'), gte(contracts.endDate, day)));
}

/** Whether one of these memberships opens the club: an all-club plan, or a plan of that club. */
export const opensClub = (memberships: { clubId: number; planType: PlanType }[], clubId: number) =>
  memberships.some((row) => isAllClubPlan(row.planType) || row.clubId === clubId);

/** Whether a member's memberships open a club today, and if not, why: for the door (check-in) and class bookings. */
export type ClubAccess =
  | { ok: true; membership: { planNameVi: string; planNameEn: string; endDate: string } }
  | { ok: false; reason: 'NO_MEMBERSHIP' | 'EXPIRED' | 'FROZEN' | 'WRONG_CLUB' };

export async function clubAccess(db: Executor, accountId: number, clubId: number, today: string): Promise<ClubAccess> {
  const current = await currentMemberships(db, accountId, today);
  if (current.length === 0) {
    const [past] = await db
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        and(
          eq(contracts.accountId, accountId),
          eq(contracts.paymentState, 'PAID'),
          sql`${contracts.endDate} < ${today}`,
        ),
      )
      .limit(1);
    return { ok: false, reason: past ? 'EXPIRED' : 'NO_MEMBERSHIP' };
  }
  const active = current.filter((row) => !row.frozen);
  if (active.length === 0) return { ok: false, reason: 'FROZEN' };
  const opening = active.find((row) => opensClub([row], clubId));
  if (!opening) return { ok: false, reason: 'WRONG_CLUB' };
  return {
    ok: true,
    membership: { planNameVi: opening.planNameVi, planNameEn: opening.planNameEn, endDate: opening.endDate },
  };
}

/** Clubs a member may enter today: every active club with a current all-club plan, else the clubs of current contracts. */
export async function accessClubs(db: Executor, accountId: number, today: string) {
  const current = await currentMemberships(db, accountId, today);
  if (current.length === 0) return [];
  const allClubs = current.some((row) => isAllClubPlan(row.planType));
  const where = allClubs
    ? eq(clubs.isActive, true)
    : and(eq(clubs.isActive, true), inArray(clubs.id, [...new Set(current.map((row) => row.clubId))]));
  return db
    .select({ id: clubs.id, nameVi: clubs.nameVi, nameEn: clubs.nameEn })
    .from(clubs)
    .where(where)
    .orderBy(asc(clubs.id));
}

/** The member's paid memberships that open the same club (same club, or all-club on either side). */
export async function coveringPeriods(
  tx: Executor,
  accountId: number,
  clubId: number,
  allClub: boolean,
  exceptContractId: number,
): Promise<Period[]> {
  const rows = await tx
    .select({ start: contracts.startDate, end: contracts.endDate })
    .from(contracts)
    .innerJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .where(
      and(
        eq(contracts.accountId, accountId),
        eq(contracts.paymentState, 'PAID'),
        ne(contracts.id, exceptContractId),
        allClub
          ? undefined
          : or(eq(contracts.clubId, clubId), inArray(paymentPlans.type, planTypes.filter(isAllClubPlan))),
      ),
    );
  return rows;
}
