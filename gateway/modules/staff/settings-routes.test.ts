import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { PaymentMethods } from '#api/membership.ts';
import {
  appVersionSettingSchema,
  couponCampaignSettingSchema,
  planSettingSchema,
  staffSettingsSchema,
} from '#api/staff-settings.ts';
import { accounts, contracts, couponCampaigns, coupons, payments, staffActions } from '#gateway/db/schema/index.ts';
import { DEMO_MANAGER_PHONE, DEMO_STAFF_PHONE } from '#gateway/db/seed.ts';
import { randomPhone, startTestGateway, type TestGateway } from '#tests/support/gateway.ts';
import { plansOf } from '#tests/support/membership.ts';
import { staffLogin } from '#tests/support/staff.ts';
import { clubAt, openUnpaidContract } from '#tests/support/unpaid-contract.ts';

// ADR 052: the GM's settings. Every change: one audit row in its transaction; the same value again,
// or a refused request, none.

let gw: TestGateway;
let gm: string;
let leader: string;
let employee: string;
let club1: number;

beforeAll(async () => {
  gw = await startTestGateway();
  club1 = (await clubAt(gw, 0)).id;
  const [lead] = await gw.db
    .insert(accounts)
    .values({ phoneNumber: randomPhone(), accountType: 'LEADER', fullName: 'Trưởng CLB', clubId: club1 })
    .returning();
  gm = await staffLogin(gw, DEMO_MANAGER_PHONE);
  leader = await staffLogin(gw, lead.phoneNumber);
  employee = await staffLogin(gw, DEMO_STAFF_PHONE);
});
afterAll(() => gw.close());

const put = (path: string, json: unknown, token = gm) => gw.call('PUT', `/api/v1/staff${path}`, { token, json });
const auditRows = (action: string) =>
  gw.db.select().from(staffActions).where(eq(staffActions.action, action)).orderBy(staffActions.id);

describe('GET /staff/settings', () => {
  test('the GM reads everything the settings page edits in one answer', async () => {
    const res = await gw.call('GET', '/api/v1/staff/settings', { token: gm });
    expect(res.status).toBe(200);
    const settings = staffSettingsSchema.parse(res.body.data);
    expect(settings.appVersion).toMatchObject({ valueVi: '1.0.0', valueEn: '1.0.0' });
    expect(settings.contentPages.map((p) => p.slug)).toEqual(['terms-condition', 'privacy', 'about', 'support']);
    expect(settings.freezeOptions.map((o) => o.days)).toEqual([7, 14, 30, 60, 90]);
    expect(settings.plans.filter((p) => p.clubId === club1).length).toBeGreaterThan(3);
    const tet = settings.couponCampaigns.flatMap((c) => c.coupons).find((c) => c.code === 'TET2027');
    expect(tet).toMatchObject({ amountOff: 200_000, usageLimit: 500, isActive: true, uses: 0 });
  });

  test('a LEADER or an EMPLOYEE is 403 code 6 on every settings endpoint', async () => {
    for (const token of [leader, employee]) {
      expect((await gw.call('GET', '/api/v1/staff/settings', { token })).body.code).toBe(6);
      const res = await put('/settings/app-version', { valueVi: '9.9.9', valueEn: '9.9.9' }, token);
      expect([res.status, res.body.code]).toEqual([403, 6]);
    }
    expect(await auditRows('settings.app-version')).toHaveLength(0);
  });
});

