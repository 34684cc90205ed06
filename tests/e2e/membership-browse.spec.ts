import { messageForCode } from '#api/codes.ts';
import { validationMessages } from '#api/validation-messages.ts';
import { checkPhoneLayout, expect, signUp, snap, test, watchConsole } from './fixtures.ts';
import type { Browser, Page } from '@playwright/test';
import { newMember } from './membership-steps.ts';

// Issue 4, choosing a club and a plan: /membership, club detail, plan cards and the plan page
// (coupon, referral, payment method, totals) at 390×844 in Vietnamese and English.

type Lang = 'vi' | 'en';

const texts = {
  vi: {
    title: 'Chọn câu lạc bộ và gói tập',
    cities: ['TP. Hồ Chí Minh', 'Hà Nội', 'Đà Nẵng'],
    nearest: 'Gần tôi nhất',
    byCity: 'Theo thành phố',
    distance: /^Cách bạn \d+(,\d)? km$/,
    compare: 'So sánh nhiều câu lạc bộ và một câu lạc bộ',
    compareHeads: ['Quyền lợi', 'Nhiều CLB (Black Card)', 'Một CLB'],
    faq: 'Câu hỏi thường gặp',
    faqQ2: 'Gói tập bắt đầu từ khi nào?',
    faqA2: /ngày sau khi gói hiện tại kết thúc/,
    multi: 'Nhiều câu lạc bộ',
    seePlans: 'Xem gói tập',
    clubInfo: 'Thông tin',
    seeAllPlans: 'Xem các gói tập',
    multiGroup: 'Nhiều câu lạc bộ (Black Card)',
    singleGroup: 'Một câu lạc bộ',
    classic3: 'Classic 3 tháng',
    classic12: 'Classic 12 tháng',
    subscription: 'Gói tháng tự động',
    offer: 'Xem chi tiết ưu đãi',
    select: 'Chọn gói Classic 3 tháng',
    couponLabel: 'Nhập mã khuyến mãi',
    apply: 'Áp dụng',
    applied: 'Đang áp dụng mã CHAOBAN10',
    listApplied: 'Giá đã áp dụng mã khuyến mãi CHAOBAN10.',
    total: 'Tổng thanh toán',
    referralLabel: 'Số điện thoại người giới thiệu (không bắt buộc)',
    check: 'Kiểm tra',
    qr: 'Chuyển khoản ngân hàng (QR)',
    cash: 'Tiền mặt tại quầy',
    card: 'Thẻ ATM / thẻ tín dụng',
    otherCard: 'Thẻ khác (nhập trên VNPAY)',
    addCard: 'Thêm thẻ mới',
    confirm: 'Xác nhận',
    use: 'Dùng mã',
  },
  en: {
    title: 'Choose a club and a plan',
    cities: ['Ho Chi Minh City', 'Hanoi', 'Da Nang'],
    nearest: 'Nearest first',
    byCity: 'By city',
    distance: /^\d+(\.\d)? km away$/,
    compare: 'Every club or one club: compare',
    compareHeads: ['Benefit', 'Every club (Black Card)', 'One club'],
    faq: 'Frequently asked questions',
    faqQ2: 'When does my membership start?',
    faqA2: /the day after it ends/,
    multi: 'Every club',
    seePlans: 'See plans',
    clubInfo: 'Club info',
    seeAllPlans: 'See the plans',
    multiGroup: 'Every club (Black Card)',
    singleGroup: 'One club',
    classic3: 'Classic 3 months',
    classic12: 'Classic 12 months',
    subscription: 'Monthly subscription',
    offer: 'See offer detail',
    select: 'Select Classic 3 months',
    couponLabel: 'Enter a promo code',
    apply: 'Apply',
    applied: 'Code CHAOBAN10 applied',
    listApplied: 'Prices include the promo code CHAOBAN10.',
    total: 'Total',
    referralLabel: "Referrer's phone number (optional)",
    check: 'Check',
    qr: 'Bank transfer (QR)',
    cash: 'Cash at the counter',
    card: 'Debit or credit card',
    otherCard: 'Another card (entered on VNPAY)',
    addCard: 'Add a new card',
    confirm: 'Confirm',
    use: 'Use code',
  },
} as const;

