import { HOME_TODAY_CLASSES, todayClasses, upcomingBookings } from '#gateway/modules/classes/service.ts';
import { cachedClubsBusyness } from '#gateway/modules/clubs/busyness.ts';
import { trialSummary } from '#gateway/modules/pt/free-sessions.ts';
import { findHomeShell } from '#gateway/modules/accounts/queries.ts';
import { expireStalePayments } from '#gateway/modules/payments/settle.ts';
import { isAllClubPlan, type HomePageContracts } from '#api/membership.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import type { ReadVersions } from '#gateway/db/read-cache.ts';
import type { Executor } from '#gateway/db/client.ts';
import { listContracts, type ContractFilters } from './queries.ts';

/** Whose contracts, read as of when. */
export type MemberRead = { db: Executor; accountId: number; now: Date };

/**
 * The member's contracts as of now, for the hot reads (issue 18): one statement, which also says
 * whether a listed contract's bank-QR or card attempt is past its 15 minutes; while none of the
 * member's contract rows has changed, only their read version is read (ADR 056). Only then does the
 * expiry run (that contract fails) and the list is read again; the gateway's sweep expires the
 * rest every few seconds.
 */
export async function currentContracts(
  { db, accountId, now }: MemberRead,
  filters: ContractFilters,
  versions?: ReadVersions,
) {
  const today = vietnamDay(now);
  const first = await listContracts(db, accountId, filters, now, today, { cached: versions ?? true });
  if (!first.lapsed || (await expireStalePayments(db, now, accountId)) === 0) return first.contracts;
  return (await listContracts(db, accountId, filters, now, today, { cached: true })).contracts;
}

/**
 * GET /member/contracts/home-page: what the membership header card needs (also part of GET
 * /member/home, which passes the contract versions it read with the shell).
 */
export async function homePageOf(read: MemberRead, versions?: ReadVersions): Promise<HomePageContracts> {
  const all = await currentContracts(read, {}, versions);
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
 * GET /member/home (issue 18): the home screen in one round trip, its frame (the shell) with the
 * header card; null when the account is gone. `everyStatement` (the gateway's warm-up, ADR 068, 088)
 * runs each of its statements even where this account's answer needs none, so that they are
 * prepared, and the code that builds the answer compiled, before the first member waits on them.
 */
export async function readMemberHome(read: MemberRead, { everyStatement = false } = {}) {
  const { db, accountId, now } = read;
  // The shell's statement also reads the contracts' versions (while they hold, the contracts cost
  // no statement, ADR 056) and whether the member has a class to come (most have none).
  const withShell = async () => {
    const found = await findHomeShell(db, accountId, now);
    if (!found && !everyStatement) return null;
    const [homePage, upcoming] = await Promise.all([
      homePageOf(read, found?.contractVersions),
      found?.hasUpcomingClass || everyStatement ? upcomingBookings(db, accountId, now) : [],
    ]);
    // Issue 37 §12: only a class with a spot is the member's next class; a waitlisted one is not.
    const nextClass = upcoming.find((session) => session.myBooking?.state === 'BOOKED');
    return { shell: found?.shell, homePage, nextClass };
  };
  // Side by side: on PostgreSQL on pooled connections, so the page waits for the slower read only.
  const [withIt, busyness, trial] = await Promise.all([
    withShell(),
    cachedClubsBusyness(db, now), // every member's home shares this minute's answer (one row per active club)
    trialSummary(db, accountId, now), // issue 37 §5: the free PT sessions the plan gave, as they stand
  ]);
  if (!withIt) return null;
  const { shell, homePage, nextClass } = withIt;
  // Today's classes at the clubs the member's current memberships open (as accessClubs), from what is
  // already read; warming, those of every open club.
  const allClubs = everyStatement || homePage.currents.some((contract) => isAllClubPlan(contract.paymentPlan.type));
  const clubIds = allClubs
    ? busyness.map((b) => b.clubId)
    : [...new Set(homePage.currents.map((contract) => contract.clubId))];
  const today = await todayClasses(db, accountId, clubIds, now, HOME_TODAY_CLASSES);
  if (!shell) return null;
  const clubId = homePage.current?.clubId;
  return {
    shell,
    homePage,
    busyness: busyness.find((b) => b.clubId === clubId) ?? null,
    classes: { next: nextClass ?? null, today: today.sessions, todayTotal: today.total },
    trial: { left: trial.left, validUntil: trial.validUntil, clubId: trial.clubId, inTheWorks: trial.open !== null },
  };
}

/**
 * The statements of GET /member/home run for an account no one has (id 0: every answer empty but
 * the day's classes at the open clubs). Changes nothing but what any member's home would (the day's
 * class sessions are made if missing).
 */
export async function warmHomeReads(db: Executor, now: Date) {
  await readMemberHome({ db, accountId: NO_ACCOUNT, now }, { everyStatement: true });
}

/** No account has id 0 (ids start at 1). */
const NO_ACCOUNT = 0;
