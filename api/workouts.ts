import { z } from 'zod';
import {
  bodyParts,
  exerciseKinds,
  exerciseSources,
  WORKOUT_EVENTS_MAX,
  workoutEventKinds,
  workoutLevels,
  workoutTypeKinds,
} from './workout-fields.ts';
import { memberShellSchema } from '#api/auth.ts';

// Issue 15 (ADR 041): guided workouts. Types (body parts and the beginner programme) hold lessons;
// a lesson's blocks place exercises as mappings (sets, reps or seconds, rest, tempo). Content is
// public; favourites and progress are the member's. Bilingual fields are nameVi/nameEn as elsewhere.

export * from './workout-fields.ts';

const named = { nameVi: z.string(), nameEn: z.string() };

/** GET general/workout-tutorials: one tile. `coverUrl` is a drawing (an SVG path on this gateway). */
export const workoutTypeSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  kind: z.enum(workoutTypeKinds),
  ...named,
  descriptionVi: z.string(),
  descriptionEn: z.string(),
  lessonCount: z.number(),
  coverUrl: z.string(),
  /** The programme's length; null for a body-part type. */
  weeks: z.number().nullable(),
  sessionsPerWeek: z.number().nullable(),
});
export type WorkoutTypeSummary = z.infer<typeof workoutTypeSummarySchema>;

export const lessonSummarySchema = z.object({
  id: z.number(),
  typeId: z.number(),
  slug: z.string(),
  ...named,
  level: z.enum(workoutLevels),
  minutes: z.number(),
  /** What the lesson needs besides the body (bodyweight is left out). */
  equipment: z.array(z.string()),
  /** Mappings of the main block (the ones that count for completion). */
  exerciseCount: z.number(),
  warmUpCount: z.number(),
  coolDownCount: z.number(),
  /** The programme's week and session (1-based); null outside a programme. */
  week: z.number().nullable(),
  session: z.number().nullable(),
});
export type LessonSummary = z.infer<typeof lessonSummarySchema>;

/** GET general/workout-types/{typeId}. */
export const workoutTypeDetailSchema = z.object({
  type: workoutTypeSummarySchema,
  lessons: z.array(lessonSummarySchema),
});
export type WorkoutTypeDetail = z.infer<typeof workoutTypeDetailSchema>;

export const exerciseSchema = z.object({
  slug: z.string(),
  source: z.enum(exerciseSources),
  ...named,
  primerVi: z.string(),
  primerEn: z.string(),
  stepsVi: z.array(z.string()),
  stepsEn: z.array(z.string()),
  bodyParts: z.array(z.enum(bodyParts)),
  primaryMuscles: z.array(z.string()),
  equipment: z.array(z.string()),
  kind: z.enum(exerciseKinds),
  level: z.enum(workoutLevels),
  /** The two line drawings, shown alternately: URLs with a content hash, cached for good. */
  drawings: z.object({ start: z.string(), end: z.string() }),
});
export type Exercise = z.infer<typeof exerciseSchema>;

/** An exercise placed in a lesson: `reps` or `seconds`, never both. */
export const exerciseMappingSchema = z.object({
  id: z.number(),
  sets: z.number(),
  reps: z.number().nullable(),
  seconds: z.number().nullable(),
  restSeconds: z.number(),
  /** Each side in turn (the reps or seconds are per side). */
  perSide: z.boolean(),
  tempoVi: z.string().nullable(),
  tempoEn: z.string().nullable(),
  exercise: exerciseSchema,
});
export type ExerciseMapping = z.infer<typeof exerciseMappingSchema>;

/** GET general/workout-lessons/{lessonId}. */
export const lessonDetailSchema = lessonSummarySchema.extend({
  type: workoutTypeSummarySchema.pick({ id: true, slug: true, kind: true, nameVi: true, nameEn: true }),
  blocks: z.object({
    warmUp: z.array(exerciseMappingSchema),
    main: z.array(exerciseMappingSchema),
    coolDown: z.array(exerciseMappingSchema),
  }),
});
export type LessonDetail = z.infer<typeof lessonDetailSchema>;

/** GET member/workout/favorites: newest first. An empty list answers code 1000 and []; the web shows 752's text (ADR 041). */
export const favoriteLessonSchema = lessonSummarySchema.extend({ favoritedAt: z.string() });
export type FavoriteLesson = z.infer<typeof favoriteLessonSchema>;

