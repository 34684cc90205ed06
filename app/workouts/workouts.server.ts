import { data, redirect } from 'react-router';
import type { LessonDetail, LessonProgress, WorkoutEventKind, WorkoutProgress } from '#api/workouts.ts';
import { pick } from '#app/account/account.server.ts';
import { workoutEndpoints } from '#api/endpoints/workouts.ts';
import { GatewayError, gatewayClient } from '#app/server/gateway.server.ts';
import { getLang } from '#app/server/i18n.server.ts';
import { flashToast, getSession } from '#app/server/session.server.ts';
import { readBoundedForm } from '#app/server/upload.server.ts';
import type { ScreenRead } from '#app/server/member-read.server.ts';

// Issue 15 (ADR 041): the workout pages' reads and forms. Content is public at the gateway; the
// member's favourites and progress need the session.

type Args = Parameters<typeof gatewayClient>[0];

/** The gateway's drawing path → this server's (workout-drawing.ts passes it through). */
export const webDrawingUrl = (gatewayPath: string) =>
  gatewayPath.replace(/^\/api\/v1\/general\/workout-drawings\//, '/workout-drawings/');

/**
 * The page's data from the request's one member read (issue 18, ADR 077: member/screens/workout…,
 * with the shell); the gateway's 404 (an unknown type or lesson) is this page's 404.
 */
export const workoutScreenOf = <T>(args: Parameters<ScreenRead<T>['screen']>[0], read: ScreenRead<T>): Promise<T> =>
  orNotFound(read.screen(args));

/** A path id, or a 404 page. */
export function idOf(value: string | undefined): number {
  if (!value || !/^\d{1,9}$/.test(value) || Number(value) < 1) throw data(null, { status: 404 });
  return Number(value);
}

/** The gateway's 404 as this page's 404. */
async function orNotFound<T>(read: Promise<T>): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof GatewayError && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const progressOf = (progress: WorkoutProgress, lessonId: number): LessonProgress | undefined =>
  progress.lessons.find((p) => p.lessonId === lessonId);

/** A lesson card's words, in the page's language. */
export function lessonCard(
  args: Args,
  lesson: {
    id: number;
    typeId: number;
    nameVi: string;
    nameEn: string;
    level: string;
    minutes: number;
    exerciseCount: number;
    week: number | null;
    session: number | null;
  },
  progress: WorkoutProgress | null,
) {
  const lang = getLang(args.context);
  const mine = progress ? progressOf(progress, lesson.id) : undefined;
  return {
    id: lesson.id,
    to: `/workout/type/${String(lesson.typeId)}/lesson/${String(lesson.id)}`,
    name: pick(lang, lesson.nameVi, lesson.nameEn),
    level: lesson.level,
    minutes: lesson.minutes,
    exerciseCount: lesson.exerciseCount,
    week: lesson.week,
    session: lesson.session,
    timesCompleted: mine?.timesCompleted ?? 0,
    doneNow: mine?.completedMappingIds.length ?? 0,
  };
}
export type LessonCard = ReturnType<typeof lessonCard>;

/** The lesson with every text in the page's language and drawings through this server. */
export function lessonView(args: Args, lesson: LessonDetail) {
  const lang = getLang(args.context);
  const block = (mappings: LessonDetail['blocks']['main']) =>
    mappings.map((m) => ({
      id: m.id,
      sets: m.sets,
      reps: m.reps,
      seconds: m.seconds,
      restSeconds: m.restSeconds,
      perSide: m.perSide,
      tempo: lang === 'en' ? m.tempoEn : m.tempoVi,
      name: pick(lang, m.exercise.nameVi, m.exercise.nameEn),
      primer: pick(lang, m.exercise.primerVi, m.exercise.primerEn),
      steps: lang === 'en' ? m.exercise.stepsEn : m.exercise.stepsVi,
      source: m.exercise.source,
      drawings: { start: webDrawingUrl(m.exercise.drawings.start), end: webDrawingUrl(m.exercise.drawings.end) },
    }));
  return {
    id: lesson.id,
    typeId: lesson.type.id,
    typeName: pick(lang, lesson.type.nameVi, lesson.type.nameEn),
    name: pick(lang, lesson.nameVi, lesson.nameEn),
    level: lesson.level,
    minutes: lesson.minutes,
    equipment: lesson.equipment,
    week: lesson.week,
    session: lesson.session,
    blocks: {
      warmUp: block(lesson.blocks.warmUp),
      main: block(lesson.blocks.main),
      coolDown: block(lesson.blocks.coolDown),
    },
  };
}
export type LessonView = ReturnType<typeof lessonView>;
export type MappingView = LessonView['blocks']['main'][number];

const eventKinds = new Set<WorkoutEventKind>(['EXERCISE_DONE', 'LESSON_DONE', 'LESSON_CONFIRMED']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/**
 * The lesson page's forms, which work without JavaScript: favourite on/off (1118/1119 as a toast),
 * and "done" for one exercise or the whole lesson. A done form carries the event id the page made
 * when it was drawn, so a double tap or a resent form counts once (the gateway keeps each id once).
 */
export async function lessonAction(args: Args, lessonId: number, backTo: string | ((form: FormData) => string)) {
  // A body that is not a form (broken multipart, JSON…) reads as an empty form: 400 below, never 500.
  const { formData: form } = await readBoundedForm(args.request);
  const back = typeof backTo === 'string' ? backTo : backTo(form);
  const intent = String(form.get('intent') ?? '');
  const call = gatewayClient(args);
  const session = getSession(args.context);
  try {
    if (intent === 'favorite' || intent === 'unfavorite') {
      const input = { params: { lessonId } };
      const answer =
        intent === 'favorite'
          ? await call(workoutEndpoints.addFavorite, input)
          : await call(workoutEndpoints.removeFavorite, input);
      flashToast(session, { kind: 'success', text: answer.message });
      return redirect(back);
    }
    const kind = String(form.get('kind') ?? '') as WorkoutEventKind;
    const id = String(form.get('eventId') ?? '');
    if (intent !== 'done' || !eventKinds.has(kind) || !UUID.test(id))
      return data({ error: 'invalid' }, { status: 400 });
    const mappingId = form.get('mappingId');
    const event = {
      id,
      lessonId,
      kind,
      at: new Date().toISOString(),
      ...(kind === 'EXERCISE_DONE' && typeof mappingId === 'string' && /^\d{1,9}$/.test(mappingId)
        ? { mappingId: Number(mappingId) }
        : {}),
    };
    await call(workoutEndpoints.recordProgress, { json: { events: [event] } });
    return redirect(back);
  } catch (error) {
    if (!(error instanceof GatewayError)) throw error;
    // 753 (already a favourite) or 404 (not one): the page as it is now says the truth.
    flashToast(session, { kind: 'error', text: error.text });
    return redirect(back);
  }
}
