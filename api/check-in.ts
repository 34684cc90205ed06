import { z } from 'zod';

// Check-in (issue 11, ADR 032): the code itself is in check-in-code.ts (no zod there: the page and
// the service worker import it); the gateway's request and answer shapes are here.
export * from './check-in-code.ts';
import { base64url } from './check-in-code.ts';

export const deviceIdSchema = z.string().length(16).regex(base64url);

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

export const checkInDeviceSchema = z.object({
  deviceId: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});

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
