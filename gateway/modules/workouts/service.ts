import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { Codes, type Lang } from '#api/codes.ts';
import type { FieldErrors } from '#api/envelope.ts';
import { validationMessage } from '#api/validation.ts';
import {
  WORKOUT_EVENT_CLOCK_SKEW_MINUTES,
  WORKOUT_EVENT_MAX_AGE_DAYS,
  type ExerciseMapping,
  type FavoriteLesson,
  type LessonDetail,
  type LessonSummary,
  type WorkoutEvent,
  type WorkoutProgress,
  type WorkoutTypeDetail,
  type WorkoutTypeSummary,
} from '#api/workouts.ts';
import type { Executor } from '#gateway/db/client.ts';
import {
  workoutExercises,
  workoutFavorites,
  workoutLessonProgress,
  workoutLessons,
  workoutMappings,
  workoutProgressEvents,
  workoutTypes,
} from '#gateway/db/schema/index.ts';
import { ApiError, notFound } from '#gateway/http/errors.ts';
import { replayLesson } from './completion.ts';

// Issue 15 (ADR 041): the public content reads, a member's favourite lessons and lesson progress.

type TypeRow = typeof workoutTypes.$inferSelect;
type LessonRow = typeof workoutLessons.$inferSelect;

// Spelled out: drizzle leaves columns unqualified in a one-table select, and "id" would be the lesson's.
const lessonCount = sql<number>`(select count(*)::int from workout_lessons l where l.type_id = "workout_types"."id" and l.is_active)`;

const toType = (row: TypeRow, count: number): WorkoutTypeSummary => ({
  id: row.id,
  slug: row.slug,
  kind: row.kind,
  nameVi: row.nameVi,
  nameEn: row.nameEn,
  descriptionVi: row.descriptionVi,
  descriptionEn: row.descriptionEn,
  lessonCount: count,
  coverUrl: row.coverUrl,
  weeks: row.weeks,
  sessionsPerWeek: row.sessionsPerWeek,
});

export const toLessonSummary = (row: LessonRow): LessonSummary => ({
  id: row.id,
  typeId: row.typeId,
  slug: row.slug,
  nameVi: row.nameVi,
  nameEn: row.nameEn,
  level: row.level,
  minutes: row.minutes,
  equipment: row.equipment,
  exerciseCount: row.mainCount,
  warmUpCount: row.warmUpCount,
  coolDownCount: row.coolDownCount,
  week: row.week,
  session: row.session,
});

/** GET general/workout-tutorials: the body-part types, then the programme. */
export async function listWorkoutTypes(db: Executor): Promise<WorkoutTypeSummary[]> {
  const rows = await db
    .select({ type: workoutTypes, lessonCount })
    .from(workoutTypes)
    .where(eq(workoutTypes.isActive, true))
    .orderBy(asc(workoutTypes.position));
  return rows.map((r) => toType(r.type, r.lessonCount));
}

export async function workoutTypeDetail(db: Executor, typeId: number): Promise<WorkoutTypeDetail> {
  const [row] = await db
    .select({ type: workoutTypes, lessonCount })
    .from(workoutTypes)
    .where(and(eq(workoutTypes.id, typeId), eq(workoutTypes.isActive, true)));
  if (!row) throw notFound();
  const lessons = await db
    .select()
    .from(workoutLessons)
    .where(and(eq(workoutLessons.typeId, typeId), eq(workoutLessons.isActive, true)))
    .orderBy(asc(workoutLessons.position));
  return { type: toType(row.type, row.lessonCount), lessons: lessons.map(toLessonSummary) };
}

export async function lessonDetail(db: Executor, lessonId: number): Promise<LessonDetail> {
  const [[row], mappings] = await Promise.all([
    db
      .select({ lesson: workoutLessons, type: workoutTypes })
      .from(workoutLessons)
      .innerJoin(workoutTypes, eq(workoutTypes.id, workoutLessons.typeId))
      .where(and(eq(workoutLessons.id, lessonId), eq(workoutLessons.isActive, true))),
    db
      .select({ mapping: workoutMappings, exercise: workoutExercises })
      .from(workoutMappings)
      .innerJoin(workoutExercises, eq(workoutExercises.slug, workoutMappings.exerciseSlug))
      .where(and(eq(workoutMappings.lessonId, lessonId), eq(workoutMappings.isActive, true)))
      .orderBy(asc(workoutMappings.position)),
  ]);
  if (!row) throw notFound();
  const blocks: LessonDetail['blocks'] = { warmUp: [], main: [], coolDown: [] };
  for (const { mapping: m, exercise: e } of mappings) {
    const item: ExerciseMapping = {
      id: m.id,
      sets: m.sets,
      reps: m.reps,
      seconds: m.seconds,
      restSeconds: m.restSeconds,
      perSide: m.perSide,
      tempoVi: m.tempoVi,
      tempoEn: m.tempoEn,
      exercise: {
        slug: e.slug,
        source: e.source,
        nameVi: e.nameVi,
        nameEn: e.nameEn,
        primerVi: e.primerVi,
        primerEn: e.primerEn,
        stepsVi: e.stepsVi,
        stepsEn: e.stepsEn,
        bodyParts: e.bodyParts as ExerciseMapping['exercise']['bodyParts'],
        primaryMuscles: e.primaryMuscles,
        equipment: e.equipment,
        kind: e.kind,
        level: e.level,
        drawings: { start: e.startDrawingUrl, end: e.endDrawingUrl },
      },
    };
    blocks[m.block].push(item);
  }
  const { type } = row;
  return {
    ...toLessonSummary(row.lesson),
    type: { id: type.id, slug: type.slug, kind: type.kind, nameVi: type.nameVi, nameEn: type.nameEn },
    blocks,
  };
}

