import { describe, expect, it } from 'vitest';
import { addMonths, membershipEnd, nextStartDate } from './dates.ts';

describe('membership dates', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-11-21', 12, '2027-11-21'],
    ['2026-12-15', 3, '2027-03-15'],
  ])('adds months to %s + %i = %s', (day, months, expected) => expect(addMonths(day, months)).toBe(expected));
  it.each([
    ['2026-03-01', { value: 1, unit: 'month' as const }, 0, '2026-03-31'],
    ['2026-11-21', { value: 12, unit: 'month' as const }, 0, '2027-11-20'],
    ['2026-11-21', { value: 7, unit: 'day' as const }, 0, '2026-11-27'],
    ['2026-11-21', { value: 1, unit: 'month' as const }, 14, '2027-01-03'],
  ])('a membership from %s for %o (+%i bonus days) ends %s', (start, duration, bonus, end) =>
    expect(membershipEnd(start, duration, bonus)).toBe(end),
  );
  const from = (start: string, end: string) => ({ start, end });
  it('starts today, or the day after the unbroken run of covering memberships from today ends', () => {
    expect(nextStartDate('2026-11-21', [])).toBe('2026-11-21');
    expect(nextStartDate('2026-11-21', [from('2026-10-21', '2026-11-20')])).toBe('2026-11-21');
    expect(nextStartDate('2026-11-21', [from('2026-10-22', '2026-11-21')])).toBe('2026-11-22');
    // Back to back: the run goes on through the second one.
    expect(nextStartDate('2026-11-21', [from('2026-12-02', '2027-01-10'), from('2026-11-01', '2026-12-01')])).toBe(
      '2027-01-11',
    );
    // Overlapping: the later end counts.
    expect(nextStartDate('2026-11-21', [from('2026-11-01', '2027-01-10'), from('2026-11-10', '2026-12-01')])).toBe(
      '2027-01-11',
    );
  });
  it('issue 10 §4: a membership that starts after a gap does not push a new one back', () => {
    // The club cannot be entered today: a Black Card that starts next year leaves today free.
    expect(nextStartDate('2026-11-21', [from('2027-11-21', '2028-11-20')])).toBe('2026-11-21');
    // Open today until 1 December, then nothing until the Black Card: the new one starts 2 December.
    expect(nextStartDate('2026-11-21', [from('2026-11-01', '2026-12-01'), from('2027-11-21', '2028-11-20')])).toBe(
      '2026-12-02',
    );
  });
});
