import { Link, useRouteLoaderData } from 'react-router';
import { BusynessBadge, InsideNow } from '#app/membership/busyness.tsx';
import { Icon } from '#app/ui/icons.tsx';
import { formatDate } from '#api/format.ts';
import { tryLoad } from '#app/account/account.server.ts';
import { LoadFailed } from '#app/ui/load-failed.tsx';
import { MembershipCard } from '#app/membership/membership-card.tsx';
import { getLang } from '#app/server/i18n.server.ts';
import { homeCardView } from '#app/payments/payment.server.ts';
import { homeRead } from './home.read.server.ts';
import type { Route } from './+types/home';
import { useT } from '#app/i18n.ts';
import { SignOutForm } from '#app/auth/sign-out-form.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import type { ShellData } from '#app/frame/layout.main.server.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { classCardView } from '#app/classes/classes.server.ts';
import { ClassCard } from '#app/classes/classes-ui.tsx';

/** The string parts this page uses (ADR 030). */
export const handle: StringsHandle = { strings: ['home', 'busyness', 'classCards'] };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [homeRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'home.greetingNoName');

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  // No call of its own (issue 18): the card's contracts come with the layout's shell in the one
  // /member/home read. The card failing must not take the home page down with it.
  const home = homeRead.screen(args);
  const card = await tryLoad(async () => homeCardView((await home).homePage, lang));
  // Issue 11 §3: how busy the member's club is now, from the same read (none when it failed).
  const busyness = await home.then(
    (read) => read.busyness,
    () => null,
  );
  const clubId = card.ok ? (card.value.current?.clubId ?? null) : null;
  // Issue 11 §5: the next class booked and 3 of today's, from the same read. A next class that is
  // today is shown once, as the next class, not again in today's list (the count still says all).
  const classes = await home.then(
    ({ classes: mine }) => ({
      next: mine.next ? classCardView(mine.next, lang) : null,
      today: mine.today
        .filter((session) => session.id !== mine.next?.id)
        .map((session) => classCardView(session, lang)),
      todayTotal: mine.todayTotal,
    }),
    () => null,
  );
  // Issue 37 §5: the free PT sessions the member's plan gave (ADR 048), as they stand; none, nothing shown.
  const trial = await home.then(
    ({ trial: free }) =>
      free.left > 0 || free.inTheWorks
        ? {
            left: free.left,
            validUntil: free.validUntil ? formatDate(free.validUntil) : null,
            inTheWorks: free.inTheWorks,
            href: `/pt/free-session?${free.clubId === null ? '' : `club=${String(free.clubId)}&`}from=home`,
          }
        : null,
    () => null,
  );
  // Issue 37 §12: the welcome and the sign-out button are for a member who has no membership yet.
  const newcomer = card.ok && !card.value.current && !card.value.nextFuture && !card.value.waiting;
  return { card, busyness, clubId, classes, trial, newcomer };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { card } = loaderData;
  const fullName = useRouteLoaderData<ShellData>('frame/layout.main')?.fullName;
  return (
    <main className="page">
      <h1>{fullName ? t('home.greeting', { name: fullName }) : t('home.greetingNoName')}</h1>
      {card.ok ? <MembershipCard card={card.value} /> : <LoadFailed message={card.message} retryTo="/home" />}
      {loaderData.busyness && loaderData.clubId !== null ? (
        <Link to={`/membership/${String(loaderData.clubId)}/detail`} className="home-busyness">
          <span className="muted small">{t('busyness.yourClub')}</span>
          <BusynessBadge busyness={loaderData.busyness} />
          <InsideNow busyness={loaderData.busyness} />
        </Link>
      ) : null}
      {loaderData.trial ? (
        <Link to={loaderData.trial.href} className="contract-card trial-card">
          <span className="contract-plan">
            <Icon name="gift" size={18} />{' '}
            {loaderData.trial.inTheWorks
              ? t('home.trial.open')
              : t('home.trial.left', { count: loaderData.trial.left })}
          </span>
          {!loaderData.trial.inTheWorks && loaderData.trial.validUntil ? (
            <span className="small">{t('home.trial.until', { date: loaderData.trial.validUntil })}</span>
          ) : null}
          <span className="trial-card-action">
            {loaderData.trial.inTheWorks ? t('home.trial.view') : t('home.trial.book')}
          </span>
        </Link>
      ) : null}
      {loaderData.classes?.next ? (
        <section aria-labelledby="next-class">
          <h2 id="next-class" className="section-title">
            {t('home.nextClass')}
          </h2>
          <ul className="class-list">
            <ClassCard card={loaderData.classes.next} showClub showDay />
          </ul>
        </section>
      ) : null}
      {loaderData.classes && loaderData.classes.today.length > 0 ? (
        <section aria-labelledby="today-classes">
          <h2 id="today-classes" className="section-title">
            {t('home.todayClasses')}
          </h2>
          <ul className="class-list">
            {loaderData.classes.today.map((today) => (
              <ClassCard key={today.id} card={today} showClub />
            ))}
          </ul>
          <Link to="/home/today-classes" className="link">
            {t('home.seeAll', { count: String(loaderData.classes.todayTotal) })}
          </Link>
        </section>
      ) : null}
      <nav aria-label={t('home.shortcuts')} className="home-links">
        <Link to="/class" className="chip-link">
          {t('home.classes')}
        </Link>
        <Link to="/workout" className="chip-link">
          {t('home.workouts')}
        </Link>
        <Link to="/pt" className="chip-link">
          {t('home.pt')}
        </Link>
        <Link to="/home/workout-with-us" className="chip-link">
          {t('home.newcomer')}
        </Link>
        <Link to="/home/referral" className="chip-link">
          {t('home.referral')}
        </Link>
      </nav>
      {loaderData.newcomer ? (
        <>
          <p className="lead">{t('home.lead')}</p>
          <SignOutForm>
            <button type="submit" className="button button-secondary button-block">
              {t('home.signOut')}
            </button>
          </SignOutForm>
        </>
      ) : null}
    </main>
  );
}
