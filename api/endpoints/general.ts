import { z } from 'zod';
import { cityWithClubsSchema, clubBusynessSchema, clubSchema, clubsQuery, paymentMethodGroupSchema } from '../clubs.ts';
import { Codes } from '../codes.ts';
import { contactSchema, contentPageSchema } from '../content.ts';
import { endpoint } from '../endpoint.ts';

/** §3 "App version setting", in both languages. */
export const appVersionSchema = z.object({ settingValueVi: z.string().min(1), settingValueEn: z.string().min(1) });
export type AppVersionSetting = z.infer<typeof appVersionSchema>;

/** §7 General: public reads of the chain's settings, texts, cities and clubs, and stored images. */
export const generalEndpoints = {
  version: endpoint({
    method: 'GET',
    path: '/api/v1/general/version',
    summary: 'The app-version setting',
    auth: 'none',
    success: Codes.OK,
    response: appVersionSchema,
  }),
  page: endpoint({
    method: 'GET',
    path: '/api/v1/general/page/{slug}',
    summary: 'A content page: terms-condition, about or support (FAQ)',
    auth: 'none',
    success: Codes.OK,
    response: contentPageSchema,
  }),
  contact: endpoint({
    method: 'GET',
    path: '/api/v1/general/contact',
    summary: "The chain's contact channels and every active club's hotline",
    auth: 'none',
    success: Codes.OK,
    response: contactSchema,
  }),
  citiesWithClubs: endpoint({
    method: 'GET',
    path: '/api/v1/general/city/have-clubs',
    summary: 'Cities with at least one active club and how many, most clubs first',
    auth: 'none',
    success: Codes.OK,
    response: z.array(cityWithClubsSchema),
  }),
  clubs: endpoint({
    method: 'GET',
    path: '/api/v1/general/clubs',
    summary: 'Clubs (?cityId= optional; ?isActive=true|false, default true), by city',
    auth: 'none',
    success: Codes.OK,
    query: clubsQuery,
    response: z.array(clubSchema),
  }),
  busyness: endpoint({
    method: 'GET',
    path: '/api/v1/general/clubs/busyness',
    summary:
      "Each active club's members inside now (visits of the last 90 min), a word for it, and the usual visits per hour of this weekday over 4 weeks",
    auth: 'none',
    success: Codes.OK,
    response: z.array(clubBusynessSchema),
  }),
  club: endpoint({
    method: 'GET',
    path: '/api/v1/general/club/{clubId}/detail',
    summary: 'One club with its city, address, position and hotline',
    auth: 'none',
    success: Codes.OK,
    response: clubSchema,
  }),
  paymentMethodGroups: endpoint({
    method: 'GET',
    path: '/api/v1/general/payment-method/groups',
    summary: 'Active payment method groups (QR=1, CARD=2, CASH=3) in display order',
    auth: 'none',
    success: Codes.OK,
    response: z.array(paymentMethodGroupSchema),
  }),
  media: endpoint({
    method: 'GET',
    path: '/api/v1/media/{id}',
    summary: 'A stored image by its unguessable id (32 hex digits); private kinds (InBody photos) are 404 here',
    auth: 'none',
    success: Codes.OK,
    params: { id: '[0-9a-f]{32}' },
    response: { binary: 'image/webp, image/jpeg, image/png' },
  }),
};
