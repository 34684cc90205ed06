import { and, count, eq, gte, lte } from 'drizzle-orm';
import { Codes } from '#api/codes.ts';
import { REFERRAL_BONUS_DAYS, REFERRAL_YEARLY_LIMIT } from '#api/membership.ts';
import { vietnamDay, vietnamDayStart } from '#api/vietnam-time.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accounts, contracts } from '#gateway/db/schema/index.ts';
import { ApiError } from '#gateway/http/errors.ts';
import type { PlanRow } from '#gateway/modules/plans/queries.ts';
import { withinReferralDeal } from '#gateway/modules/referrals/deal.ts';
import { maskName } from './mask-name.ts';

// A referral code is the referrer's phone number (§5). The check answers the member before they
// pay (POST /member/referral/check) and runs again inside create-contract.

export type ReferralCheck = {
  /** `createdAt`: when the caller joined; the deal holds 14 days after it (§9, ADR 037). None at sign-up. */
  caller: { id: number; phoneNumber: string; createdAt?: Date };
  /** The caller has no paid contract (the purchase already knows; the check route asks). */
  isNewMember: boolean;
  phoneNumber: string;
  /** The plan being bought: trials (day unit) take no referral (180). */
  plan?: PlanRow;
  now: Date;
};

const refuse = (code: (typeof Codes)[keyof typeof Codes]) => new ApiError(400, code);

/** Shown to the friend: the referrer's masked name ("Nguyễn V… A"), or a masked phone when they gave none. */
const displayName = (row: { fullName: string; phoneNumber: string }) =>
  maskName(row.fullName) || `${row.phoneNumber.slice(0, 3)}•••${row.phoneNumber.slice(-3)}`;

/** Checks in §8 order: 178 self, 153 unknown, 155 not a member, 152 caller not new, 156, 157, 180. */
export async function checkReferral(db: Executor, input: ReferralCheck) {
  if (input.phoneNumber === input.caller.phoneNumber) throw refuse(Codes.REFERRAL_SELF);
  const [referrer] = await db.select().from(accounts).where(eq(accounts.phoneNumber, input.phoneNumber));
  if (!referrer) throw refuse(Codes.REFERRAL_CODE_NOT_FOUND);
  if (referrer.accountType !== 'MEMBER') throw refuse(Codes.REFERRAL_CODE_INACTIVE);
  if (!input.isNewMember) throw refuse(Codes.REFERRAL_ONLY_NEW_USERS);
  // §9 "valid 14 days after the friend joins": later, the caller is no longer a new member for the deal.
  if (input.caller.createdAt && !withinReferralDeal(input.caller.createdAt, input.now))
    throw refuse(Codes.REFERRAL_ONLY_NEW_USERS);

  if (!(await hasCurrentMembership(db, referrer.id, input.now))) throw refuse(Codes.REFERRER_NO_MEMBERSHIP);
  if ((await friendsBroughtThisYear(db, referrer.id, input.now)) >= REFERRAL_YEARLY_LIMIT)
    throw refuse(Codes.REFERRAL_LIMIT_EXCEEDED);

  if (input.plan?.durationUnit === 'day') throw refuse(Codes.REFERRAL_TRIAL_EXCLUDED);
  return { referrer, referrerName: displayName(referrer), bonusDays: REFERRAL_BONUS_DAYS };
}

/** A paid membership (bought or gift) running today: what a referrer needs for their code to count (156). */
export async function hasCurrentMembership(db: Executor, accountId: number, now: Date) {
  const today = vietnamDay(now);
  const [current] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(
        eq(contracts.accountId, accountId),
        eq(contracts.paymentState, 'PAID'),
        lte(contracts.startDate, today),
        gte(contracts.endDate, today),
      ),
    )
    .limit(1);
  return current !== undefined;
}

/** Friends brought this calendar year in Vietnam: paid contracts naming this referrer (157). */
export async function friendsBroughtThisYear(db: Executor, referrerId: number, now: Date) {
  const yearStart = vietnamDayStart(`${vietnamDay(now).slice(0, 4)}-01-01`);
  const [brought] = await db
    .select({ n: count() })
    .from(contracts)
    .where(
      and(
        eq(contracts.referrerAccountId, referrerId),
        eq(contracts.paymentState, 'PAID'),
        gte(contracts.signedAt, yearStart),
      ),
    );
  return brought.n;
}
