import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expect, gatewayUrl, signUp, snap, snapBothWidths, test, toEnglish } from './fixtures.ts';
import type { Lang } from './membership-steps.ts';

// Issue 12 §3 (ADR 035): a member gets a gift, opens it from the header's gift icon, picks a club and
// activates it; the membership is there, free, for the gift's days; posting the form again makes
// nothing more. A newcomer without a gift takes the 1-day experience pass on the same screen.

const T = {
  vi: {
    icon: 'Quà tặng của bạn',
    open: 'Xem và kích hoạt quà',
    kind: '14 ngày tập miễn phí',
    activateBy: /^Kích hoạt trước \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    club: 'Chọn câu lạc bộ bạn muốn tập',
    clubName: 'Gym Võ Văn Tần',
    activate: 'Kích hoạt quà',
    activated: /Đã kích hoạt quà! Bạn tập tại Gym Võ Văn Tần từ \d{2}\/\d{2}\/\d{4} đến hết \d{2}\/\d{2}\/\d{4}\./,
    plans: 'Gói tập của bạn',
    duration: '14 ngày',
    free: 'Quà tặng · miễn phí',
    experience: 'Nhận ngày tập thử',
    experienceKind: '1 ngày tập trải nghiệm miễn phí',
  },
  en: {
    icon: 'Your gift',
    open: 'See and activate your gift',
    kind: '14 free days of training',
    activateBy: /^Activate by \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/,
    club: 'Choose the club you want to train at',
    clubName: 'Gym Vo Van Tan',
    activate: 'Activate gift',
    activated: /Gift activated! You can train at Gym Vo Van Tan from \d{2}\/\d{2}\/\d{4} to \d{2}\/\d{2}\/\d{4}\./,
    plans: 'Your plans',
    duration: '14 days',
    free: 'Gift · free',
    experience: 'Get my free day',
    experienceKind: 'A free 1-day experience pass',
  },
};

const title = { vi: '2 tuần tập miễn phí', en: '2 free weeks' };

/** What the referral programme will give: 14 free days, to activate within a week. */
async function giveGift(request: APIRequestContext, phone: string) {
  const res = await request.put(`${gatewayUrl()}/sandbox/gift`, {
    data: {
      phoneNumber: phone,
      kind: 'PLAN_DAYS',
      days: 14,
      titleVi: title.vi,
      titleEn: title.en,
      descriptionVi: 'Quà cảm ơn vì bạn đã giới thiệu bạn bè đến VietFit.',
      descriptionEn: 'A thank-you for bringing a friend to VietFit.',
      expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The gift screen, then Activate at the chosen club; lands on the member's plans with the toast. */
async function activateAt(page: Page, lang: Lang) {
  await page.getByLabel(T[lang].club).selectOption({ label: T[lang].clubName });
  await page.getByRole('button', { name: T[lang].activate }).click();
  await expect(page).toHaveURL(/\/home\/your-plan$/);
}

for (const lang of ['vi', 'en'] as const) {
  test(`${lang}: a gift from the header is activated at a club and becomes the membership, once`, async ({
    page,
    request,
  }) => {
    const phone = await signUp(page);
    if (lang === 'en') await toEnglish(page);
    await giveGift(request, phone);
    // The first page after the gift opens the header's popover by itself (then a tap on the icon does).
    await page.goto('/membership');
    await expect(page.getByText(title[lang])).toBeVisible();
    await snap(page, `${lang}-gift-popover`);
    await page.getByRole('link', { name: T[lang].open }).click();
    await expect(page).toHaveURL(/\/gift$/);
    await expect(page.getByRole('heading', { level: 2, name: title[lang] })).toBeVisible();
    await expect(page.locator('.gift-card .eyebrow')).toHaveText(T[lang].kind);
    await expect(page.locator('.gift-card .small')).toHaveText(T[lang].activateBy);
    await snapBothWidths(page, `${lang}-gift-screen`);

    await activateAt(page, lang);
    await expect(page.getByText(T[lang].activated)).toBeVisible();
    const card = page.locator('.contract-card', { hasText: title[lang] });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(T[lang].clubName);
    await expect(card).toContainText(T[lang].duration);
    await expect(card).toContainText(T[lang].free); // no money moved: no "0 ₫" (ADR 035)
    await snapBothWidths(page, `${lang}-gift-activated`);

    // The gift is gone from the header; a second post of the same form makes nothing more.
    await expect(page.getByLabel(T[lang].icon)).toHaveCount(0);
    await page.goto('/gift');
    await expect(page.getByRole('button', { name: T[lang].activate })).toHaveCount(0);
    await page.goto('/home/your-plan');
    await expect(page.locator('.contract-card', { hasText: title[lang] })).toHaveCount(1);
  });
}

/** JavaScript off: the same journey through the server's HTML and plain form posts. */
test('with JavaScript off the gift is opened, activated once, and a repeated post changes nothing', async ({
  page,
  request,
  browser,
}) => {
  const phone = await signUp(page);
  await giveGift(request, phone);
  const plain = await noJsPage(browser, page);
  // Opened by itself the first time; another page keeps it closed until the icon is tapped.
  await plain.goto('/membership');
  await expect(plain.getByText(title.vi)).toBeVisible();
  await plain.goto('/home');
  await expect(plain.getByText(title.vi)).toBeHidden();
  await plain.getByLabel(T.vi.icon).first().click();
  await plain.getByRole('link', { name: T.vi.open }).click();
  await expect(plain).toHaveURL(/\/gift$/);
  const giftId = await plain.locator('input[name="gift"]').inputValue();
  const planId = await plain.getByLabel(T.vi.club).locator('option', { hasText: T.vi.clubName }).getAttribute('value');
  await activateAt(plain, 'vi');
  await expect(plain.getByText(T.vi.activated)).toBeVisible();
  await snap(plain, 'vi-gift-activated-nojs');

  // A double tap's second post (the same form again): the gateway answers the same contract.
  const again = await plain.request.post('/gift', {
    form: { intent: 'activate', gift: giftId, paymentPlanId: planId! },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers().location).toBe('/home/your-plan');
  await plain.goto('/home/your-plan');
  await expect(plain.locator('.contract-card', { hasText: title.vi })).toHaveCount(1);
  await plain.context().close();
});

test('a newcomer without a gift takes the 1-day experience pass and activates it (vi, JavaScript off)', async ({
  page,
  browser,
}) => {
  await signUp(page);
  const plain = await noJsPage(browser, page);
  await plain.goto('/gift');
  await snap(plain, 'vi-gift-experience-offer');
  await plain.getByRole('button', { name: T.vi.experience }).click();
  await expect(plain).toHaveURL(/\/gift$/);
  await expect(plain.locator('.gift-card .eyebrow')).toHaveText(T.vi.experienceKind);
  // The header's popover does not open over the screen that shows the gift.
  await expect(plain.locator('.gift-hint')).toHaveCount(0);
  await snap(plain, 'vi-gift-experience');
  await activateAt(plain, 'vi');
  await expect(plain.locator('.contract-card', { hasText: 'Trải nghiệm miễn phí 1 ngày' })).toContainText('1 ngày');
  // Taken once: the offer is gone for good.
  await plain.goto('/gift');
  await expect(plain.getByRole('button', { name: T.vi.experience })).toHaveCount(0);
  await plain.context().close();
});

async function noJsPage(browser: Browser, signedIn: Page) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await signedIn.context().storageState(),
    baseURL: new URL(signedIn.url()).origin,
  });
  return context.newPage();
}
