import { useEffect, useRef } from 'react';
import { Form, Link, useSubmit } from 'react-router';
import { pick, tryLoad } from '#app/account/account.server.ts';
import { useT } from '#app/i18n.ts';
import { getLang } from '#app/server/i18n.server.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EmptyState } from '#app/ui/empty-state.tsx';
import { pageMeta } from '#app/ui/meta.ts';
import { useHydrated } from '#app/ui/hooks.ts';
import { classCardView, standingView } from './classes.server.ts';
import { classesRead } from './classes.read.server.ts';
import { ClassCard } from '#app/classes/classes-ui.tsx';
import { TimetableFailed } from '#app/classes/timetable-failed.tsx';
import type { Route } from './+types/classes';

// Issue 11 §4: the class timetable. A day strip (today and the next 13 days, §9's swipe list: 6 days
// per view, a swipe of 50 px moves 5), the member's clubs first, a type filter, the day's classes.
// Every choice is a link or a GET form: it all works without JavaScript.

export const handle: ShellHandle = { strings: ['classCards', 'classes'], back: { to: '/home', label: 'nav.home' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [classesRead.declare];

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, 'classes.title');

/** §9 swipe list. */
const SWIPE = { perView: 6, threshold: 50, step: 5 } as const;

const href = (params: { club: number | null; date: string; type: number | null }) => {
  const query = new URLSearchParams();
  if (params.club !== null) query.set('club', String(params.club));
  query.set('date', params.date);
  if (params.type !== null) query.set('type', String(params.type));
  return `/class?${query.toString()}`;
};

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const screen = await tryLoad(async () => {
    const classesScreen = await classesRead.screen(args);
    const { clubId, classTypeId, date } = classesScreen;
    return {
      clubId,
      classTypeId,
      date,
      clubs: classesScreen.clubs.map((club) => ({
        id: club.id,
        name: pick(lang, club.nameVi, club.nameEn),
        mine: club.mine,
      })),
      days: classesScreen.days.map((day, index) => ({
        date: day,
        weekday: new Date(`${day}T00:00:00Z`).getUTCDay(),
        dayOfMonth: Number(day.slice(8, 10)),
        isToday: index === 0,
        href: href({ club: clubId, date: day, type: classTypeId }),
      })),
      types: [
        { id: null, name: null, href: href({ club: clubId, date, type: null }) },
        ...classesScreen.classTypes.map((type) => ({
          id: type.id,
          name: pick(lang, type.nameVi, type.nameEn),
          href: href({ club: clubId, date, type: type.id }),
        })),
      ],
      sessions: classesScreen.sessions.map((session) => classCardView(session, lang)),
      standing: standingView(classesScreen.standing),
    };
  });
  return { screen };
}

/** Today and the next 13 days; the chosen one stays in view; a swipe moves 5 days (with JavaScript). */
function DayStrip({
  days,
  selected,
}: {
  days: { date: string; weekday: number; dayOfMonth: number; isToday: boolean; href: string }[];
  selected: string;
}) {
  const { t } = useT();
  const list = useRef<HTMLOListElement>(null);
  const hydrated = useHydrated();
  const weekdays = t('classes.weekdaysShort').split('|');
  useEffect(() => {
    const strip = list.current;
    if (!strip) return;
    const chosen = strip.querySelector<HTMLElement>('[aria-current="date"]');
    const width = strip.clientWidth / SWIPE.perView;
    if (chosen) strip.scrollLeft = Math.floor(chosen.offsetLeft / width / SWIPE.step) * SWIPE.step * width;
    let startX: number | null = null;
    const down = (event: PointerEvent) => (startX = event.clientX);
    const up = (event: PointerEvent) => {
      if (startX === null) return;
      const dx = event.clientX - startX;
      startX = null;
      if (Math.abs(dx) < SWIPE.threshold) return;
      strip.scrollBy({
        left: (dx < 0 ? 1 : -1) * SWIPE.step * (strip.clientWidth / SWIPE.perView),
        behavior: 'smooth',
      });
    };
    strip.addEventListener('pointerdown', down);
    strip.addEventListener('pointerup', up);
    return () => {
      strip.removeEventListener('pointerdown', down);
      strip.removeEventListener('pointerup', up);
    };
  }, [selected]);
  return (
    <nav aria-label={t('classes.days')}>
      <ol ref={list} className={hydrated ? 'day-strip day-strip-swipe' : 'day-strip'}>
        {days.map((day) => (
          <li key={day.date}>
            <Link
              to={day.href}
              className="day-link"
              aria-current={day.date === selected ? 'date' : undefined}
              preventScrollReset
            >
              <span className="small">{day.isToday ? t('classes.today') : weekdays[day.weekday]}</span>
              <strong>{day.dayOfMonth}</strong>
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}

export default function Classes({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const submit = useSubmit();
  const { screen } = loaderData;
  if (!screen.ok) {
    return <TimetableFailed message={screen.message} />;
  }
  const { clubs, clubId, date, days, types, classTypeId, sessions, standing } = screen.value;
  return (
    <main className="page classes-page">
      <h1>{t('classes.title')}</h1>
      <p className="lead">{t('classes.lead')}</p>
      {standing.blockedUntil ? (
        <p className="notice notice-error" role="status">
          {t('classes.blocked', { date: standing.blockedUntil })}
        </p>
      ) : null}
      <Form method="get" action="/class" className="class-club-form" preventScrollReset>
        <label className="field">
          <span className="row-label">{t('classes.club')}</span>
          <select
            name="club"
            className="input"
            defaultValue={clubId ?? undefined}
            key={clubId}
            onChange={(event) => void submit(event.currentTarget.form)}
          >
            {clubs.map((club) => (
              <option key={club.id} value={club.id}>
                {club.mine ? `${club.name} ${t('classes.yourClub')}` : club.name}
              </option>
            ))}
          </select>
        </label>
        <input type="hidden" name="date" value={date} />
        {classTypeId !== null ? <input type="hidden" name="type" value={classTypeId} /> : null}
        <noscript>
          <button type="submit" className="button button-secondary">
            {t('classes.show')}
          </button>
        </noscript>
      </Form>
      <DayStrip days={days} selected={date} />
      <nav aria-label={t('classes.types')}>
        <ul className="class-types">
          {types.map((type) => (
            <li key={type.id ?? 'all'}>
              <Link
                to={type.href}
                className="chip-link"
                aria-current={type.id === classTypeId ? 'true' : undefined}
                preventScrollReset
              >
                {type.name ?? t('classes.allTypes')}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {sessions.length === 0 ? (
        <EmptyState icon="workout" title={t('classes.emptyTitle')} text={t('classes.emptyText')} />
      ) : (
        <ul className="class-list">
          {sessions.map((card) => (
            <ClassCard key={card.id} card={card} />
          ))}
        </ul>
      )}
    </main>
  );
}
