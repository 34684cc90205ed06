import { Hono, type Context } from 'hono';
import { membershipEndpoints as endpoints } from '#api/endpoints/membership.ts';
import { route } from '#gateway/http/route.ts';

import { Codes } from '#api/codes.ts';
import { referralCheckBody } from '#api/membership.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound, validationError } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { expireStalePayments } from '#gateway/modules/payments/settle.ts';
import { toPayment } from '#gateway/modules/payments/start.ts';
import { findSellablePlan, hasPaidContract } from '#gateway/modules/plans/queries.ts';
import { findAccountById, findMemberShell } from '#gateway/modules/accounts/queries.ts';
import { paidBySavedCardOnly } from '#gateway/modules/subscriptions/queries.ts';
import { currentSubscription } from '#gateway/modules/subscriptions/service.ts';
import { accessClubs } from '#gateway/modules/club-access/queries.ts';
import {
  contractDetail,
  findOwnContract,
  latestPayment,
  listTransactions,
  transactionDetail,
  unbookedOfPayment,
} from './queries.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import { checkReferral } from '#gateway/modules/referrals/check.ts';
import { purchaseContext } from '#gateway/modules/payments/choice.ts';
import { cancelContract, createContract, payContract, plannedDates } from './service.ts';
import { currentContracts, homePageOf, readMemberHome, type MemberRead } from './home.ts';

/** Reads that show payment state expire the caller's stale attempts first, so a lapsed QR reads EXPIRED/FAIL. */
const freshen = async (c: Context<AppEnv>) => {
  const { db, clock } = c.get('deps');
  await expireStalePayments(db, clock.now(), c.get('account').id);
  return vietnamDay(clock.now());
};

/** The caller's reads as of the request's clock. */
const memberRead = (c: Context<AppEnv>): MemberRead => ({
  db: c.get('deps').db,
  accountId: c.get('account').id,
  now: c.get('deps').clock.now(),
});

/** §7 Member: referral check, buying a membership and reading contracts, transactions and receipts. */
/** A member types a friend's code once or twice; a list of phones is not a referral. */
export const REFERRAL_CHECKS_PER_HOUR = { member: 10, ip: 30 } as const;

