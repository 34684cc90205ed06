import { describe, expect, test } from 'vitest';
import {
  billingDate,
  cancelDeadline,
  cancellationEnd,
  graceEnd,
  MAX_ATTEMPTS,
  nextAttemptOn,
  periodOf,
} from './rules.ts';

describe('subscription calendar (ADR 038)', () => {
  test('a subscription started 31 January keeps its day through short months', () => {
    const months = [0, 1, 2, 3, 12, 13].map((n) => periodOf('2027-01-31', n));
    expect(months).toEqual([
      { start: '2027-01-31', end: '2027-02-27' },
      { start: '2027-02-28', end: '2027-03-30' },
      { start: '2027-03-31', end: '2027-04-29' },
      { start: '2027-04-30', end: '2027-05-30' },
      { start: '2028-01-31', end: '2028-02-28' },
      { start: '2028-02-29', end: '2028-03-30' },
    ]);
    // No gap and no overlap between consecutive months.
    for (let n = 0; n < 24; n++) {
      const a = periodOf('2027-01-31', n);
      const b = periodOf('2027-01-31', n + 1);
      expect(new Date(`${b.start}T00:00:00Z`).getTime() - new Date(`${a.end}T00:00:00Z`).getTime()).toBe(86_400_000);
    }
  });

  test('a month that starts on the 1st ends on the last day, across the year end', () => {
    expect(periodOf('2026-12-01', 0)).toEqual({ start: '2026-12-01', end: '2026-12-31' });
    expect(periodOf('2026-12-01', 2)).toEqual({ start: '2027-02-01', end: '2027-02-28' });
  });

  test('billing 3 days before the end, cancelling until 4 days before, 7 days of grace', () => {
    expect(billingDate('2027-03-01')).toBe('2027-02-26');
    expect(cancelDeadline('2027-03-01')).toBe('2027-02-25');
    expect(graceEnd('2027-02-27')).toBe('2027-03-06');
    const current = { start: '2027-02-01', end: '2027-02-28' };
    const next = { start: '2027-03-01', end: '2027-03-31' };
    expect(cancellationEnd('2027-02-24', current, next)).toBe('2027-02-28');
    expect(cancellationEnd('2027-02-25', current, next)).toBe('2027-03-31');
    expect(cancellationEnd('2027-02-28', current, next)).toBe('2027-03-31');
  });

  test('tries: the first, then days 1, 3 and 5 after it, then none', () => {
    const first = '2027-02-26';
    expect([0, 1, 2, 3, 4].map((n) => nextAttemptOn(first, n))).toEqual([
      '2027-02-26',
      '2027-02-27',
      '2027-03-01',
      '2027-03-03',
      null,
    ]);
    expect(MAX_ATTEMPTS).toBe(4);
  });
});
