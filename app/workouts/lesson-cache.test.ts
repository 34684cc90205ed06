import { afterEach, expect, test, vi } from 'vitest';
import { browserSavesData, rememberLesson } from './lesson-cache.ts';
import type { LessonView } from './workouts.server.ts';

// ADR 068: with the data saver on, a lesson kept on the phone does not warm its drawings.
afterEach(() => vi.unstubAllGlobals());

const lesson = {
  id: 101,
  blocks: {
    warmUp: [],
    main: [{ drawings: { start: '/workout-drawings/a/start.png', end: '/workout-drawings/a/end.png' } }],
    coolDown: [],
  },
} as unknown as LessonView;

test('a lesson kept with the data saver on warms none of its drawings; otherwise all of them', async () => {
  const added: string[] = [];
  const cache = {
    match: () => Promise.resolve(undefined),
    add: (url: string) => Promise.resolve(void added.push(url)),
  };
  vi.stubGlobal('caches', { open: () => Promise.resolve(cache) });
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
  rememberLesson(lesson, { saveData: true });
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(added).toEqual([]);
  rememberLesson(lesson);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(added).toEqual(['/workout-drawings/a/start.png', '/workout-drawings/a/end.png']);
});

test("the browser's data-saver flag: no drawings either", async () => {
  expect(browserSavesData()).toBe(false);
  vi.stubGlobal('navigator', { connection: { saveData: true } });
  expect(browserSavesData()).toBe(true);
  const added: string[] = [];
  vi.stubGlobal('caches', {
    open: () =>
      Promise.resolve({
        match: () => Promise.resolve(undefined),
        add: (url: string) => Promise.resolve(void added.push(url)),
      }),
  });
  vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
  rememberLesson(lesson);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(added).toEqual([]);
});
