import { useCallback, useEffect, useRef, useState } from 'react';
import { useHydrated } from '#app/ui/hooks.ts';
import { Form, Link, useNavigate } from 'react-router';
import { workoutBlocks } from '#api/workout-fields.ts';
import { useT } from '#app/i18n.ts';
import { pageMeta } from '#app/ui/meta.ts';
import type { StringsHandle } from '#app/locales/messages.ts';
import { EverkineticCredit } from '#app/ui/everkinetic-credit.tsx';
import { idOf, lessonAction, lessonView, workoutScreenOf, type MappingView } from './workouts.server.ts';
import { DEFAULT_LESSON_CONFIG, readLessonConfig } from './lesson-config.ts';
import { flushEvents, queueEvent } from './progress-queue.ts';
import { cachedLesson, rememberLesson } from './lesson-cache.ts';
import { lessonRead } from './workouts.read.server.ts';
import type { Route } from './+types/player';

// §2 the exercise player (issue 15), full screen: the two drawings alternate to show the movement
// (CSS, no JavaScript needed), the steps, and with JavaScript the set counter, the countdown of a
// timed move, the rest between sets with a beep and a buzz, next and previous, pause; the screen
// stays awake. Where the member is is kept on the phone, so closing the app resumes it; what was done
// is queued there and synced (progress-queue.ts). Without JavaScript, "finish this exercise" is a form.

export const handle: StringsHandle = { strings: ['workouts'] };

export const meta: Route.MetaFunction = ({ data, matches }) => pageMeta(matches, 'nav.workout', data?.mapping.name);

export async function loader(args: Route.LoaderArgs) {
  idOf(args.params.lessonId);
  const mappingId = idOf(args.params.exerciseMappingId);
  const { lesson: detail, progress } = await workoutScreenOf(args, lessonRead);
  const lesson = lessonView(args, detail);
  const blockOf = workoutBlocks.find((block) => lesson.blocks[block].some((m) => m.id === mappingId));
  if (!blockOf || String(lesson.typeId) !== args.params.workoutTypeId) throw new Response(null, { status: 404 });
  return {
    lesson,
    mapping: lesson.blocks[blockOf].find((m) => m.id === mappingId)!,
    block: blockOf,
    done: progress?.completedMappingIds ?? [],
    eventId: crypto.randomUUID(),
  };
}

/**
 * Between exercises (and from the lesson page) the phone's copy of the lesson is enough: no request,
 * so a lesson opened once plays with no network. Without a copy, the server's loader; its lesson is kept.
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  const lessonId = Number(params.lessonId);
  const mappingId = Number(params.exerciseMappingId);
  const lesson = cachedLesson(lessonId);
  const block = lesson && workoutBlocks.find((b) => lesson.blocks[b].some((m) => m.id === mappingId));
  if (lesson && block && String(lesson.typeId) === params.workoutTypeId) {
    return {
      lesson,
      mapping: lesson.blocks[block].find((m) => m.id === mappingId)!,
      block,
      done: [] as number[],
      eventId: crypto.randomUUID(),
    };
  }
  const loaded = await serverLoader();
  // With the browser's data saver on, the text only (ADR 068).
  rememberLesson(loaded.lesson);
  return loaded;
}

/** Without JavaScript: "finish this exercise" records it and opens the next one (or the lesson). */
export const action = (args: Route.ActionArgs) => {
  const lessonPath = `/workout/type/${args.params.workoutTypeId}/lesson/${args.params.lessonId}`;
  return lessonAction(args, idOf(args.params.lessonId), (form) => {
    const next = String(form.get('next') ?? '');
    return next.startsWith(`${lessonPath}/exercise/`) ? next : lessonPath;
  });
};

type Phase =
  | { kind: 'ready' }
  | { kind: 'work'; endsAt: number | null }
  | { kind: 'rest'; endsAt: number }
  | { kind: 'paused'; left: number; was: 'work' | 'rest' }
  | { kind: 'finished' };
type Place = { lessonId: number; mappingId: number; set: number; startedAt: string };