async function activeLesson(db: Executor, lessonId: number) {
  const [row] = await db
    .select()
    .from(workoutLessons)
    .where(and(eq(workoutLessons.id, lessonId), eq(workoutLessons.isActive, true)));
  if (!row) throw notFound();
  return row;
}

/** The member's favourite lessons, newest first (a retired lesson drops out of the list). */
export async function listFavorites(db: Executor, accountId: number): Promise<FavoriteLesson[]> {
  const rows = await db
    .select({ lesson: workoutLessons, favoritedAt: workoutFavorites.createdAt })
    .from(workoutFavorites)
    .innerJoin(workoutLessons, eq(workoutLessons.id, workoutFavorites.lessonId))
    .where(and(eq(workoutFavorites.accountId, accountId), eq(workoutLessons.isActive, true)))
    .orderBy(desc(workoutFavorites.createdAt), desc(workoutFavorites.lessonId));
  return rows.map((r) => ({ ...toLessonSummary(r.lesson), favoritedAt: r.favoritedAt.toISOString() }));
}

/** 1118; 753 (409) when it already is one; 404 for an unknown lesson. */
export async function addFavorite(
  db: Executor,
  accountId: number,
  lessonId: number,
  now: Date,
): Promise<FavoriteLesson> {
  const lesson = await activeLesson(db, lessonId);
  const [row] = await db
    .insert(workoutFavorites)
    .values({ accountId, lessonId, createdAt: now })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new ApiError(409, Codes.ALREADY_FAVORITE);
  return { ...toLessonSummary(lesson), favoritedAt: row.createdAt.toISOString() };
}

/** 1119; 404 when the lesson is unknown or not one of the member's favourites. */
export async function removeFavorite(db: Executor, accountId: number, lessonId: number) {
  const [row] = await db
    .delete(workoutFavorites)
    .where(and(eq(workoutFavorites.accountId, accountId), eq(workoutFavorites.lessonId, lessonId)))
    .returning({ lessonId: workoutFavorites.lessonId });
  if (!row) throw notFound();
  return { lessonId: row.lessonId };
}

/** Every lesson the member has completed or started, and the unfinished run touched last. */
/** A lesson's names (the "continue" card of /workout), or null when the content no longer has it. */
export async function lessonNames(
  db: Executor,
  lessonId: number,
): Promise<{ id: number; nameVi: string; nameEn: string } | null> {
  const [row] = await db
    .select({ id: workoutLessons.id, nameVi: workoutLessons.nameVi, nameEn: workoutLessons.nameEn })
    .from(workoutLessons)
    .where(eq(workoutLessons.id, lessonId));
  return row ?? null;
}

