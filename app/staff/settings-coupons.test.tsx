import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { CouponCampaignSetting } from '#api/staff-settings.ts';
import { I18nProvider } from '#app/i18n.ts';
import { vi } from '#app/locales/vi/index.ts';
import { CampaignItem } from './settings-coupons.tsx';

// Issue 38 §21: a campaign none of whose coupons can be typed any more offers nothing to end.
const coupon = (validTo: string) => ({
  id: 1,
  code: 'HE2026',
  percentOff: 10,
  amountOff: null,
  maxDiscount: null,
  appliesTo: 'membership' as const,
  validFrom: '2026-06-01T00:00:00.000Z',
  validTo,
  usageLimit: null,
  newCustomerOnly: false,
  clubIds: null,
  planTypes: null,
  isActive: true,
  uses: 0,
});
const campaign = (validTo: string): CouponCampaignSetting => ({
  id: 7,
  nameVi: 'Hè 2026',
  nameEn: 'Summer 2026',
  descriptionVi: '',
  descriptionEn: '',
  isActive: true,
  coupons: [coupon(validTo)],
});

const render = (item: CouponCampaignSetting) => {
  const Stub = createRoutesStub([
    {
      path: '/',
      Component: () => (
        <I18nProvider lang="vi" messages={vi}>
          <CampaignItem campaign={item} clubs={[]} ending={false} today="2026-12-01" actionData={undefined} />
        </I18nProvider>
      ),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ['/'] }));
};

describe('a coupon campaign in the GM’s list', () => {
  it('running: "Kết thúc chiến dịch" is offered', () => {
    expect(render(campaign('2027-01-31T16:59:59.000Z'))).toContain('Kết thúc chiến dịch');
  });

  it('expired: marked so, and nothing to end', () => {
    const html = render(campaign('2026-11-20T16:59:59.000Z'));
    expect(html).toContain('Hết hạn');
    expect(html).not.toContain('Kết thúc chiến dịch');
  });
});
