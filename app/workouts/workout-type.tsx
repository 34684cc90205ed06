import { useT } from '#app/i18n.ts';
import { pick } from '#app/account/account.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EverkineticCredit } from '#app/ui/everkinetic-credit.tsx';
import { LessonRow } from './workout-ui.tsx';
import { idOf, lessonCard, workoutScreenOf } from './workouts.server.ts';
import { workoutTypeRead } from './workouts.read.server.ts';
import type { Route } from './+types/workout-type';

// §2 /workout/type/{workoutTypeId} (issue 15): one body part's lessons with length, level and done marks.

export const handle: ShellHandle = { strings: ['workouts'], back: { to: '/workout', label: 'nav.workout' } };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [workoutTypeRead.declare];

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(matches, 'nav.workout', data?.name);

export async function loader(args: Route.LoaderArgs) {
  const lang = getLang(args.context);
  idOf(args.params.workoutTypeId);
  const { type: detail, progress } = await workoutScreenOf(args, workoutTypeRead);
  return {
    name: pick(lang, detail.type.nameVi, detail.type.nameEn),
    description: pick(lang, detail.type.descriptionVi, detail.type.descriptionEn),
    lessons: detail.lessons.map((lesson) => lessonCard(args, lesson, progress)),
  };
}

export default function WorkoutType({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  return (
    <main className="page workouts">
      <h1>{loaderData.name}</h1>
      <p className="muted">{loaderData.description}</p>
      <ul className="lesson-list">
        {loaderData.lessons.map((lesson) => (
          <LessonRow key={lesson.id} lesson={lesson} />
        ))}
      </ul>
      <p className="small muted">{t('workouts.lessonCount', { count: loaderData.lessons.length })}</p>
      <EverkineticCredit />
    </main>
  );
}
