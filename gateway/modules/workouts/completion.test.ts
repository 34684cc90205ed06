import { expect, test } from 'vitest';
import { replayLesson, type ReplayEvent } from './completion.ts';

// §4 lesson completion as replayed from events (ADR 041): main block only, confirmation, the window
// after a completion, repeats, and independence from arrival order.

const T0 = Date.parse('2026-11-21T10:00:00Z');
const MAIN = new Set([5, 6, 7]);
const WARM = 1;
const COOL = 9;
let n = 0;
const e = (kind: ReplayEvent['kind'], mappingId: number | null, minute: number): ReplayEvent => ({
  id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`,
  kind,
  mappingId,
  at: new Date(T0 + minute * 60_000),
  durationSeconds: null,
});
const done = (mappingId: number, minute: number) => e('EXERCISE_DONE', mappingId, minute);

test('no events: nothing done', () => {
  expect(replayLesson([], MAIN)).toEqual({
    timesCompleted: 0,
    lastCompletedAt: null,
    runMappingIds: [],
    runLastMappingId: null,
    runLastAt: null,
  });
});

test('the main block done completes the lesson; warm-up and cool-down are not needed', () => {
  const r = replayLesson([done(5, 1), done(6, 2), done(7, 3)], MAIN);
  expect(r).toMatchObject({ timesCompleted: 1, lastCompletedAt: new Date(T0 + 3 * 60_000), runMappingIds: [] });
});

test('warm-up and a part of the main block leave the run open, with what was done', () => {
  const r = replayLesson([done(WARM, 0), done(5, 1), done(6, 2), done(6, 3)], MAIN);
  expect(r).toMatchObject({
    timesCompleted: 0,
    runMappingIds: [WARM, 5, 6],
    runLastMappingId: 6,
    runLastAt: new Date(T0 + 3 * 60_000),
  });
});

test('the cool-down, the summary and a confirmation right after a completion belong to it', () => {
  const r = replayLesson(
    [done(5, 1), done(6, 2), done(7, 3), done(COOL, 5), e('LESSON_DONE', null, 6), e('LESSON_CONFIRMED', null, 7)],
    MAIN,
  );
  expect(r).toMatchObject({ timesCompleted: 1, runMappingIds: [], runLastMappingId: null });
});

test('LESSON_DONE alone completes nothing; LESSON_CONFIRMED does, whatever was marked', () => {
  expect(replayLesson([done(5, 1), e('LESSON_DONE', null, 2)], MAIN)).toMatchObject({
    timesCompleted: 0,
    runMappingIds: [5],
  });
  expect(replayLesson([done(5, 1), e('LESSON_CONFIRMED', null, 2)], MAIN)).toMatchObject({
    timesCompleted: 1,
    runMappingIds: [],
  });
});

test('repeats count: a second run after the window, or a main exercise right after', () => {
  const twice = [done(5, 1), done(6, 2), done(7, 3), e('LESSON_CONFIRMED', null, 3 + 180)];
  expect(replayLesson(twice, MAIN).timesCompleted).toBe(2);
  const again = [done(5, 1), done(6, 2), done(7, 3), done(5, 10), done(6, 11), done(7, 12)];
  expect(replayLesson(again, MAIN)).toMatchObject({ timesCompleted: 2, lastCompletedAt: new Date(T0 + 12 * 60_000) });
  const started = [done(5, 1), done(6, 2), done(7, 3), done(5, 10)];
  expect(replayLesson(started, MAIN)).toMatchObject({ timesCompleted: 1, runMappingIds: [5] });
});

test('a warm-up move after the window opens a new run', () => {
  const r = replayLesson([e('LESSON_CONFIRMED', null, 0), done(WARM, 121)], MAIN);
  expect(r).toMatchObject({ timesCompleted: 1, runMappingIds: [WARM] });
});

test('the answer does not depend on the order events arrive in', () => {
  const events = [
    done(WARM, 0),
    done(5, 1),
    done(6, 2),
    done(7, 3),
    done(COOL, 4),
    e('LESSON_DONE', null, 5),
    done(5, 300),
    e('LESSON_CONFIRMED', null, 600),
    done(6, 900),
  ];
  const expected = replayLesson(events, MAIN);
  expect(expected).toMatchObject({ timesCompleted: 2, runMappingIds: [6] });
  let seed = 7;
  for (let i = 0; i < 50; i++) {
    const shuffled = [...events].sort(() => ((seed = (seed * 16807) % 2147483647) % 3) - 1);
    expect(replayLesson(shuffled, MAIN)).toEqual(expected);
  }
});