describe('app version', () => {
  test('the GM sets it; GET /general/version answers it (still cached 15 min); one audit row; the same again writes none', async () => {
    const res = await put('/settings/app-version', { valueVi: ' 1.4.0 ', valueEn: '1.4.0' });
    expect(res.status).toBe(200);
    expect(appVersionSettingSchema.parse(res.body.data)).toMatchObject({ valueVi: '1.4.0', valueEn: '1.4.0' });
    const version = await gw.call('GET', '/api/v1/general/version');
    expect(version.body.data).toEqual({ settingValueVi: '1.4.0', settingValueEn: '1.4.0' });
    expect(version.headers.get('cache-control')).toBe('public, max-age=900');
    const rows = await auditRows('settings.app-version');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subjectType: 'app-setting',
      clubId: null,
      before: { key: 'app_version', valueVi: '1.0.0', valueEn: '1.0.0' },
      after: { key: 'app_version', valueVi: '1.4.0', valueEn: '1.4.0' },
    });
    expect((await put('/settings/app-version', { valueVi: '1.4.0', valueEn: '1.4.0' })).status).toBe(200);
    expect(await auditRows('settings.app-version')).toHaveLength(1);
    // One field changed: only it is in before/after.
    await put('/settings/app-version', { valueVi: '1.4.0', valueEn: '1.4.1' });
    expect((await auditRows('settings.app-version'))[1]).toMatchObject({
      before: { key: 'app_version', valueEn: '1.4.0' },
      after: { key: 'app_version', valueEn: '1.4.1' },
    });
  });

  test.each([['1.4'], ['v1.4.0'], ['1.4.0-beta'], ['01.4.0'], [''], [140], ['1.4.0\u0000']])(
    '%j is 400 code 2 and changes nothing',
    async (value) => {
      const before = await auditRows('settings.app-version');
      const res = await put('/settings/app-version', { valueVi: value, valueEn: '2.0.0' });
      expect([res.status, res.body.code]).toEqual([400, 2]);
      expect(await auditRows('settings.app-version')).toHaveLength(before.length);
    },
  );
});

const section = (n: number) => ({
  headingVi: `Mục ${String(n)}`,
  headingEn: `Part ${String(n)}`,
  bodyVi: `Nội dung ${String(n)}`,
  bodyEn: `Text ${String(n)}`,
});

describe('content pages', () => {
  test('the GM rewrites the support FAQ; the public page shows it; one audit row; the same again writes none', async () => {
    const page = { titleVi: 'Hỗ trợ', titleEn: 'Support', sections: [section(1), section(2)] };
    const res = await put('/content-page/support', page);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ slug: 'support', ...page });
    const shown = await gw.call('GET', '/api/v1/general/page/support');
    expect(shown.body.data).toMatchObject(page);
    const rows = await auditRows('content-page.update');
    expect(rows).toHaveLength(1);
    expect(rows[0].after).toMatchObject({ slug: 'support', titleVi: 'Hỗ trợ', sections: page.sections });
    expect(rows[0].before).toMatchObject({ slug: 'support', sections: expect.any(Array) });
    await put('/content-page/support', page);
    expect(await auditRows('content-page.update')).toHaveLength(1);
  });

  test.each([
    ['no section', { titleVi: 'a', titleEn: 'b', sections: [] }],
    ['31 sections', { titleVi: 'a', titleEn: 'b', sections: Array.from({ length: 31 }, (_, i) => section(i)) }],
    ['an empty heading', { titleVi: 'a', titleEn: 'b', sections: [{ ...section(1), headingEn: '  ' }] }],
    ['an overlong body', { titleVi: 'a', titleEn: 'b', sections: [{ ...section(1), bodyVi: 'x'.repeat(5001) }] }],
    ['an overlong title', { titleVi: 'a'.repeat(201), titleEn: 'b', sections: [section(1)] }],
    ['a NUL byte', { titleVi: 'a\u0000', titleEn: 'b', sections: [section(1)] }],
    ['a lone surrogate', { titleVi: 'a', titleEn: 'b', sections: [{ ...section(1), bodyEn: 'x\uD800y' }] }],
    ['sections not a list', { titleVi: 'a', titleEn: 'b', sections: 'x' }],
  ])('%s is 400 code 2, nothing written', async (_, body) => {
    const res = await put('/content-page/about', body);
    expect([res.status, res.body.code]).toEqual([400, 2]);
    expect(
      (await auditRows('content-page.update')).filter((r) => (r.after as { slug: string }).slug === 'about'),
    ).toHaveLength(0);
  });

  test('an unknown page is 404; malformed JSON 400; a body over 64 KB 413', async () => {
    expect((await put('/content-page/pricing', { titleVi: 'a', titleEn: 'b', sections: [section(1)] })).status).toBe(
      404,
    );
    const broken = await gw.call('PUT', '/api/v1/staff/content-page/about', {
      token: gm,
      body: '{"titleVi":',
      headers: { 'content-type': 'application/json' },
    });
    expect([broken.status, broken.body.code]).toEqual([400, 2]);
    const huge = {
      titleVi: 'a',
      titleEn: 'b',
      sections: Array.from({ length: 30 }, () => ({
        ...section(1),
        bodyVi: 'x'.repeat(5000),
        bodyEn: 'y'.repeat(5000),
      })),
    };
    expect((await put('/content-page/about', huge)).status).toBe(413);
  });
});

