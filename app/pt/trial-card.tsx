import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import { Icon } from '#app/ui/icons.tsx';
import type { BookingView } from './pt.server.ts';

/** /pt's card for trial sessions (ADR 048): the one in the works, or how many are left and until when; nothing when neither. */
export function TrialCard({
  trial,
}: {
  trial: { left: number; validUntil: string | null; href: string; open: BookingView | null };
}) {
  const { t } = useT();
  if (!trial.open && trial.left === 0) return null;
  return (
    <Link to={trial.href} className="contract-card trial-card">
      <span className="contract-card-top">
        <span className="contract-plan">
          <Icon name="gift" size={18} /> {trial.open ? t('pt.trial.cardOpen') : t('pt.trial.card')}
        </span>
      </span>
      {trial.open ? (
        <span className="small">
          {trial.open.date} · {trial.open.time} · {t(`pt.booking.states.${trial.open.status}`)}
        </span>
      ) : (
        <span className="small">
          {t('pt.trial.leftShort', { count: trial.left })}
          {trial.validUntil ? ` · ${t('pt.trial.until', { date: trial.validUntil })}` : ''}
        </span>
      )}
      <span className="trial-card-action">{trial.open ? t('pt.trial.view') : t('pt.trial.book')}</span>
    </Link>
  );
}
