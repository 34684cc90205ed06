import { createHmac } from 'node:crypto';
import { expect, test } from 'vitest';
import { parseCheckInCode, timeStepOf } from '#api/check-in.ts';
import { checkInMac, drawCheckInCode, macMatches, newDeviceCredentials } from './code.ts';

test('a code is VF1.<device>.<step>.<96-bit mac> and parses back', () => {
  const { deviceId, key } = newDeviceCredentials();
  expect(deviceId).toMatch(/^[A-Za-z0-9_-]{16}$/);
  expect(key).toHaveLength(32);
  const step = timeStepOf(new Date('2026-11-25T10:00:00Z'));
  const code = drawCheckInCode(key, 42, deviceId, step);
  expect(code.length).toBeLessThanOrEqual(50);
  const parsed = parseCheckInCode(code);
  expect(parsed).toEqual({ deviceId, timeStep: step, mac: expect.any(String) as string });
  // The mac is HMAC-SHA256 over member, device and step, cut to 12 bytes: what WebCrypto computes in the browser.
  const full = createHmac('sha256', key)
    .update(`42.${deviceId}.${String(step)}`)
    .digest();
  expect(Buffer.from(parsed!.mac, 'base64url')).toEqual(full.subarray(0, 12));
});

test('the mac binds member, device and step', () => {
  const { deviceId, key } = newDeviceCredentials();
  const mac = checkInMac(key, 7, deviceId, 100);
  expect(macMatches(mac, mac.toString('base64url'))).toBe(true);
  expect(macMatches(mac, checkInMac(key, 8, deviceId, 100).toString('base64url'))).toBe(false);
  expect(macMatches(mac, checkInMac(key, 7, deviceId, 101).toString('base64url'))).toBe(false);
  expect(macMatches(mac, checkInMac(newDeviceCredentials().key, 7, deviceId, 100).toString('base64url'))).toBe(false);
  expect(macMatches(mac, 'short')).toBe(false);
});

test.each([
  '',
  'hello',
  'VF1.a.b.c',
  'VF2.AAAAAAAAAAAAAAAA.1.AAAAAAAAAAAAAAAA',
  'VF1.AAAAAAAAAAAAAAAA.-1.AAAAAAAAAAAAAAAA',
  'VF1.AAAAAAAAAAAAAAA!.1.AAAAAAAAAAAAAAAA',
  'VF1.AAAAAAAAAAAAAAAA.1.AAAAAAAAAAAAAAAA.x',
])('%j is not a code', (text) => {
  expect(parseCheckInCode(text)).toBeNull();
});
