// Plain math, no zod: the browser may import this to sort clubs nearest first.

/** Spec §9: the Earth radius used for the distance between a club and the member. */
export const EARTH_RADIUS_KM = 6371;

export type LatLng = { latitude: number; longitude: number };

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: LatLng, b: LatLng): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLng = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLng / 2) ** 2;
  // min() keeps rounding from pushing h past 1 for antipodal points (asin of > 1 is NaN).
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
