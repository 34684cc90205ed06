import { pick, webMediaUrl } from '#app/account/account.server.ts';
import {
  CLASS_FREE_CANCEL_HOURS,
  type ClassSession,
  type ClassSessionDetail,
  type ClassStanding,
} from '#api/classes.ts';
import type { Lang } from '#api/codes.ts';
import { formatDate, formatDateTime, formatTime } from '#api/format.ts';

/** A class as its card shows it, in the page's language and Vietnam time. */
export function classCardView(session: ClassSession, lang: Lang) {
  const booking = session.myBooking;
  return {
    id: session.id,
    href: `/class/${String(session.id)}`,
    start: formatTime(session.startsAt),
    end: formatTime(session.endsAt),
    day: formatDate(session.startsAt),
    name: pick(lang, session.classType.nameVi, session.classType.nameEn),
    level: session.classType.level,
    minutes: session.classType.durationMinutes,
    instructor: session.instructor.fullName,
    room: pick(lang, session.room.nameVi, session.room.nameEn),
    club: pick(lang, session.club.nameVi, session.club.nameEn),
    spotsLeft: session.spotsLeft,
    capacity: session.capacity,
    waitlistCount: session.waitlistCount,
    cancelled: session.cancelled,
    window: session.bookingWindow,
    booking: booking ? { state: booking.state, position: booking.waitlistPosition } : null,
  };
}
export type ClassCardView = ReturnType<typeof classCardView>;

/**
 * The class page: the card's facts and the type's and instructor's texts, the times the buttons depend on;
 * `bookedLate`: a spot booked now could not be given back free any more (2 h before the start), said before booking (issue 37).
 */
export function classDetailView(session: ClassSessionDetail, lang: Lang, now = Date.now()) {
  const booking = session.myBooking;
  return {
    ...classCardView(session, lang),
    bookedLate: now >= Date.parse(session.startsAt) - CLASS_FREE_CANCEL_HOURS * 3_600_000,
    description: pick(lang, session.classType.descriptionVi, session.classType.descriptionEn),
    bring: pick(lang, session.classType.bringVi, session.classType.bringEn),
    instructorBio: pick(lang, session.instructor.bioVi, session.instructor.bioEn),
    instructorAvatar: webMediaUrl(session.instructor.avatarUrl),
    opensAt: formatDateTime(session.bookingOpensAt),
    myBooking: booking
      ? {
          id: booking.bookingId,
          state: booking.state,
          position: booking.waitlistPosition,
          canCancel: booking.canCancel,
          freeCancelUntil: booking.freeCancelUntil ? formatDateTime(booking.freeCancelUntil) : null,
          promotedAt: booking.promotedAt ? formatDateTime(booking.promotedAt) : null,
        }
      : null,
  };
}
export type ClassDetailView = ReturnType<typeof classDetailView>;

export const standingView = (standing: ClassStanding) => ({
  strikes: standing.strikes,
  blockedUntil: standing.blockedUntil ? formatDateTime(standing.blockedUntil) : null,
});
