import { expect, test } from 'vitest';
import { campaignState, couponExpired } from './coupon-state.ts';

// The seeded campaign read "Running" while its only coupon had ended (stop 33's screenshots).
const coupon = (isActive: boolean, validTo: string | null) => ({ isActive, validTo });

test('a coupon is expired after its last day in Vietnam, not on it', () => {
  // 16:59:59 UTC on 30 November is 23:59:59 there: the 30th is its last day.
  expect(couponExpired(coupon(true, '2026-11-30T16:59:59.000Z'), '2026-11-30')).toBe(false);
  expect(couponExpired(coupon(true, '2026-11-30T16:59:59.000Z'), '2026-12-01')).toBe(true);
  expect(couponExpired(coupon(true, null), '2030-01-01')).toBe(false);
  expect(couponExpired(coupon(false, '2020-01-01T00:00:00.000Z'), '2026-12-01')).toBe(false); // off, not expired
});

test('a campaign runs while one of its coupons can be typed; ended by hand stays ended', () => {
  const today = '2026-12-01';
  const ended = '2026-11-20T16:59:59.000Z';
  const open = '2027-01-31T16:59:59.000Z';
  expect(campaignState({ isActive: true, coupons: [coupon(true, ended), coupon(true, open)] } as never, today)).toBe(
    'running',
  );
  expect(campaignState({ isActive: true, coupons: [coupon(true, ended)] } as never, today)).toBe('expired');
  expect(campaignState({ isActive: true, coupons: [coupon(false, open), coupon(true, ended)] } as never, today)).toBe(
    'expired',
  );
  expect(campaignState({ isActive: true, coupons: [coupon(true, null)] } as never, today)).toBe('running');
  expect(campaignState({ isActive: false, coupons: [coupon(true, open)] } as never, today)).toBe('ended');
});