const PLACE_KEY = 'vietfit.workout.inProgress';
const readPlace = (): Place | null => {
  try {
    return JSON.parse(localStorage.getItem(PLACE_KEY) ?? 'null') as Place | null;
  } catch {
    return null;
  }
};
const writePlace = (place: Place | null) => {
  try {
    if (place) localStorage.setItem(PLACE_KEY, JSON.stringify(place));
    else localStorage.removeItem(PLACE_KEY);
  } catch {
    // Private mode: the player works, only resuming after closing the app does not.
  }
};

/** A short beep and a buzz at the end of a rest or a timed set (where the phone allows). */
function cue() {
  try {
    navigator.vibrate?.(200);
    const audio = new AudioContext();
    const tone = audio.createOscillator();
    tone.frequency.value = 880;
    tone.connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + 0.2);
    tone.onended = () => void audio.close();
  } catch {
    // No sound here: the screen still says it.
  }
}

/** Keeps the screen on while the player is open (Wake Lock; ignored where the browser has none). */
function useWakeLock() {
  useEffect(() => {
    let lock: WakeLockSentinel | null = null;
    const take = () =>
      void navigator.wakeLock
        ?.request('screen')
        .then((l) => (lock = l))
        .catch(() => undefined);
    const again = () => document.visibilityState === 'visible' && take();
    take();
    document.addEventListener('visibilitychange', again);
    return () => {
      document.removeEventListener('visibilitychange', again);
      void lock?.release().catch(() => undefined);
    };
  }, []);
}

const secondsLeft = (endsAt: number, now: number) => Math.max(0, Math.ceil((endsAt - now) / 1000));