/** "1.890.000 ₫" (vi) or "1,890,000 ₫" (en), as a member reads it. */
const vnd = (amount: number, lang: Lang) =>
  `${amount < 0 ? '−' : ''}${String(Math.abs(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, lang === 'en' ? ',' : '.')}\u00a0₫`;

/** The figures of the seeded Classic 3 months at a Ho Chi Minh City club, for a new member (gateway pricePlan). */
const classic3 = { original: 1_890_000, price: 1_690_000, joiningFee: 300_000, total: 1_990_000 };
/** CHAOBAN10: 10 % of 1.690.000 rounded down to thousands = 169.000 off. */
const withChaoBan = { discount: 200_000 + 169_000, price: 1_521_000, total: 1_821_000 };

const plansOfFirstClub = async (page: Page, t: (typeof texts)[Lang]) => {
  await page.goto('/membership');
  await page.getByRole('link', { name: new RegExp(`^Gym L(ê|e) Th(á|a)nh T(ô|o)n.*${t.seePlans}$`) }).click();
  await expect(page).toHaveURL(/\/membership\/\d+$/);
};

for (const lang of ['vi', 'en'] as const) {
  const t = texts[lang];

  test(`/membership: clubs by city, nearest first, compare panel and FAQ (${lang})`, async ({ page, context }) => {
    const problems = watchConsole(page);
    await newMember(page, lang);
    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
    await expect(page.locator('.city-name')).toHaveText([...t.cities]);
    await expect(page.locator('.club-card')).toHaveCount(9);

    // The multi-club / single-club choice is carried to the club links.
    await page.getByRole('link', { name: new RegExp(`^${t.multi}`) }).click();
    await expect(page).toHaveURL(/\/membership\?type=multi$/);
    await expect(page.getByRole('link', { name: new RegExp(`^${t.multi}`) })).toHaveAttribute('aria-current', 'true');
    await expect(page.locator('.club-card-main').first()).toHaveAttribute('href', /\/membership\/\d+\?type=multi$/);

    // Compare panel: a real table with column and row headers, six rows.
    await page.locator('summary', { hasText: t.compare }).click();
    const table = page.getByRole('table', { name: t.compare });
    await expect(table.getByRole('columnheader')).toHaveText([...t.compareHeads]);
    await expect(table.locator('tbody tr')).toHaveCount(6);
    await expect(table.getByRole('rowheader')).toHaveCount(6);
    await expect(table.getByText(lang === 'vi' ? 'Cả 9 câu lạc bộ' : 'All 9 clubs')).toBeVisible();

    // FAQ: four entries, each opens to its answer.
    await expect(page.getByRole('heading', { name: t.faq })).toBeVisible();
    await expect(page.locator('.faq-item')).toHaveCount(4);
    await page.getByText(t.faqQ2).click();
    await expect(page.getByText(t.faqA2)).toBeVisible();
    await snap(page, `${lang}-membership-clubs`);
    await checkPhoneLayout(page);

    // Nearest first: the position is asked only after the tap; in Da Nang its two clubs come first.
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 16.0612, longitude: 108.2101 });
    await page.getByRole('button', { name: t.nearest }).click();
    const names = page.locator('.club-card .club-name');
    await expect(names.first()).toHaveText(/Nguy(ễ|e)n V(ă|a)n Linh/);
    await expect(names.nth(1)).toHaveText(/V(õ|o) Nguy(ê|e)n Gi(á|a)p/);
    await expect(page.locator('.club-distance')).toHaveCount(9);
    await expect(page.locator('.club-distance').first()).toHaveText(t.distance);
    await expect(page.locator('.city-name')).toHaveCount(0);
    await snap(page, `${lang}-membership-nearest`);
    await page.getByRole('button', { name: t.byCity }).click();
    await expect(page.locator('.city-name')).toHaveText([...t.cities]);
    expect(problems).toEqual([]);
  });

  test(`club detail and plan cards with the right VND (${lang})`, async ({ page }) => {
    await newMember(page, lang);
    await page.goto('/membership');
    await page.locator('.club-card').first().getByRole('link', { name: t.clubInfo }).click();
    await expect(page).toHaveURL(/\/membership\/\d+\/detail$/);
    await expect(page.getByText('72 Lê Thánh Tôn, Phường Bến Nghé')).toBeVisible();
    await expect(page.getByText('Quận 1')).toBeVisible();
    await expect(page.getByRole('link', { name: '0100 000 101', exact: true })).toHaveAttribute(
      'href',
      'tel:0100000101',
    );
    await expect(page.getByRole('link', { name: /Google Maps/ })).toHaveAttribute('href', /query=10\.7769,106\.7009$/);
    await snap(page, `${lang}-membership-club-detail`);
    await checkPhoneLayout(page);
    await page.getByRole('link', { name: t.seeAllPlans }).click();
    await expect(page).toHaveURL(/\/membership\/\d+$/);

    await expect(page.getByRole('heading', { level: 2 })).toHaveText([t.multiGroup, t.singleGroup]);
    const card = page.getByRole('article', { name: t.classic3 });
    await expect(card.locator('s')).toContainText(vnd(classic3.original, lang));
    await expect(card.locator('.plan-amount')).toHaveText(vnd(classic3.price, lang));
    await expect(card.getByText(vnd(classic3.joiningFee, lang))).toBeVisible();
    await expect(card.getByText(new RegExp(vnd(200_000, lang)))).toBeVisible();
    // A waived joining fee is struck through; a subscription is priced per month with its next payment.
    await expect(page.getByRole('article', { name: t.classic12 }).locator('dd s')).toHaveText(vnd(300_000, lang));
    const subscription = page.getByRole('article', { name: t.subscription });
    await expect(subscription.locator('.plan-price')).toHaveText(
      `${vnd(599_000, lang)}${lang === 'vi' ? '/tháng' : '/month'}`,
    );
    await expect(subscription.getByText(new RegExp(`${vnd(599_000, lang)}/(tháng|month)$`))).toHaveCount(2);
    // Offer detail opens in place.
    await card.getByText(t.offer).click();
    await expect(card.getByText(new RegExp(vnd(classic3.total, lang)))).toBeVisible();
    await snap(page, `${lang}-membership-plans`);
    await checkPhoneLayout(page);

    await page.getByRole('link', { name: t.multi, exact: true }).click();
    await expect(page.getByRole('heading', { level: 2 })).toHaveText([t.multiGroup]);
  });

  test(`plan page: coupon re-prices, an expired coupon and a bad referral code stay in their fields (${lang})`, async ({
    page,
  }) => {
    const problems = watchConsole(page);
    await newMember(page, lang);
    await plansOfFirstClub(page, t);
    await page.getByRole('link', { name: t.select }).click();
    await expect(page).toHaveURL(/\/membership\/\d+\/plan\/\d+$/);
    const total = page.locator('.total-row dd');
    await expect(total).toHaveText(vnd(classic3.total, lang));
    await expect(page.getByRole('radio', { name: t.qr })).toBeChecked();
    await snap(page, `${lang}-membership-plan`);
    await checkPhoneLayout(page);

    // Card: the saved cards (none yet), another card, and the way to add one.
    await page.getByRole('radio', { name: t.card }).check();
    await expect(page.getByRole('radio', { name: t.otherCard })).toBeChecked();
    await expect(page.getByRole('link', { name: t.addCard })).toHaveAttribute(
      'href',
      '/account/information/payment-method',
    );
    await snap(page, `${lang}-membership-plan-card`);

    // Something typed before applying a coupon stays.
    await page.getByRole('radio', { name: t.cash }).check();
    const coupon = page.getByLabel(t.couponLabel);
    await coupon.fill('chaoban10');
    await page.getByRole('button', { name: t.apply, exact: true }).click();
    await expect(page.getByText(t.applied)).toBeVisible();
    await expect(total).toHaveText(vnd(withChaoBan.total, lang));
    await expect(page.getByText(vnd(-withChaoBan.discount, lang))).toBeVisible();
    await expect(page.getByRole('radio', { name: t.cash })).toBeChecked();
    await expect(coupon).toHaveValue('');

    // An expired code: the message by the field, the code kept, the applied one unchanged.
    await coupon.fill('HE2026');
    await page.getByRole('button', { name: t.apply, exact: true }).click();
    await expect(page.locator('#couponCode-error')).toHaveText(
      new RegExp(
        [messageForCode('PROMO_CODE_INVALID', lang), messageForCode(352, lang), messageForCode(353, lang)].join('|'),
      ),
    );
    await expect(coupon).toHaveValue('HE2026');
    await expect(coupon).toHaveAttribute('aria-invalid', 'true');
    await expect(total).toHaveText(vnd(withChaoBan.total, lang));

    // Referral code: §5 format first, then the gateway's answer for a number that is nobody's.
    const referral = page.getByLabel(t.referralLabel);
    await referral.fill('12345');
    await page.getByRole('button', { name: t.check }).click();
    await expect(page.locator('#referralCode-error')).toHaveText(validationMessages.referralInvalid[lang]);
    await expect(referral).toHaveValue('12345');
    await referral.fill('0100999999');
    await page.getByRole('button', { name: t.check }).click();
    const referralMessages = [152, 153, 154, 155, 156, 157, 177, 178, 179, 180].map((code) =>
      messageForCode(code, lang),
    );
    await expect(page.locator('#referralCode-error')).toHaveText(new RegExp(referralMessages.join('|')));
    await expect(coupon).toHaveValue('HE2026');
    await snap(page, `${lang}-membership-plan-errors`);

    // The coupon is remembered: the plan cards are priced with it.
    await plansOfFirstClub(page, t);
    await expect(page.getByText(t.listApplied)).toBeVisible();
    await expect(page.getByRole('article', { name: t.classic3 }).locator('.plan-amount')).toHaveText(
      vnd(withChaoBan.price, lang),
    );
    expect(problems).toEqual([]);
  });
}

