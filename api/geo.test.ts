import { expect, test } from 'vitest';
import { distanceKm, EARTH_RADIUS_KM } from './geo.ts';

const hanoi = { latitude: 21.0285, longitude: 105.8542 };
const hcmc = { latitude: 10.8231, longitude: 106.6297 };

test('Hanoi to Ho Chi Minh City is about 1137 km', () => {
  expect(distanceKm(hanoi, hcmc)).toBeCloseTo(1137, -1);
  expect(Math.abs(distanceKm(hanoi, hcmc) - 1137)).toBeLessThan(3);
});

test('a point is 0 km from itself', () => {
  expect(distanceKm(hanoi, hanoi)).toBe(0);
  expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0 })).toBe(0);
});

test('the distance is the same both ways', () => {
  expect(distanceKm(hcmc, hanoi)).toBe(distanceKm(hanoi, hcmc));
  const a = { latitude: 16.0606, longitude: 108.2093 };
  const b = { latitude: -33.8688, longitude: 151.2093 };
  expect(distanceKm(a, b)).toBeCloseTo(distanceKm(b, a), 9);
});

test('uses the §9 radius of 6371 km', () => {
  expect(EARTH_RADIUS_KM).toBe(6371);
  // One degree of latitude along a meridian is R·π/180.
  expect(distanceKm({ latitude: 10, longitude: 106 }, { latitude: 11, longitude: 106 })).toBeCloseTo(
    (6371 * Math.PI) / 180,
    6,
  );
  // Half way round the equator, and antipodes, do not become NaN.
  expect(distanceKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(6371 * Math.PI, 6);
  expect(distanceKm({ latitude: 90, longitude: 0 }, { latitude: -90, longitude: 0 })).toBeCloseTo(6371 * Math.PI, 6);
});