describe('freeze options', () => {
  test('the GM changes a price; /general/freeze-price shows it; one audit row; the same again writes none', async () => {
    const res = await put('/freeze-option/30', { price: 350_000 });
    expect(res.body).toMatchObject({ code: 1000, data: { days: 30, price: 350_000, isActive: true } });
    const prices = await gw.call('GET', '/api/v1/general/freeze-price');
    expect(JSON.stringify(prices.body.data)).toContain('350000');
    await put('/freeze-option/30', { price: 350_000 });
    const rows = await auditRows('freeze-option.update');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subjectType: 'freeze-option',
      subjectId: 30,
      before: { price: 300_000 },
      after: { price: 350_000 },
    });
    // Withdrawn: no longer offered to members.
    await put('/freeze-option/90', { isActive: false });
    expect(JSON.stringify((await gw.call('GET', '/api/v1/general/freeze-price')).body.data)).not.toContain('650000');
    await put('/freeze-option/90', { isActive: true });
    expect(await auditRows('freeze-option.update')).toHaveLength(3);
  });

  test.each([
    [{ price: -1 }],
    [{ price: 0 }],
    [{ price: 1.5 }],
    [{ price: '300000' }],
    [{ price: 1_000_000_001 }],
    [{}],
    [{ isActive: 'no' }],
    [null],
  ])('%j is 400 code 2', async (body) => {
    const res = await put('/freeze-option/7', body);
    expect([res.status, res.body.code]).toEqual([400, 2]);
  });

  test('an unknown or malformed duration is 404', async () => {
    for (const days of ['45', '2000000000', 'abc', '-7', '7.5'])
      expect((await put(`/freeze-option/${days}`, { price: 1000 })).status).toBe(404);
    expect((await auditRows('freeze-option.update')).filter((r) => r.subjectId === 7)).toHaveLength(0);
  });
});

