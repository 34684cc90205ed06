import { and, desc, eq, gt, inArray, max, or, sql } from 'drizzle-orm';
import { Codes, type Lang } from '#api/codes.ts';
import { REFERRAL_BONUS_DAYS, REFERRAL_YEARLY_LIMIT } from '#api/membership.ts';
import {
  REFERRAL_DEAL_DAYS,
  REFERRAL_RESEND_DAYS,
  REFERRAL_REWARD_DAYS,
  REFERRAL_REWARD_VALID_DAYS,
  type ReferralFriend,
  type ReferralScreen,
} from '#api/referral.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accounts, contracts, memberGifts, referralInvitations, referralRewards } from '#gateway/db/schema/index.ts';
import type { Deps } from '#gateway/http/context.ts';
import { ApiError } from '#gateway/http/errors.ts';
import { maskName } from '#gateway/modules/referrals/mask-name.ts';
import { friendsBroughtThisYear, hasCurrentMembership } from '#gateway/modules/referrals/check.ts';
import { countHit } from '#gateway/modules/limits/counters.ts';
import { takeAttempt, type GuardRule } from '#gateway/modules/limits/guards.ts';
import { findAccountById, findAccountByPhone, lockAccount } from '#gateway/modules/accounts/queries.ts';
import { enqueueNotice } from '#gateway/modules/notifications/service.ts';
import { formatDate } from '#api/format.ts';
import { addDays, vietnamDay, vietnamDayEnd, vietnamDayStart } from '#api/vietnam-time.ts';
import { hasPaidContract } from '#gateway/modules/plans/queries.ts';
import { SmsDeliveryError } from '#gateway/providers/sms/port.ts';
import { referralDealEnds, withinReferralDeal } from './deal.ts';
import { giftTexts, notice, smsText } from '#gateway/modules/notifications/texts.ts';

// Issue 12 §4 (ADR 037): invitations by SMS, the friends' states, and the referrer's reward —
// a 14-day gift, once per friend (a unique index), in the transaction that settles the friend's payment.

const DAY = 86_400_000;
const MINUTE = 60_000;

/** A member's invitation texts: five at once, then waits that grow (SMS cost, and no flood of texts to strangers). */
export const INVITE_RULE: GuardRule = { waitsFrom: 5, step: 5, baseWaitMs: 10 * MINUTE, maxWaitMs: DAY, quietMs: DAY };
/** Texts one number may receive from all members in a Vietnam day. */
export const INVITES_PER_NUMBER_PER_DAY = 3;

type ContractRow = typeof contracts.$inferSelect;

/**
 * In `settlePaymentIn`'s transaction: a friend's purchase made (contract created) within the deal
 * with this referrer's code gives the referrer a 14-day gift. Exactly once per friend: the
 * reward row is unique on the friend (and on the contract), so a second contract, a replayed
 * webhook or a racing settle inserts nothing and gives nothing. A gift contract is no purchase.
 */
export async function rewardReferrerIn(tx: Executor, contract: ContractRow, now: Date) {
  if (contract.isGift || contract.referrerAccountId === null) return;
  const referrerAccountId = contract.referrerAccountId;
  const [friend] = await tx.select().from(accounts).where(eq(accounts.id, contract.accountId));
  if (!friend || !withinReferralDeal(friend.createdAt, contract.createdAt)) return;
  const [reward] = await tx
    .insert(referralRewards)
    .values({ friendAccountId: friend.id, referrerAccountId, contractId: contract.id, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: referralRewards.id });
  if (!reward) return;
  const who = friendName(friend);
  const [gift] = await tx
    .insert(memberGifts)
    .values({
      accountId: referrerAccountId,
      kind: 'PLAN_DAYS',
      days: REFERRAL_REWARD_DAYS,
      ...giftTexts('referral.reward', { friend: who }),
      expiresAt: vietnamDayEnd(addDays(vietnamDay(now), REFERRAL_REWARD_VALID_DAYS)),
      createdAt: now,
    })
    .returning({ id: memberGifts.id });
  await tx.update(referralRewards).set({ memberGiftId: gift.id }).where(eq(referralRewards.id, reward.id));
  // Delivered after the commit by the settle's caller (ADR 016): the referrer hears of it if and only if it was given.
  await enqueueNotice(
    tx,
    referrerAccountId,
    notice(
      'referral.rewarded',
      { friend: who, by: formatDate(addDays(vietnamDay(now), REFERRAL_REWARD_VALID_DAYS)) },
      { kind: 'GIFT', link: '/gift' },
    ),
    now,
  );
}

