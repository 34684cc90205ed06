import { useEffect, useState } from 'react';
import { useHydrated, useSaveData } from '#app/ui/hooks.ts';
import { Form, Link, useRevalidator } from 'react-router';
import { workoutBlocks, type WorkoutBlock } from '#api/workout-fields.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { ShellHandle } from '#app/shell/handle.ts';
import { EverkineticCredit } from '#app/ui/everkinetic-credit.tsx';
import { idOf, lessonAction, lessonView, workoutScreenOf, type MappingView } from './workouts.server.ts';
import { DEFAULT_LESSON_CONFIG, readLessonConfig, writeLessonConfig, type LessonConfig } from './lesson-config.ts';
import { flushEvents, pendingEvents } from './progress-queue.ts';
import { rememberLesson } from './lesson-cache.ts';
import { lessonRead } from './workouts.read.server.ts';
import type { Route } from './+types/lesson';

// §2 /workout/type/{workoutTypeId}/lesson/{lessonId} (issue 15): the exercises by block, the warm-up
// and cool-down toggles (on by default, remembered on the phone), start, favourite, and — as plain
// forms that work without JavaScript — "done" for one exercise or the whole lesson.

export const handle: ShellHandle = { strings: ['workouts'] };

/** Its one gateway read, the member shell with it (ADR 077). */
export const middleware: Route.MiddlewareFunction[] = [lessonRead.declare];

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(matches, 'nav.workout', data?.lesson.name);

export async function loader(args: Route.LoaderArgs) {
  const lessonId = idOf(args.params.lessonId);
  const { lesson, favorite, progress: mine } = await workoutScreenOf(args, lessonRead);
  if (String(lesson.type.id) !== args.params.workoutTypeId)
    throw new Response(null, {
      status: 301,
      headers: { location: `/workout/type/${String(lesson.type.id)}/lesson/${String(lessonId)}` },
    });
  return {
    lesson: lessonView(args, lesson),
    done: mine?.completedMappingIds ?? [],
    timesCompleted: mine?.timesCompleted ?? 0,
    favorite,
    // Ids for this drawing's "done" forms: a form sent twice counts once (ADR 041).
    eventIds: Object.fromEntries([0, ...lesson.blocks.main.map((m) => m.id)].map((id) => [id, crypto.randomUUID()])),
  };
}

export const action = (args: Route.ActionArgs) => {
  const url = new URL(args.request.url);
  return lessonAction(args, idOf(args.params.lessonId), url.pathname);
};

function Dose({ mapping }: { mapping: MappingView }) {
  const { t } = useT();
  const dose = mapping.seconds
    ? t('workouts.setsSeconds', { sets: mapping.sets, seconds: mapping.seconds })
    : t('workouts.setsReps', { sets: mapping.sets, reps: mapping.reps ?? 0 });
  return (
    <span className="small muted">
      {dose}
      {mapping.perSide ? ` ${t('workouts.perSide')}` : ''}
      {mapping.restSeconds ? ` · ${t('workouts.rest', { seconds: mapping.restSeconds })}` : ''}
    </span>
  );
}

