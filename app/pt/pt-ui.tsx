import { Form, Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import { Icon } from '#app/ui/icons.tsx';
import type { BookingView, EContractView, PtContractView, TrainerView } from './pt.server.ts';

/** One PT package as a card: package, trainer, club, status, sessions left and dates; leads to its page. */
export function PtContractCard({ contract: c }: { contract: PtContractView }) {
  const { t } = useT();
  const paid = c.status === 'FUTURE' || c.status === 'CURRENT' || (c.status === 'PAST' && c.badge === 'PAST');
  return (
    <Link to={c.href} className="contract-card pt-contract-card">
      <span className="contract-card-top">
        <span className="contract-plan">{c.packageName}</span>
        <span className={`status-badge pt-status-${c.badge.toLowerCase()}`}>{t(`pt.status.${c.badge}`)}</span>
      </span>
      <span className="pt-trainer-line">
        <TrainerAvatar name={c.trainerName} url={c.trainerAvatarUrl} size="small" />
        <span>{t('pt.with', { name: c.trainerName })}</span>
      </span>
      <span className="contract-club">{c.clubName}</span>
      {paid ? <span className="small">{t('pt.sessionsLeft', { left: c.sessionsLeft, total: c.sessions })}</span> : <span className="small">{t('pt.sessionsCount', { count: c.sessions })}</span>}
      {c.from && c.to ? <span className="contract-dates small muted">{c.from} – {c.to}</span> : null}
      <span className="contract-total">{c.price}</span>
    </Link>
  );
}

/** The trainer's drawn avatar, or their initial. */
export function TrainerAvatar({ name, url, size }: { name: string; url: string | null; size?: 'small' }) {
  const className = size === 'small' ? 'avatar avatar-small' : 'avatar';
  if (url) return <img src={url} alt="" className={className} width={size === 'small' ? 28 : 72} height={size === 'small' ? 28 : 72} loading="lazy" decoding="async" />;
  return (
    <span className={`${className} avatar-empty`} aria-hidden="true">
      {name.trim().split(/\s+/).at(-1)?.[0] ?? '?'}
    </span>
  );
}

/** What a member chooses a trainer by: rating, years, specialities, languages, certificates, the week at the club. */
export function TrainerFacts({ trainer, showWeek }: { trainer: TrainerView; showWeek?: boolean }) {
  const { t } = useT();
  return (
    <>
      <span className="trainer-head">
        <TrainerAvatar name={trainer.name} url={trainer.avatarUrl} />
        <span className="trainer-name-block">
          <span className="trainer-name">{trainer.name}</span>
          <span className="small">{trainer.rating ? t('pt.rating', { average: trainer.rating.average, count: trainer.rating.count }) : t('pt.noRating')}</span>
          <span className="small muted">{t('pt.years', { count: trainer.years })}</span>
        </span>
      </span>
      <span className="pt-tags">
        {trainer.specialities.map((s) => (
          <span key={s} className="pt-tag">
            {s}
          </span>
        ))}
      </span>
      <span className="small muted">{t('pt.speaks', { languages: trainer.languages.map((l) => t(`pt.languageNames.${l}`)).join(', ') })}</span>
      <span className="small muted">{trainer.certificates.join(' · ')}</span>
      {showWeek ? (
        <>
          <span className="small">{trainer.bio}</span>
          <span className="trainer-week-title">{t('pt.week')}</span>
          <dl className="trainer-week small">
            {trainer.week.map((d) => (
              <div key={d.weekday}>
                <dt>{t(`pt.weekdays.${d.weekday}`)}</dt>
                <dd>{d.spans}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
    </>
  );
}

const STATE_ICONS = { WAITCUSCONFIRM: 'hourglass', WAITPTCONFIRM: 'clock', BOOKED: 'calendarCheck', COMPLETED: 'trophy', CANCELLED: 'close', REJECTED: 'ban' } as const;

/** §3 PT booking card: day, times, trainer and club, the state with its own icon (§4), Cancel while unconfirmed, stars once completed. */
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
      {b.canCancel ? (
        <Form method="post" className="booking-action">
          <input type="hidden" name="bookingId" value={b.id} />
          <button type="submit" name="intent" value="cancel" className="button button-secondary danger-text">
            {t('pt.booking.cancel')}
          </button>
        </Form>
      ) : null}
      {b.canRate ? (
        <Form method="post" className="booking-action">
          <input type="hidden" name="bookingId" value={b.id} />
          <fieldset className="stars">
            <legend className="small">{t('pt.booking.rate')}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className="star">
                <input type="radio" name="rating" value={n} />
                <span aria-hidden="true">★</span>
                <span className="visually-hidden">{t('pt.booking.stars', { count: n })}</span>
              </label>
            ))}
          </fieldset>
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

/** A PT page whose read failed (the gateway's message, in the page's frame). */
export function PtPageFailed({ title, message }: { title: string; message: string }) {
  return (
    <main className="page pt-page">
      <h1>{title}</h1>
      <div className="notice notice-error" role="alert">
        <p>{message}</p>
      </div>
    </main>
  );
}

/** The contract's text as it is signed, and its SHA-256 (ADR 047). */
export function EContractText({ contract: c }: { contract: EContractView }) {
  const { t } = useT();
  return (
    <article className="e-contract-text">
      <h1>{c.title}</h1>
      {c.sections.map((s) => (
        <section key={s.heading}>
          <h2>{s.heading}</h2>
          {s.paragraphs.map((p, i) => (
            <p key={i}>{p}</p>
          ))}
        </section>
      ))}
      <p className="small muted e-contract-hash">
        {t('pt.eContract.fingerprint')}: <span className="mono">{c.documentSha256}</span>
      </p>
    </article>
  );
}
