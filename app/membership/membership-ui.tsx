import { isRouteErrorResponse, Link } from 'react-router';
import type { ReactNode } from 'react';
import { afterPlanWord, durationText, formatVnd } from '#api/format.ts';
import { useT } from '#app/i18n.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { PageError } from '#app/ui/page-error.tsx';

// Issue 4's shared membership components (spec §2): plan card, prices, the membership error. The
// compare-plans panel and the FAQ, shown on /membership only, are in membership-guide.tsx.
// No import of api/membership.ts here: it carries zod, which must stay out of the browser
// (ADR 004). Its constants come in through the loaders (`membershipTerms`).

/** REFERRAL_BONUS_DAYS and PAYMENT_WINDOW_MINUTES of api/membership.ts, as the loaders pass them. */
export type MembershipTerms = { referralDays: number; paymentMinutes: number; freePtDays: number };

type PlanFigures = {
  id: number;
  isSubscription: boolean;
  name: string;
  tag: string | null;
  slogan: string;
  description: string;
  unit: 'month' | 'day';
  duration: number;
  originalPrice: number;
  price: number;
  pricePerMonth: number;
  joiningFee: number;
  joiningFeeDiscount: number;
  membershipDiscount: number;
  promotionCode: string | null;
  totalPaymentFirst: number;
  nextPayment: number | null;
  /** The plan's free PT sessions and the first days of the membership they are for (issue 37 §5). */
  freePtSessions: number;
  freePtDays: number;
};

export const useDurationText = () => {
  const { lang } = useT();
  return (plan: Pick<PlanFigures, 'unit' | 'duration'>) =>
    durationText({ value: plan.duration, unit: plan.unit }, lang);
};

/** The price line: the list price struck through when a discount applies, then the price (per month for a subscription). */
export function PlanPrice({ plan }: { plan: PlanFigures }) {
  const { t, lang } = useT();
  return (
    <p className="plan-price">
      {plan.originalPrice > plan.price ? (
        <s className="plan-original">
          <span className="visually-hidden">{t('membership.card.originalPrice')} </span>
          {formatVnd(plan.originalPrice, lang)}
        </s>
      ) : null}
      <span className="plan-now">
        <strong className="plan-amount">{formatVnd(plan.price, lang)}</strong>
        {plan.isSubscription ? <span className="plan-per">{t('membership.card.perMonth')}</span> : null}
      </span>
    </p>
  );
}

/** The joining fee as this member pays it: free, struck-through when waived, or the amount. */
export function JoiningFee({ plan }: { plan: Pick<PlanFigures, 'joiningFee' | 'joiningFeeDiscount'> }) {
  const { t, lang } = useT();
  const due = plan.joiningFee - plan.joiningFeeDiscount;
  if (plan.joiningFee === 0) return <>{t('membership.card.joiningFeeWaived')}</>;
  return (
    <>
      {plan.joiningFeeDiscount > 0 ? <s className="plan-original">{formatVnd(plan.joiningFee, lang)}</s> : null}{' '}
      {due === 0 ? t('membership.card.joiningFeeWaived') : formatVnd(due, lang)}
    </>
  );
}

/** Duration and joining fee of a plan as a definition list, plus any further facts given as children. */
export function PlanFacts({
  plan,
  className,
  children,
}: {
  plan: PlanFigures;
  className: string;
  children?: ReactNode;
}) {
  const { t } = useT();
  const durationText = useDurationText();
  return (
    <dl className={className}>
      <div>
        <dt>{t('membership.card.duration')}</dt>
        <dd>{durationText(plan)}</dd>
      </div>
      <div>
        <dt>{t('membership.card.joiningFee')}</dt>
        <dd>
          <JoiningFee plan={plan} />
        </dd>
      </div>
      {plan.freePtSessions > 0 ? (
        <div>
          <dt>{t('membership.card.freePt')}</dt>
          <dd>{t('membership.card.freePtText', { count: plan.freePtSessions, days: plan.freePtDays })}</dd>
        </div>
      ) : null}
      {children}
    </dl>
  );
}

/** §3 plan card: name, tag, slogan, prices, duration, joining fee, discount, offer detail, select. */
export function PlanCard({ plan, to }: { plan: PlanFigures; to: string }) {
  const { t, lang } = useT();
  const discount = plan.membershipDiscount + plan.joiningFeeDiscount;
  const headingId = `plan-${plan.id}`;
  return (
    <article className="plan-card" aria-labelledby={headingId}>
      <div className="plan-head">
        <h3 id={headingId} className="plan-name">
          {plan.name}
        </h3>
        {plan.tag ? <span className="plan-tag">{plan.tag}</span> : null}
      </div>
      <p className="plan-slogan">{plan.slogan}</p>
      <PlanPrice plan={plan} />
      {!plan.isSubscription && plan.unit === 'month' && plan.duration > 1 ? (
        <p className="plan-monthly">
          {t('membership.card.pricePerMonth', { price: formatVnd(plan.pricePerMonth, lang) })}
        </p>
      ) : null}
      <PlanFacts plan={plan} className="plan-facts">
        {discount > 0 ? (
          <div>
            <dt>{t('membership.card.discount')}</dt>
            <dd className="plan-save">{t('membership.card.save', { amount: formatVnd(discount, lang) })}</dd>
          </div>
        ) : null}
        {plan.nextPayment !== null ? (
          <div>
            <dt>{t('membership.card.nextTitle')}</dt>
            <dd>{t('membership.card.nextPayment', { amount: formatVnd(plan.nextPayment, lang) })}</dd>
          </div>
        ) : null}
      </PlanFacts>
      <details className="plan-offer">
        <summary>{t('membership.card.offerDetail')}</summary>
        <p>{plan.description}</p>
        {plan.promotionCode ? (
          <p className="plan-save">{t('membership.card.coupon', { code: plan.promotionCode })}</p>
        ) : null}
        <p>
          {t('membership.card.firstPayment')}: <strong>{formatVnd(plan.totalPaymentFirst, lang)}</strong>
        </p>
      </details>
      <Link
        to={to}
        className="button button-primary button-block"
        aria-label={t('membership.card.selectPlan', { plan: afterPlanWord(plan.name) })}
      >
        {t('membership.card.select')}
      </Link>
    </article>
  );
}

/** The error boundary of the club and plan pages: an unknown club or plan is "not found" with a way back to the clubs. */
export function MembershipError({ error }: { error: unknown }) {
  const { t } = useT();
  if (!(isRouteErrorResponse(error) && error.status === 404)) return <PageError error={error} home="/membership" />;
  return (
    <main className="page">
      <EmptyState icon="membership" title={t('membership.notFound')} text="">
        <Link to="/membership" className="button button-secondary">
          {t('membership.chooseClub')}
        </Link>
      </EmptyState>
    </main>
  );
}
