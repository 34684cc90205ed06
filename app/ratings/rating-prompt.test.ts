import { describe, expect, test } from 'vitest';
import { promptAllowedOn } from './rating-prompt.server.ts';
import { safeReturnTo } from './ratings.server.ts';

describe('the rating prompt (ADR 039)', () => {
  test.each([
    '/membership/payment/12',
    '/membership/payment/result/12',
    '/membership/payment/vnpay-return',
    '/membership/freeze/payment',
    '/membership/freeze/payment/result/3',
    '/membership/1/plan/3',
    '/membership/subscription/verify-upgrade',
    '/account/information/payment-method',
    '/account/information/payment-method/subscription-card',
    '/home/check-in',
    '/workout/lesson/4',
    '/rating',
  ])('never covers %s', (path) => expect(promptAllowedOn(path)).toBe(false));

  test.each([
    '/home',
    '/membership',
    '/membership/1',
    '/history',
    '/history/membership/12',
    '/account',
    '/workout',
    '/notification',
    '/support',
  ])('may show on %s', (path) => expect(promptAllowedOn(path)).toBe(true));

  test('goes back only to a path of this app (open-redirect advisories)', () => {
    expect(safeReturnTo('/history?tab=2')).toBe('/history?tab=2');
    for (const bad of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      '/a b',
      `/${'x'.repeat(600)}`,
    ]) {
      expect(safeReturnTo(bad)).toBe('/home');
    }
  });
});
