import { eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import { otpCheckBody, otpSendBody } from '#contract/auth.ts';

import { Codes } from '#contract/codes.ts';
import { freeSessionProposeBody } from '#contract/pt.ts';
import { cashConfirmBody, paymentEventsQuery, staffAccountTypes, waitingContractsQuery, workforceAccountTypes, type StaffSession } from '#contract/staff.ts';
import type { Executor } from '#gateway/db/client.ts';
import { contracts, freezeContracts, paymentEvents, ptContracts } from '#gateway/db/schema/index.ts';
import { requireAccount } from '#gateway/http/auth.ts';
import type { AppEnv, Deps } from '#gateway/http/context.ts';
import { ok } from '#gateway/http/envelope.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { idParam, validate } from '#gateway/http/validate.ts';
import { consumeOtp, sendOtp } from '#gateway/modules/auth/otp.ts';
import { issueToken } from '#gateway/modules/auth/tokens.ts';
import { countHit, hourWindow } from '#gateway/modules/limits/counters.ts';
import { findAccountByPhone } from '#gateway/modules/members/queries.ts';
import { deliverNoticesNow } from '#gateway/modules/notifications/service.ts';
import { settlePayment } from '#gateway/modules/payments/settle.ts';
import { proposeFreeSession, waitingFreeSessions } from '#gateway/modules/pt/free-sessions.ts';
import { cashPaymentOf, listPaymentEvents, loadStaff, waitingCashContracts, worksAt, type CashFor } from './queries.ts';

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
  const allowed = await countHit(deps.db, `staff-auth-miss:ip:${clientIp}`, hourWindow(deps.clock.now()), MAX_REFUSED_LOOKUPS_PER_IP_PER_HOUR);
  if (!allowed) throw new ApiError(429, Codes.TOO_MANY_REQUESTS);
  throw new ApiError(404, Codes.PHONE_NOT_FOUND);
}

async function contractClub(db: Executor, contractId: number) {
  const [row] = await db.select({ clubId: contracts.clubId }).from(contracts).where(eq(contracts.id, contractId));
  return row?.clubId;
}

