import { z } from 'zod';
import { memberShellSchema } from '../auth.ts';
import {
  classBookingBody,
  classBookingResultSchema,
  classesQuery,
  classesScreenSchema,
  classScreenSchema,
  classSessionDetailSchema,
  classSessionSchema,
  classStandingSchema,
  classTypeSchema,
  todayClassesScreenSchema,
} from '../classes.ts';
import { Codes } from '../codes.ts';
import { endpoint } from '../endpoint.ts';
import {
  classAttendanceBody,
  classAttendanceResultSchema,
  classCancelBody,
  classCancelResultSchema,
  staffClassesQuery,
  staffClassesSchema,
} from '../staff-classes.ts';

/** Classes (issue 11 §4, ADR 034): the timetable, booking, the /class screens, and the desk's class day (ADR 051). */
export const classEndpoints = {
  staffDay: endpoint({
    method: 'GET',
    path: '/api/v1/staff/classes',
    summary:
      "A club's classes starting on a Vietnam day, ?clubId= (EMPLOYEE/LEADER: their club, another 403; GM: required) &date=YYYY-MM-DD (today), with the booked and waitlisted members and their attendance (ADR 051)",
    auth: 'staff',
    query: staffClassesQuery,
    success: Codes.OK,
    response: staffClassesSchema,
  }),
  attendance: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/class-booking/{id}/attendance',
    summary:
      'The desk marks a booked member attended or not {attended}, from 30 min before the start to 24 h after the end (CLASS_ATTENDANCE_CLOSED, CLASS_ATTENDANCE_NOT_BOOKED, CLASS_CANCELLED); the same mark again changes nothing (ADR 051)',
    auth: 'staff',
    success: Codes.OK,
    body: classAttendanceBody,
    response: classAttendanceResultSchema,
  }),
  cancelSession: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/class-session/{id}/cancel',
    summary:
      'The desk cancels a class not yet started {reason}: every booking and waitlist place cancelled free, each member told; a repeat answers outcome already; started: CLASS_CANCEL_CLOSED (ADR 051)',
    auth: 'staff',
    success: Codes.OK,
    body: classCancelBody,
    response: classCancelResultSchema,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/v1/global/classes',
    summary:
      'The class sessions of one Vietnam day, by start (?clubId, ?date=YYYY-MM-DD, ?classTypeId, ?page, ?limit); with a member token, their booking on each (ADR 034)',
    auth: 'none',
    query: classesQuery,
    success: Codes.OK,
    response: z.array(classSessionSchema),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/v1/global/classes/{sessionId}',
    summary:
      "One class session: its type's and instructor's texts, spots left, waitlist, booking window; the member's booking when signed in",
    auth: 'none',
    success: Codes.OK,
    response: classSessionDetailSchema,
  }),
  types: endpoint({
    method: 'GET',
    path: '/api/v1/general/class-types',
    summary: 'Class types for the timetable filter',
    auth: 'none',
    success: Codes.OK,
    response: z.array(classTypeSchema.pick({ id: true, slug: true, nameVi: true, nameEn: true })),
  }),
  book: endpoint({
    method: 'POST',
    path: '/api/v1/member/classes/{sessionId}/booking',
    summary:
      'Book a spot (48 h to 30 min before the start), or with joinWaitlist a place in line when full; a repeat answers the same booking',
    auth: 'member',
    success: Codes.OK,
    body: classBookingBody,
    response: classBookingResultSchema,
  }),
  cancelBooking: endpoint({
    method: 'PUT',
    path: '/api/v1/member/class-bookings/{bookingId}/cancel',
    summary:
      'Cancel a booking or leave the waitlist: free until 2 h before (1 h after a promotion), late after, refused once started',
    auth: 'member',
    success: Codes.OK,
    response: classBookingResultSchema,
  }),
  bookings: endpoint({
    method: 'GET',
    path: '/api/v1/member/class-bookings',
    summary: "The member's booked and waitlisted classes still to come, soonest first",
    auth: 'member',
    success: Codes.OK,
    response: z.array(classSessionSchema),
  }),
  standing: endpoint({
    method: 'GET',
    path: '/api/v1/member/class-standing',
    summary: "The member's strikes (late cancels, no-shows) in 30 days and the end of a booking block",
    auth: 'member',
    success: Codes.OK,
    response: classStandingSchema,
  }),
  screen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/classes',
    summary:
      'The /class screen in one read: the shell, clubs (the member’s first), class types, 14 days and the chosen day’s sessions',
    auth: 'member',
    query: classesQuery,
    success: Codes.OK,
    response: z.object({ shell: memberShellSchema, classes: classesScreenSchema }),
  }),
  sessionScreen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/class/{sessionId}',
    summary: 'The /class/{id} screen in one read: the shell, the session and the member’s standing',
    auth: 'member',
    success: Codes.OK,
    response: z.object({ shell: memberShellSchema, class: classScreenSchema }),
  }),
  todayScreen: endpoint({
    method: 'GET',
    path: '/api/v1/member/screens/today-classes',
    summary:
      "The /home/today-classes screen in one read: the shell and today's remaining classes at the member's clubs",
    auth: 'member',
    success: Codes.OK,
    response: z.object({ shell: memberShellSchema, today: todayClassesScreenSchema }),
  }),
};
