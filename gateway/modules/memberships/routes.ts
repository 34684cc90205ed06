import { HOME_TODAY_CLASSES, todayClasses, upcomingBookings } from '#gateway/modules/classes/service.ts';
import { trialSummary } from '#gateway/modules/pt/free-sessions.ts';
import { cachedClubsBusyness } from '#gateway/modules/clubs/busyness.ts';
import { Hono, type Context } from 'hono';
import { membershipEndpoints as endpoints } from '#api/endpoints/membership.ts';
import { route } from '#gateway/http/route.ts';

import { Codes } from '#api/codes.ts';
import { isAllClubPlan, referralCheckBody, type HomePageContracts } from '#api/membership.ts';
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
import { findAccountById, findHomeShell, findMemberShell } from '#gateway/modules/accounts/queries.ts';
import { paidBySavedCardOnly } from '#gateway/modules/subscriptions/queries.ts';
import { currentSubscription } from '#gateway/modules/subscriptions/service.ts';
import type { ReadVersions } from '#gateway/db/read-cache.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accessClubs } from '#gateway/modules/club-access/queries.ts';
import {
  contractDetail,
  findOwnContract,
  latestPayment,
  listContracts,
  type ContractFilters,
  listTransactions,
  transactionDetail,
  unbookedOfPayment,
} from './queries.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import { checkReferral } from '#gateway/modules/referrals/check.ts';
import { purchaseContext } from '#gateway/modules/payments/choice.ts';
import { cancelContract, createContract, payContract, plannedDates } from './service.ts';

/** Reads that show payment state expire the caller's stale attempts first, so a lapsed QR reads EXPIRED/FAIL. */
const freshen = async (c: Context<AppEnv>) => {
  const { db, clock } = c.get('deps');
  await expireStalePayments(db, clock.now(), c.get('account').id);
  return vietnamDay(clock.now());
};

/**
 * The member's contracts as of now, for the hot reads (issue 18): one statement, which also says
 * whether a listed contract's bank-QR or card attempt is past its 15 minutes; while none of the
 * member's contract rows has changed, only their read version is read (ADR 056). Only then does the
 * expiry run (that contract fails) and the list is read again; the gateway's sweep expires the
 * rest every few seconds.
 */
async function currentContracts(c: Context<AppEnv>, filters: ContractFilters, versions?: ReadVersions) {
  const { db, clock } = c.get('deps');
  const accountId = c.get('account').id;
  const now = clock.now();
  const today = vietnamDay(now);
  const first = await listContracts(db, accountId, filters, now, today, { cached: versions ?? true });
  if (!first.lapsed || (await expireStalePayments(db, now, accountId)) === 0) return first.contracts;
  return (await listContracts(db, accountId, filters, now, today, { cached: true })).contracts;
}

/**
 * GET /member/contracts/home-page: what the membership header card needs (also part of GET
 * /member/home, which passes the contract versions it read with the shell).
 */
export async function homePageOf(c: Context<AppEnv>, versions?: ReadVersions): Promise<HomePageContracts> {
  const all = await currentContracts(c, {}, versions);
  const currents = all.filter((x) => x.status === 'CURRENT').sort((a, b) => b.endDate.localeCompare(a.endDate));
  const current = currents[0] ?? null;
  return {
    isExistsCurrentContract: current !== null,
    current,
    currents,
    future: all.filter((x) => x.status === 'FUTURE').sort((a, b) => a.startDate.localeCompare(b.startDate)),
    waitingForPayment: all.filter((x) => x.status === 'WAITFORPAYMENT'),
    frozenUntil: current?.isFrozen ? (current.freeze?.endDate ?? null) : null,
  };
}

/**
 * The statements of GET /member/home run for an account no one has (id 0: every answer empty but
 * the day's classes at the open clubs), so that a gateway's warm-up (ADR 068, 088) prepares them and
 * compiles the code that builds them before the first member's home waits on it. Changes nothing
 * but what any member's home would (the day's class sessions are made if missing).
 */
export async function warmHomeReads(db: Executor, now: Date) {
  const busyness = await cachedClubsBusyness(db, now);
  await Promise.all([
    findHomeShell(db, NO_ACCOUNT, now),
    listContracts(db, NO_ACCOUNT, {}, now, vietnamDay(now)),
    upcomingBookings(db, NO_ACCOUNT, now),
    trialSummary(db, NO_ACCOUNT, now),
    todayClasses(
      db,
      NO_ACCOUNT,
      busyness.map((club) => club.clubId),
      now,
      HOME_TODAY_CLASSES,
    ),
  ]);
}

/** No account has id 0 (ids start at 1). */
const NO_ACCOUNT = 0;

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
    return ok(c, await currentContracts(c, c.req.valid('query')));
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

  route(app, endpoints.homePage, member, async (c) => ok(c, await homePageOf(c)));

  // Issue 18: the home screen in one round trip, its frame (the shell) with the header card.
  route(app, endpoints.home, member, async (c) => {
    const { db, clock } = c.get('deps');
    const now = clock.now();
    const accountId = c.get('account').id;
    // The shell's statement also reads the contracts' versions (while they hold, the contracts cost
    // no statement, ADR 056) and whether the member has a class to come (most have none).
    const withShell = async () => {
      const found = await findHomeShell(db, accountId, now);
      if (!found) throw new ApiError(401, Codes.SESSION_EXPIRED);
      const [homePage, upcoming] = await Promise.all([
        homePageOf(c, found.contractVersions),
        found.hasUpcomingClass ? upcomingBookings(db, accountId, now) : [],
      ]);
      // Issue 37 §12: only a class with a spot is the member's next class; a waitlisted one is not.
      return {
        shell: found.shell,
        homePage,
        nextClass: upcoming.find((session) => session.myBooking?.state === 'BOOKED'),
      };
    };
    // Side by side: on PostgreSQL on pooled connections, so the page waits for the slower read only.
    const [{ shell, homePage, nextClass }, busyness, trial] = await Promise.all([
      withShell(),
      cachedClubsBusyness(db, now), // every member's home shares this minute's answer (one row per active club)
      trialSummary(db, accountId, now), // issue 37 §5: the free PT sessions the plan gave, as they stand
    ]);
    // Today's classes at the clubs the member's current memberships open (as accessClubs), from what is already read.
    const allClubs = homePage.currents.some((contract) => isAllClubPlan(contract.paymentPlan.type));
    const clubIds = allClubs
      ? busyness.map((b) => b.clubId)
      : [...new Set(homePage.currents.map((contract) => contract.clubId))];
    const today = await todayClasses(db, accountId, clubIds, now, HOME_TODAY_CLASSES);
    const classes = { next: nextClass ?? null, today: today.sessions, todayTotal: today.total };
    const clubId = homePage.current?.clubId;
    const homeTrial = {
      left: trial.left,
      validUntil: trial.validUntil,
      clubId: trial.clubId,
      inTheWorks: trial.open !== null,
    };
    return ok(c, {
      shell,
      homePage,
      busyness: busyness.find((b) => b.clubId === clubId) ?? null,
      classes,
      trial: homeTrial,
    });
  });

  // /home/your-plan in one read: the memberships (as contracts/home-page), the clubs they open and the subscription.
  route(app, endpoints.yourPlanScreen, member, async (c) => {
    const { db, clock } = c.get('deps');
    const accountId = c.get('account').id;
    const now = clock.now();
    const [shell, homePage, clubs, subscription] = await Promise.all([
      findMemberShell(db, accountId, now),
      homePageOf(c),
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
    const [latest] = await currentContracts(c, { clubId: idParam(c, 'clubId') });
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