describe('plan prices', () => {
  test('a new price applies to new contracts only: an unpaid contract made before is still paid with its own amount', async () => {
    const member = await gw.signUp();
    const opened = await openUnpaidContract(gw, {
      accountId: member.profile.id,
      method: PaymentMethods.CASH,
      clubId: club1,
    });
    const [contract] = await gw.db.select().from(contracts).where(eq(contracts.id, opened.contract.id));
    const [payment] = await gw.db.select().from(payments).where(eq(payments.contractId, contract.id));
    const res = await put(`/payment-plan/${String(contract.paymentPlanId)}`, {
      originalPrice: contract.originalPrice + 1_000_000,
    });
    expect(res.status).toBe(200);
    expect(planSettingSchema.parse(res.body.data)).toMatchObject({
      id: contract.paymentPlanId,
      originalPrice: contract.originalPrice + 1_000_000,
    });
    // The plan cards show the new price…
    const cards = await gw.call('GET', `/api/v1/global/club/${String(club1)}/payment-plans`);
    expect(JSON.stringify(cards.body.data)).toContain(String(contract.originalPrice + 1_000_000));
    // …the contract and its payment keep theirs, and the cash counted at the old amount settles it.
    const [after] = await gw.db.select().from(contracts).where(eq(contracts.id, contract.id));
    expect(after.totalPayment).toBe(contract.totalPayment);
    const confirmed = await gw.call('POST', `/api/v1/staff/contract/${String(contract.id)}/cash/confirm`, {
      token: employee,
      json: { amount: payment.amount },
    });
    expect(confirmed.body.data).toMatchObject({ outcome: 'settled', amount: payment.amount });
    const rows = await auditRows('payment-plan.update');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subjectId: contract.paymentPlanId,
      clubId: club1,
      before: { originalPrice: contract.originalPrice },
      after: { originalPrice: contract.originalPrice + 1_000_000 },
    });
    // The club's LEADER reads it in their audit log.
    const log = await gw.call('GET', '/api/v1/staff/audit', { token: leader });
    expect(log.body.data.actions.map((a: { action: string }) => a.action)).toContain('payment-plan.update');
    await put(`/payment-plan/${String(contract.paymentPlanId)}`, { originalPrice: contract.originalPrice + 1_000_000 });
    expect(await auditRows('payment-plan.update')).toHaveLength(1);
  });

  test('a discount above its price, negative or fractional money, an empty body are 400; unknown plans 404; nothing written', async () => {
    const [plan] = await plansOf(gw, club1);
    const path = `/payment-plan/${String(plan.id)}`;
    const refused = [
      { planDiscount: plan.originalPrice + 1 },
      { originalPrice: plan.planDiscount - 1 },
      { joiningFeeDiscount: plan.joiningFee + 1 },
      { originalPrice: -100 },
      { joiningFee: -1 },
      { originalPrice: 0 },
      { originalPrice: 99.5 },
      { originalPrice: 2_000_000_000 },
      {},
      [],
    ];
    for (const body of refused) {
      const res = await put(path, body);
      expect([res.status, res.body.code], JSON.stringify(body)).toEqual([400, 2]);
    }
    for (const id of ['2000000000', '0', 'x', '99999999999'])
      expect((await put(`/payment-plan/${id}`, { originalPrice: 1000 })).status).toBe(404);
    expect((await auditRows('payment-plan.update')).filter((r) => r.subjectId === plan.id)).toHaveLength(0);
    // Issue 38 §21: the discount's field says why, in the GM's language.
    expect((await put(path, { planDiscount: plan.originalPrice + 1 })).body.data.fieldErrors).toEqual({
      planDiscount: ['Mức giảm không được lớn hơn giá'],
    });
    expect((await put(path, { joiningFeeDiscount: plan.joiningFee + 1 })).body.data.fieldErrors).toEqual({
      joiningFeeDiscount: ['Mức giảm không được lớn hơn giá'],
    });
  });
});

const campaign = (codes: string[], extra: Record<string, unknown> = {}) => ({
  nameVi: 'Mùa hè sôi động',
  nameEn: 'Summer',
  descriptionVi: 'Giảm 10%',
  descriptionEn: '10% off',
  coupons: codes.map((code) => ({
    code,
    percentOff: 10,
    maxDiscount: 300_000,
    validFrom: '2020-01-01T00:00:00+07:00',
    ...extra,
  })),
});

