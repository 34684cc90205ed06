import { Codes } from '#api/codes.ts';
import {
  FREEZE_EARLIEST_START_DAYS,
  FREEZE_LATEST_START_DAYS,
  type FreezeBlocker,
  type FreezeStatus,
} from '#api/freeze.ts';
import { addDays } from '#api/vietnam-time.ts';
import type { FreezePaymentState } from '#gateway/db/schema/index.ts';

// The freeze arithmetic (ADR 036), pure: the preview, the settlement and the unfreeze all call
// these, so what the member is shown before paying is what paying does.

export type FreezeFacts = { paymentState: FreezePaymentState; startDate: string; endDate: string; days: number };

/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);

/** §4 status by the Vietnam day: FUTURE before its first day, CURRENT through its last, UNFREEZE after (or once ended early). */
export function freezeStatus(row: FreezeFacts, today: string): FreezeStatus {
  if (row.paymentState !== 'PAID') return row.paymentState;
  if (row.endDate < row.startDate) return 'UNFREEZE'; // ended before it began
  if (row.startDate > today) return 'FUTURE';
  return row.endDate < today ? 'UNFREEZE' : 'CURRENT';
}

/** Days a paid freeze has frozen by `today` (its first day up to yesterday or its last day). */
export function frozenDaysBy(row: FreezeFacts, today: string) {
  if (row.paymentState !== 'PAID' || row.startDate > today) return 0;
  const last = row.endDate < today ? row.endDate : addDays(today, -1);
  return Math.max(0, daysBetween(row.startDate, last) + 1);
}

/** Days a freeze takes from the membership's allowance: all of a paid one's days until it ends early, then those it froze. */
export const allowanceUsedBy = (row: FreezeFacts & { unfrozen: boolean }) =>
  row.paymentState !== 'PAID' ? 0 : row.unfrozen ? Math.max(0, daysBetween(row.startDate, row.endDate) + 1) : row.days;

/** The window a freeze may start in: tomorrow to 30 days ahead, and never after the membership's last day. */
export function startWindow(today: string, membershipEnd: string) {
  const earliest = addDays(today, FREEZE_EARLIEST_START_DAYS);
  const latest = addDays(today, FREEZE_LATEST_START_DAYS);
  return { earliest, latest: latest < membershipEnd ? latest : membershipEnd };
}

/** First and last frozen day of a freeze of `days` from `startDate`, and the membership's end it makes. */
export function freezeDates(startDate: string, days: number, membershipEnd: string) {
  return { startDate, endDate: addDays(startDate, days - 1), newMembershipEndDate: addDays(membershipEnd, days) };
}

/**
 * Ending a paid freeze on `today` (1043): the last frozen day becomes yesterday (or the day before
 * it began), and the days not frozen come back to the membership: its end moves forward by them.
 * Null when nothing is left to end (already over or already ended).
 */
export function unfreezeOn(row: FreezeFacts, today: string) {
  const status = freezeStatus(row, today);
  if (status !== 'CURRENT' && status !== 'FUTURE') return null;
  const lastFrozen = status === 'FUTURE' ? addDays(row.startDate, -1) : addDays(today, -1);
  return { endDate: lastFrozen, returnedDays: daysBetween(lastFrozen, row.endDate) };
}

/** Why a membership cannot take a freeze now; null when it can. In the order the member should hear them. */
export function freezeBlocker(input: {
  allowanceDays: number;
  allowanceLeft: number;
  isGift: boolean;
  contractStatus: string;
  hasOpenFreeze: boolean;
  today: string;
  membershipEnd: string;
}): FreezeBlocker | null {
  if (input.isGift || input.allowanceDays === 0) return 'NOT_FREEZABLE';
  if (input.contractStatus === 'FUTURE') return 'NOT_STARTED';
  if (input.contractStatus !== 'CURRENT' || addDays(input.today, FREEZE_EARLIEST_START_DAYS) > input.membershipEnd)
    return 'ENDED';
  if (input.hasOpenFreeze) return 'FREEZE_EXISTS';
  if (input.allowanceLeft <= 0) return 'ALLOWANCE_USED';
  return null;
}

/** The error code a blocker answers with. */
export const blockerCode = {
  NOT_FREEZABLE: Codes.FREEZE_NOT_ALLOWED,
  NOT_STARTED: Codes.FREEZE_NOT_STARTED,
  ENDED: Codes.FREEZE_NOT_ALLOWED,
  FREEZE_EXISTS: Codes.FREEZE_EXISTS,
  ALLOWANCE_USED: Codes.FREEZE_ALLOWANCE_EXCEEDED,
} as const satisfies Record<FreezeBlocker, string | number>;