const maskPhone = (phone: string) => `${phone.slice(0, 3)}•••${phone.slice(-3)}`;

/** A friend as the referrer sees them: their masked name, or their masked phone when they gave none. */
const friendName = (row: { fullName: string; phoneNumber: string }) =>
  maskName(row.fullName) || maskPhone(row.phoneNumber);

// Unaccented on purpose, as the sign-in code (brandname templates; Unicode SMS splits sooner).
const invitationText = (code: string, lang: Lang) =>
  smsText('referral.invitationSms', lang, { code, dealDays: REFERRAL_DEAL_DAYS, bonusDays: REFERRAL_BONUS_DAYS });

/** Why a friend's purchase with this member's code would be refused now (177 no membership, 157 limit), or null. */
async function codeBlockedBy(db: Executor, accountId: number, now: Date) {
  if (!(await hasCurrentMembership(db, accountId, now))) return Codes.REFERRAL_NO_PACKAGE_YET;
  if ((await friendsBroughtThisYear(db, accountId, now)) >= REFERRAL_YEARLY_LIMIT) return Codes.REFERRAL_LIMIT_EXCEEDED;
  return null;
}

type SendInput = { accountId: number; phoneNumber: string; lang: Lang };

/**
 * POST /member/referral/send: one invitation text through the SMS port. Refused: the member's own
 * number (178); without a current membership (177) or past the yearly limit (157), since the code
 * would be refused; a number that can no longer take the deal — a paid member, or joined more than
 * 14 days ago (179); the same number within 7 days (REFERRAL_INVITED_RECENTLY). Rate-limited per
 * member (growing waits) and per number (3 a day from everyone), before any lookup.
 */
export async function sendInvitation(deps: Pick<Deps, 'db' | 'clock' | 'sms' | 'logger'>, input: SendInput) {
  const { db, clock, sms, logger } = deps;
  const now = clock.now();
  const me = await findAccountById(db, input.accountId);
  if (input.phoneNumber === me.phoneNumber) throw new ApiError(400, Codes.REFERRAL_SELF);
  const guard = await takeAttempt(db, `referral-send:account:${String(me.id)}`, INVITE_RULE, now);
  if (!guard.ok) throw new ApiError(429, Codes.TOO_MANY_REQUESTS, { retryAfterSeconds: guard.retryAfterSeconds });
  if (
    !(await countHit(
      db,
      `referral-send:phone:${input.phoneNumber}`,
      vietnamDayStart(vietnamDay(now)),
      INVITES_PER_NUMBER_PER_DAY,
    ))
  ) {
    throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
  }

  const invitation = await db.transaction(async (tx) => {
    // One member's sends in turn: a double tap cannot pass the 7-day check twice.
    await lockAccount(tx, me.id);
    const blocked = await codeBlockedBy(tx, me.id, now);
    if (blocked !== null) throw new ApiError(400, blocked);
    const friend = await findAccountByPhone(tx, input.phoneNumber);
    if (
      friend &&
      (friend.accountType !== 'MEMBER' ||
        !withinReferralDeal(friend.createdAt, now) ||
        (await hasPaidContract(tx, friend.id)))
    ) {
      throw new ApiError(400, Codes.REFERRED_NOT_NEW);
    }
    const [recent] = await tx
      .select({ sentAt: referralInvitations.sentAt })
      .from(referralInvitations)
      .where(
        and(
          eq(referralInvitations.referrerAccountId, me.id),
          eq(referralInvitations.phoneNumber, input.phoneNumber),
          gt(referralInvitations.sentAt, new Date(now.getTime() - REFERRAL_RESEND_DAYS * DAY)),
        ),
      )
      .orderBy(desc(referralInvitations.sentAt))
      .limit(1);
    if (recent) {
      const resendFrom = new Date(recent.sentAt.getTime() + REFERRAL_RESEND_DAYS * DAY).toISOString();
      throw new ApiError(409, Codes.REFERRAL_INVITED_RECENTLY, { resendFrom });
    }
    const [row] = await tx
      .insert(referralInvitations)
      .values({ referrerAccountId: me.id, phoneNumber: input.phoneNumber, sentAt: now, createdAt: now })
      .returning();
    return row;
  });

  try {
    await sms.send({
      phone: input.phoneNumber,
      text: invitationText(me.phoneNumber, input.lang),
      requestId: `referral-${String(invitation.id)}`,
    });
  } catch (error) {
    // Not sent: not counted against the 7 days, so the member can try again.
    await db.delete(referralInvitations).where(eq(referralInvitations.id, invitation.id));
    logger.error(
      { err: error instanceof SmsDeliveryError ? error.message : error, provider: sms.name },
      'referral sms failed',
    );
    throw new ApiError(503, Codes.SERVICE_ERROR, undefined, { code: Codes.TIMEOUT });
  }
  return {
    phoneNumber: invitation.phoneNumber,
    sentAt: invitation.sentAt.toISOString(),
    resendFrom: new Date(invitation.sentAt.getTime() + REFERRAL_RESEND_DAYS * DAY).toISOString(),
  };
}

