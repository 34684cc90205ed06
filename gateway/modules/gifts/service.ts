import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { Codes } from '#api/codes.ts';
import { formatDate } from '#api/format.ts';
import { EXPERIENCE_DAYS, EXPERIENCE_VALID_DAYS, giftPlanTypes, isGiftPlanType, type GiftClub } from '#api/gift.ts';
import type { ActivatedGift } from '#api/gift-activation.ts';
import { PaymentMethods } from '#api/membership.ts';
import { addDays, vietnamDay, vietnamDayEnd } from '#api/vietnam-time.ts';
import type { Database, Executor } from '#gateway/db/client.ts';
import { cities, clubs, contracts, memberGifts, paymentPlans } from '#gateway/db/schema/index.ts';
import { toMemberGift, type GiftRow } from '#gateway/modules/accounts/gift.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { findOwnContract, toContract } from '#gateway/modules/memberships/queries.ts';
import { lockAccount } from '#gateway/modules/accounts/queries.ts';
import { grantFreeSessionsIn } from '#gateway/modules/pt/free-sessions.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { membershipEnd, nextStartDate } from '#gateway/modules/payments/dates.ts';
import { coveringPeriods } from '#gateway/modules/club-access/queries.ts';
import { findSellablePlan, hasPaidContract } from '#gateway/modules/plans/queries.ts';
import { giftTexts, notice } from '#gateway/modules/notifications/texts.ts';

// Issue 12 §3 (ADR 035): a gift becomes a paid contract with isGift = true, in one transaction with
// the member's account row locked; the gift row is claimed by a conditional update, so however
// many taps arrive, one contract is made and the others answer it.

const isExpired = (row: GiftRow, now: Date) => row.expiresAt !== null && row.expiresAt <= now;

/** POST /member/gift/{id}/contract → 1101: the gift's days as a contract at the plan's club. */
export async function activateGift(
  db: Database,
  accountId: number,
  giftId: number,
  paymentPlanId: number,
  now: Date,
): Promise<ActivatedGift> {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    // Another member's gift answers as an unknown one (no existence leak).
    const [gift] = await tx
      .select()
      .from(memberGifts)
      .where(and(eq(memberGifts.id, giftId), eq(memberGifts.accountId, accountId)))
      .for('update');
    if (!gift) throw new ApiError(404, Codes.GIFT_NOT_FOUND);
    const today = vietnamDay(now);
    if (gift.usedAt !== null) {
      // A repeat of the activation that used it (a double tap, a retried request) answers that contract.
      const made = gift.contractId === null ? undefined : await findOwnContract(tx, accountId, gift.contractId);
      if (made && made.contract.paymentPlanId === paymentPlanId)
        return { contract: toContract(made, today), existing: true };
      throw new ApiError(409, Codes.GIFT_USED);
    }
    if (isExpired(gift, now)) throw new ApiError(409, Codes.GIFT_EXPIRED);

    const found = await findSellablePlan(tx, paymentPlanId);
    if (!found) throw notFound();
    const { plan, club } = found;
    if (!isGiftPlanType(plan.type)) throw new ApiError(409, Codes.GIFT_PLAN_NOT_ALLOWED);

    // The database has the last word: only an unused gift is claimed (the lock above makes this the normal path).
    const claimed = await tx
      .update(memberGifts)
      .set({ usedAt: now })
      .where(and(eq(memberGifts.id, gift.id), isNull(memberGifts.usedAt)))
      .returning({ id: memberGifts.id });
    if (claimed.length === 0) throw new ApiError(409, Codes.GIFT_USED);

    // Starts as a bought membership of that club would (ADR 021); gift plans open one club.
    const startDate = nextStartDate(today, await coveringPeriods(tx, accountId, club.id, false, 0));
    const endDate = membershipEnd(startDate, { value: gift.days, unit: 'day' });
    const [contract] = await tx
      .insert(contracts)
      .values({
        accountId,
        clubId: club.id,
        paymentPlanId: plan.id,
        paymentState: 'PAID',
        startDate,
        endDate,
        signedAt: now,
        isGift: true,
        // No payment: nothing was paid and no transaction is written (ADR 035). The column needs a method.
        paymentMethodGroupId: PaymentMethods.CASH,
        originalPrice: 0,
        membershipDiscount: 0,
        joiningFee: 0,
        joiningFeeDiscount: 0,
        totalPayment: 0,
        createdAt: now,
      })
      .returning({ id: contracts.id });
    await tx.update(memberGifts).set({ contractId: contract.id }).where(eq(memberGifts.id, gift.id));
    // The experience pass leads to a trial session with a trainer on its day (ADR 048).
    if (gift.kind === 'EXPERIENCE') {
      await grantFreeSessionsIn(
        tx,
        {
          accountId,
          clubId: club.id,
          contractId: contract.id,
          source: 'EXPERIENCE',
          count: 1,
          validFrom: startDate,
          validUntil: endDate,
        },
        now,
      );
    }
    await enqueueNotice(
      tx,
      accountId,
      notice(
        'gifts.activated',
        {
          gift: { vi: gift.titleVi, en: gift.titleEn },
          club: { vi: club.nameVi, en: club.nameEn },
          from: formatDate(startDate),
          to: formatDate(endDate),
        },
        { kind: 'GIFT', link: `/history/membership/${String(contract.id)}` },
      ),
      now,
    );
    const made = await findOwnContract(tx, accountId, contract.id);
    if (!made) throw notFound();
    return { contract: toContract(made, today), existing: false };
  });
}

