import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { Codes } from '#api/codes.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import {
  isAllClubPlan,
  PaymentLocations,
  PaymentMethods,
  type createContractBody,
  type PaymentMethodId,
  type PlannedDates,
} from '#api/membership.ts';
import type { Executor } from '#gateway/db/client.ts';
import { isUniqueViolation } from '#gateway/db/errors.ts';
import { contracts, paymentPlans, payments, transactions } from '#gateway/db/schema/index.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { membershipEnd, nextStartDate } from '#gateway/modules/payments/dates.ts';
import { coveringPeriods } from '#gateway/modules/club-access/queries.ts';
import { expireStalePayments, settlePaymentIn } from '#gateway/modules/payments/settle.ts';
import { startPayment, toPayment, type PaymentRow } from '#gateway/modules/payments/start.ts';
import { couponTerms, findCouponById, requireUsableCoupon } from '#gateway/modules/plans/coupons.ts';
import { pricePlan, type PlanPrice } from '#gateway/modules/plans/pricing.ts';
import { findSellablePlan, hasPaidContract } from '#gateway/modules/plans/queries.ts';
import { lockAccount } from '#gateway/modules/accounts/queries.ts';
import { requireMaySubscribe, requireRecurringCard } from '#gateway/modules/subscriptions/queries.ts';
import {
  checkPayChoice,
  type PayChoice,
  type PurchaseContext,
  type SavedCardToken,
} from '#gateway/modules/payments/choice.ts';
import { findOwnContract, openPayment, toContract, unbookedOfPayment, type ContractRow } from './queries.ts';
import { checkReferral } from '#gateway/modules/referrals/check.ts';

// Buying a membership: one database transaction per request with the member's account row
// locked, so two submits of the same purchase queue up and the second finds the first's contract
// (the unique partial index on unpaid contracts per member and club backs this up).

type PurchaseBody = z.output<typeof createContractBody>;

const notPayable = () => new ApiError(409, Codes.VALIDATION);

/** Opens a new attempt, superseding any open one, and records the method on the contract and its fees. */
async function openAttempt(
  tx: Executor,
  ctx: PurchaseContext,
  contract: ContractRow,
  choice: PayChoice,
  savedCard: SavedCardToken,
) {
  await tx
    .update(payments)
    .set({ status: 'FAIL' })
    .where(
      and(eq(payments.contractId, contract.id), isNull(payments.freezeContractId), eq(payments.status, 'PENDING')),
    );
  const isCash = choice.method === PaymentMethods.CASH;
  await tx.update(contracts).set({ paymentMethodGroupId: choice.method, isCash }).where(eq(contracts.id, contract.id));
  await tx
    .update(transactions)
    .set({ paymentMethod: choice.method, paymentLocation: isCash ? PaymentLocations.COUNTER : PaymentLocations.ONLINE })
    .where(and(eq(transactions.contractId, contract.id), isNull(transactions.freezeContractId)));
  return startPaymentOf(tx, ctx, contract, choice.method, savedCard);
}

/** The payment attempt of a contract by the method chosen, in the member's language, from their address. */
const startPaymentOf = (
  tx: Executor,
  ctx: PurchaseContext,
  contract: ContractRow,
  method: PaymentMethodId,
  savedCard: { id: number; token: string } | null | undefined,
) =>
  startPayment(tx, ctx.config, { contract, method, lang: ctx.lang, clientIp: ctx.clientIp, now: ctx.now, savedCard });

async function answer(tx: Executor, ctx: PurchaseContext, contractId: number, payment: PaymentRow, existing: boolean) {
  const join = await findOwnContract(tx, ctx.accountId, contractId);
  if (!join) throw notFound();
  return {
    contract: toContract(join, vietnamDay(ctx.now)),
    payment: toPayment(payment, join.club, unbookedOfPayment(join.unbooked, payment.id)),
    existing,
  };
}

type FeeBase = Omit<typeof transactions.$inferInsert, 'type' | 'amount'>;

/** A contract's fees (§3 transaction types): the joining fee when one is due, and the membership fee. */
export function feeRows(
  price: Pick<PlanPrice, 'joiningFee' | 'joiningFeeDiscount' | 'price'>,
  base: FeeBase,
): (typeof transactions.$inferInsert)[] {
  const joiningDue = price.joiningFee - price.joiningFeeDiscount;
  return [
    ...(joiningDue > 0 ? [{ ...base, type: 'JOINING_FEE' as const, amount: joiningDue }] : []),
    { ...base, type: 'MEMBERSHIP_FEE' as const, amount: price.price },
  ];
}

