// §3 "Locally stored": the lesson config — warm-up and cool-down on by default — kept on the phone.

export type LessonConfig = { warmUp: boolean; coolDown: boolean };

const KEY = 'vietfit.workout.lessonConfig';
export const DEFAULT_LESSON_CONFIG: LessonConfig = { warmUp: true, coolDown: true };

export function readLessonConfig(): LessonConfig {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<LessonConfig> | null;
    return { warmUp: stored?.warmUp !== false, coolDown: stored?.coolDown !== false };
  } catch {
    return DEFAULT_LESSON_CONFIG;
  }
}

export function writeLessonConfig(config: LessonConfig) {
  try {
    localStorage.setItem(KEY, JSON.stringify(config));
  } catch {
    // Private mode or full storage: the toggle still works for this visit.
  }
}
