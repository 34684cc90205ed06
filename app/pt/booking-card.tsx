import { Form } from 'react-router';
import { useT } from '#app/i18n.ts';
import { Icon } from '#app/ui/icons.tsx';
import { StarRating } from '#app/ui/stars.tsx';
import type { BookingView } from './pt.server.ts';

const STATE_ICONS = {
  WAITCUSCONFIRM: 'hourglass',
  WAITPTCONFIRM: 'clock',
  BOOKED: 'calendarCheck',
  COMPLETED: 'trophy',
  NO_SHOW: 'ban',
  CANCELLED: 'close',
  REJECTED: 'ban',
} as const;

/** What a card's forms send: the booking, and for a trial session its free session (ADR 048). */
function Ids({ booking }: { booking: BookingView }) {
  return (
    <>
      <input type="hidden" name="bookingId" value={booking.id} />
      {booking.freeSessionId === null ? null : (
        <input type="hidden" name="freeSessionId" value={booking.freeSessionId} />
      )}
    </>
  );
}

/** §3 PT booking card: day, times, trainer and club, the state with its own icon (§4), Cancel while unconfirmed, Accept or Reject a time the club proposed, stars once completed. */
export function BookingCard({ booking: b, error }: { booking: BookingView; error?: string }) {
  const { t } = useT();
  return (
    <div className={`contract-card booking-card booking-${b.status.toLowerCase()}`}>
      <span className="contract-card-top">
        <span className="contract-plan">
          {b.date} · {b.time}
        </span>
        <span className={`status-badge booking-state booking-state-${b.status.toLowerCase()}`}>
          <Icon name={STATE_ICONS[b.status]} size={16} />
          {t(`pt.booking.states.${b.status}`)}
        </span>
      </span>
      <span className="small">
        {b.trainerName} · {b.clubName}
      </span>
      {b.rating !== null ? <span className="small">{t('pt.booking.rated', { count: b.rating })}</span> : null}
      {b.canAnswer ? (
        <Form method="post" className="booking-action booking-answer">
          <Ids booking={b} />
          <button type="submit" name="intent" value="accept" className="button button-primary">
            {t('pt.trial.accept')}
          </button>
          <button type="submit" name="intent" value="reject" className="button button-secondary danger-text">
            {t('pt.trial.reject')}
          </button>
        </Form>
      ) : null}
      {b.canCancel ? (
        <Form method="post" className="booking-action">
          <Ids booking={b} />
          <button type="submit" name="intent" value="cancel" className="button button-secondary danger-text">
            {t('pt.booking.cancel')}
          </button>
        </Form>
      ) : null}
      {b.canRate ? (
        <Form method="post" className="booking-action">
          <Ids booking={b} />
          <StarRating
            id={`booking-${String(b.id)}-rating`}
            name="rating"
            className="stars-field booking-stars"
            texts={{
              legend: t('pt.booking.rate'),
              star: (n) => t('pt.booking.stars', { count: n }),
              chosen: (n) => t('pt.booking.stars', { count: n }),
              none: '',
            }}
          />
          <button type="submit" name="intent" value="rate" className="button button-primary">
            {t('pt.booking.sendRating')}
          </button>
        </Form>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