/** POST /member/contract → 1022 {contract, payment, existing}. */
export async function createContract(ctx: PurchaseContext, body: PurchaseBody) {
  await expireStalePayments(ctx.db, ctx.now, ctx.accountId);
  try {
    return await ctx.db.transaction((tx) => createIn(tx, ctx, body));
  } catch (error) {
    // Only reachable if two requests slipped past the account lock: the second gets the first's contract.
    if (!isUniqueViolation(error)) throw error;
    return ctx.db.transaction((tx) => createIn(tx, ctx, body));
  }
}

async function createIn(tx: Executor, ctx: PurchaseContext, body: PurchaseBody) {
  const caller = await lockAccount(tx, ctx.accountId);
  const found = await findSellablePlan(tx, body.paymentPlanId);
  if (!found) throw notFound();
  const { plan, club } = found;
  const choice: PayChoice = {
    method: body.isCash ? PaymentMethods.CASH : body.paymentMethodGroupId,
    savedCardId: body.savedCardId,
  };
  const savedCard = await checkPayChoice(tx, caller.id, choice);

  const [waiting] = await tx
    .select()
    .from(contracts)
    .where(
      and(
        eq(contracts.accountId, caller.id),
        eq(contracts.clubId, club.id),
        eq(contracts.paymentState, 'WAITFORPAYMENT'),
      ),
    );
  if (waiting) {
    const open = await openPayment(tx, waiting.id);
    if (!open) {
      const [waitingPlan] = await tx
        .select({ type: paymentPlans.type })
        .from(paymentPlans)
        .where(eq(paymentPlans.id, waiting.paymentPlanId));
      await requireRecurringCard(tx, waitingPlan.type, waiting.id, savedCard);
    }
    const payment = open ?? (await openAttempt(tx, ctx, waiting, choice, savedCard));
    return answer(tx, ctx, waiting.id, payment, true);
  }

  await requireMaySubscribe(tx, caller.id, plan.type);
  await requireRecurringCard(tx, plan.type, null, savedCard);
  const isNewMember = !(await hasPaidContract(tx, caller.id));
  let coupon = null;
  if (body.couponId != null) {
    coupon = await findCouponById(tx, body.couponId);
    if (!coupon) throw new ApiError(400, Codes.PROMO_CODE_INVALID);
    await requireUsableCoupon(tx, coupon.coupon, {
      clubId: club.id,
      planType: plan.type,
      accountId: caller.id,
      isNewMember,
      now: ctx.now,
    });
  }
  const referral = body.referralCode
    ? await checkReferral(tx, { caller, isNewMember, phoneNumber: body.referralCode, plan, now: ctx.now })
    : null;

  const price = pricePlan(plan, { isNewMember, coupon: coupon ? couponTerms(coupon.coupon) : null });
  const today = vietnamDay(ctx.now);
  const startDate = nextStartDate(today, await coveringPeriods(tx, caller.id, club.id, isAllClubPlan(plan.type), 0));
  const bonusDays = referral?.bonusDays ?? 0;
  const endDate = membershipEnd(startDate, { value: plan.durationValue, unit: plan.durationUnit }, bonusDays);
  const isCash = choice.method === PaymentMethods.CASH;

  const [contract] = await tx
    .insert(contracts)
    .values({
      accountId: caller.id,
      clubId: club.id,
      paymentPlanId: plan.id,
      paymentState: 'WAITFORPAYMENT',
      startDate,
      endDate,
      paymentMethodGroupId: choice.method,
      isCash,
      couponId: coupon?.coupon.id ?? null,
      referrerAccountId: referral?.referrer.id ?? null,
      referralCode: referral ? body.referralCode : null,
      bonusDays,
      originalPrice: price.originalPrice,
      membershipDiscount: price.membershipDiscount,
      joiningFee: price.joiningFee,
      joiningFeeDiscount: price.joiningFeeDiscount,
      totalPayment: price.totalPaymentFirst,
      createdAt: ctx.now,
    })
    .returning();

  const fee = {
    contractId: contract.id,
    accountId: caller.id,
    paymentMethod: choice.method,
    paymentLocation: isCash ? PaymentLocations.COUNTER : PaymentLocations.ONLINE,
    status: 'WAITFORPAYMENT' as const,
    createdAt: ctx.now,
  };
  await tx.insert(transactions).values(feeRows(price, fee));

  if (contract.totalPayment === 0) {
    // A coupon covered everything: nothing to collect, settled now through the one settle path.
    const reference = `FREE${String(contract.id)}${randomBytes(4).toString('hex').toUpperCase()}`;
    const [free] = await tx
      .insert(payments)
      .values({
        contractId: contract.id,
        accountId: caller.id,
        method: choice.method,
        provider: 'free',
        reference,
        amount: 0,
        status: 'PENDING',
        expiresAt: null,
        createdAt: ctx.now,
      })
      .returning();
    await settlePaymentIn(
      tx,
      { paymentId: free.id, amount: 0, providerTransactionId: reference, paidAt: ctx.now },
      ctx.now,
    );
    const [settled] = await tx.select().from(payments).where(eq(payments.id, free.id));
    return answer(tx, ctx, contract.id, settled, false);
  }
  return answer(tx, ctx, contract.id, await startPaymentOf(tx, ctx, contract, choice.method, savedCard), false);
}

