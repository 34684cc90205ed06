import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ExerciseKind,
  ExerciseSource,
  WorkoutBlock,
  WorkoutEventKind,
  WorkoutLevel,
  WorkoutTypeKind,
} from '#api/workout-fields.ts';
import { accounts } from './accounts.ts';
import { createdAt } from './columns.ts';

// Issue 15 (ADR 041): guided workouts. The content tables (types, lessons, exercises, mappings,
// drawings) are a copy of gateway/modules/workouts/content/, upserted at start when its hash changes;
// ids come from the files, so favourites and progress keep pointing at the same lesson. Content that
// leaves the files is retired (is_active false), never deleted: members' rows still reference it.

/** One row (id 1): the hash of the content files last copied in. */
export const workoutContentState = pgTable(
  'workout_content_state',
  {
    id: smallint('id').primaryKey(),
    hash: text('hash').notNull(),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull(),
  },
  (t) => [check('workout_content_state_one_row', sql`${t.id} = 1`)],
);

/** The line drawings (optimised SVG); `hash` (8 hex of its SHA-256) is part of its URL. */
export const workoutDrawings = pgTable('workout_drawings', {
  file: text('file').primaryKey(),
  hash: text('hash').notNull(),
  svg: text('svg').notNull(),
});

export const workoutExercises = pgTable(
  'workout_exercises',
  {
    slug: text('slug').primaryKey(),
    source: text('source').$type<ExerciseSource>().notNull(),
    everkineticId: text('everkinetic_id'),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    primerVi: text('primer_vi').notNull(),
    primerEn: text('primer_en').notNull(),
    stepsVi: text('steps_vi').array().notNull(),
    stepsEn: text('steps_en').array().notNull(),
    bodyParts: text('body_parts').array().notNull(),
    primaryMuscles: text('primary_muscles').array().notNull(),
    equipment: text('equipment').array().notNull(),
    kind: text('kind').$type<ExerciseKind>().notNull(),
    level: text('level').$type<WorkoutLevel>().notNull(),
    startDrawingUrl: text('start_drawing_url').notNull(),
    endDrawingUrl: text('end_drawing_url').notNull(),
  },
  (t) => [check('workout_exercises_source_check', sql`${t.source} in ('everkinetic', 'own')`)],
);

export const workoutTypes = pgTable(
  'workout_types',
  {
    id: integer('id').primaryKey(),
    slug: text('slug').notNull().unique(),
    kind: text('kind').$type<WorkoutTypeKind>().notNull(),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionVi: text('description_vi').notNull(),
    descriptionEn: text('description_en').notNull(),
    weeks: smallint('weeks'),
    sessionsPerWeek: smallint('sessions_per_week'),
    coverUrl: text('cover_url').notNull(),
    position: smallint('position').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [check('workout_types_kind_check', sql`${t.kind} in ('BODY_PART', 'PROGRAMME')`)],
);

export const workoutLessons = pgTable(
  'workout_lessons',
  {
    id: integer('id').primaryKey(),
    typeId: integer('type_id')
      .notNull()
      .references(() => workoutTypes.id),
    slug: text('slug').notNull().unique(),
    nameVi: text('name_vi').notNull(),
    nameEn: text('name_en').notNull(),
    level: text('level').$type<WorkoutLevel>().notNull(),
    minutes: smallint('minutes').notNull(),
    equipment: text('equipment').array().notNull(),
    week: smallint('week'),
    session: smallint('session'),
    position: smallint('position').notNull(),
    mainCount: smallint('main_count').notNull(),
    warmUpCount: smallint('warm_up_count').notNull(),
    coolDownCount: smallint('cool_down_count').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('workout_lessons_type_idx').on(t.typeId, t.position),
    check('workout_lessons_minutes_check', sql`${t.minutes} > 0`),
  ],
);

export const workoutMappings = pgTable(
  'workout_mappings',
  {
    id: integer('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => workoutLessons.id),
    exerciseSlug: text('exercise_slug')
      .notNull()
      .references(() => workoutExercises.slug),
    block: text('block').$type<WorkoutBlock>().notNull(),
    position: smallint('position').notNull(),
    sets: smallint('sets').notNull(),
    reps: smallint('reps'),
    seconds: smallint('seconds'),
    restSeconds: smallint('rest_seconds').notNull(),
    perSide: boolean('per_side').notNull().default(false),
    tempoVi: text('tempo_vi'),
    tempoEn: text('tempo_en'),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('workout_mappings_lesson_idx').on(t.lessonId, t.position),
    check('workout_mappings_block_check', sql`${t.block} in ('warmUp', 'main', 'coolDown')`),
    check(
      'workout_mappings_amount_check',
      sql`(${t.reps} is null) <> (${t.seconds} is null) and coalesce(${t.reps}, ${t.seconds}) > 0`,
    ),
    check('workout_mappings_sets_check', sql`${t.sets} >= 1 and ${t.restSeconds} >= 0`),
  ],
);

/** A member's row about a lesson: gone with the account, kept while the lesson is (retired lessons stay). */
const memberLesson = () => ({
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  lessonId: integer('lesson_id')
    .notNull()
    .references(() => workoutLessons.id),
});

export const workoutFavorites = pgTable(
  'workout_favorites',
  {
    ...memberLesson(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.lessonId] }),
    index('workout_favorites_account_idx').on(t.accountId, t.createdAt),
  ],
);

/** What phones report, once per event id (the phone's uuid); the derived progress is replayed from these. */
export const workoutProgressEvents = pgTable(
  'workout_progress_events',
  {
    id: uuid('id').primaryKey(),
    ...memberLesson(),
    mappingId: integer('mapping_id').references(() => workoutMappings.id),
    kind: text('kind').$type<WorkoutEventKind>().notNull(),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    durationSeconds: integer('duration_seconds'),
    reps: integer('reps'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('workout_progress_events_lesson_idx').on(t.accountId, t.lessonId, t.happenedAt),
    check('workout_progress_events_kind_check', sql`${t.kind} in ('EXERCISE_DONE', 'LESSON_DONE', 'LESSON_CONFIRMED')`),
    check('workout_progress_events_mapping_check', sql`(${t.kind} = 'EXERCISE_DONE') = (${t.mappingId} is not null)`),
    check(
      'workout_progress_events_duration_check',
      sql`${t.durationSeconds} is null or ${t.durationSeconds} between 0 and 86400`,
    ),
    check('workout_progress_events_reps_check', sql`${t.reps} is null or ${t.reps} between 0 and 100000`),
  ],
);

/** Per member and lesson, replayed from its events after every batch that touches it (ADR 041). */
export const workoutLessonProgress = pgTable(
  'workout_lesson_progress',
  {
    ...memberLesson(),
    timesCompleted: integer('times_completed').notNull().default(0),
    lastCompletedAt: timestamp('last_completed_at', { withTimezone: true }),
    /** Mappings done in the current, unfinished run. */
    runMappingIds: integer('run_mapping_ids')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** The newest exercise of the current run and when; null when no run is open. */
    runLastMappingId: integer('run_last_mapping_id'),
    runLastAt: timestamp('run_last_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.lessonId] }),
    check('workout_lesson_progress_times_check', sql`${t.timesCompleted} >= 0`),
  ],
);
