// What the phone and the gateway share to draw and read a code, without zod: the check-in page and
// the service worker import this file, and a schema here would put zod in their bundles.

// Check-in with a signed, rotating code (issue 11, ADR 032). A member device holds a 256-bit key
// and draws, every 30 s, a code `VF1.<deviceId>.<timeStep>.<mac>`: mac is the first 12 bytes (96
// bits) of HMAC-SHA256(key, "<memberId>.<deviceId>.<timeStep>"), base64url. The phone computes it
// with WebCrypto, offline; the gateway checks it. Shared here so both sides build it the same way.

export const CHECK_IN_STEP_SECONDS = 30;
/** Codes of the step before and after the gateway's own are accepted (phone clocks drift). */
export const CHECK_IN_SKEW_STEPS = 1;
export const CHECK_IN_MAC_BYTES = 12;
/** A member may keep this many devices; a new one beyond revokes the oldest. */
export const CHECK_IN_MAX_DEVICES = 3;
/** No second entry within this many minutes (pass-back). */
export const CHECK_IN_PASS_BACK_MINUTES = 5;
export const CHECK_IN_CODE_PREFIX = 'VF1';

export const base64url = /^[A-Za-z0-9_-]+$/;
/** A device's public id: 12 random bytes, base64url (16 characters). */
export const isDeviceId = (value: string) => value.length === 16 && base64url.test(value);

export const timeStepOf = (date: Date) => Math.floor(date.getTime() / 1000 / CHECK_IN_STEP_SECONDS);

/** What the code signs. */
export const checkInMessage = (memberId: number, deviceId: string, timeStep: number) =>
  `${String(memberId)}.${deviceId}.${String(timeStep)}`;

export const formatCheckInCode = (deviceId: string, timeStep: number, mac: string) =>
  `${CHECK_IN_CODE_PREFIX}.${deviceId}.${String(timeStep)}.${mac}`;

export type ParsedCheckInCode = { deviceId: string; timeStep: number; mac: string };

/** The parts of a code, or null when it is not one (any other text a scanner may read). */
export function parseCheckInCode(code: string): ParsedCheckInCode | null {
  const parts = code.trim().split('.');
  if (parts.length !== 4 || parts[0] !== CHECK_IN_CODE_PREFIX) return null;
  const [, deviceId, step, mac] = parts;
  if (!isDeviceId(deviceId) || !/^\d{1,12}$/.test(step) || mac.length !== 16 || !base64url.test(mac)) return null;
  return { deviceId, timeStep: Number(step), mac };
}
