import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import type { ClubView, PtContractView, TrainerView } from './pt.server.ts';

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
      {paid ? (
        <span className="small">{t('pt.sessionsLeft', { left: c.sessionsLeft, total: c.sessions })}</span>
      ) : (
        <span className="small">{t('pt.sessionsCount', { count: c.sessions })}</span>
      )}
      {c.from && c.to ? (
        <span className="contract-dates small muted">
          {c.from} – {c.to}
        </span>
      ) : null}
      <span className="contract-total">{c.price}</span>
    </Link>
  );
}

/** The trainer's drawn avatar, or their initial. */
export function TrainerAvatar({ name, url, size }: { name: string; url: string | null; size?: 'small' }) {
  const className = size === 'small' ? 'avatar avatar-small' : 'avatar';
  if (url)
    return (
      <img
        src={url}
        alt=""
        className={className}
        width={size === 'small' ? 28 : 72}
        height={size === 'small' ? 28 : 72}
        loading="lazy"
        decoding="async"
      />
    );
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
          <span className="small">
            {trainer.rating
              ? t('pt.rating', { average: trainer.rating.average, count: trainer.rating.count })
              : t('pt.noRating')}
          </span>
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
      <span className="small muted">
        {t('pt.speaks', { languages: trainer.languages.map((l) => t(`pt.languageNames.${l}`)).join(', ') })}
      </span>
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

/** Why registering is off, if it is: the club is not open to the member's membership, or another PT package waits unpaid (with the way to it). */
export function RegisterBlockers({ access, unpaid }: { access: ClubView['access']; unpaid: PtContractView | null }) {
  const { t } = useT();
  return (
    <>
      {access !== 'OK' ? (
        <div className="notice" role="status">
          <p>{t(`pt.access.${access}`)}</p>
        </div>
      ) : null}
      {unpaid ? (
        <div className="notice" role="status">
          <p>{t('pt.unpaidTitle')}</p>
          <p className="small">
            {unpaid.packageName} · {unpaid.trainerName} · {t(`pt.status.${unpaid.badge}`)}
          </p>
          <Link to={unpaid.href} className="button button-secondary button-block">
            {t('pt.unpaidOpen')}
          </Link>
        </div>
      ) : null}
    </>
  );
}
