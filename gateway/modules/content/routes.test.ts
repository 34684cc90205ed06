import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { contactSchema, contentPageSchema } from '#api/content.ts';
import { appSettings, clubs, contentPages } from '#gateway/db/schema/index.ts';
import { startTestGateway, type TestGateway } from '#tests/support/gateway.ts';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const VIETNAMESE = /[ăâđêôơưàáảãạèéẻẽẹìíỉĩịòóỏõọùúủũụỳýỷỹỵ]/i;

test.each([
  ['terms-condition', 'Điều khoản và điều kiện', 'Terms and conditions', 6],
  ['about', 'Về VietFit', 'About VietFit', 3],
  ['support', 'Câu hỏi thường gặp', 'Frequently asked questions', 6],
])(
  'GET /general/page/%s is real content in both languages, publicly cacheable',
  async (slug, titleVi, titleEn, minSections) => {
    const res = await gw.call('GET', `/api/v1/general/page/${slug}`);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(1000);
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=\d+/);
    const page = contentPageSchema.parse(res.body.data);
    expect(page).toMatchObject({ slug, titleVi, titleEn });
    expect(page.sections.length).toBeGreaterThanOrEqual(minSections);
    for (const section of page.sections) {
      expect(section.headingVi.trim().length).toBeGreaterThan(3);
      expect(section.headingEn.trim().length).toBeGreaterThan(3);
      expect(section.bodyVi.length).toBeGreaterThan(100);
      expect(section.bodyEn.length).toBeGreaterThan(100);
      expect(section.bodyVi).toMatch(VIETNAMESE);
      expect(section.bodyEn).not.toMatch(VIETNAMESE);
    }
  },
);

test('the terms cover personal data under Decree 13/2023', async () => {
  const page = contentPageSchema.parse((await gw.call('GET', '/api/v1/general/page/terms-condition')).body.data);
  expect(
    page.sections.some((s) => s.bodyVi.includes('Nghị định 13/2023/NĐ-CP') && s.bodyEn.includes('Decree 13/2023')),
  ).toBe(true);
});

test('what staff change in the database is what the page serves', async () => {
  await gw.db
    .update(contentPages)
    .set({
      titleVi: 'Giới thiệu',
      sections: [{ headingVi: 'Mới', headingEn: 'New', bodyVi: 'Nội dung mới', bodyEn: 'New text' }],
      updatedAt: new Date('2026-12-01T00:00:00Z'),
    })
    .where(eq(contentPages.slug, 'about'));
  const page = (await gw.call('GET', '/api/v1/general/page/about')).body.data;
  expect(page).toMatchObject({ titleVi: 'Giới thiệu', updatedAt: '2026-12-01T00:00:00.000Z' });
  expect(page.sections).toEqual([{ headingVi: 'Mới', headingEn: 'New', bodyVi: 'Nội dung mới', bodyEn: 'New text' }]);
});

test.each([['policy'], ['ABOUT'], ['terms'], ['..%2Fversion'], ['x'.repeat(3000)]])(
  'an unknown page %s → 404 NOT_FOUND',
  async (slug) => {
    const res = await gw.call('GET', `/api/v1/general/page/${slug.slice(0, 40)}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  },
);

test('contact lists the chain channels and every active club, and drops a closed one', async () => {
  const first = contactSchema.parse((await gw.call('GET', '/api/v1/general/contact')).body.data);
  expect(first).toMatchObject({
    hotline: '0100 000 100',
    email: 'hotro@vietfit.example',
    zaloUrl: expect.stringMatching(/^https:\/\//),
    facebookUrl: expect.stringMatching(/^https:\/\//),
  });
  expect(first.addressVi).toMatch(VIETNAMESE);
  expect(first.hoursEn).toMatch(/every day/);
  const active = await gw.db.select().from(clubs).where(eq(clubs.isActive, true));
  expect(first.clubs.map((c) => c.id).sort()).toEqual(active.map((c) => c.id).sort());
  expect(first.clubs.length).toBeGreaterThanOrEqual(9);
  for (const club of first.clubs) expect(club.hotline).toMatch(/^010\d[\d ]+$/);

  const closed = first.clubs[0];
  await gw.db.update(clubs).set({ isActive: false }).where(eq(clubs.id, closed.id));
  await gw.db.update(appSettings).set({ valueVi: '', valueEn: '' }).where(eq(appSettings.key, 'contact_zalo_url'));
  const res = await gw.call('GET', '/api/v1/general/contact');
  expect(res.headers.get('cache-control')).toMatch(/^public/);
  const second = contactSchema.parse(res.body.data);
  expect(second.clubs.map((c) => c.id)).not.toContain(closed.id);
  expect(second.clubs).toHaveLength(first.clubs.length - 1);
  expect(second.zaloUrl).toBeNull();
});
