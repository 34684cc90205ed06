import { CANCEL_DAYS_BEFORE_END, GRACE_DAYS, RENEW_DAYS_BEFORE_END, RETRY_DAYS } from '#api/subscription.ts';
import { addDays } from '#api/vietnam-time.ts';
import { addMonths } from '#gateway/modules/payments/dates.ts';

// The calendar of a monthly subscription (ADR 038), in Vietnam days ('YYYY-MM-DD'). Months are
// counted from an anchor day so that a subscription started on 31 January runs to 27 February,
// then 28 February to 30 March, then 31 March to 29 April: the short month clamps, the next one
// goes back to the 31st instead of drifting to the 28th for ever.

export type Period = { start: string; end: string };

/** Month `n` (0 = the first) of a subscription anchored on `anchor`. */
export function periodOf(anchor: string, n: number): Period {
  return { start: addMonths(anchor, n), end: addDays(addMonths(anchor, n + 1), -1) };
}

/** The day the month after one ending on `end` is charged (or its pay link sent). */
export const billingDate = (end: string) => addDays(end, -RENEW_DAYS_BEFORE_END);

/** The last day a cancellation still stops the month after one ending on `end` (§9: 4 days before). */
export const cancelDeadline = (end: string) => addDays(end, -CANCEL_DAYS_BEFORE_END);

/** The last day an unpaid month that should have started after `end` can still be paid. */
export const graceEnd = (end: string) => addDays(end, GRACE_DAYS);

/**
 * The last day of access if the member cancels `today`: the current month's end when the
 * deadline has not passed, otherwise the next month's end (that month is already being charged).
 */
export function cancellationEnd(today: string, current: Period, next: Period) {
  return today <= cancelDeadline(current.end) ? current.end : next.end;
}

/** The day of the try after `attempts` tries that began on `firstOn`; null when none is left (1 + the retries of RETRY_DAYS). */
export function nextAttemptOn(firstOn: string, attempts: number): string | null {
  if (attempts === 0) return firstOn;
  const offset = RETRY_DAYS[attempts - 1];
  return offset === undefined ? null : addDays(firstOn, offset);
}

export const MAX_ATTEMPTS = 1 + RETRY_DAYS.length;
