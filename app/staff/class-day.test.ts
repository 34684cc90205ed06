import { describe, expect, test } from 'vitest';
import { canCancelClass, canMarkAttendance } from './class-day.ts';
import { chosenDay } from './classes.server.ts';

describe('the desk’s class day', () => {
  test('?date= is used when it is a real day, else today in Vietnam', () => {
    const now = Date.parse('2026-11-27T03:00:00Z');
    expect(chosenDay('2026-12-01', now)).toBe('2026-12-01');
    expect(chosenDay('2026-02-30', now)).toBe('2026-11-27');
    expect(chosenDay('yesterday', now)).toBe('2026-11-27');
    expect(chosenDay(null, now)).toBe('2026-11-27');
    expect(chosenDay(null, Date.parse('2026-11-27T17:30:00Z'))).toBe('2026-11-28');
  });
});

describe('what the desk may do with a class', () => {
  const session = { startsAt: '2026-11-27T11:00:00Z', endsAt: '2026-11-27T12:00:00Z', cancelledAt: null };
  test('attendance from 30 minutes before the start to 24 hours after the end', () => {
    expect(canMarkAttendance(session, Date.parse('2026-11-27T10:29:00Z'))).toBe(false);
    expect(canMarkAttendance(session, Date.parse('2026-11-27T10:30:00Z'))).toBe(true);
    expect(canMarkAttendance(session, Date.parse('2026-11-28T12:00:00Z'))).toBe(true);
    expect(canMarkAttendance(session, Date.parse('2026-11-28T12:01:00Z'))).toBe(false);
    expect(
      canMarkAttendance({ ...session, cancelledAt: '2026-11-27T09:00:00Z' }, Date.parse('2026-11-27T11:10:00Z')),
    ).toBe(false);
  });
  test('cancelled only before it starts, and once', () => {
    expect(canCancelClass(session, Date.parse('2026-11-27T10:59:00Z'))).toBe(true);
    expect(canCancelClass(session, Date.parse('2026-11-27T11:00:00Z'))).toBe(false);
    expect(
      canCancelClass({ ...session, cancelledAt: '2026-11-27T09:00:00Z' }, Date.parse('2026-11-27T10:00:00Z')),
    ).toBe(false);
  });
});
