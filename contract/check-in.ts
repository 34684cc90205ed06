import { z } from 'zod';

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

const base64url = /^[A-Za-z0-9_-]+$/;
export const deviceIdSchema = z.string().length(16).regex(base64url);

export const timeStepOf = (date: Date) => Math.floor(date.getTime() / 1000 / CHECK_IN_STEP_SECONDS);

/** What the code signs. */
export const checkInMessage = (memberId: number, deviceId: string, timeStep: number) => `${String(memberId)}.${deviceId}.${String(timeStep)}`;

export const formatCheckInCode = (deviceId: string, timeStep: number, mac: string) => `${CHECK_IN_CODE_PREFIX}.${deviceId}.${String(timeStep)}.${mac}`;

export type ParsedCheckInCode = { deviceId: string; timeStep: number; mac: string };

/** The parts of a code, or null when it is not one (any other text a scanner may read). */
export function parseCheckInCode(code: string): ParsedCheckInCode | null {
  const parts = code.trim().split('.');
  if (parts.length !== 4 || parts[0] !== CHECK_IN_CODE_PREFIX) return null;
  const [, deviceId, step, mac] = parts;
  if (!deviceIdSchema.safeParse(deviceId).success || !/^\d{1,12}$/.test(step) || mac.length !== 16 || !base64url.test(mac)) return null;
  return { deviceId, timeStep: Number(step), mac };
}

/** POST /staff/check-in */
export const staffCheckInBody = z.object({ code: z.string().min(1).max(200), clubId: z.number().int().positive() });

/** What the door sees after an accepted code: enough to compare the face. */
export const checkInResultSchema = z.object({
  visitId: z.number(),
  checkedInAt: z.string(),
  club: z.object({ id: z.number(), nameVi: z.string(), nameEn: z.string() }),
  member: z.object({ id: z.number(), fullName: z.string(), avatarUrl: z.string().nullable() }),
  membership: z.object({ planNameVi: z.string(), planNameEn: z.string(), endDate: z.string() }),
});
export type CheckInResult = z.infer<typeof checkInResultSchema>;

/** POST /member/check-in/devices → the key, once: the browser keeps it (IndexedDB) to draw codes offline. */
export const checkInDeviceKeySchema = z.object({
  memberId: z.number(),
  deviceId: deviceIdSchema,
  key: z.string(),
  stepSeconds: z.number(),
});
export type CheckInDeviceKey = z.infer<typeof checkInDeviceKeySchema>;

export const checkInDeviceBody = z.object({ label: z.string().trim().min(1).max(80) });

export const checkInDeviceSchema = z.object({ deviceId: z.string(), label: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });

/** GET /member/check-in/code?deviceId= → the current code, drawn by the gateway (pages without JavaScript). */
export const checkInCodeSchema = z.object({ code: z.string(), timeStep: z.number(), validUntil: z.string() });

export const visitSchema = z.object({
  visitId: z.number(),
  checkedInAt: z.string(),
  club: z.object({ id: z.number(), nameVi: z.string(), nameEn: z.string() }),
});
export type Visit = z.infer<typeof visitSchema>;

export const visitsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  /** Only visits after this instant (the open check-in page asks what is new). */
  since: z.string().datetime({ offset: true }).optional(),
});
