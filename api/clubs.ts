import { z } from 'zod';

/** A database id in a URL or query: 1 to 9 digits, no sign, no leading zero (fits a Postgres integer). */
const ID_PATTERN = /^[1-9]\d{0,8}$/;
export const isId = (value: string) => ID_PATTERN.test(value);

/** GET /api/v1/general/clubs?cityId=&isActive=true — both optional; isActive defaults to true. */
export const clubsQuery = z.object({
  cityId: z.string().regex(ID_PATTERN, 'numberInvalid').transform(Number).optional(),
  isActive: z
    .enum(['true', 'false'], { error: 'invalid' })
    .transform((v) => v === 'true')
    .default(true),
});
export type ClubsQuery = z.infer<typeof clubsQuery>;

/** GET /api/v1/general/city/have-clubs: a city with at least one active club. */
export const cityWithClubsSchema = z.object({
  id: z.number(),
  nameVi: z.string(),
  nameEn: z.string(),
  clubCount: z.number(),
});
export type CityWithClubs = z.infer<typeof cityWithClubsSchema>;

/** GET /api/v1/general/clubs and /api/v1/general/club/{clubId}/detail. */
export const clubSchema = z.object({
  id: z.number(),
  nameVi: z.string(),
  nameEn: z.string(),
  address: z.string(),
  districtName: z.string(),
  cityId: z.number(),
  cityNameVi: z.string(),
  cityNameEn: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  hotline: z.string(),
  isActive: z.boolean(),
});
export type Club = z.infer<typeof clubSchema>;

/** GET /api/v1/general/payment-method/groups: the active groups in their display order. */
export const paymentMethodGroupSchema = z.object({
  id: z.number(),
  code: z.string(),
  nameVi: z.string(),
  nameEn: z.string(),
});
export type PaymentMethodGroup = z.infer<typeof paymentMethodGroupSchema>;

/**
 * Issue 11 §3: how busy a club is now, from its visits (beyond the spec). `insideNow` estimates the
 * members inside: visits of the last 90 minutes. `usualByHour` is the average number of visits that
 * started in each hour (0–23, Vietnam time) on today's weekday over the last 4 weeks.
 */
export const busynessLevels = ['quiet', 'normal', 'busy'] as const;
export type BusynessLevel = (typeof busynessLevels)[number];
export const clubBusynessSchema = z.object({
  clubId: z.number(),
  insideNow: z.number(),
  level: z.enum(busynessLevels),
  /** The current hour in Vietnam (0–23): where "now" sits on the chart. */
  hour: z.number(),
  usualByHour: z.array(z.number()).length(24),
});
export type ClubBusyness = z.infer<typeof clubBusynessSchema>;
export const BUSYNESS_INSIDE_MINUTES = 90;
export const BUSYNESS_HISTORY_WEEKS = 4;
