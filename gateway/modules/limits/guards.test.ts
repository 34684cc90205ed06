import { expect, test } from 'vitest';
import { GUESS_RULE, maxAttemptsIn, SEND_RULE, waitAfter } from './guards.ts';

const YEAR = 365 * 24 * 3_600_000;

test('waits start at the 5th wrong code and double every 5, capped at 14 days', () => {
  expect([1, 4].map((n) => waitAfter(GUESS_RULE, n))).toEqual([0, 0]);
  expect(waitAfter(GUESS_RULE, 5)).toBe(15 * 60_000);
  expect(waitAfter(GUESS_RULE, 10)).toBe(30 * 60_000);
  expect(waitAfter(GUESS_RULE, 500)).toBe(14 * 24 * 3_600_000);
});

// ADR 017: a year of guessing from unknown devices stays under 100 tries of 10⁴ codes (≤ 1 %).
test('at most 78 wrong codes a year get through the guess guard', () => {
  expect(maxAttemptsIn(GUESS_RULE, YEAR)).toBe(78);
  expect(maxAttemptsIn(GUESS_RULE, YEAR) / 10_000).toBeLessThanOrEqual(0.01);
});

test('sends: 5 at once, then growing waits, never more than a day', () => {
  expect(waitAfter(SEND_RULE, 4)).toBe(0);
  expect(waitAfter(SEND_RULE, 5)).toBe(5 * 60_000);
  expect(waitAfter(SEND_RULE, 1000)).toBe(24 * 3_600_000);
});
