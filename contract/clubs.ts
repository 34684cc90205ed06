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
