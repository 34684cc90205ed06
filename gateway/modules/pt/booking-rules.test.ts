import { expect, test } from 'vitest';
import { bookableDays, freeStarts, startProblem } from './booking-rules.ts';

// 2026-11-27 09:00 in Vietnam (02:00 UTC), a Friday.
const now = new Date('2026-11-27T02:00:00Z');
const hours = [
  { startMinute: 7 * 60, endMinute: 12 * 60 },
  { startMinute: 17 * 60 + 30, endMinute: 21 * 60 },
];

test('the bookable days: today and the next 14 Vietnam days', () => {
  expect(bookableDays(now)).toHaveLength(15);
  expect(bookableDays(now)[14]).toBe('2026-12-11');
});

test('a start must be 2 h ahead, within 14 days, on the half hour, and the whole hour inside one interval', () => {
  expect(startProblem(now, '2026-11-27', 11 * 60, hours)).toBe(null); // 11:00, 2 h after 09:00
  expect(startProblem(now, '2026-11-27', 10 * 60 + 30, hours)).toBe('LEAD');
  expect(startProblem(now, '2026-11-27', 11 * 60 + 15, hours)).toBe('STEP');
  expect(startProblem(now, '2026-11-27', 11 * 60 + 30, hours)).toBe('HOURS'); // ends 12:30, after the break starts
  expect(startProblem(now, '2026-11-27', 17 * 60, hours)).toBe('HOURS'); // in the break
  expect(startProblem(now, '2026-11-27', 20 * 60, hours)).toBe(null); // ends exactly at 21:00
  expect(startProblem(now, '2026-12-11', 7 * 60, hours)).toBe(null);
  expect(startProblem(now, '2026-12-12', 7 * 60, hours)).toBe('DAY');
  expect(startProblem(now, '2026-11-26', 20 * 60, hours)).toBe('DAY');
});

test('free starts leave out what is taken (an overlap of any minute) and what is too soon', () => {
  const taken = [{ startMinute: 18 * 60, endMinute: 19 * 60 }];
  // 11:00 (the only morning start 2 h ahead); 17:30 and 18:30 would overlap 18:00–19:00.
  expect(freeStarts(now, '2026-11-27', hours, taken)).toEqual([11 * 60, 19 * 60, 19 * 60 + 30, 20 * 60]);
  expect(freeStarts(now, '2026-11-28', hours, [])).toEqual([
    420, 450, 480, 510, 540, 570, 600, 630, 660, 1050, 1080, 1110, 1140, 1170, 1200,
  ]);
});