const FRIENDS_SHOWN = 50;

/** The /home/referral screen without the shell: the code, the offer, the friends and their states, the rewards. */
export async function referralScreen(db: Executor, accountId: number, now: Date): Promise<ReferralScreen> {
  const me = await findAccountById(db, accountId);
  const invited = await db
    .select({ phoneNumber: referralInvitations.phoneNumber, sentAt: max(referralInvitations.sentAt) })
    .from(referralInvitations)
    .where(eq(referralInvitations.referrerAccountId, me.id))
    .groupBy(referralInvitations.phoneNumber);
  const invitedPhones = invited.map((row) => row.phoneNumber);
  // Friends who joined: by an invitation's number, by the code at sign-up, or by a contract naming this member.
  const joined = await db
    .select()
    .from(accounts)
    .where(
      or(
        invitedPhones.length > 0 ? inArray(accounts.phoneNumber, invitedPhones) : undefined,
        eq(accounts.referredByCode, me.phoneNumber),
        sql`${accounts.id} in (select ${contracts.accountId} from ${contracts} where ${contracts.referrerAccountId} = ${me.id})`,
      ),
    );
  const friendIds = joined.map((row) => row.id);
  const [rewards, paid, blockedBy] = await Promise.all([
    db.select().from(referralRewards).where(eq(referralRewards.referrerAccountId, me.id)),
    friendIds.length === 0
      ? Promise.resolve([])
      : db
          .selectDistinct({ accountId: contracts.accountId })
          .from(contracts)
          .where(
            and(
              inArray(contracts.accountId, friendIds),
              eq(contracts.paymentState, 'PAID'),
              eq(contracts.isGift, false),
            ),
          ),
    codeBlockedBy(db, me.id, now),
  ]);
  const rewardOf = new Map(rewards.map((row) => [row.friendAccountId, row]));
  const bought = new Set(paid.map((row) => row.accountId));
  const sentTo = new Map(invited.map((row) => [row.phoneNumber, row.sentAt]));

  const friends: (ReferralFriend & { at: number })[] = joined
    .filter((row) => row.id !== me.id)
    .map((row) => {
      const reward = rewardOf.get(row.id);
      const dealEnds = referralDealEnds(row.createdAt);
      const state = reward ? 'REWARDED' : bought.has(row.id) ? 'BOUGHT' : now <= dealEnds ? 'JOINED' : 'EXPIRED';
      const sentAt = sentTo.get(row.phoneNumber) ?? null;
      return {
        phoneNumber: sentAt ? row.phoneNumber : maskPhone(row.phoneNumber),
        name: maskName(row.fullName),
        state,
        invitedAt: sentAt?.toISOString() ?? null,
        joinedAt: row.createdAt.toISOString(),
        dealEndsAt: dealEnds.toISOString(),
        rewardedAt: reward?.createdAt.toISOString() ?? null,
        at: Math.max(reward?.createdAt.getTime() ?? 0, row.createdAt.getTime(), sentAt?.getTime() ?? 0),
      };
    });
  const joinedPhones = new Set(joined.map((row) => row.phoneNumber));
  for (const { phoneNumber, sentAt } of invited) {
    if (joinedPhones.has(phoneNumber) || !sentAt) continue;
    const at = sentAt.getTime();
    friends.push({
      phoneNumber,
      name: '',
      state: 'INVITED',
      invitedAt: sentAt.toISOString(),
      joinedAt: null,
      dealEndsAt: null,
      rewardedAt: null,
      at,
    });
  }
  friends.sort((a, b) => b.at - a.at);
  return {
    code: me.phoneNumber,
    blockedBy,
    offer: {
      friendBonusDays: REFERRAL_BONUS_DAYS,
      rewardDays: REFERRAL_REWARD_DAYS,
      dealDays: REFERRAL_DEAL_DAYS,
      resendDays: REFERRAL_RESEND_DAYS,
    },
    friends: friends.slice(0, FRIENDS_SHOWN).map(({ at: _at, ...friend }) => friend),
    rewards: { given: rewards.length, days: rewards.length * REFERRAL_REWARD_DAYS },
  };
}