export const lessonProgressSchema = z.object({
  lessonId: z.number(),
  typeId: z.number(),
  /** Mappings done in the current, unfinished run (empty right after a completion). */
  completedMappingIds: z.array(z.number()),
  timesCompleted: z.number(),
  lastCompletedAt: z.string().nullable(),
  /** Completed at least once (§3 "isCompleted"). */
  isCompleted: z.boolean(),
});
export type LessonProgress = z.infer<typeof lessonProgressSchema>;

/** GET and POST member/workout/progress. `inProgress`: the unfinished run touched last, for "continue where you stopped". */
export const workoutProgressSchema = z.object({
  lessons: z.array(lessonProgressSchema),
  inProgress: z.object({ lessonId: z.number(), typeId: z.number(), mappingId: z.number(), at: z.string() }).nullable(),
});
export type WorkoutProgress = z.infer<typeof workoutProgressSchema>;

/**
 * Issue 18: each workout page in one read, with the signed-in frame (as the other member/screens/…).
 * /workout and /workout/newbie: the tiles, the favourites, the progress and the name of the lesson
 * to continue (null when nothing is unfinished or it is gone).
 */
export const workoutScreenSchema = z.object({
  shell: memberShellSchema,
  types: z.array(workoutTypeSummarySchema),
  favorites: z.array(favoriteLessonSchema),
  progress: workoutProgressSchema,
  resumeLesson: z.object({ id: z.number(), nameVi: z.string(), nameEn: z.string() }).nullable(),
});
export type WorkoutScreen = z.infer<typeof workoutScreenSchema>;

/** /workout/type/{id}: the body part's lessons and the member's progress. */
export const workoutTypeScreenSchema = z.object({
  shell: memberShellSchema,
  type: workoutTypeDetailSchema,
  progress: workoutProgressSchema,
});
export type WorkoutTypeScreen = z.infer<typeof workoutTypeScreenSchema>;

/** A lesson page and its player: the lesson, whether it is a favourite, and this lesson's progress (null before any). */
export const workoutLessonScreenSchema = z.object({
  shell: memberShellSchema,
  lesson: lessonDetailSchema,
  favorite: z.boolean(),
  progress: lessonProgressSchema.nullable(),
});
export type WorkoutLessonScreen = z.infer<typeof workoutLessonScreenSchema>;

const positiveId = z
  .number({ error: 'numberType' })
  .int('numberInvalid')
  .min(1, 'numberTooSmall')
  .max(2_147_483_647, 'numberInvalid');

export const workoutEventSchema = z
  .object({
    /** Made by the phone (crypto.randomUUID()) when the event happens; sending it again changes nothing. */
    id: z.uuid({ error: 'invalid' }),
    lessonId: positiveId,
    mappingId: positiveId.optional(),
    kind: z.enum(workoutEventKinds, { error: 'invalid' }),
    /** When it happened on the phone, ISO 8601 with an offset. */
    at: z.iso.datetime({ offset: true, error: 'invalid' }),
    durationSeconds: z
      .number({ error: 'numberType' })
      .int('numberInvalid')
      .min(0, 'numberInvalid')
      .max(86_400, 'numberInvalid')
      .optional(),
    reps: z
      .number({ error: 'numberType' })
      .int('numberInvalid')
      .min(0, 'numberInvalid')
      .max(100_000, 'numberInvalid')
      .optional(),
  })
  .superRefine((event, ctx) => {
    if (event.kind === 'EXERCISE_DONE' && event.mappingId === undefined)
      ctx.addIssue({ code: 'custom', path: ['mappingId'], message: 'required' });
    if (event.kind !== 'EXERCISE_DONE' && event.mappingId !== undefined)
      ctx.addIssue({ code: 'custom', path: ['mappingId'], message: 'invalid' });
  });
export type WorkoutEvent = z.infer<typeof workoutEventSchema>;

/** POST member/workout/progress: events made on the phone, in any order, possibly again. */
export const workoutProgressBody = z.object({
  events: z
    .array(workoutEventSchema, { error: 'required' })
    .min(1, 'arrayEmpty')
    .max(WORKOUT_EVENTS_MAX, 'tooManyItems'),
});
export type WorkoutProgressBody = z.infer<typeof workoutProgressBody>;