/** The same signed-in member in a browser with JavaScript off. */
async function withoutJavaScript(browser: Browser, page: Page) {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    baseURL: process.env.E2E_BASE_URL,
    locale: 'vi-VN',
  });
  await context.addCookies(await page.context().cookies());
  return context;
}

test('JavaScript off: clubs by city, choose a plan, choose a coupon from the list, totals follow', async ({
  browser,
  page,
}) => {
  await signUp(page);
  const context = await withoutJavaScript(browser, page);
  const noJs = await context.newPage();
  const t = texts.vi;
  await noJs.goto('/membership');
  await expect(noJs.locator('.city-name')).toHaveText([...t.cities]);
  // Without JavaScript there is no location button: the cities stay in order.
  await expect(noJs.getByRole('button', { name: t.nearest })).toHaveCount(0);
  await plansOfFirstClub(noJs, t);
  await noJs.getByRole('link', { name: t.select }).click();
  await expect(noJs.locator('.total-row dd')).toHaveText(vnd(classic3.total, 'vi'));

  await noJs.getByLabel(t.referralLabel).fill('123');
  await noJs.getByRole('listitem').filter({ hasText: 'CHAOBAN10' }).getByRole('button', { name: t.use }).click();
  await expect(noJs.getByText(t.applied)).toBeVisible();
  await expect(noJs.locator('.total-row dd')).toHaveText(vnd(withChaoBan.total, 'vi'));
  await expect(noJs.getByLabel(t.referralLabel)).toHaveValue('123');

  // Enter in a field re-prices and checks, it never buys.
  await noJs.getByLabel(t.couponLabel).fill('HE2026');
  await noJs.getByLabel(t.couponLabel).press('Enter');
  await expect(noJs.locator('#couponCode-error')).toBeVisible();
  await expect(noJs.locator('#referralCode-error')).toHaveText(validationMessages.referralInvalid.vi);
  await expect(noJs).toHaveURL(/\/plan\/\d+$/);
  await snap(noJs, 'vi-membership-plan-nojs');

  // Confirm by cash: the purchase request (1022) leads to the payment step, and the saved coupon is used up.
  await noJs.getByLabel(t.couponLabel).fill('');
  await noJs.getByLabel(t.referralLabel).fill('');
  await noJs.getByRole('radio', { name: t.cash }).check();
  const [posted] = await Promise.all([
    noJs.waitForResponse((r) => r.request().method() === 'POST' && /\/plan\/\d+/.test(r.url())),
    noJs.getByRole('button', { name: t.confirm, exact: true }).click(),
  ]);
  expect(posted.status()).toBe(302);
  expect(posted.headers().location).toMatch(/^\/membership\/payment\/\d+$/);
  await expect(noJs.getByText(messageForCode(1022, 'vi'))).toBeVisible();
  await plansOfFirstClub(noJs, t);
  await expect(noJs.getByText(t.listApplied)).toHaveCount(0);

  // Another plan at the same club while that one waits for payment: continue it, or cancel it for this one.
  await noJs.getByRole('link', { name: 'Chọn gói Basic 1 tháng' }).click();
  await noJs.getByRole('button', { name: t.confirm, exact: true }).click();
  await expect(
    noJs.getByRole('alert').filter({ hasText: 'Bạn đang có gói Classic 3 tháng chờ thanh toán' }),
  ).toBeVisible();
  await expect(noJs.getByRole('link', { name: 'Tiếp tục thanh toán gói đó' })).toHaveAttribute(
    'href',
    posted.headers().location,
  );
  await snap(noJs, 'vi-membership-plan-other-unpaid');
  const [replaced] = await Promise.all([
    noJs.waitForResponse((r) => r.request().method() === 'POST' && /\/plan\/\d+/.test(r.url())),
    noJs.getByRole('button', { name: 'Hủy gói đó và mua gói này' }).click(),
  ]);
  expect(replaced.status()).toBe(302);
  expect(replaced.headers().location).toMatch(/^\/membership\/payment\/\d+$/);
  expect(replaced.headers().location).not.toBe(posted.headers().location);
  await context.close();
});