export function contractRoutes() {
  const app = new Hono<AppEnv>();
  const member = requireAccount();

  // A malformed code is 154 (§8 "referral code invalid") with the field error, not a bare code 2.
  route(app, endpoints.checkReferral, member, async (c) => {
    const { db, clock } = c.get('deps');
    const lang = c.get('lang');
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new ApiError(400, Codes.VALIDATION);
    }
    const parsed = referralCheckBody.safeParse(raw);
    if (!parsed.success) {
      const error = validationError(parsed.error, lang);
      const onPhone = parsed.error.issues.some((issue) => issue.path[0] === 'phoneNumber');
      throw onPhone ? new ApiError(400, Codes.REFERRAL_CODE_INVALID, error.data) : error;
    }
    const { phoneNumber, paymentPlanId } = parsed.data;
    // Each answer says whether a phone is a member, and whose: a well-formed one is counted per member and per address (issue 9).
    const hour = hourWindow(clock.now());
    const memberOk = await countHit(
      db,
      `referral-check:account:${c.get('account').id}`,
      hour,
      REFERRAL_CHECKS_PER_HOUR.member,
    );
    const ipOk = await countHit(db, `referral-check:ip:${c.get('clientIp')}`, hour, REFERRAL_CHECKS_PER_HOUR.ip);
    if (!memberOk || !ipOk) throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
    let plan;
    if (paymentPlanId !== undefined) {
      plan = (await findSellablePlan(db, paymentPlanId))?.plan;
      if (!plan) throw notFound();
    }
    const caller = await findAccountById(db, c.get('account').id);
    const isNewMember = !(await hasPaidContract(db, caller.id));
    const result = await checkReferral(db, { caller, isNewMember, phoneNumber, plan, now: clock.now() });
    return ok(c, { referrerName: result.referrerName, bonusDays: result.bonusDays }, Codes.REFERRAL_APPLIED);
  });

  route(app, endpoints.create, member, async (c) => {
    const result = await createContract(purchaseContext(c), c.req.valid('json'));
    // A coupon that covers everything settles inside the purchase, which queued its notice (ADR 016).
    if (!result.existing && result.payment.status === 'SUCCESS') await deliverNoticesNow(c.get('deps'));
    return ok(c, result, Codes.PURCHASE_REQUEST_CREATED);
  });

  route(app, endpoints.pay, member, async (c) => {
    const id = idParam(c, 'id');
    const body = c.req.valid('json');
    const result = await payContract(purchaseContext(c), id, {
      method: body.paymentMethodGroupId,
      savedCardId: body.savedCardId,
    });
    return ok(c, result, Codes.PURCHASE_REQUEST_CREATED);
  });

  route(app, endpoints.payment, member, async (c) => {
    const id = idParam(c, 'id');
    await freshen(c);
    const { db } = c.get('deps');
    const join = await findOwnContract(db, c.get('account').id, id);
    if (!join) throw notFound();
    const payment = await latestPayment(db, id);
    if (!payment) return ok(c, null);
    return ok(c, toPayment(payment, join.club, unbookedOfPayment(join.unbooked, payment.id)));
  });

  route(app, endpoints.cancel, member, async (c) => {
    const id = idParam(c, 'id');
    return ok(c, await cancelContract(purchaseContext(c), id));
  });

  route(app, endpoints.list, member, async (c) => {
    return ok(c, await currentContracts(memberRead(c), c.req.valid('query')));
  });

  route(app, endpoints.accessClubs, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await accessClubs(db, c.get('account').id, vietnamDay(clock.now())));
  });

  route(app, endpoints.detail, member, async (c) => {
    const id = idParam(c, 'id');
    const today = await freshen(c);
    const { db } = c.get('deps');
    const join = await findOwnContract(db, c.get('account').id, id);
    if (!join) throw notFound();
    const savedCardOnly =
      join.contract.paymentState === 'WAITFORPAYMENT' &&
      (await paidBySavedCardOnly(db, join.plan.type, join.contract.id));
    return ok(c, await contractDetail(db, join, today, savedCardOnly));
  });

  route(app, endpoints.homePage, member, async (c) => ok(c, await homePageOf(memberRead(c))));

  route(app, endpoints.home, member, async (c) => {
    const home = await readMemberHome(memberRead(c));
    if (!home) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, home);
  });

  // /home/your-plan in one read: the memberships (as contracts/home-page), the clubs they open and the subscription.
  route(app, endpoints.yourPlanScreen, member, async (c) => {
    const read = memberRead(c);
    const { db, accountId, now } = read;
    const [shell, homePage, clubs, subscription] = await Promise.all([
      findMemberShell(db, accountId, now),
      homePageOf(read),
      accessClubs(db, accountId, vietnamDay(now)),
      currentSubscription(db, accountId, now),
    ]);
    if (!shell) throw new ApiError(401, Codes.SESSION_EXPIRED);
    return ok(c, { shell, homePage, accessClubs: clubs, subscription });
  });

  route(app, endpoints.plannedDates, member, async (c) => {
    const { db, clock } = c.get('deps');
    return ok(c, await plannedDates(db, c.get('account').id, idParam(c, 'clubId'), idParam(c, 'planId'), clock.now()));
  });

  route(app, endpoints.latest, member, async (c) => {
    const [latest] = await currentContracts(memberRead(c), { clubId: idParam(c, 'clubId') });
    return ok(c, latest ?? null);
  });

  route(app, endpoints.transactions, member, async (c) => {
    await freshen(c);
    return ok(c, await listTransactions(c.get('deps').db, c.get('account').id));
  });

  route(app, endpoints.transaction, member, async (c) => {
    const id = idParam(c, 'id');
    await freshen(c);
    const detail = await transactionDetail(c.get('deps').db, c.get('account').id, id);
    if (!detail) throw notFound();
    return ok(c, detail);
  });

  return app;
}