export async function readProgress(db: Executor, accountId: number): Promise<WorkoutProgress> {
  const rows = await db
    .select({ progress: workoutLessonProgress, typeId: workoutLessons.typeId })
    .from(workoutLessonProgress)
    .innerJoin(workoutLessons, eq(workoutLessons.id, workoutLessonProgress.lessonId))
    .where(eq(workoutLessonProgress.accountId, accountId))
    .orderBy(asc(workoutLessonProgress.lessonId));
  let inProgress: WorkoutProgress['inProgress'] = null;
  const lessons = rows
    .filter((r) => r.progress.timesCompleted > 0 || r.progress.runMappingIds.length > 0)
    .map(({ progress: p, typeId }) => {
      if (p.runLastAt && p.runLastMappingId !== null && (!inProgress || p.runLastAt.toISOString() > inProgress.at)) {
        inProgress = { lessonId: p.lessonId, typeId, mappingId: p.runLastMappingId, at: p.runLastAt.toISOString() };
      }
      return {
        lessonId: p.lessonId,
        typeId,
        completedMappingIds: p.runMappingIds,
        timesCompleted: p.timesCompleted,
        lastCompletedAt: p.lastCompletedAt?.toISOString() ?? null,
        isCompleted: p.timesCompleted > 0,
      };
    });
  return { lessons, inProgress };
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Records a phone's events in one transaction and replays the lessons they touch. An event id seen
 * before (from this member or anyone) changes nothing; only the member's own events are replayed,
 * so another account's id can neither count here nor be seen. Refuses the whole batch (400) when
 * an event names an unknown lesson, a mapping of another lesson, or a time out of bounds.
 */
export async function recordProgress(
  db: Executor,
  accountId: number,
  events: WorkoutEvent[],
  now: Date,
  lang: Lang,
): Promise<WorkoutProgress> {
  const fieldErrors: FieldErrors = {};
  const refuse = (i: number, field: string, key: string) =>
    (fieldErrors[`events.${i}.${field}`] ??= []).push(validationMessage(key, lang));

  const lessonIds = [...new Set(events.map((e) => e.lessonId))];
  const mappingIds = [...new Set(events.flatMap((e) => (e.mappingId === undefined ? [] : [e.mappingId])))];
  const [lessons, mappings] = await Promise.all([
    db.select({ id: workoutLessons.id }).from(workoutLessons).where(inArray(workoutLessons.id, lessonIds)),
    mappingIds.length
      ? db
          .select({ id: workoutMappings.id, lessonId: workoutMappings.lessonId })
          .from(workoutMappings)
          .where(inArray(workoutMappings.id, mappingIds))
      : Promise.resolve([]),
  ]);
  const knownLessons = new Set(lessons.map((l) => l.id));
  const lessonOfMapping = new Map(mappings.map((m) => [m.id, m.lessonId]));
  const latest = now.getTime() + WORKOUT_EVENT_CLOCK_SKEW_MINUTES * 60_000;
  const earliest = now.getTime() - WORKOUT_EVENT_MAX_AGE_DAYS * DAY_MS;
  events.forEach((e, i) => {
    const at = Date.parse(e.at);
    if (at > latest) refuse(i, 'at', 'dateInFuture');
    else if (at < earliest) refuse(i, 'at', 'dateTooOld');
    if (!knownLessons.has(e.lessonId)) refuse(i, 'lessonId', 'invalid');
    else if (e.mappingId !== undefined && lessonOfMapping.get(e.mappingId) !== e.lessonId)
      refuse(i, 'mappingId', 'invalid');
  });
  if (Object.keys(fieldErrors).length > 0) throw new ApiError(400, Codes.VALIDATION, { fieldErrors });

  const unique = [...new Map(events.map((e) => [e.id.toLowerCase(), e])).values()];
  await db.transaction(async (tx) => {
    // One member's batches one at a time: each replay sees the events of the batch before it.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('workout_progress'), ${accountId})`);
    await tx
      .insert(workoutProgressEvents)
      .values(
        unique.map((e) => ({
          id: e.id.toLowerCase(),
          accountId,
          lessonId: e.lessonId,
          mappingId: e.mappingId ?? null,
          kind: e.kind,
          happenedAt: new Date(e.at),
          durationSeconds: e.durationSeconds ?? null,
          reps: e.reps ?? null,
          receivedAt: now,
        })),
      )
      .onConflictDoNothing({ target: workoutProgressEvents.id });
    for (const lessonId of lessonIds) await replayInto(tx, accountId, lessonId, now);
  });
  return readProgress(db, accountId);
}

/** Replays one lesson's events of one member into workout_lesson_progress. */
async function replayInto(tx: Executor, accountId: number, lessonId: number, now: Date) {
  const [events, main] = await Promise.all([
    tx
      .select({
        id: workoutProgressEvents.id,
        kind: workoutProgressEvents.kind,
        mappingId: workoutProgressEvents.mappingId,
        at: workoutProgressEvents.happenedAt,
        durationSeconds: workoutProgressEvents.durationSeconds,
      })
      .from(workoutProgressEvents)
      .where(and(eq(workoutProgressEvents.accountId, accountId), eq(workoutProgressEvents.lessonId, lessonId))),
    tx
      .select({ id: workoutMappings.id })
      .from(workoutMappings)
      .where(
        and(
          eq(workoutMappings.lessonId, lessonId),
          eq(workoutMappings.block, 'main'),
          eq(workoutMappings.isActive, true),
        ),
      ),
  ]);
  const replay = replayLesson(events, new Set(main.map((m) => m.id)));
  const values = {
    timesCompleted: replay.timesCompleted,
    lastCompletedAt: replay.lastCompletedAt,
    runMappingIds: replay.runMappingIds,
    runLastMappingId: replay.runLastMappingId,
    runLastAt: replay.runLastAt,
    updatedAt: now,
  };
  await tx
    .insert(workoutLessonProgress)
    .values({ accountId, lessonId, ...values })
    .onConflictDoUpdate({ target: [workoutLessonProgress.accountId, workoutLessonProgress.lessonId], set: values });
}