export default function Player({ loaderData }: Route.ComponentProps) {
  const { t } = useT();
  const navigate = useNavigate();
  const { lesson, mapping, done, eventId } = loaderData;
  const base = `/workout/type/${String(lesson.typeId)}/lesson/${String(lesson.id)}`;
  // The blocks the member plays (the warm-up and cool-down toggles are on the phone).
  const hydrated = useHydrated();
  const config = hydrated ? readLessonConfig() : DEFAULT_LESSON_CONFIG;
  const sequence: MappingView[] = workoutBlocks
    .filter((b) => b === 'main' || config[b])
    .flatMap((b) => lesson.blocks[b]);
  const index = Math.max(
    0,
    sequence.findIndex((m) => m.id === mapping.id),
  );
  const previous = sequence[index - 1];
  const next = sequence[index + 1];
  const isMain = lesson.blocks.main.some((m) => m.id === mapping.id);

  // Where the member is in this exercise; a new exercise starts at set 1, or where the phone says it was left.
  const [at, setAt] = useState<{ mappingId: number; set: number; phase: Phase } | null>(null);
  const place = hydrated ? readPlace() : null;
  const resumed =
    place && place.lessonId === lesson.id && place.mappingId === mapping.id ? Math.min(place.set, mapping.sets) : 1;
  const current =
    at?.mappingId === mapping.id ? at : { mappingId: mapping.id, set: resumed, phase: { kind: 'ready' } as Phase };
  const { set, phase } = current;
  const setPhase = (next: Phase) => setAt({ ...current, phase: next });
  const [now, setNow] = useState(() => Date.now());
  const [summary, setSummary] = useState<{ minutes: number; exercises: number; reps: number } | null>(null);
  const [offline, setOffline] = useState(false);
  const startedAt = useRef<string | null>(null);
  useWakeLock();

  // The lesson's start time survives moving between exercises and closing the app.
  useEffect(() => {
    // Not before the phone's place has been read: the first render's set 1 would overwrite it.
    if (!hydrated) return;
    const stored = readPlace();
    startedAt.current =
      stored && stored.lessonId === lesson.id ? stored.startedAt : (startedAt.current ?? new Date().toISOString());
    writePlace({ lessonId: lesson.id, mappingId: mapping.id, set, startedAt: startedAt.current });
  }, [hydrated, lesson.id, mapping.id, set]);
  useEffect(() => {
    const sync = () => void flushEvents().then((ok) => setOffline(!ok));
    void flushEvents().then((ok) => setOffline(!ok));
    window.addEventListener('online', sync);
    return () => window.removeEventListener('online', sync);
  }, []);

  const running = phase.kind === 'work' || phase.kind === 'rest';

  const finishExercise = useCallback(() => {
    if (isMain && !done.includes(mapping.id)) {
      queueEvent({
        lessonId: lesson.id,
        mappingId: mapping.id,
        kind: 'EXERCISE_DONE',
        reps: (mapping.reps ?? 0) * mapping.sets,
        durationSeconds: (mapping.seconds ?? 0) * mapping.sets,
      });
    }
    if (next) {
      void flushEvents().then((ok) => setOffline(!ok));
      void navigate(`${base}/exercise/${String(next.id)}`);
      return;
    }
    const minutes = Math.max(
      1,
      Math.round((Date.now() - Date.parse(startedAt.current ?? new Date().toISOString())) / 60_000),
    );
    const reps = lesson.blocks.main.reduce((sum, m) => sum + (m.reps ?? 0) * m.sets, 0);
    queueEvent({ lessonId: lesson.id, kind: 'LESSON_DONE', durationSeconds: minutes * 60, reps });
    writePlace(null);
    setSummary({ minutes, exercises: sequence.length, reps });
    void flushEvents().then((ok) => setOffline(!ok));
  }, [isMain, done, mapping, lesson, next, navigate, base, sequence.length]);

  const endSet = useCallback(() => {
    if (set >= mapping.sets) {
      finishExercise();
      return;
    }
    setNow(Date.now());
    const rest: Phase =
      mapping.restSeconds > 0 ? { kind: 'rest', endsAt: Date.now() + mapping.restSeconds * 1000 } : { kind: 'ready' };
    setAt({ mappingId: mapping.id, set: set + 1, phase: rest });
  }, [set, mapping, finishExercise]);

  // A timed set and a rest end by themselves, with the cue.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (phase.kind === 'work' && phase.endsAt !== null && time >= phase.endsAt) {
        cue();
        endSet();
      } else if (phase.kind === 'rest' && time >= phase.endsAt) {
        cue();
        setAt({ mappingId: mapping.id, set, phase: { kind: 'ready' } });
      }
    }, 250);
    return () => clearInterval(timer);
  }, [running, phase, endSet, mapping.id, set]);

  const startSet = () => {
    setNow(Date.now());
    setPhase({ kind: 'work', endsAt: mapping.seconds ? Date.now() + mapping.seconds * 1000 : null });
  };
  const pause = () => {
    if (phase.kind === 'work' && phase.endsAt !== null)
      setPhase({ kind: 'paused', left: phase.endsAt - Date.now(), was: 'work' });
    else if (phase.kind === 'rest') setPhase({ kind: 'paused', left: phase.endsAt - Date.now(), was: 'rest' });
  };
  const resume = () => {
    if (phase.kind !== 'paused') return;
    setNow(Date.now());
    setPhase(
      phase.was === 'work'
        ? { kind: 'work', endsAt: Date.now() + phase.left }
        : { kind: 'rest', endsAt: Date.now() + phase.left },
    );
  };

  if (summary) {
    return (
      <main className="player player-summary">
        <div className="success-mark" aria-hidden="true">
          ✓
        </div>
        <h1>{t('workouts.player.summaryTitle')}</h1>
        <p className="muted">{lesson.name}</p>
        <dl className="facts">
          <div>
            <dt>{t('workouts.player.summaryTime')}</dt>
            <dd>{t('workouts.minutes', { count: summary.minutes })}</dd>
          </div>
          <div>
            <dt>{t('workouts.player.summaryExercises')}</dt>
            <dd>{summary.exercises}</dd>
          </div>
          <div>
            <dt>{t('workouts.player.summaryVolume')}</dt>
            <dd>{summary.reps}</dd>
          </div>
        </dl>
        {offline ? <p className="notice">{t('workouts.player.offlineSaved')}</p> : null}
        <Link to={base} className="button button-primary button-block" reloadDocument={false}>
          {t('workouts.player.backToLesson')}
        </Link>
      </main>
    );
  }

  const dose = mapping.seconds
    ? t('workouts.player.secondsTarget', { seconds: mapping.seconds })
    : t('workouts.player.repsTarget', { reps: mapping.reps ?? 0 });
  const clock =
    phase.kind === 'work' && phase.endsAt !== null
      ? secondsLeft(phase.endsAt, now)
      : phase.kind === 'rest'
        ? secondsLeft(phase.endsAt, now)
        : phase.kind === 'paused'
          ? Math.ceil(phase.left / 1000)
          : null;
  return (
    <main className="player">
      <header className="player-top">
        <Link to={base} className="button button-link">
          ✕ {t('workouts.player.close')}
        </Link>
        <span className="small muted">{t('workouts.player.exerciseOf', { n: index + 1, total: sequence.length })}</span>
      </header>
      <div className="movement" role="img" aria-label={`${t('workouts.player.movement')}: ${mapping.name}`}>
        <img src={mapping.drawings.start} alt="" width="340" height="356" />
        <img src={mapping.drawings.end} alt="" width="340" height="356" className="movement-end" />
      </div>
      <h1 className="player-name">{mapping.name}</h1>
      <p className="player-dose">
        {t('workouts.player.setOf', { n: set, total: mapping.sets })} · {dose}
        {mapping.perSide ? ` ${t('workouts.perSide')}` : ''}
      </p>
      {mapping.tempo ? <p className="small muted">{mapping.tempo}</p> : null}
      <div className="player-controls js-only" aria-live="polite">
        {phase.kind === 'rest' || (phase.kind === 'paused' && phase.was === 'rest') ? (
          <p className="player-phase">{t('workouts.player.resting')}</p>
        ) : null}
        {clock !== null ? (
          <p className="player-clock" role="timer">
            {clock}
          </p>
        ) : null}
        {phase.kind === 'ready' ? (
          <button type="button" className="button button-primary button-block" onClick={startSet}>
            {t('workouts.player.startSet')}
          </button>
        ) : null}
        {phase.kind === 'work' && phase.endsAt === null ? (
          <button type="button" className="button button-primary button-block" onClick={endSet}>
            {t('workouts.player.setDone')}
          </button>
        ) : null}
        {phase.kind === 'rest' ? (
          <button
            type="button"
            className="button button-secondary button-block"
            onClick={() => setPhase({ kind: 'ready' })}
          >
            {t('workouts.player.skipRest')}
          </button>
        ) : null}
        {running && !(phase.kind === 'work' && phase.endsAt === null) ? (
          <button type="button" className="button button-secondary button-block" onClick={pause}>
            {t('workouts.player.pause')}
          </button>
        ) : null}
        {phase.kind === 'paused' ? (
          <button type="button" className="button button-primary button-block" onClick={resume}>
            {t('workouts.player.resume')}
          </button>
        ) : null}
      </div>
      {offline ? <p className="small muted js-only">{t('workouts.player.offlineSaved')}</p> : null}
      {/* Without JavaScript (and as a shortcut with it): the whole exercise done, on to the next. */}
      <Form
        method="post"
        className="player-finish"
        onSubmit={(event) => {
          event.preventDefault();
          finishExercise();
        }}
      >
        <input type="hidden" name="intent" value="done" />
        <input type="hidden" name="kind" value="EXERCISE_DONE" />
        <input type="hidden" name="mappingId" value={mapping.id} />
        <input type="hidden" name="eventId" value={eventId} />
        <input type="hidden" name="next" value={next ? `${base}/exercise/${String(next.id)}` : ''} />
        <button type="submit" className="button button-link">
          {t('workouts.player.finishExercise')}
        </button>
      </Form>
      <nav
        className="player-nav"
        aria-label={t('workouts.player.exerciseOf', { n: index + 1, total: sequence.length })}
      >
        {previous ? (
          <Link to={`${base}/exercise/${String(previous.id)}`} className="button button-secondary">
            ‹ {t('workouts.player.previous')}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={`${base}/exercise/${String(next.id)}`} className="button button-secondary">
            {t('workouts.player.next')} ›
          </Link>
        ) : null}
      </nav>
      <section aria-labelledby="steps-title">
        <h2 id="steps-title" className="section-title">
          {t('workouts.player.steps')}
        </h2>
        <p className="muted">{mapping.primer}</p>
        <ol className="steps">
          {mapping.steps.map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
      </section>
      <EverkineticCredit />
    </main>
  );
}
