import { WORKOUT_COMPLETION_WINDOW_MINUTES, type WorkoutEventKind } from '#api/workout-fields.ts';

// Issue 15 §4 (ADR 041): what a member's events say about one lesson. A pure function of the set of
// events (they are replayed in the order they happened, ties by id), so batches that arrive late,
// twice or out of order give the same answer.

export type ReplayEvent = {
  id: string;
  kind: WorkoutEventKind;
  mappingId: number | null;
  at: Date;
  durationSeconds: number | null;
};

export type LessonReplay = {
  timesCompleted: number;
  lastCompletedAt: Date | null;
  /** Mappings done in the current, unfinished run, in the order first done. */
  runMappingIds: number[];
  runLastMappingId: number | null;
  runLastAt: Date | null;
};

const WINDOW_MS = WORKOUT_COMPLETION_WINDOW_MINUTES * 60_000;

/**
 * A run is one go at the lesson. It completes when every mapping of the main block has an
 * EXERCISE_DONE (warm-up and cool-down are optional), or on LESSON_CONFIRMED. LESSON_DONE is the
 * player's summary and completes nothing by itself. After a completion, warm-up or cool-down moves,
 * LESSON_DONE and another LESSON_CONFIRMED within the window belong to it; a main exercise starts
 * the next run. A mapping done twice in a run counts once.
 */
export function replayLesson(events: readonly ReplayEvent[], mainMappingIds: ReadonlySet<number>): LessonReplay {
  const ordered = [...events].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
  );
  let timesCompleted = 0;
  let lastCompletedAt: Date | null = null;
  let run = new Set<number>();
  let runLastMappingId: number | null = null;
  let runLastAt: Date | null = null;
  let absorbUntil = -Infinity;

  const complete = (at: Date) => {
    timesCompleted += 1;
    lastCompletedAt = at;
    run = new Set();
    runLastMappingId = null;
    runLastAt = null;
    absorbUntil = at.getTime() + WINDOW_MS;
  };

  for (const event of ordered) {
    const isMain = event.mappingId !== null && mainMappingIds.has(event.mappingId);
    if (event.at.getTime() <= absorbUntil && !(event.kind === 'EXERCISE_DONE' && isMain)) continue;
    if (event.kind === 'LESSON_CONFIRMED') {
      complete(event.at);
    } else if (event.kind === 'EXERCISE_DONE' && event.mappingId !== null) {
      absorbUntil = -Infinity;
      run.add(event.mappingId);
      runLastMappingId = event.mappingId;
      runLastAt = event.at;
      if (mainMappingIds.size > 0 && [...mainMappingIds].every((id) => run.has(id))) complete(event.at);
    }
    // LESSON_DONE outside a completion's window: a summary of a run left unfinished; it changes nothing.
  }
  return { timesCompleted, lastCompletedAt, runMappingIds: [...run], runLastMappingId, runLastAt };
}
