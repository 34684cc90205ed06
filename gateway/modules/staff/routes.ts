import { and, asc, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';

import { Codes } from '#api/codes.ts';
import { staffEndpoints as endpoints } from '#api/endpoints/staff.ts';
import {
  auditReaderAccountTypes,
  staffAccountTypes,
  workforceAccountTypes,
  type StaffMe,
  type StaffSession,
  type StaffTrials,
} from '#api/staff.ts';
import type { Executor } from '#gateway/db/client.ts';
import { accounts, clubs, contracts, freezeContracts, paymentEvents, ptContracts } from '#gateway/db/schema/index.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import { route } from '#gateway/http/route.ts';
import type { AppEnv, Deps } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { idParam } from '#gateway/http/validate.ts';
import { consumeOtp, sendOtp } from '#gateway/modules/auth/otp.ts';
import { issueToken } from '#gateway/modules/auth/tokens.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import { findAccountByPhone } from '#gateway/modules/accounts/queries.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import { proposeFreeSession, waitingFreeSessions } from '#gateway/modules/pt/free-sessions.ts';
import { trainerNamesAtClubs } from '#gateway/modules/pt/queries.ts';
import { listStaffActions, recordStaffAction } from '#gateway/modules/audit/staff-actions.ts';
import { loadStaff, worksAt } from '#gateway/modules/accounts/staff.ts';
import {
  cashPayable,
  cashPaymentOf,
  clubOfAccountNumber,
  listPaymentEvents,
  waitingCashContracts,
  type CashFor,
} from './queries.ts';
import { staffToday } from './today.ts';

/** Phones that are not staff answered per client IP per hour before 429: the answer says who is staff. */
const MAX_REFUSED_LOOKUPS_PER_IP_PER_HOUR = 10;

const isWorkforceType = (type: string) => (workforceAccountTypes as readonly string[]).includes(type);

/**
 * The staff (or trainer) account for this phone. A member or an unknown phone answers code 200 ("phone
 * not registered", here: as staff) and never gets an account made; the lookups that fail are
 * counted per IP, so the endpoint cannot list staff phones quickly.
 */
async function staffByPhone(deps: Deps, phoneNumber: string, clientIp: string) {
  const account = await findAccountByPhone(deps.db, phoneNumber);
  if (account && isWorkforceType(account.accountType)) return account;
  const allowed = await countHit(
    deps.db,
    `staff-auth-miss:ip:${clientIp}`,
    hourWindow(deps.clock.now()),
    MAX_REFUSED_LOOKUPS_PER_IP_PER_HOUR,
  );
  if (!allowed) throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
  throw new ApiError(404, Codes.PHONE_NOT_FOUND);
}

async function contractClub(db: Executor, contractId: number) {
  const [row] = await db.select({ clubId: contracts.clubId }).from(contracts).where(eq(contracts.id, contractId));
  return row?.clubId;
}

/** The audit name and subject of a cash confirmation: the membership, the freeze or the PT package paid. */
const cashSubject = (of: CashFor) =>
  'ptContractId' in of
    ? ({ action: 'pt-cash.confirm', subjectType: 'pt-contract', subjectId: of.ptContractId } as const)
    : of.freezeContractId === null
      ? ({ action: 'cash.confirm', subjectType: 'contract', subjectId: of.contractId } as const)
      : ({ action: 'freeze-cash.confirm', subjectType: 'freeze-contract', subjectId: of.freezeContractId } as const);

/** The dates the money bought: the membership's, the freeze's first and last frozen day, or the PT package's. */
async function cashDates(db: Executor, of: CashFor) {
  const [dates] =
    'ptContractId' in of
      ? await db
          .select({ startDate: ptContracts.startDate, endDate: ptContracts.endDate })
          .from(ptContracts)
          .where(eq(ptContracts.id, of.ptContractId))
      : of.freezeContractId === null
        ? await db
            .select({ startDate: contracts.startDate, endDate: contracts.endDate })
            .from(contracts)
            .where(eq(contracts.id, of.contractId))
        : await db
            .select({ startDate: freezeContracts.startDate, endDate: freezeContracts.endDate })
            .from(freezeContracts)
            .where(eq(freezeContracts.id, of.freezeContractId));
  return dates;
}

/** §7 staff side of issue 4 (ADR 012): sign-in, cash at the counter, the bank-transfer review queue. */
export function staffRoutes() {
  const app = new Hono<AppEnv>();
  // A member token is 403 (code 6); no token 401 (code -1).
  const staffOnly = requireAccount(staffAccountTypes);

  // The member OTP rules and limits (auth/otp.ts), for staff phones only.
  route(app, endpoints.otpSend, async (c) => {
    const deps = c.get('deps');
    const { phoneNumber } = c.req.valid('json');
    const account = await staffByPhone(deps, phoneNumber, c.get('clientIp'));
    const sent = await sendOtp(deps, {
      phone: phoneNumber,
      purpose: 'login',
      clientIp: c.get('clientIp'),
      lang: account.lang,
    });
    return ok(c, sent, Codes.OTP_SENT);
  });

  route(app, endpoints.otpLogin, async (c) => {
    const deps = c.get('deps');
    const { phoneNumber, otp } = c.req.valid('json');
    const account = await staffByPhone(deps, phoneNumber, c.get('clientIp'));
    await consumeOtp(deps, { phone: phoneNumber, purpose: 'login', code: otp });
    const { token, expiresAt } = await issueToken(deps.db, account.id, deps.clock.now());
    const session: StaffSession = {
      accessToken: token,
      expiresAt,
      accountType: account.accountType as StaffSession['accountType'],
      fullName: account.fullName,
      clubId: account.accountType === 'GM' ? null : account.clubId,
    };
    return ok(c, session, Codes.SIGNED_IN);
  });

  route(app, endpoints.waitingCash, staffOnly, async (c) => {
    const { db } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    return ok(c, await waitingCashContracts(db, staff, c.req.valid('query').phoneNumber));
  });

  // Cash counted at the counter → settlePayment, the one path from money to membership (or freeze, or PT package).
  async function confirmCash(c: Context<AppEnv>, of: CashFor, clubId: number | undefined, amount: number) {
    const deps = c.get('deps');
    const staff = await loadStaff(deps.db, c.get('account').id);
    if (clubId === undefined || !worksAt(staff, clubId)) throw notFound();
    const payment = await cashPaymentOf(deps.db, of);
    if (!payment) throw notFound();
    const subject = cashSubject(of);
    const outcome = await settlePayment(
      deps,
      {
        paymentId: payment.id,
        amount,
        providerTransactionId: payment.reference,
        paidAt: deps.clock.now(),
        confirmedBy: staff.id,
      },
      async (tx, settled) => {
        if (settled.kind !== 'settled') return;
        await recordStaffAction(tx, {
          actorAccountId: staff.id,
          ...subject,
          clubId,
          before: { paymentId: payment.id, status: 'PENDING', paymentState: 'WAITFORPAYMENT' },
          after: {
            paymentId: payment.id,
            status: 'SUCCESS',
            paymentState: 'PAID',
            amount,
            reference: payment.reference,
            ...(await cashDates(tx, of)),
          },
          at: deps.clock.now(),
        });
      },
    );
    if (outcome.kind === 'wrong_amount')
      throw new ApiError(400, Codes.PAYMENT_AMOUNT_MISMATCH, { expected: outcome.expected });
    // Paid another way between the lookup and the lock: no cash is waiting any more.
    if (outcome.kind === 'late') throw notFound();
    const settled = (await cashPaymentOf(deps.db, of))!;
    const { createdAt: _, ...receipt } = (await cashPayable(deps.db, settled.id))!;
    return ok(c, { outcome: outcome.kind, ...receipt, ...(await cashDates(deps.db, of)) });
  }

  // Issue 38 §1 (ADR 063): the desk confirms any slip of its one list by the payment, whatever it pays.
  route(app, endpoints.cashPayment, staffOnly, async (c) => {
    const slip = await cashPayable(c.get('deps').db, idParam(c, 'id'));
    if (!slip) throw notFound();
    const of: CashFor =
      slip.ptContractId !== null
        ? { ptContractId: slip.ptContractId }
        : { contractId: slip.contractId!, freezeContractId: slip.freezeContractId };
    return confirmCash(c, of, slip.club.id, c.req.valid('json').amount);
  });

  route(app, endpoints.contractCash, staffOnly, async (c) => {
    const contractId = idParam(c, 'id');
    return confirmCash(
      c,
      { contractId, freezeContractId: null },
      await contractClub(c.get('deps').db, contractId),
      c.req.valid('json').amount,
    );
  });

  route(app, endpoints.freezeContractCash, staffOnly, async (c) => {
    const freezeContractId = idParam(c, 'id');
    const { db } = c.get('deps');
    const [freeze] = await db
      .select({ contractId: freezeContracts.contractId })
      .from(freezeContracts)
      .where(eq(freezeContracts.id, freezeContractId));
    if (!freeze) throw notFound();
    return confirmCash(
      c,
      { contractId: freeze.contractId, freezeContractId },
      await contractClub(db, freeze.contractId),
      c.req.valid('json').amount,
    );
  });

  route(app, endpoints.ptContractCash, staffOnly, async (c) => {
    const ptContractId = idParam(c, 'id');
    const [pt] = await c
      .get('deps')
      .db.select({ clubId: ptContracts.clubId })
      .from(ptContracts)
      .where(eq(ptContracts.id, ptContractId));
    return confirmCash(c, { ptContractId }, pt?.clubId, c.req.valid('json').amount);
  });

  // Trial sessions (ADR 048): what waits for a time or an answer at the club, and the club's proposal.
  route(app, endpoints.freeSessions, staffOnly, async (c) => {
    const { db, clock } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    return ok(c, await waitingFreeSessions(db, staff.accountType === 'GM' ? null : (staff.clubId ?? -1), clock.now()));
  });

  // Issue 18: the Trials page in one read: what waits, and whom each club may propose.
  route(app, endpoints.trials, staffOnly, async (c) => {
    const { db, clock } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    const sessions = await waitingFreeSessions(
      db,
      staff.accountType === 'GM' ? null : (staff.clubId ?? -1),
      clock.now(),
    );
    const trainers = await trainerNamesAtClubs(db, [...new Set(sessions.map((s) => s.clubId))]);
    return ok(c, { sessions, trainers } satisfies StaffTrials);
  });

  // Issue 18: the desk's start page in one read (counts only).
  route(app, endpoints.today, staffOnly, async (c) => {
    const { db, clock } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    const { clubId } = c.req.valid('query');
    // Another club named explicitly is 403 for the front desk (ADR 049).
    if (clubId !== undefined && !worksAt(staff, clubId)) throw new ApiError(403, Codes.FORBIDDEN);
    return ok(c, await staffToday(db, staff, clubId, clock.now()));
  });

  route(app, endpoints.proposeFreeSession, staffOnly, async (c) => {
    const deps = c.get('deps');
    const staff = await loadStaff(deps.db, c.get('account').id);
    const freeSessionId = idParam(c, 'id');
    const booking = await proposeFreeSession(
      deps.db,
      (clubId) => worksAt(staff, clubId),
      freeSessionId,
      c.req.valid('json'),
      deps.clock.now(),
      (tx, proposed) =>
        recordStaffAction(tx, {
          actorAccountId: staff.id,
          action: 'free-session.propose',
          subjectType: 'free-session',
          subjectId: freeSessionId,
          clubId: proposed.clubId,
          before: proposed.replaced,
          after: proposed.booking,
          at: deps.clock.now(),
        }),
    );
    await deliverNoticesNow(deps);
    return ok(c, booking);
  });

  route(app, endpoints.paymentEvents, staffOnly, async (c) => {
    const { db } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    return ok(c, await listPaymentEvents(db, staff, c.req.valid('query')));
  });

  // Staff looked at the money (refunded it, matched it by hand…): it leaves the queue, with who did it.
  route(app, endpoints.reviewPaymentEvent, staffOnly, async (c) => {
    const { db, clock } = c.get('deps');
    const id = idParam(c, 'id');
    const staff = await loadStaff(db, c.get('account').id);
    const [visible] = await listPaymentEvents(db, staff, { id, limit: 1 });
    if (!visible) throw notFound();
    if (!visible.needsReview) return ok(c, visible);
    const changed = await db.transaction(async (tx) => {
      // Two staff at once: the first takes it off the queue, the second changes (and records) nothing.
      const taken = await tx
        .update(paymentEvents)
        .set({ needsReview: false, reviewedBy: staff.id })
        .where(and(eq(paymentEvents.id, id), eq(paymentEvents.needsReview, true)))
        .returning({ id: paymentEvents.id });
      if (taken.length === 0) return false;
      await recordStaffAction(tx, {
        actorAccountId: staff.id,
        action: 'payment-event.reviewed',
        subjectType: 'payment-event',
        subjectId: id,
        clubId: visible.clubId ?? (await clubOfAccountNumber(tx, visible.accountNumber)),
        before: { needsReview: true, reviewedBy: visible.reviewedBy },
        after: { needsReview: false, reviewedBy: staff.id },
        at: clock.now(),
      });
      return true;
    });
    if (!changed) return ok(c, (await listPaymentEvents(db, staff, { id, limit: 1 }))[0]);
    return ok(c, { ...visible, needsReview: false, reviewedBy: staff.id });
  });

  // Who is signed in, and where they may act (ADR 049): the web app's /staff layout.
  route(app, endpoints.me, requireAccount(workforceAccountTypes), async (c) => {
    const { db } = c.get('deps');
    const [me] = await db
      .select({
        id: accounts.id,
        fullName: accounts.fullName,
        accountType: accounts.accountType,
        clubId: accounts.clubId,
      })
      .from(accounts)
      .where(eq(accounts.id, c.get('account').id));
    const clubId = me.accountType === 'GM' ? null : me.clubId;
    const clubNames = { id: clubs.id, nameVi: clubs.nameVi, nameEn: clubs.nameEn };
    const actsAt =
      me.accountType === 'GM'
        ? await db.select(clubNames).from(clubs).where(eq(clubs.isActive, true)).orderBy(asc(clubs.id))
        : await db
            .select(clubNames)
            .from(clubs)
            .where(eq(clubs.id, clubId ?? -1));
    const answer: StaffMe = {
      id: me.id,
      fullName: me.fullName,
      accountType: me.accountType as StaffMe['accountType'],
      clubId,
      club: clubId === null ? null : (actsAt[0] ?? null),
      clubs: actsAt,
    };
    return ok(c, answer);
  });

  // The audit log (ADR 049): a LEADER reads their club's, a GM every club's; EMPLOYEE and PT 403.
  route(app, endpoints.audit, requireAccount(auditReaderAccountTypes), async (c) => {
    const { db } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    const query = c.req.valid('query');
    if (staff.accountType !== 'GM' && query.clubId !== undefined && query.clubId !== staff.clubId)
      throw new ApiError(403, Codes.FORBIDDEN);
    const clubId = staff.accountType === 'GM' ? (query.clubId ?? null) : (staff.clubId ?? -1);
    return ok(c, await listStaffActions(db, { clubId, limit: query.limit, before: query.before }));
  });

  return app;
}
