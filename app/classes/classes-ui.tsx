import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import type { ClassCardView } from '#app/classes/classes.server.ts';

/** Windows in which spots no longer matter: booking has closed, the class is under way or over (issue 37). */
const pastWindows = {
  CLOSED: 'classCard.bookingClosed',
  STARTED: 'classCard.underWay',
  ENDED: 'classCard.ended',
} as const;

/** Spots left, full (with the line), cancelled by the club, or past booking (closed, under way, ended). */
export function SpotsText({
  card,
}: {
  card: Pick<ClassCardView, 'spotsLeft' | 'waitlistCount' | 'cancelled' | 'window'>;
}) {
  const { t } = useT();
  if (card.cancelled) return <span className="class-spots class-spots-none">{t('classCard.cancelledClass')}</span>;
  if (card.window !== 'OPEN' && card.window !== 'NOT_YET_OPEN') {
    return (
      <span className={`class-spots class-spots-past class-spots-${card.window.toLowerCase()}`}>
        {t(pastWindows[card.window])}
      </span>
    );
  }
  if (card.spotsLeft > 0)
    return <span className="class-spots">{t('classCard.spotsLeft', { count: card.spotsLeft })}</span>;
  return (
    <span className="class-spots class-spots-none">
      {card.waitlistCount > 0 ? t('classCard.fullWaiting', { count: String(card.waitlistCount) }) : t('classCard.full')}
    </span>
  );
}

/** The member's booking of a class, as a badge. */
export function BookingBadge({ booking }: { booking: ClassCardView['booking'] }) {
  const { t } = useT();
  if (!booking) return null;
  return (
    <span className={`status-badge class-state class-state-${booking.state.toLowerCase().replace('_', '-')}`}>
      {t(`classCard.state.${booking.state}`, { position: String(booking.position ?? '') })}
    </span>
  );
}

/** One class in a list: time, name and level, instructor and room, spots, the member's booking. */
export function ClassCard({
  card,
  showClub = false,
  showDay = false,
}: {
  card: ClassCardView;
  showClub?: boolean;
  showDay?: boolean;
}) {
  const { t } = useT();
  const mine = card.booking?.state === 'BOOKED' || card.booking?.state === 'ATTENDED';
  return (
    <li>
      <Link to={card.href} className={card.window === 'ENDED' ? 'class-card class-card-ended' : 'class-card'}>
        <span className="class-time">
          {showDay ? <span className="small muted">{card.day.slice(0, 5)}</span> : null}
          <strong>{card.start}</strong>
          <span className="small muted">{card.end}</span>
        </span>
        <span className="class-main">
          <span className="class-name">{card.name}</span>
          <span className="small muted">
            {t(`classCard.level.${card.level}`)} · {t('classCard.minutes', { count: String(card.minutes) })}
          </span>
          <span className="small">
            {t('classCard.with', { name: card.instructor })} · {card.room}
            {showClub ? ` · ${card.club}` : null}
          </span>
          <span className="class-card-foot">
            {/* A member with a spot needs no count of the others. */}
            {mine ? null : <SpotsText card={card} />}
            <BookingBadge booking={card.booking} />
          </span>
        </span>
      </Link>
    </li>
  );
}