export default function Lesson({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const { lesson, done, timesCompleted, favorite, eventIds } = loaderData;
  // The server draws the defaults; once hydrated, the phone's own choice.
  const hydrated = useHydrated();
  // What the player did and could not send yet (offline, or the page left too soon) goes first, then this page reads again.
  const revalidator = useRevalidator();
  // Kept on the phone with its drawings: from here the lesson plays offline.
  const saveData = useSaveData();
  useEffect(() => rememberLesson(lesson, { saveData }), [lesson, saveData]);
  useEffect(() => {
    if (pendingEvents().length === 0) return;
    void flushEvents().then((ok) => {
      if (ok) void revalidator.revalidate();
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per page
  }, []);
  const [chosen, setChosen] = useState<LessonConfig | null>(null);
  const config = chosen ?? (hydrated ? readLessonConfig() : DEFAULT_LESSON_CONFIG);
  const toggle = (block: 'warmUp' | 'coolDown') => {
    const next = { ...config, [block]: !config[block] };
    setChosen(next);
    writeLessonConfig(next);
  };
  const base = `/workout/type/${String(lesson.typeId)}/lesson/${String(lesson.id)}`;
  const shown = workoutBlocks.filter((block) => block === 'main' || config[block]);
  const first = shown.flatMap((block) => lesson.blocks[block])[0];
  const started = done.length > 0;
  const next = lesson.blocks.main.find((m) => !done.includes(m.id));
  const startAt = started && next ? next : first;
  return (
    <main className="page workouts lesson-page">
      <p className="eyebrow">
        <Link to={`/workout/type/${String(lesson.typeId)}`} className="link">
          {lesson.typeName}
        </Link>
      </p>
      <h1>{lesson.name}</h1>
      <p className="small muted">
        {t(`workouts.levels.${lesson.level}`)} · {t('workouts.minutes', { count: lesson.minutes })} ·{' '}
        {lesson.equipment.length
          ? lesson.equipment.map((item) => t(`workouts.equipmentNames.${item}`)).join(', ')
          : t('workouts.noEquipment')}
      </p>
      {timesCompleted > 0 ? (
        <p className="notice verified-notice">{t('workouts.doneTimes', { count: timesCompleted })}</p>
      ) : null}
      <Form method="post" className="favorite-form">
        <input type="hidden" name="intent" value={favorite ? 'unfavorite' : 'favorite'} />
        <button type="submit" className="button button-secondary" aria-pressed={favorite}>
          {favorite ? `♥ ${t('workouts.removeFavorite')}` : `♡ ${t('workouts.addFavorite')}`}
        </button>
      </Form>
      <fieldset className="lesson-toggles js-only">
        {(['warmUp', 'coolDown'] as const).map((block) => (
          <label key={block} className="toggle-row">
            <input type="checkbox" checked={config[block]} onChange={() => toggle(block)} />
            <span>{t(block === 'warmUp' ? 'workouts.includeWarmUp' : 'workouts.includeCoolDown')}</span>
          </label>
        ))}
      </fieldset>
      {startAt ? (
        <Link to={`${base}/exercise/${String(startAt.id)}`} className="button button-primary button-block">
          {started ? t('workouts.resume') : t('workouts.start')}
        </Link>
      ) : null}
      {shown.map((block: WorkoutBlock) => (
        <section key={block} aria-labelledby={`block-${block}`}>
          <h2 id={`block-${block}`} className="section-title">
            {t(`workouts.blocks.${block}`)}
          </h2>
          <ol className="exercise-list">
            {lesson.blocks[block].map((mapping) => (
              <li key={mapping.id} className="exercise-row">
                <img src={mapping.drawings.start} alt="" width="64" height="67" loading="lazy" />
                {/* Issue 37: the done mark sits under the name, which keeps the row's whole width beside the drawing. */}
                <div className="exercise-row-text">
                  <Link to={`${base}/exercise/${String(mapping.id)}`} className="exercise-name">
                    {mapping.name}
                  </Link>
                  <Dose mapping={mapping} />
                  {block !== 'main' ? null : done.includes(mapping.id) ? (
                    <span className="badge badge-verified">✓ {t('workouts.markedDone')}</span>
                  ) : (
                    <Form method="post" className="done-form">
                      <input type="hidden" name="intent" value="done" />
                      <input type="hidden" name="kind" value="EXERCISE_DONE" />
                      <input type="hidden" name="mappingId" value={mapping.id} />
                      <input type="hidden" name="eventId" value={eventIds[mapping.id]} />
                      <button
                        type="submit"
                        className="button button-link"
                        aria-label={`${t('workouts.markDone')}: ${mapping.name}`}
                      >
                        {t('workouts.markDone')}
                      </button>
                    </Form>
                  )}
                </div>
              </li>
            ))}
          </ol>
        </section>
      ))}
      <details className="confirm-box">
        <summary className="button button-link">{t('workouts.confirmLesson')}</summary>
        <p>{t('workouts.confirmLessonHint')}</p>
        <Form method="post">
          <input type="hidden" name="intent" value="done" />
          <input type="hidden" name="kind" value="LESSON_CONFIRMED" />
          <input type="hidden" name="eventId" value={eventIds[0]} />
          <button type="submit" className="button button-secondary button-block">
            {t('workouts.confirmLesson')}
          </button>
        </Form>
      </details>
      <EverkineticCredit />
    </main>
  );
}