/** POST /member/contract/{id}/payment: pay an unpaid contract (another way, or again). Same method twice → the open attempt. */
export async function payContract(ctx: PurchaseContext, contractId: number, choice: PayChoice) {
  await expireStalePayments(ctx.db, ctx.now, ctx.accountId);
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.accountId);
    const join = await findOwnContract(tx, ctx.accountId, contractId);
    if (!join) throw notFound();
    if (join.contract.paymentState !== 'WAITFORPAYMENT') throw notPayable();
    const savedCard = await checkPayChoice(tx, ctx.accountId, choice);
    await requireRecurringCard(tx, join.plan.type, contractId, savedCard);
    const open = await openPayment(tx, contractId);
    if (open && open.method === choice.method && (open.savedCardId ?? null) === (savedCard?.id ?? null)) {
      return answer(tx, ctx, contractId, open, false);
    }
    const payment = await openAttempt(tx, ctx, join.contract, choice, savedCard);
    return answer(tx, ctx, contractId, payment, false);
  });
}

/** The start and end of a plan bought now: the same rule the purchase and the settlement use. */
export async function plannedDates(
  db: Executor,
  accountId: number,
  clubId: number,
  planId: number,
  now: Date,
): Promise<PlannedDates> {
  const found = await findSellablePlan(db, planId, clubId);
  if (!found) throw notFound();
  const { plan, club } = found;
  const today = vietnamDay(now);
  const startDate = nextStartDate(today, await coveringPeriods(db, accountId, club.id, isAllClubPlan(plan.type), 0));
  return {
    startDate,
    endDate: membershipEnd(startDate, { value: plan.durationValue, unit: plan.durationUnit }),
    afterCurrent: startDate !== today,
  };
}

/** PUT /member/contract/{id}/cancel: an unpaid contract becomes FAIL (a failed one stays so). */
export async function cancelContract(ctx: PurchaseContext, contractId: number) {
  await expireStalePayments(ctx.db, ctx.now, ctx.accountId);
  return ctx.db.transaction(async (tx) => {
    await lockAccount(tx, ctx.accountId);
    const join = await findOwnContract(tx, ctx.accountId, contractId);
    if (!join) throw notFound();
    if (join.contract.paymentState === 'PAID') throw notPayable();
    if (join.contract.paymentState === 'WAITFORPAYMENT') {
      await tx
        .update(payments)
        .set({ status: 'FAIL' })
        .where(
          and(eq(payments.contractId, contractId), isNull(payments.freezeContractId), eq(payments.status, 'PENDING')),
        );
      await tx
        .update(transactions)
        .set({ status: 'FAIL' })
        .where(and(eq(transactions.contractId, contractId), isNull(transactions.freezeContractId)));
      await tx
        .update(contracts)
        .set({ paymentState: 'FAIL', closedAt: ctx.now, closedReason: 'cancelled' })
        .where(eq(contracts.id, contractId));
    }
    const after = await findOwnContract(tx, ctx.accountId, contractId);
    if (!after) throw notFound();
    return toContract(after, vietnamDay(ctx.now));
  });
}
