import { describe, expect, it, test } from 'vitest';
import {
  addDays,
  hhmm,
  isoWeekday,
  vietnamDateTime,
  vietnamDay,
  vietnamDayEnd,
  vietnamDayStart,
  vietnamInstant,
  vietnamMinute,
} from './vietnam-time.ts';

describe('an instant on the Vietnam clock (UTC+7)', () => {
  it.each([
    // 23:00–24:00 in Vietnam is 16:00–17:00 UTC of the day before.
    ['2026-11-27T15:59:59.999Z', '2026-11-27', 22 * 60 + 59, '2026-11-27 22:59:59'],
    ['2026-11-27T16:00:00Z', '2026-11-27', 23 * 60, '2026-11-27 23:00:00'],
    ['2026-11-27T16:59:59.999Z', '2026-11-27', 23 * 60 + 59, '2026-11-27 23:59:59'],
    ['2026-11-27T17:00:00Z', '2026-11-28', 0, '2026-11-28 00:00:00'],
    // Month and year ends: still the old month/year in UTC, already the new one in Vietnam.
    ['2026-11-30T17:30:00Z', '2026-12-01', 30, '2026-12-01 00:30:00'],
    ['2026-12-31T17:00:00Z', '2027-01-01', 0, '2027-01-01 00:00:00'],
    ['2028-02-28T17:00:00Z', '2028-02-29', 0, '2028-02-29 00:00:00'],
    // No daylight saving: the same 7 hours in June as in January.
    ['2026-06-15T02:04:09Z', '2026-06-15', 9 * 60 + 4, '2026-06-15 09:04:09'],
  ])('%s is %s, minute %i, %s', (iso, day, minute, dateTime) => {
    for (const at of [new Date(iso), Date.parse(iso)]) {
      expect(vietnamDay(at)).toBe(day);
      expect(vietnamMinute(at)).toBe(minute);
      expect(vietnamDateTime(at)).toBe(dateTime);
    }
  });
});

describe('a Vietnam day and time as an instant', () => {
  test('minutes after 00:00 of the day, which began at 17:00 UTC the day before', () => {
    expect(vietnamInstant('2026-11-27', 0).toISOString()).toBe('2026-11-26T17:00:00.000Z');
    expect(vietnamInstant('2026-11-27', 11 * 60 + 30).toISOString()).toBe('2026-11-27T04:30:00.000Z');
    expect(vietnamInstant('2026-11-27', 23 * 60 + 30).toISOString()).toBe('2026-11-27T16:30:00.000Z');
    expect(vietnamInstant('2027-01-01', 0).toISOString()).toBe('2026-12-31T17:00:00.000Z');
  });
  test('the first and last moments of a day', () => {
    expect(vietnamDayStart('2026-12-01').toISOString()).toBe('2026-11-30T17:00:00.000Z');
    expect(vietnamDayEnd('2026-12-31').toISOString()).toBe('2026-12-31T16:59:59.999Z');
    expect(vietnamDayEnd('2028-02-28').toISOString()).toBe('2028-02-28T16:59:59.999Z');
  });
  test('round trip: the day and minute of the instant of a day and minute', () => {
    for (const [day, minute] of [
      ['2026-11-27', 0],
      ['2026-11-27', 23 * 60 + 59],
      ['2026-12-31', 23 * 60 + 30],
      ['2027-01-01', 7 * 60],
    ] as const) {
      const at = vietnamInstant(day, minute);
      expect([vietnamDay(at), vietnamMinute(at)]).toEqual([day, minute]);
    }
  });
});

describe('calendar days', () => {
  it.each([
    ['2026-11-27', 1, '2026-11-28'],
    ['2026-11-30', 1, '2026-12-01'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2027-01-01', -1, '2026-12-31'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-11-27', 14, '2026-12-11'],
    ['2026-11-27', 0, '2026-11-27'],
  ])('%s + %i days = %s', (day, days, expected) => expect(addDays(day, days)).toBe(expected));
  test('weekdays count 1 Monday … 7 Sunday', () => {
    expect(isoWeekday('2026-11-27')).toBe(5);
    expect(isoWeekday('2026-11-29')).toBe(7);
    expect(isoWeekday('2026-11-30')).toBe(1);
  });
  test('a time of day as HH:mm', () => {
    expect([hhmm(0), hhmm(7 * 60 + 5), hhmm(23 * 60 + 30)]).toEqual(['00:00', '07:05', '23:30']);
  });
});
