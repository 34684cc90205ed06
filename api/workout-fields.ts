// Issue 15 (ADR 041): guided workouts' names and limits, without zod so the browser may import them.

export const workoutTypeKinds = ['BODY_PART', 'PROGRAMME'] as const;
export type WorkoutTypeKind = (typeof workoutTypeKinds)[number];

export const workoutLevels = ['beginner', 'intermediate', 'advanced'] as const;
export type WorkoutLevel = (typeof workoutLevels)[number];

/** A lesson's blocks in playing order. Only `main` counts towards completion; warm-up and cool-down are optional (on by default). */
export const workoutBlocks = ['warmUp', 'main', 'coolDown'] as const;
export type WorkoutBlock = (typeof workoutBlocks)[number];

export const exerciseKinds = ['compound', 'isolation', 'warm-up', 'stretch'] as const;
export type ExerciseKind = (typeof exerciseKinds)[number];

export const bodyParts = [
  'chest',
  'back',
  'shoulders',
  'arms',
  'legs-glutes',
  'core',
  'full-body',
  'stretching',
] as const;
export type BodyPart = (typeof bodyParts)[number];

export const exerciseSources = ['everkinetic', 'own'] as const;
export type ExerciseSource = (typeof exerciseSources)[number];

/** The credit line Everkinetic's licence asks for wherever its texts or drawings are shown. */
export const EVERKINETIC_CREDIT = 'Everkinetic (everkinetic.com), CC BY-SA 4.0';

/**
 * What a phone reports, each event once under its own uuid:
 * EXERCISE_DONE — one exercise mapping finished (all its sets);
 * LESSON_DONE — the player reached the end of the lesson (its summary: duration, reps); it completes nothing by itself;
 * LESSON_CONFIRMED — the member confirms the whole lesson as done (§4), whatever was marked.
 */
export const workoutEventKinds = ['EXERCISE_DONE', 'LESSON_DONE', 'LESSON_CONFIRMED'] as const;
export type WorkoutEventKind = (typeof workoutEventKinds)[number];

/** At most this many events in one POST (an offline phone sends the rest in the next). */
export const WORKOUT_EVENTS_MAX = 200;
/** Events older than this are refused: a phone drops what it could not send in time. */
export const WORKOUT_EVENT_MAX_AGE_DAYS = 30;
/** How far ahead of the gateway's clock a phone's clock may be. */
export const WORKOUT_EVENT_CLOCK_SKEW_MINUTES = 10;
/**
 * After a lesson is completed, its warm-up or cool-down moves, the player's LESSON_DONE and a repeated
 * LESSON_CONFIRMED within this long belong to that completion: a member who finishes the main block,
 * cools down and taps "finish" has done the lesson once, not twice.
 */
export const WORKOUT_COMPLETION_WINDOW_MINUTES = 120;
