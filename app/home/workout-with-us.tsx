import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { homePageContractsSchema } from '#contract/membership.ts';
import { loadContact, pick, telHref, tryLoad } from '#app/account/account.server.ts';
import { gatewayClient } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { Route } from './+types/workout-with-us';
import type { ShellHandle } from '#app/shell/layout.main.tsx';

// Issue 11 §5: the newcomer's guide. The texts are the page's own (no gateway read); only the
// numbers to call for a free trial session come from the gateway, until trial booking exists.

export const handle: ShellHandle = { strings: ['newcomer'], back: { to: '/home', label: 'nav.home' } };

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'newcomer.title');

type Hotline = { name: string | null; phone: string; href: string; note: string | null };

/**
 * Who to call for a trial session: the clubs of the member's current memberships first, then the
 * chain's hotline (all a member without a membership sees). Either read may fail alone.
 */
export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const [clubs, chain] = await Promise.all([
    tryLoad(async () => {
      const { data } = await gatewayClient(args)('/api/v1/member/contracts/home-page', homePageContractsSchema);
      const byClub = new Map<number, Hotline>();
      for (const c of data.currents) {
        if (!byClub.has(c.clubId)) byClub.set(c.clubId, { name: pick(lang, c.club.nameVi, c.club.nameEn), phone: c.club.hotline, href: telHref(c.club.hotline), note: null });
      }
      return [...byClub.values()];
    }),
    loadContact(args),
  ]);
  const hotlines: Hotline[] = [
    ...(clubs.ok ? clubs.value : []),
    ...(chain.ok ? [{ name: null, phone: chain.value.hotline, href: chain.value.hotlineHref, note: chain.value.hours }] : []),
  ];
  const failed = clubs.ok ? (chain.ok ? null : chain.message) : clubs.message;
  return { hotlines, hasClub: clubs.ok && clubs.value.length > 0, failed: hotlines.length ? null : failed };
}

const steps = ['id', 'checkIn', 'locker', 'tour', 'warmUp', 'light'] as const;
const toBring = ['clothes', 'water', 'towel', 'shower'] as const;
const classTypes = ['yoga', 'zumba', 'bodyPump', 'boxing', 'cycling', 'pilates', 'hiit'] as const;
const beginnerMoves = ['squat', 'press', 'pulldown', 'row', 'plank'] as const;

/** A titled part of the guide; its heading names it for screen readers. */
function Section({ id, title, className, children }: { id: string; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

export default function WorkoutWithUs({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { hotlines, hasClub, failed } = loaderData;
  return (
    <main className="page">
      <h1>{t('newcomer.title')}</h1>
      <p className="lead">{t('newcomer.lead')}</p>

      <Section id="first-visit" title={t('newcomer.firstVisit.title')}>
        <ol className="install-steps">
          {steps.map((step) => (
            <li key={step}>
              <strong>{t(`newcomer.firstVisit.${step}.title`)}</strong>
              <span className="block muted">{t(`newcomer.firstVisit.${step}.text`)}</span>
              {step === 'checkIn' ? (
                <Link to="/home/check-in" className="chip-link spaced">
                  {t('newcomer.firstVisit.openCheckIn')}
                </Link>
              ) : null}
            </li>
          ))}
        </ol>
      </Section>

      <Section id="bring" title={t('newcomer.bring.title')}>
        <ul>
          {toBring.map((item) => (
            <li key={item}>{t(`newcomer.bring.${item}`)}</li>
          ))}
        </ul>
      </Section>

      <Section id="classes" title={t('newcomer.classes.title')}>
        <p className="muted">{t('newcomer.classes.lead')}</p>
        <ul className="club-list">
          {classTypes.map((type) => (
            <li key={type} className="club">
              <p className="club-name">{t(`newcomer.classes.${type}.name`)}</p>
              <p className="muted small">{t(`newcomer.classes.${type}.text`)}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="beginner" title={t('newcomer.beginner.title')} className="notice">
        <p>{t('newcomer.beginner.text')}</p>
        <ol>
          {beginnerMoves.map((move) => (
            <li key={move}>{t(`newcomer.beginner.${move}`)}</li>
          ))}
        </ol>
        <p className="muted small">{t('newcomer.beginner.more')}</p>
        {/* /workout/newbie (the beginner workout, spec §2) does not exist yet: the Workout tab until it does. */}
        <Link to="/workout" className="button button-secondary">
          {t('newcomer.beginner.open')}
        </Link>
      </Section>

      <Section id="trial" title={t('newcomer.trial.title')} className="notice">
        {/* Free sessions from a plan or the experience pass are booked in the app (ADR 048); anyone can still call. */}
        <p>{t(hasClub ? 'newcomer.trial.textClub' : 'newcomer.trial.textChain')}</p>
        <p className="small">{t('newcomer.trial.inApp')}</p>
        <Link to="/pt/free-session" className="button button-primary">
          {t('newcomer.trial.book')}
        </Link>
        {failed ? (
          <LoadFailed message={failed} retryTo="/home/workout-with-us" />
        ) : (
          <ul className="menu">
            {hotlines.map((line) => (
              <li key={line.href + (line.name ?? '')}>
                <a href={line.href} className="menu-row">
                  <span>
                    <span className="row-label">{line.name ?? t('newcomer.trial.chain')}</span>
                    <span className="row-value">{line.phone}</span>
                    {line.note ? <span className="row-label">{line.note}</span> : null}
                  </span>
                  <span className="row-action">{t('newcomer.trial.call')}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </main>
  );
}