/** The member's experience pass, if ever taken. */
async function experienceOf(db: Executor, accountId: number) {
  const [row] = await db
    .select()
    .from(memberGifts)
    .where(and(eq(memberGifts.accountId, accountId), eq(memberGifts.kind, 'EXPERIENCE')));
  return row;
}

/**
 * POST /member/gift/experience: the §9 1-day pass as a gift to activate within 30 days. Once per
 * account (a partial unique index), for someone who has never bought a membership; asking again
 * while it waits answers the same gift.
 */
export async function takeExperience(db: Database, accountId: number, now: Date) {
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const taken = await experienceOf(tx, accountId);
    if (taken) {
      if (taken.usedAt === null && !isExpired(taken, now)) return { gift: toMemberGift(taken), existing: true };
      throw new ApiError(409, Codes.GIFT_EXPERIENCE_TAKEN);
    }
    if (await hasPaidContract(tx, accountId)) throw new ApiError(409, Codes.GIFT_EXPERIENCE_MEMBERS);
    const [row] = await tx
      .insert(memberGifts)
      .values({
        accountId,
        kind: 'EXPERIENCE',
        days: EXPERIENCE_DAYS,
        ...giftTexts('gifts.experience'),
        expiresAt: vietnamDayEnd(addDays(vietnamDay(now), EXPERIENCE_VALID_DAYS - 1)),
        createdAt: now,
      })
      .returning();
    return { gift: toMemberGift(row), existing: false };
  });
}

/** Whether the member may take the experience pass now (the rule of takeExperience, read only). */
export async function experienceAvailable(db: Executor, accountId: number) {
  const [taken, paid] = await Promise.all([experienceOf(db, accountId), hasPaidContract(db, accountId)]);
  return !taken && !paid;
}

/** Every active club with the plan a gift rides on there (a CLASSIC plan first, else BASIC), by city and club. */
export async function giftClubs(db: Executor): Promise<GiftClub[]> {
  const rows = await db
    .selectDistinctOn([clubs.id], {
      clubId: clubs.id,
      nameVi: clubs.nameVi,
      nameEn: clubs.nameEn,
      cityId: cities.id,
      cityNameVi: cities.nameVi,
      cityNameEn: cities.nameEn,
      paymentPlanId: paymentPlans.id,
    })
    .from(paymentPlans)
    .innerJoin(clubs, eq(clubs.id, paymentPlans.clubId))
    .innerJoin(cities, eq(cities.id, clubs.cityId))
    .where(
      and(eq(paymentPlans.isActive, true), eq(clubs.isActive, true), inArray(paymentPlans.type, [...giftPlanTypes])),
    )
    .orderBy(
      asc(clubs.id),
      desc(sql`${paymentPlans.type} = 'CLASSIC'`),
      asc(paymentPlans.sortOrder),
      asc(paymentPlans.id),
    );
  return rows.sort((a, b) => a.cityId - b.cityId || a.clubId - b.clubId).map(({ cityId: _city, ...club }) => club);
}
