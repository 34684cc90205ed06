import { afterPlanWord } from '#api/format.ts';
import { Link } from 'react-router';
import { useT } from '#app/i18n.ts';
import type { HomeCardView } from '#app/payments/payment.server.ts';

/**
 * The membership header card of §2: a freeze in effect shows its end date; a member sees the plan,
 * club, end date and Check-in; a non-member gets Join now; an unpaid request asks to finish paying.
 */
export function MembershipCard({ card }: { card: HomeCardView }) {
  const { t } = useT();
  const { current, nextFuture, waiting, frozenUntil, frozenId } = card;
  const shown = current ?? nextFuture;
  return (
    <section className="membership-card" aria-labelledby="membership-card-title">
      {shown ? (
        <>
          <p className="membership-card-kicker">{current ? t('homeCard.yourMembership') : t('homeCard.upcoming')}</p>
          <h2 id="membership-card-title" className="membership-card-plan">
            {shown.planName}
          </h2>
          <p className="membership-card-club">{shown.allClubs ? t('homeCard.allClubs') : shown.clubName}</p>
          {frozenUntil ? (
            <p className="membership-card-frozen">{t('homeCard.frozenUntil', { date: frozenUntil })}</p>
          ) : current ? (
            <p className="membership-card-dates">{t('homeCard.validUntil', { date: current.endDate })}</p>
          ) : (
            <p className="membership-card-dates">{t('homeCard.startsOn', { date: shown.startDate })}</p>
          )}
          <div className="membership-card-actions">
            {current && !frozenUntil ? (
              <Link to="/home/check-in" className="button button-primary">
                {t('homeCard.checkIn')}
              </Link>
            ) : null}
            {frozenId !== null ? (
              <Link to={`/history/freeze/${frozenId}?open=unfreeze#unfreeze`} className="button button-primary">
                {t('homeCard.cancelFreeze')}
              </Link>
            ) : null}
            <Link to="/home/your-plan" className="button button-on-dark">
              {t('homeCard.yourPlan')}
            </Link>
          </div>
        </>
      ) : (
        <>
          <h2 id="membership-card-title" className="membership-card-plan">
            {t('homeCard.noMembershipTitle')}
          </h2>
          <p className="membership-card-club">{t('homeCard.noMembershipText')}</p>
          <div className="membership-card-actions">
            <Link to="/membership" className="button button-primary">
              {t('homeCard.joinNow')}
            </Link>
          </div>
        </>
      )}
      {waiting ? (
        <Link to={`/membership/payment/${waiting.id}`} className="membership-card-waiting">
          <span>{t('homeCard.waiting', { plan: afterPlanWord(waiting.planName), amount: waiting.total })}</span>
          {/* Money already arrived for it (another amount): never "complete your payment" then (issue 10). */}
          {waiting.unbooked.length ? (
            <strong>{t('homeCard.unbooked', { amount: waiting.unbooked[0].amount })}</strong>
          ) : (
            <strong>{t('homeCard.completePayment')}</strong>
          )}
        </Link>
      ) : null}
    </section>
  );
}
