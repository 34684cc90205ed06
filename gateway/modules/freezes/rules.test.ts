import { describe, expect, test } from 'vitest';
import { freezeAllowanceDays } from '#api/freeze.ts';
import {
  allowanceUsedBy,
  freezeBlocker,
  freezeDates,
  freezeStatus,
  frozenDaysBy,
  startWindow,
  unfreezeOn,
} from './rules.ts';

const paid = (startDate: string, endDate: string, days = 0) => ({
  paymentState: 'PAID' as const,
  startDate,
  endDate,
  days,
});

describe('freeze arithmetic (ADR 036)', () => {
  test('a freeze of N days from a day ends N-1 days later and moves the membership end N days, across month and year ends', () => {
    expect(freezeDates('2027-01-25', 14, '2027-02-27')).toEqual({
      startDate: '2027-01-25',
      endDate: '2027-02-07',
      newMembershipEndDate: '2027-03-13',
    });
    expect(freezeDates('2026-12-20', 30, '2027-12-31')).toEqual({
      startDate: '2026-12-20',
      endDate: '2027-01-18',
      newMembershipEndDate: '2028-01-30',
    });
    // 2028 is a leap year: 29 February exists.
    expect(freezeDates('2028-02-22', 7, '2028-02-25')).toEqual({
      startDate: '2028-02-22',
      endDate: '2028-02-28',
      newMembershipEndDate: '2028-03-03',
    });
    expect(freezeDates('2027-02-22', 7, '2027-02-25').newMembershipEndDate).toBe('2027-03-04');
  });

  test('status by the day: FUTURE, CURRENT through the last day, UNFREEZE after; unpaid as stored', () => {
    const f = paid('2027-01-10', '2027-01-16', 7);
    expect(freezeStatus(f, '2027-01-09')).toBe('FUTURE');
    expect(freezeStatus(f, '2027-01-10')).toBe('CURRENT');
    expect(freezeStatus(f, '2027-01-16')).toBe('CURRENT');
    expect(freezeStatus(f, '2027-01-17')).toBe('UNFREEZE');
    expect(freezeStatus({ ...f, paymentState: 'WAITFORPAYMENT' }, '2027-01-12')).toBe('WAITFORPAYMENT');
    // Ended before it began.
    expect(freezeStatus(paid('2027-01-10', '2027-01-09', 7), '2027-01-05')).toBe('UNFREEZE');
  });

  test('unfreezing early returns the days not frozen, across a month end', () => {
    const f = paid('2027-01-28', '2027-02-10', 14);
    // On 3 February: 28–31 January and 1–2 February were frozen (6 days); 8 come back.
    expect(unfreezeOn(f, '2027-02-03')).toEqual({ endDate: '2027-02-02', returnedDays: 8 });
    expect(frozenDaysBy({ ...f, endDate: '2027-02-02' }, '2027-02-03')).toBe(6);
    // On its first day nothing was frozen yet: all 14 come back.
    expect(unfreezeOn(f, '2027-01-28')).toEqual({ endDate: '2027-01-27', returnedDays: 14 });
    // Before it begins: all of it.
    expect(unfreezeOn(f, '2027-01-20')).toEqual({ endDate: '2027-01-27', returnedDays: 14 });
    // On its last day: 13 frozen, 1 back. After it: nothing to end.
    expect(unfreezeOn(f, '2027-02-10')).toEqual({ endDate: '2027-02-09', returnedDays: 1 });
    expect(unfreezeOn(f, '2027-02-11')).toBeNull();
    expect(unfreezeOn({ ...f, paymentState: 'WAITFORPAYMENT' }, '2027-02-01')).toBeNull();
  });

  test('frozen days so far: none before the start, up to yesterday while running, all once over', () => {
    const f = paid('2027-03-01', '2027-03-30', 30);
    expect(frozenDaysBy(f, '2027-02-28')).toBe(0);
    expect(frozenDaysBy(f, '2027-03-01')).toBe(0);
    expect(frozenDaysBy(f, '2027-03-11')).toBe(10);
    expect(frozenDaysBy(f, '2027-05-01')).toBe(30);
  });

  test('the allowance: 30 days for 3–5 months, 60 for 6–11, 90 a year; none for monthly plans, trials or gifts', () => {
    expect(freezeAllowanceDays({ type: 'CLASSIC', duration: { value: 3, unit: 'month' } })).toBe(30);
    expect(freezeAllowanceDays({ type: 'CLASSIC', duration: { value: 6, unit: 'month' } })).toBe(60);
    expect(freezeAllowanceDays({ type: 'BLACK_CARD', duration: { value: 12, unit: 'month' } })).toBe(90);
    expect(freezeAllowanceDays({ type: 'BLACK_CARD', duration: { value: 24, unit: 'month' } })).toBe(180);
    expect(freezeAllowanceDays({ type: 'BASIC', duration: { value: 1, unit: 'month' } })).toBe(0);
    expect(freezeAllowanceDays({ type: 'SUBSCRIPTION', duration: { value: 12, unit: 'month' } })).toBe(0);
    expect(freezeAllowanceDays({ type: 'BASIC', duration: { value: 90, unit: 'day' } })).toBe(0);
    // Used: a paid freeze counts whole until it is ended early, then what it froze.
    expect(allowanceUsedBy({ ...paid('2027-01-10', '2027-01-23', 14), unfrozen: false })).toBe(14);
    expect(allowanceUsedBy({ ...paid('2027-01-10', '2027-01-12', 14), unfrozen: true })).toBe(3);
    expect(allowanceUsedBy({ ...paid('2027-01-10', '2027-01-09', 14), unfrozen: true })).toBe(0);
  });

  test('the start window is tomorrow to 30 days ahead, never past the membership end', () => {
    expect(startWindow('2027-01-31', '2027-12-31')).toEqual({ earliest: '2027-02-01', latest: '2027-03-02' });
    expect(startWindow('2027-01-31', '2027-02-10')).toEqual({ earliest: '2027-02-01', latest: '2027-02-10' });
  });

  test('blockers, in the order the member should hear them', () => {
    const base = {
      allowanceDays: 90,
      allowanceLeft: 90,
      isGift: false,
      contractStatus: 'CURRENT',
      hasOpenFreeze: false,
      today: '2027-01-01',
      membershipEnd: '2027-06-30',
    };
    expect(freezeBlocker(base)).toBeNull();
    expect(freezeBlocker({ ...base, isGift: true })).toBe('NOT_FREEZABLE');
    expect(freezeBlocker({ ...base, allowanceDays: 0 })).toBe('NOT_FREEZABLE');
    expect(freezeBlocker({ ...base, contractStatus: 'FUTURE' })).toBe('NOT_STARTED');
    expect(freezeBlocker({ ...base, contractStatus: 'PAST' })).toBe('ENDED');
    expect(freezeBlocker({ ...base, membershipEnd: '2027-01-01' })).toBe('ENDED');
    expect(freezeBlocker({ ...base, hasOpenFreeze: true })).toBe('FREEZE_EXISTS');
    expect(freezeBlocker({ ...base, allowanceLeft: 0 })).toBe('ALLOWANCE_USED');
  });
});