/** §7 staff side of issue 4 (ADR 012): sign-in, cash at the counter, the bank-transfer review queue. */
export function staffRoutes() {
  const app = new Hono<AppEnv>();
  // A member token is 403 (code 6); no token 401 (code -1).
  const staffOnly = requireAccount(staffAccountTypes);

  // The member OTP rules and limits (auth/otp.ts), for staff phones only.
  app.post('/auth/otp/send', validate('json', otpSendBody), async (c) => {
    const deps = c.get('deps');
    const { phoneNumber } = c.req.valid('json');
    const account = await staffByPhone(deps, phoneNumber, c.get('clientIp'));
    const sent = await sendOtp(deps, { phone: phoneNumber, purpose: 'login', clientIp: c.get('clientIp'), lang: account.lang });
    return ok(c, sent, Codes.OTP_SENT);
  });

  app.post('/auth/otp/login', validate('json', otpCheckBody), async (c) => {
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

  app.get('/contracts/waiting', staffOnly, validate('query', waitingContractsQuery), async (c) => {
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
    const outcome = await settlePayment(deps, {
      paymentId: payment.id,
      amount,
      providerTransactionId: payment.reference,
      paidAt: deps.clock.now(),
      confirmedBy: staff.id,
    });
    if (outcome.kind === 'wrong_amount') throw new ApiError(400, Codes.PAYMENT_AMOUNT_MISMATCH, { expected: outcome.expected });
    // Paid another way between the lookup and the lock: no cash is waiting any more.
    if (outcome.kind === 'late') throw notFound();
    const settled = (await cashPaymentOf(deps.db, of))!;
    // The dates the money bought: the membership's, the freeze's first and last frozen day, or the PT package's.
    const [dates] =
      'ptContractId' in of
        ? await deps.db.select({ startDate: ptContracts.startDate, endDate: ptContracts.endDate }).from(ptContracts).where(eq(ptContracts.id, of.ptContractId))
        : of.freezeContractId === null
          ? await deps.db.select({ startDate: contracts.startDate, endDate: contracts.endDate }).from(contracts).where(eq(contracts.id, of.contractId))
          : await deps.db.select({ startDate: freezeContracts.startDate, endDate: freezeContracts.endDate }).from(freezeContracts).where(eq(freezeContracts.id, of.freezeContractId));
    return ok(c, {
      outcome: outcome.kind,
      contractId: 'ptContractId' in of ? null : of.contractId,
      freezeContractId: 'ptContractId' in of ? null : of.freezeContractId,
      ptContractId: 'ptContractId' in of ? of.ptContractId : null,
      reference: settled.reference,
      amount: settled.amount,
      paidAt: settled.paidAt?.toISOString() ?? null,
      ...dates,
    });
  }

  app.post('/contract/:id/cash/confirm', staffOnly, validate('json', cashConfirmBody), async (c) => {
    const contractId = idParam(c, 'id');
    return confirmCash(c, { contractId, freezeContractId: null }, await contractClub(c.get('deps').db, contractId), c.req.valid('json').amount);
  });

  app.post('/freeze-contract/:id/cash/confirm', staffOnly, validate('json', cashConfirmBody), async (c) => {
    const freezeContractId = idParam(c, 'id');
    const { db } = c.get('deps');
    const [freeze] = await db.select({ contractId: freezeContracts.contractId }).from(freezeContracts).where(eq(freezeContracts.id, freezeContractId));
    if (!freeze) throw notFound();
    return confirmCash(c, { contractId: freeze.contractId, freezeContractId }, await contractClub(db, freeze.contractId), c.req.valid('json').amount);
  });

  app.post('/pt-contract/:id/cash/confirm', staffOnly, validate('json', cashConfirmBody), async (c) => {
    const ptContractId = idParam(c, 'id');
    const [pt] = await c.get('deps').db.select({ clubId: ptContracts.clubId }).from(ptContracts).where(eq(ptContracts.id, ptContractId));
    return confirmCash(c, { ptContractId }, pt?.clubId, c.req.valid('json').amount);
  });

  // Trial sessions (ADR 048): what waits for a time or an answer at the club, and the club's proposal.
  app.get('/free-sessions', staffOnly, async (c) => {
    const { db, clock } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    return ok(c, await waitingFreeSessions(db, staff.accountType === 'GM' ? null : (staff.clubId ?? -1), clock.now()));
  });

  app.post('/free-session/:id/propose', staffOnly, validate('json', freeSessionProposeBody), async (c) => {
    const deps = c.get('deps');
    const staff = await loadStaff(deps.db, c.get('account').id);
    const booking = await proposeFreeSession(deps.db, (clubId) => worksAt(staff, clubId), idParam(c, 'id'), c.req.valid('json'), deps.clock.now());
    await deliverNoticesNow(deps);
    return ok(c, booking);
  });

  app.get('/payment-events', staffOnly, validate('query', paymentEventsQuery), async (c) => {
    const { db } = c.get('deps');
    const staff = await loadStaff(db, c.get('account').id);
    return ok(c, await listPaymentEvents(db, staff, c.req.valid('query')));
  });

  // Staff looked at the money (refunded it, matched it by hand…): it leaves the queue, with who did it.
  app.put('/payment-event/:id/reviewed', staffOnly, async (c) => {
    const { db } = c.get('deps');
    const id = idParam(c, 'id');
    const staff = await loadStaff(db, c.get('account').id);
    const [visible] = await listPaymentEvents(db, staff, { id, limit: 1 });
    if (!visible) throw notFound();
    if (!visible.needsReview) return ok(c, visible);
    await db.update(paymentEvents).set({ needsReview: false, reviewedBy: staff.id }).where(eq(paymentEvents.id, id));
    return ok(c, { ...visible, needsReview: false, reviewedBy: staff.id });
  });

  return app;
}
