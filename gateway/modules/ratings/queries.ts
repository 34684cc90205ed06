import { and, asc, eq, sql, type Column } from 'drizzle-orm';
import type { RatingRequest } from '#api/feedback.ts';
import type { Executor } from '#gateway/db/client.ts';
import { clubs, contracts, paymentPlans, ratingRequests } from '#gateway/db/schema/index.ts';

/** A member's pending rating requests, oldest first, with what they rate (§3 Rating request). */
export const pendingRatingsQuery = (db: Executor, accountId: number | Column) =>
  db
    .select({
      ratingId: sql<number>`${ratingRequests.id}`.as('rating_id'),
      ratingType: sql<'contract' | 'pt_booking'>`${ratingRequests.type}`.as('rating_type'),
      ratedContractId: sql<number | null>`${contracts.id}`.as('rated_contract_id'),
      signedAt: sql<Date | string | null>`${contracts.signedAt}`.as('rated_signed_at'),
      planNameVi: sql<string | null>`${paymentPlans.nameVi}`.as('rated_plan_name_vi'),
      planNameEn: sql<string | null>`${paymentPlans.nameEn}`.as('rated_plan_name_en'),
      clubNameVi: sql<string | null>`${clubs.nameVi}`.as('rated_club_name_vi'),
      clubNameEn: sql<string | null>`${clubs.nameEn}`.as('rated_club_name_en'),
    })
    .from(ratingRequests)
    .leftJoin(contracts, eq(contracts.id, ratingRequests.contractId))
    .leftJoin(paymentPlans, eq(paymentPlans.id, contracts.paymentPlanId))
    .leftJoin(clubs, eq(clubs.id, contracts.clubId))
    .where(and(eq(ratingRequests.accountId, accountId), eq(ratingRequests.status, 'pending')))
    .orderBy(asc(ratingRequests.createdAt), asc(ratingRequests.id));

export type PendingRatingRow = {
  ratingId: number | null;
  ratingType: 'contract' | 'pt_booking' | null;
  ratedContractId: number | null;
  signedAt: Date | string | null;
  planNameVi: string | null;
  planNameEn: string | null;
  clubNameVi: string | null;
  clubNameEn: string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The row as §3's Rating request; null for the empty side of a left join. */
export function toRatingRequest(row: PendingRatingRow): RatingRequest | null {
  if (row.ratingId === null || row.ratingType === null) return null;
  return {
    id: row.ratingId,
    type: row.ratingType,
    contract:
      row.ratedContractId === null
        ? null
        : {
            contractId: row.ratedContractId,
            signDate: iso(row.signedAt),
            planNameVi: row.planNameVi ?? '',
            planNameEn: row.planNameEn ?? '',
            clubNameVi: row.clubNameVi ?? '',
            clubNameEn: row.clubNameEn ?? '',
          },
    // PT bookings come with the PT feature (issue 16 §2); none is made yet.
    memberPtBooking: null,
  };
}

export async function pendingRatings(db: Executor, accountId: number): Promise<RatingRequest[]> {
  const rows = await pendingRatingsQuery(db, accountId).limit(50);
  return rows.map(toRatingRequest).filter((r): r is RatingRequest => r !== null);
}
