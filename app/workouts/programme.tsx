import { useT } from '#app/i18n.ts';
import { pick } from '#app/account/account.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EverkineticCredit } from '#app/ui/everkinetic-credit.tsx';
import { LessonRow } from './workout-ui.tsx';
import { lessonCard, workoutScreenOf } from './workouts.server.ts';
import { programmeRead } from './workouts.read.server.ts';
import type { Route } from './+types/programme';

// §2 /workout/newbie (issue 15): the beginner programme, week by week.

export const handle: ShellHandle = { strings: ['workouts'], back: { to: '/workout', label: 'nav.workout' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [programmeRead.declare];

export const meta: Route.MetaFunction = ({ data: page, matches }) => pageMeta(matches, 'nav.workout', page?.name);

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  const { type: detail, progress } = await workoutScreenOf(args, programmeRead);
  const programme = detail.type;
  const lessons = detail.lessons.map((lesson) => lessonCard(args, lesson, progress));
  const weeks = [...new Set(lessons.map((lesson) => lesson.week ?? 1))].sort((a, b) => a - b);
  return {
    name: pick(lang, programme.nameVi, programme.nameEn),
    description: pick(lang, programme.descriptionVi, programme.descriptionEn),
    weeks: weeks.map((week) => ({ week, lessons: lessons.filter((lesson) => (lesson.week ?? 1) === week) })),
  };
}

export default function Programme({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page workouts">
      <h1>{loaderData.name}</h1>
      <p className="muted">{loaderData.description}</p>
      {loaderData.weeks.map(({ week, lessons }) => (
        <section key={week} aria-labelledby={`week-${String(week)}`}>
          <h2 id={`week-${String(week)}`} className="section-title">
            {t('workouts.week', { week })}
          </h2>
          <ul className="lesson-list">
            {lessons.map((lesson) => (
              <LessonRow key={lesson.id} lesson={lesson} showSession />
            ))}
          </ul>
        </section>
      ))}
      <EverkineticCredit />
    </main>
  );
}