test('Confirm with JavaScript: the button is disabled while the purchase is sent, one request, then the payment step (en)', async ({
  page,
}) => {
  const t = texts.en;
  await newMember(page, 'en');
  await plansOfFirstClub(page, t);
  await page.getByRole('link', { name: t.select }).click();
  await expect(page.locator('.total-row dd')).toHaveText(vnd(classic3.total, 'en'));
  // A slow network: the action's request waits a second, long enough to tap twice.
  const posts: string[] = [];
  await page.route(/\/plan\/\d+\.data/, async (route) => {
    if (route.request().method() === 'POST') {
      posts.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    await route.continue();
  });
  const confirm = page.getByRole('button', { name: /^(Confirm|Sending…)$/ });
  const answered = page.waitForResponse((r) => r.request().method() === 'POST' && /\/plan\/\d+\.data/.test(r.url()));
  await confirm.click();
  await expect(confirm).toBeDisabled();
  await expect(confirm).toHaveText('Sending…');
  await confirm.click({ force: true });
  // The action answers with the redirect to the payment step of the new contract.
  expect(await (await answered).text()).toMatch(/\/membership\/payment\/\d+/);
  await expect(page).not.toHaveURL(/\/plan\/\d+$/);
  expect(posts).toHaveLength(1);
});
