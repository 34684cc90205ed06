import { Hono, type Context } from 'hono';
import { membershipEndpoints as endpoints } from '#api/endpoints/membership.ts';
import { route } from '#gateway/http/route.ts';

import { Codes } from '#api/codes.ts';
import type { Executor } from '#gateway/db/client.ts';
import { optionalAccount, requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';
import {
  activeCoupons,
  couponFitsPlan,
  couponRefusal,
  findCouponByCode,
  requireUsableCoupon,
  toCoupon,
  type CouponUse,
} from './coupons.ts';
import {
  activePlansOf,
  findActiveClub,
  findSellablePlan,
  hasPaidContract,
  planBenefits,
  toPlanCard,
} from './queries.ts';

/** Who is asking: a member's history decides the joining fee; a visitor is priced as a new member. */
async function buyer(db: Executor, c: Context<AppEnv>) {
  const account = c.get('maybeAccount');
  return { accountId: account?.id ?? null, isNewMember: account ? !(await hasPaidContract(db, account.id)) : true };
}

/** A coupon code from the query, known (with its uses) or refused with PROMO_CODE_INVALID. */
async function couponByCode(db: Executor, code: string, accountId: number | null) {
  const found = await findCouponByCode(db, code, accountId);
  if (!found) throw new ApiError(400, Codes.PROMO_CODE_INVALID);
  return found;
}

/** §7 Global plan cards and the member's coupon chooser. */
export function planRoutes() {
  const app = new Hono<AppEnv>();

  route(app, endpoints.plans, optionalAccount(), async (c) => {
    const { db, clock } = c.get('deps');
    const clubId = idParam(c, 'clubId');
    const accountId = c.get('maybeAccount')?.id ?? null;
    // The plans and whether the member is new, in one statement (issue 18).
    const club = await activePlansOf(db, clubId, accountId, { cached: true });
    if (!club) throw notFound();
    const { plans } = club;
    const who = { accountId, isNewMember: club.isNewMember };
    const { coupon: code } = c.req.valid('query');
    if (code === undefined)
      return ok(
        c,
        plans.map((plan) => toPlanCard(plan, who.isNewMember, null)),
      );

    const coupon = await couponByCode(db, code, accountId);
    await requireUsableCoupon(db, coupon.coupon, { ...who, clubId, now: clock.now() }, coupon.uses);
    // A coupon for some plan types prices those; the others show their usual price.
    if (!plans.some((plan) => couponFitsPlan(coupon.coupon, plan.type)))
      throw new ApiError(400, Codes.PROMO_CODE_INVALID);
    return ok(
      c,
      plans.map((plan) => toPlanCard(plan, who.isNewMember, couponFitsPlan(coupon.coupon, plan.type) ? coupon : null)),
    );
  });

  route(app, endpoints.plan, optionalAccount(), async (c) => {
    const { db, clock } = c.get('deps');
    const clubId = idParam(c, 'clubId');
    const planId = idParam(c, 'paymentPlanId');
    const found = await findSellablePlan(db, planId, clubId);
    if (!found) throw notFound();
    const who = await buyer(db, c);
    const { coupon: code } = c.req.valid('query');
    if (code === undefined) return ok(c, toPlanCard(found.plan, who.isNewMember, null));
    const coupon = await couponByCode(db, code, who.accountId);
    await requireUsableCoupon(
      db,
      coupon.coupon,
      { ...who, clubId, planType: found.plan.type, now: clock.now() },
      coupon.uses,
    );
    return ok(c, toPlanCard(found.plan, who.isNewMember, coupon));
  });

  // Issue 37 §5: the chain's plans and what each gives, for the compare panel and the texts about free PT sessions.
  route(app, endpoints.planBenefits, async (c) => ok(c, await planBenefits(c.get('deps').db)));

  route(app, endpoints.coupons, requireAccount(), async (c) => {
    const { db, clock } = c.get('deps');
    const { clubId, paymentPlanId } = c.req.valid('query');
    const club = await findActiveClub(db, clubId);
    if (!club) throw notFound();
    let planType: CouponUse['planType'];
    if (paymentPlanId !== undefined) {
      const found = await findSellablePlan(db, paymentPlanId, clubId);
      if (!found) throw notFound();
      planType = found.plan.type;
    }
    const accountId = c.get('account').id;
    const use: CouponUse = {
      clubId,
      planType,
      accountId,
      isNewMember: !(await hasPaidContract(db, accountId)),
      now: clock.now(),
    };
    const usable = [];
    for (const coupon of await activeCoupons(db)) {
      if ((await couponRefusal(db, coupon.coupon, use)) === null) usable.push(toCoupon(coupon));
    }
    return ok(c, usable);
  });

  return app;
}
