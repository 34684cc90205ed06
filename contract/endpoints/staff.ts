import { Codes } from '../codes.ts';
import { contentPageSchema } from '../content.ts';
import { endpoint } from '../endpoint.ts';
import {
  appVersionBody,
  appVersionSettingSchema,
  contentPageBody,
  couponCampaignBody,
  couponCampaignSettingSchema,
  freezeOptionBody,
  freezeOptionSettingSchema,
  paymentPlanBody,
  planSettingSchema,
  staffListQuery,
  staffListSchema,
  staffNoticeBody,
  staffNoticeResultSchema,
  staffSettingsSchema,
} from '../staff-settings.ts';

/** The staff app (issue 17): the GM's settings (ADR 053), notices to members and the staff list. */
export const staffEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/api/v1/staff/settings',
    summary:
      "GM: the settings page in one read: app version, content pages, freeze options, every club's plan prices, coupon campaigns with their coupons and uses (ADR 052)",
    auth: 'staff',
    success: Codes.OK,
    response: staffSettingsSchema,
  }),
  appVersion: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/settings/app-version',
    summary:
      'GM: the app version (MAJOR.MINOR.PATCH, vi and en) GET /general/version answers; audited, the same value again changes nothing (ADR 052)',
    auth: 'staff',
    success: Codes.OK,
    body: appVersionBody,
    response: appVersionSettingSchema,
  }),
  contentPage: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/content-page/{slug}',
    summary:
      'GM: a content page (terms-condition, privacy, about, support): titles and 1–30 sections; audited (ADR 052)',
    auth: 'staff',
    success: Codes.OK,
    body: contentPageBody,
    response: contentPageSchema,
  }),
  freezeOption: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/freeze-option/{days}',
    summary:
      "GM: a freeze duration's price or whether it is offered; freezes already requested keep their price; audited (ADR 052)",
    auth: 'staff',
    success: Codes.OK,
    body: freezeOptionBody,
    response: freezeOptionSettingSchema,
  }),
  paymentPlan: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/payment-plan/{id}',
    summary:
      "GM: a plan's prices (original, discount, joining fee and its discount, VND) or active flag; contracts already made keep theirs; audited (ADR 052)",
    auth: 'staff',
    success: Codes.OK,
    body: paymentPlanBody,
    response: planSettingSchema,
  }),
  createCoupons: endpoint({
    method: 'POST',
    path: '/api/v1/staff/coupon-campaign',
    summary: 'GM: a coupon campaign with its coupons (a code that exists: 409 PROMO_CODE_INVALID); audited (ADR 052)',
    auth: 'staff',
    success: Codes.OK,
    body: couponCampaignBody,
    response: couponCampaignSettingSchema,
  }),
  endCoupons: endpoint({
    method: 'PUT',
    path: '/api/v1/staff/coupon-campaign/{id}/end',
    summary: 'GM: end a campaign: its coupons no longer apply; audited once (ADR 052)',
    auth: 'staff',
    success: Codes.OK,
    response: couponCampaignSettingSchema,
  }),
  notify: endpoint({
    method: 'POST',
    path: '/api/v1/staff/notifications',
    summary:
      "A notice (GENERAL) to one member by phone or to a club's members (EMPLOYEE/LEADER: their club; GM: any), through the outbox → {sent}; header Idempotency-Key (a repeat sends nothing); 20 club sends and 200 member sends a day per staff account (ADR 052)",
    auth: 'staff',
    success: Codes.OK,
    body: staffNoticeBody,
    response: staffNoticeResultSchema,
  }),
  staffList: endpoint({
    method: 'GET',
    path: '/api/v1/staff/staff-list',
    summary: "A club's LEADER, EMPLOYEE and PT accounts (LEADER: their club; GM: ?clubId= or every club) (ADR 052)",
    auth: 'staff',
    query: staffListQuery,
    success: Codes.OK,
    response: staffListSchema,
  }),
};
