import { sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { classBookings, classSessions } from '#gateway/db/schema/index.ts';

/**
 * Whether the member has a class to come or under way: a BOOKED or WAITLISTED booking of a
 * session not cancelled whose end is after `now`, the rows `upcomingBookings` lists (the test in
 * service.test.ts holds the two together). The shell's statement reads it, so that GET
 * /member/home runs the upcoming-classes statement only for a member who has one (most do not).
 */
export const hasUpcomingBookingSql = (accountId: SQL | AnyColumn, now: SQL) =>
  sql<boolean>`exists (select 1 from ${classBookings} inner join ${classSessions} on ${classSessions.id} = ${classBookings.sessionId}
    where ${classBookings.accountId} = ${accountId} and ${classBookings.status} in ('BOOKED', 'WAITLISTED')
    and ${classSessions.endsAt} > ${now} and ${classSessions.cancelledAt} is null)`;