describe('coupon campaigns', () => {
  test('the GM creates a campaign with its coupons (codes upper-cased); one audit row; members can use the coupon', async () => {
    const res = await gw.call('POST', '/api/v1/staff/coupon-campaign', {
      token: gm,
      json: campaign(['hevui10', 'HEVUI20'], { clubIds: [club1] }),
    });
    expect(res.status).toBe(200);
    const created = couponCampaignSettingSchema.parse(res.body.data);
    expect(created).toMatchObject({ nameEn: 'Summer', isActive: true });
    expect(created.coupons.map((c) => c.code)).toEqual(['HEVUI10', 'HEVUI20']);
    expect(created.coupons[0]).toMatchObject({
      percentOff: 10,
      amountOff: null,
      maxDiscount: 300_000,
      clubIds: [club1],
      uses: 0,
      isActive: true,
    });
    const rows = await auditRows('coupon-campaign.create');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      subjectType: 'coupon-campaign',
      subjectId: created.id,
      before: null,
      after: { nameVi: 'Mùa hè sôi động' },
    });
    const member = await gw.signUp();
    const offered = await gw.call('GET', `/api/v1/member/coupons?clubId=${String(club1)}`, { token: member.token });
    expect(JSON.stringify(offered.body)).toContain('HEVUI10');

    // A double submit meets its own codes: 409, no second campaign, no second row.
    const again = await gw.call('POST', '/api/v1/staff/coupon-campaign', {
      token: gm,
      json: campaign(['hevui10', 'HEVUI20'], { clubIds: [club1] }),
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'PROMO_CODE_INVALID', data: { code: 'HEVUI10' } });
    expect(await gw.db.select().from(couponCampaigns).where(eq(couponCampaigns.nameEn, 'Summer'))).toHaveLength(1);
    expect(await auditRows('coupon-campaign.create')).toHaveLength(1);

    // Ending it: its coupons stop applying; one row; ending again changes nothing.
    const ended = await put(`/coupon-campaign/${String(created.id)}/end`, undefined);
    expect(ended.body.data).toMatchObject({ id: created.id, isActive: false });
    expect(
      await gw.db
        .select()
        .from(coupons)
        .where(and(eq(coupons.campaignId, created.id), eq(coupons.isActive, true))),
    ).toHaveLength(0);
    expect(
      JSON.stringify(
        (await gw.call('GET', `/api/v1/member/coupons?clubId=${String(club1)}`, { token: member.token })).body,
      ),
    ).not.toContain('HEVUI10');
    expect((await put(`/coupon-campaign/${String(created.id)}/end`, undefined)).status).toBe(200);
    const endRows = await auditRows('coupon-campaign.end');
    expect(endRows).toHaveLength(1);
    expect(endRows[0]).toMatchObject({ before: { activeCodes: ['HEVUI10', 'HEVUI20'] }, after: { activeCodes: [] } });
    for (const id of ['2000000000', 'abc'])
      expect((await put(`/coupon-campaign/${id}/end`, undefined)).status).toBe(404);
  });

  test.each([
    ['a seeded code', campaign(['TET2027'])],
    ['an unknown club', campaign(['NEWCLUB1'], { clubIds: [2_000_000_000] })],
    ['both percent and amount', campaign(['BOTH1234'], { amountOff: 100_000 })],
    ['neither percent nor amount', campaign(['NONE1234'], { percentOff: null })],
    ['a percent over 100', campaign(['OVER1234'], { percentOff: 101 })],
    ['a negative amount', campaign(['NEG12345'], { percentOff: null, amountOff: -5 })],
    ['a code with a space', campaign(['AB CD'])],
    ['the same code twice', campaign(['TWICE123', 'twice123'])],
    ['an end before the start', campaign(['ENDS1234'], { validTo: '2000-01-01T00:00:00Z' })],
    ['a bad date', campaign(['DATE1234'], { validFrom: 'tomorrow' })],
    ['no coupon', campaign([])],
    ['a NUL in the name', { ...campaign(['NUL12345']), nameVi: 'a\u0000' }],
    ['an overlong description', { ...campaign(['LONG1234']), descriptionEn: 'x'.repeat(1001) }],
  ])('%s is refused (4xx), nothing written', async (_, body) => {
    const campaigns = await gw.db.select({ n: sql<number>`count(*)::int` }).from(couponCampaigns);
    const res = await gw.call('POST', '/api/v1/staff/coupon-campaign', { token: gm, json: body });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await gw.db.select({ n: sql<number>`count(*)::int` }).from(couponCampaigns)).toEqual(campaigns);
    expect(await auditRows('coupon-campaign.create')).toHaveLength(1);
  });
});
