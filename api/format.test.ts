import { describe, expect, it } from 'vitest';
import {
  afterPlanWord,
  formatDate,
  formatDateTime,
  formatDateTimeSeconds,
  formatDayMinute,
  formatVnd,
  smsAscii,
  smsVnd,
} from './format.ts';

describe('§9 date formats in Asia/Ho_Chi_Minh', () => {
  it.each([
    ['2026-11-21T00:00:00Z', '21/11/2026', '21/11/2026 07:00', '21/11/2026 07:00:00'],
    // 17:30 UTC is already the next day in Vietnam (UTC+7).
    ['2026-12-31T17:30:05Z', '01/01/2027', '01/01/2027 00:30', '01/01/2027 00:30:05'],
    ['2026-03-05T09:04:09+07:00', '05/03/2026', '05/03/2026 09:04', '05/03/2026 09:04:09'],
  ])('%s', (iso, date, dateTime, seconds) => {
    expect(formatDate(iso)).toBe(date);
    expect(formatDateTime(iso)).toBe(dateTime);
    expect(formatDateTimeSeconds(iso)).toBe(seconds);
  });
});

describe('formatVnd: integer VND with the dong sign', () => {
  it.each([
    [1_890_000, 'vi', '1.890.000\u00a0₫'],
    [1_890_000, 'en', '1,890,000\u00a0₫'],
    [0, 'vi', '0\u00a0₫'],
    [999, 'en', '999\u00a0₫'],
    [1000, 'vi', '1.000\u00a0₫'],
    [12_345_678_900, 'en', '12,345,678,900\u00a0₫'],
    [-500_000, 'vi', '−500.000\u00a0₫'],
  ] as const)('%d in %s → %s', (amount, lang, text) => {
    expect(formatVnd(amount, lang)).toBe(text);
  });
});

describe('one date format for a Vietnam day and minute: the date first (issue 38 §14)', () => {
  it.each([
    ['2026-05-12', 18 * 60, '12/05/2026 18:00'],
    ['2027-01-01', 5, '01/01/2027 00:05'],
    ['2026-12-31', 23 * 60 + 59, '31/12/2026 23:59'],
  ] as const)('%s + %d min → %s', (day, minute, text) => {
    expect(formatDayMinute(day, minute)).toBe(text);
  });
});

describe('plan names after a sentence\'s own "Gói" (issue 38 §11)', () => {
  it.each([
    ['Gói tháng tự động', 'tháng tự động'],
    ['gói 10 buổi', '10 buổi'],
    ['Classic 12 tháng', 'Classic 12 tháng'],
    ['Monthly subscription', 'Monthly subscription'],
    ['Góimới', 'Góimới'],
  ])('%s → %s', (name, after) => {
    expect(afterPlanWord(name)).toBe(after);
  });
});

describe('SMS texts stay ASCII', () => {
  it('folds Vietnamese letters and drops what is left', () => {
    expect(smsAscii('Lớp Yoga đã bị hủy – Đức ✓')).toBe('Lop Yoga da bi huy - Duc ');
    expect(smsVnd(300_000, 'vi')).toBe('300.000 VND');
    expect(smsVnd(300_000, 'en')).toBe('300,000 VND');
  });
});
