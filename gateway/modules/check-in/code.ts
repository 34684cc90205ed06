import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { CHECK_IN_MAC_BYTES, checkInMessage, formatCheckInCode } from '#api/check-in.ts';

/** A new device's public id (12 random bytes, 16 base64url characters) and its 256-bit key. */
export function newDeviceCredentials() {
  return { deviceId: randomBytes(12).toString('base64url'), key: randomBytes(32) };
}

/** The code's mac: the first 12 bytes of HMAC-SHA256(key, "<memberId>.<deviceId>.<timeStep>"). */
export function checkInMac(key: Buffer, memberId: number, deviceId: string, timeStep: number): Buffer {
  return createHmac('sha256', key)
    .update(checkInMessage(memberId, deviceId, timeStep))
    .digest()
    .subarray(0, CHECK_IN_MAC_BYTES);
}

export function drawCheckInCode(key: Buffer, memberId: number, deviceId: string, timeStep: number): string {
  return formatCheckInCode(deviceId, timeStep, checkInMac(key, memberId, deviceId, timeStep).toString('base64url'));
}

/** Constant-time comparison of a code's mac (base64url text) with the expected one. */
export function macMatches(expected: Buffer, given: string): boolean {
  const bytes = Buffer.from(given, 'base64url');
  return bytes.length === expected.length && timingSafeEqual(bytes, expected);
}
