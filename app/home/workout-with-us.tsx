import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ptEndpoints } from '#api/endpoints/pt.ts';
import { loadContact, pick, telHref, tryLoad } from '#app/account/account.server.ts';
import { loadFreePtOffers } from '#app/membership/membership.server.ts';
import { FreePtOfferLines } from '#app/membership/free-pt-offers.tsx';
import { gatewayClient, softRead } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import { shellOnly } from '#app/server/member-read.server.ts';
import type { Route } from './+types/workout-with-us';
import type { ShellHandle } from '#app/shell/handle.ts';
import { membershipEndpoints } from '#api/endpoints/membership.ts';

// Issue 11 §5: the newcomer's guide. The texts are the page's own; the numbers to call for a free
// trial session, the plans that give free PT sessions (issue 37 §5) and whether the member has one
// to book (issue 37 §4) come from the gateway.

export const handle: ShellHandle = { strings: ['newcomer'], back: { to: '/home', label: 'nav.home' } };

/** No screen read: the layout reads the member shell alone, the page its own data (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [shellOnly];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'newcomer.title');

type Hotline = { name: string | null; phone: string; href: string; note: string | null };

/**
 * Who to call for a trial session: the clubs of the member's current memberships first, then the
 * chain's hotline; a member without one also gets every club's number. Each read may fail alone.
 */
export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const call = gatewayClient(args);
  const [clubs, chain, free, freePt] = await Promise.all([
    tryLoad(async () => {
      const { data } = await call(membershipEndpoints.homePage);
      const byClub = new Map<number, Hotline>();
      for (const c of data.currents) {
        if (!byClub.has(c.clubId))
          byClub.set(c.clubId, {
            name: pick(lang, c.club.nameVi, c.club.nameEn),
            phone: c.club.hotline,
            href: telHref(c.club.hotline),
            note: null,
          });
      }
      return [...byClub.values()];
    }),
    loadContact(args),
    softRead(async () => (await call(ptEndpoints.trialSummary)).data, null),
    loadFreePtOffers(args),
  ]);
  const hotlines: Hotline[] = [
    ...(clubs.ok ? clubs.value : []),
    ...(chain.ok
      ? [{ name: null, phone: chain.value.hotline, href: chain.value.hotlineHref, note: chain.value.hours }]
      : []),
  ];
  const hasClub = clubs.ok && clubs.value.length > 0;
  // Without a club of their own, the member may call any club (issue 37 §4).
  const clubLines: Hotline[] =
    !hasClub && chain.ok
      ? chain.value.clubs.map((c) => ({
          name: c.name,
          phone: c.hotline,
          href: c.hotlineHref,
          note: `${c.address}, ${c.district}`,
        }))
      : [];
  const failed = clubs.ok ? (chain.ok ? null : chain.message) : clubs.message;
  // A trial to book or one in the works: the button leads to it, and back here.
  const trial =
    free && (free.left > 0 || free.open)
      ? {
          left: free.left,
          open: free.open !== null,
          href: `/pt/free-session?${free.clubId === null ? '' : `club=${String(free.clubId)}&`}from=guide`,
        }
      : null;
  return { hotlines, clubLines, hasClub, failed: hotlines.length ? null : failed, trial, offers: freePt };
}

const steps = ['id', 'checkIn', 'locker', 'tour', 'warmUp', 'light'] as const;
const toBring = ['clothes', 'water', 'towel', 'shower'] as const;
const classTypes = ['yoga', 'zumba', 'bodyPump', 'boxing', 'cycling', 'pilates', 'hiit'] as const;
const beginnerMoves = ['squat', 'press', 'pulldown', 'row', 'plank'] as const;

/** A titled part of the guide; its heading names it for screen readers. */
function Section({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Numbers to call, each a row with its name (the chain's when none) and "Call". */
function HotlineList({ lines }: { lines: Hotline[] }) {
  const { t } = useT();
  return (
    <ul className="menu">
      {lines.map((line) => (
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
  );
}

export default function WorkoutWithUs({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { hotlines, clubLines, hasClub, failed, trial, offers } = loaderData;
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
        {trial ? (
          <>
            <p>{trial.open ? t('newcomer.trial.haveOpen') : t('newcomer.trial.have', { count: trial.left })}</p>
            <Link to={trial.href} className="button button-primary">
              {trial.open ? t('newcomer.trial.view') : t('newcomer.trial.book')}
            </Link>
          </>
        ) : (
          <>
            {/* No free session to book: call a club to try (issue 37 §4); the plans that give some, as the plans say. */}
            <p>{t(hasClub ? 'newcomer.trial.textClub' : 'newcomer.trial.textChain')}</p>
            <FreePtOfferLines
              offers={offers}
              say={(offer, days) => t('newcomer.trial.offer', { plans: offer.plans, count: offer.sessions, days })}
            />
            <Link to="/membership" className="button button-secondary">
              {t('newcomer.trial.seePlans')}
            </Link>
          </>
        )}
        {failed ? <LoadFailed message={failed} retryTo="/home/workout-with-us" /> : <HotlineList lines={hotlines} />}
        {clubLines.length > 0 ? (
          <details className="trial-clubs">
            <summary>{t('newcomer.trial.clubs')}</summary>
            <HotlineList lines={clubLines} />
          </details>
        ) : null}
      </Section>
    </main>
  );
}
