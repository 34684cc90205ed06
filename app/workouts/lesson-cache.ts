import { DRAWINGS_CACHE } from '#app/shell/caches.ts';
import type { LessonView } from './workouts.server.ts';

// Issue 15 (ADR 041): a lesson opened online plays with no network. The lesson page keeps the
// lesson's public content (no member data) on the phone and warms its drawings; the player then
// moves between exercises from this copy, without asking the server.

const KEY = 'vietfit.workout.lessons';
/** The lessons kept: the last few opened. */
const KEEP = 6;

type Kept = { lesson: LessonView; savedAt: number };

function readAll(): Kept[] {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as Kept[]) : [];
  } catch {
    return [];
  }
}

export function cachedLesson(lessonId: number): LessonView | undefined {
  return readAll().find((kept) => kept.lesson.id === lessonId)?.lesson;
}

/** The browser's own data-saver flag (Chromium; absent elsewhere): it sends Save-Data: on with it. */
export function browserSavesData(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true
  );
}

/**
 * Keeps the lesson and every drawing of it on the phone; with the data saver on (ADR 068: the
 * page's Save-Data or the browser's flag) the text only: each drawing is then fetched (and cached
 * by the worker) when the player shows it.
 */
export function rememberLesson(lesson: LessonView, { saveData = false }: { saveData?: boolean } = {}) {
  try {
    const others = readAll().filter((kept) => kept.lesson.id !== lesson.id);
    localStorage.setItem(KEY, JSON.stringify([{ lesson, savedAt: Date.now() }, ...others].slice(0, KEEP)));
  } catch {
    // Full or private storage: the lesson then needs the network, as any page.
  }
  if (saveData || browserSavesData()) return;
  const urls = new Set(
    Object.values(lesson.blocks).flatMap((block) => block.flatMap((m) => [m.drawings.start, m.drawings.end])),
  );
  // Straight into the cache the service worker answers drawings from (sw.ts), whether or not it controls this page yet.
  if (typeof caches === 'undefined') return;
  void caches
    .open(DRAWINGS_CACHE)
    .then(async (cache) => {
      for (const url of urls) if (!(await cache.match(url))) await cache.add(url);
    })
    .catch(() => undefined);
}
