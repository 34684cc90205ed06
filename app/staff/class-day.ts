// What the desk may do with a class and when: the page draws its buttons with these, so no server
// code and no zod here (bundle.spec); the forms' schemas are in classes.server.ts.

/**
 * Whether the desk may mark who came: from 30 min before the start to 24 h after the end (the
 * gateway's window, ADR 051), and the class not cancelled.
 */
export const canMarkAttendance = (
  session: { startsAt: string; endsAt: string; cancelledAt: string | null },
  now: number,
) =>
  session.cancelledAt === null &&
  now >= Date.parse(session.startsAt) - 30 * 60_000 &&
  now <= Date.parse(session.endsAt) + 24 * 60 * 60_000;

/** A class may be cancelled until it starts. */
export const canCancelClass = (session: { startsAt: string; cancelledAt: string | null }, now: number) =>
  session.cancelledAt === null && now < Date.parse(session.startsAt);
