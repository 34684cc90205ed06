import { timeLimit } from '#tests/support/time-limit.ts';
import type { Browser, Page } from '@playwright/test';
import { expect, gatewayUrl, snap, snapReloading, test, toastSaying } from './fixtures.ts';
import { buy, copyValue, newMember, singleClubPlan, staffToken, transfer, vnd } from './membership-steps.ts';

// Issue 4, after "Confirm": bank QR that moves on by itself (with and without JavaScript), card
// through the sandbox VNPAY page (success, then a declined card), cash confirmed by staff, history
// and receipts with the right amounts, and saved cards. 390×844, Vietnamese and English.

const texts = {
  vi: {
    success: 'Thanh toán thành công',
    failed: 'Thanh toán không thành công',
    declined: 'Tài khoản của bạn không đủ số dư để thanh toán.',
    memo: 'Nội dung chuyển khoản',
    amount: 'Số tiền',
    transferred: 'Tôi đã chuyển khoản',
    payVnpay: /Thanh toán .* qua VNPAY/,
    cashCode: 'Đưa mã này cho nhân viên tại quầy',
    waitingCash: 'Đang chờ thanh toán tại quầy…',
    active: 'Đang hoạt động',
    future: 'Sắp tới',
    receipt: 'Biên nhận',
    receiptPaid: 'Thanh toán thành công',
    transactions: 'Giao dịch',
    joinNow: 'Tham gia ngay',
    completePayment: 'Hoàn tất thanh toán',
    checkIn: 'Check-in',
    retry: 'Thử lại',
    cardsTitle: 'Thẻ thanh toán',
    addCard: 'Thêm thẻ qua VNPAY',
    cardAdded: 'Đã thêm thẻ thanh toán.',
    setDefault: 'Đặt làm mặc định',
    deleteCard: 'Xóa thẻ',
    deleteConfirm: 'Có, xóa thẻ',
    defaultBadge: 'Mặc định',
  },
  en: {
    success: 'Payment successful',
    failed: 'Payment failed',
    declined: 'Insufficient balance.',
    memo: 'Transfer message',
    amount: 'Amount',
    transferred: 'I have transferred',
    payVnpay: /Pay .* with VNPAY/,
    cashCode: 'Show this code at the counter',
    waitingCash: 'Waiting for your payment at the counter…',
    active: 'Active',
    future: 'Future',
    receipt: 'Receipt',
    receiptPaid: 'Payment successful',
    transactions: 'Transactions',
    joinNow: 'Join now',
    completePayment: 'Complete your payment',
    checkIn: 'Check in',
    retry: 'Try again',
    cardsTitle: 'Payment cards',
    addCard: 'Add a card with VNPAY',
    cardAdded: 'Card added.',
    setDefault: 'Set as default',
    deleteCard: 'Delete card',
    deleteConfirm: 'Yes, delete it',
    defaultBadge: 'Default',
  },
} as const;

async function payOnSandboxVnpay(page: Page, outcome: string) {
  await expect(page.getByText('SANDBOX').first()).toBeVisible();
  await page.locator(`input[name="outcome"][value="${outcome}"]`).check();
  await page.locator('form button[type="submit"]').click();
}

for (const lang of ['vi', 'en'] as const) {
  const t = texts[lang];

  test(`bank QR with a coupon: the page moves on by itself when the transfer lands (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await newMember(page, lang);
    await page.goto('/home');
    await expect(page.getByRole('link', { name: t.joinNow })).toBeVisible();
    await snap(page, `${lang}-home-non-member`);

    const plan = await singleClubPlan(request, 'CHAOBAN10');
    const contractId = await buy(page, plan.id, 1, 'CHAOBAN10');

    // The QR screen: a server-drawn SVG, the copy list, the countdown.
    await expect(page.locator('.qr-svg svg')).toBeVisible();
    await expect(copyValue(page, t.amount)).toHaveText(vnd(plan.totalPaymentFirst, lang));
    const memo = (await copyValue(page, t.memo).innerText()).trim();
    expect(memo).toMatch(/^[A-Z0-9]{6,}/);
    await expect(page.getByRole('timer')).toHaveText(/^1[45]:\d\d$/);
    await expect(page.getByRole('button', { name: new RegExp(t.memo) })).toBeVisible();
    await snap(page, `${lang}-payment-qr`);
    // 360 px wide: nothing sticks out sideways, and the copy buttons stay 44 px tall.
    await page.setViewportSize({ width: 360, height: 780 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const box of await page
      .locator('.copy-button')
      .evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) {
      expect(box).toBeGreaterThanOrEqual(44);
    }
    await page.setViewportSize({ width: 390, height: 844 });

    await transfer(request, memo, plan.totalPaymentFirst);
    await expect(page).toHaveURL(new RegExp(`/membership/payment/result/${contractId}$`), {
      timeout: timeLimit(15_000),
    });
    await expect(page.getByRole('heading', { name: t.success })).toBeVisible();
    await expect(page.getByText(t.active).first()).toBeVisible();
    const receipt = page.getByRole('region', { name: t.receipt });
    await expect(receipt.getByText(t.receiptPaid)).toBeVisible();
    await expect(receipt.locator('.receipt-total dd')).toHaveText(vnd(plan.totalPaymentFirst, lang));
    await snap(page, `${lang}-payment-success`);

    // Home: the member card with Check-in; history with the right amount.
    await page.goto('/home');
    await expect(page.getByRole('link', { name: t.checkIn, exact: true })).toHaveAttribute('href', '/home/check-in');
    await snap(page, `${lang}-home-member`);
    await page.goto('/history');
    await expect(page.locator('.contract-card').first()).toContainText(t.active);
    await expect(page.locator('.contract-card').first()).toContainText(vnd(plan.totalPaymentFirst, lang));
    await snap(page, `${lang}-history-memberships`);
    await page.getByRole('link', { name: t.transactions }).click();
    await expect(page).toHaveURL(/\?tab=transactions$/);
    await expect(page.locator('.transaction-row').first()).toBeVisible();
    await snap(page, `${lang}-history-transactions`);
    await page.goto(`/history/membership/${contractId}`);
    await expect(page.locator('.receipt-total dd')).toHaveText(vnd(plan.totalPaymentFirst, lang));
    await expect(page.locator('.timeline-item')).not.toHaveCount(0);
    await snap(page, `${lang}-history-detail`);
    await page.goto('/home/your-plan');
    await expect(page.locator('.contract-card').first()).toContainText(t.active);
    await snap(page, `${lang}-your-plan`);
  });

  test(`card through the sandbox VNPAY page: success, then a declined card (${lang})`, async ({ page, request }) => {
    test.setTimeout(90_000);
    await newMember(page, lang);
    const plan = await singleClubPlan(request);
    const first = await buy(page, plan.id, 2);
    await snap(page, `${lang}-payment-card`);
    await page.getByRole('link', { name: t.payVnpay }).click();
    await payOnSandboxVnpay(page, '00');
    await expect(page).toHaveURL(new RegExp(`/membership/payment/result/${first}$`));
    await expect(page.getByRole('heading', { name: t.success })).toBeVisible();
    await snap(page, `${lang}-card-success`);

    // A second membership starts after the first (FUTURE); this card is declined.
    const second = await buy(page, plan.id, 2);
    expect(second).not.toBe(first);
    await page.getByRole('link', { name: t.payVnpay }).click();
    await payOnSandboxVnpay(page, '51');
    await expect(page).toHaveURL(new RegExp(`/membership/payment/result/${second}$`));
    await expect(page.getByRole('heading', { name: t.failed })).toBeVisible();
    await expect(page.getByText(t.declined)).toBeVisible();
    await snap(page, `${lang}-card-declined`);
    // Retry: back on the payment step, where another method can be chosen.
    await page.getByRole('link', { name: t.retry }).click();
    await expect(page).toHaveURL(new RegExp(`/membership/payment/${second}$`));
    await expect(page.getByText(t.declined)).toBeVisible();
    await snap(page, `${lang}-payment-after-decline`);
    // Issue 10 §17: the method just tried is chosen already; each radio sits inside its card's border.
    await expect(page.locator('input[name="method"][value="2"]')).toBeChecked();
    for (const choice of await page.locator('.method-choice').all()) {
      const card = (await choice.boundingBox())!;
      const radio = (await choice.locator('input').boundingBox())!;
      expect(radio.x - card.x, 'space left of the radio').toBeGreaterThanOrEqual(8);
    }
    // Switching to the QR shows it, and the chooser is folded again.
    await page.locator('input[name="method"][value="1"]').check();
    await page.locator('.method-form button[type="submit"]').click();
    await expect(page.locator('.qr-box')).toBeVisible();
    await expect(page.locator('details#another')).not.toHaveAttribute('open');
  });

  test(`cash waits at the counter, then staff confirm it and it is active (${lang})`, async ({ page, request }) => {
    test.setTimeout(120_000);
    await newMember(page, lang);
    const plan = await singleClubPlan(request);
    const contractId = await buy(page, plan.id, 3);
    await expect(page.getByText(t.cashCode)).toBeVisible();
    await expect(page.getByText(t.waitingCash)).toBeVisible();
    await expect(page.locator('.tel-link')).toHaveAttribute('href', /^tel:[\d+]+$/);
    await snap(page, `${lang}-payment-cash`);
    // Home reminds the member of the unpaid request and leads back to it.
    await page.goto('/home');
    await snap(page, `${lang}-home-waiting`);
    await page.getByRole('link', { name: new RegExp(t.completePayment) }).click();
    await expect(page).toHaveURL(new RegExp(`/membership/payment/${contractId}$`));
    await expect(page.getByText(t.cashCode)).toBeVisible();

    // vi: the club's employee; en: the GM (works at every club) — each has its own 30 s OTP window.
    const token = await staffToken(request, lang === 'vi' ? '0100000001' : '0100000003');
    const confirmed = await request.post(`${gatewayUrl()}/api/v1/staff/contract/${contractId}/cash/confirm`, {
      headers: { authorization: `Bearer ${token}` },
      data: { amount: plan.totalPaymentFirst },
    });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    await expect(page).toHaveURL(new RegExp(`/membership/payment/result/${contractId}$`), {
      timeout: timeLimit(15_000),
    });
    await expect(page.getByRole('heading', { name: t.success })).toBeVisible();
    await expect(page.locator('.receipt-total dd').first()).toHaveText(vnd(plan.totalPaymentFirst, lang));
    await snap(page, `${lang}-cash-success`);
  });

  test(`saved cards: add through VNPAY, set default, delete after confirming (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await newMember(page, lang);
    await page.goto('/account/information');
    await page.getByRole('link', { name: lang === 'vi' ? 'Thẻ thanh toán đã lưu' : 'Saved payment cards' }).click();
    await expect(page.getByRole('heading', { name: t.cardsTitle })).toBeVisible();
    for (const type of ['01', '02'] as const) {
      await page.locator(`input[name="cardType"][value="${type}"]`).check();
      await page.getByRole('button', { name: t.addCard }).click();
      await expect(page.getByText('SANDBOX').first()).toBeVisible();
      await page.locator('form button[type="submit"]').click();
      await expect(page).toHaveURL(/\/account\/information\/payment-method$/);
      await expect(toastSaying(page, t.cardAdded)).toBeAttached();
    }
    await expect(page.locator('.saved-card')).toHaveCount(2);
    await snap(page, `${lang}-cards-two`);
    const cards = page.locator('.saved-card');
    const notDefault = cards.filter({ hasNot: page.locator('.badge') });
    await expect(notDefault).toHaveCount(1);
    const number = (await notDefault.locator('.saved-card-number').innerText()).trim();
    await notDefault.getByRole('button', { name: t.setDefault }).click();
    await expect(cards.filter({ hasText: number }).locator('.badge')).toHaveText(t.defaultBadge);
    // Delete: the confirm step first (a fold that opens without JavaScript).
    const other = cards.filter({ hasNotText: number });
    await other.locator('summary', { hasText: t.deleteCard }).click();
    await snap(page, `${lang}-cards-delete-confirm`);
    await other.getByRole('button', { name: t.deleteConfirm }).click();
    await expect(page.locator('.saved-card')).toHaveCount(1);
    await expect(page.locator('.saved-card-number')).toHaveText(number);
    await snap(page, `${lang}-cards-after-delete`);
  });
}

/** A second browser context sharing the member's cookies, with JavaScript off. */
async function withoutJs(browser: Browser, page: Page) {
  const context = await browser.newContext({
    storageState: await page.context().storageState(),
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    baseURL: process.env.E2E_BASE_URL,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
  });
  return context.newPage();
}

test('bank QR with JavaScript off: the page refreshes itself and lands on success', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(90_000);
  await newMember(page, 'vi');
  const plan = await singleClubPlan(request);
  const contractId = await buy(page, plan.id, 1);
  const noJs = await withoutJs(browser, page);
  await noJs.goto(`/membership/payment/${contractId}`);
  // The screenshot first, right after the load: the page reloads itself every 5 s, and a screenshot
  // that a reload interrupts never finishes (it hung slow CI runs for the whole test timeout).
  await snapReloading(noJs, 'vi-payment-qr-nojs');
  await expect(noJs.locator('meta[http-equiv="refresh"]')).toHaveCount(1);
  await expect(noJs.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', '5');
  // No copy buttons without JavaScript, but the values are there to select; the expiry is a time.
  await expect(noJs.locator('.copy-button')).toHaveCount(0);
  await expect(noJs.getByText(/Mã hết hạn lúc \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d/)).toBeVisible();
  await expect(noJs.getByRole('link', { name: texts.vi.transferred })).toHaveAttribute(
    'href',
    `/membership/payment/${contractId}?checked#checked`,
  );
  const memo = (await copyValue(noJs, texts.vi.memo).innerText()).trim();
  await transfer(request, memo, plan.totalPaymentFirst);
  await expect(noJs).toHaveURL(new RegExp(`/membership/payment/result/${contractId}$`), { timeout: timeLimit(15_000) });
  await expect(noJs.getByRole('heading', { name: texts.vi.success })).toBeVisible();
  await snap(noJs, 'vi-payment-success-nojs');
  await noJs.context().close();
});

test('pay another way and cancel work without JavaScript', async ({ page, request, browser }) => {
  test.setTimeout(90_000);
  await newMember(page, 'vi');
  const plan = await singleClubPlan(request);
  const contractId = await buy(page, plan.id, 1);
  const noJs = await withoutJs(browser, page);
  await noJs.goto(`/membership/payment/${contractId}`);
  // The page reloads itself every 5 s to notice the payment: the folded parts are links here, and the
  // unfolded page holds still while the member chooses.
  await noJs.getByRole('link', { name: 'Thanh toán cách khác' }).click();
  await expect(noJs).toHaveURL(new RegExp(`/membership/payment/${contractId}\\?open=another#another$`));
  await expect(noJs.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await snap(noJs, 'vi-payment-another-way-nojs');
  await noJs.locator('input[name="method"][value="3"]').check();
  await noJs.getByRole('button', { name: 'Tiếp tục thanh toán' }).click();
  await expect(noJs.getByText(texts.vi.cashCode)).toBeVisible();
  await noJs.getByRole('link', { name: 'Hủy yêu cầu này' }).click();
  await expect(noJs.locator('meta[http-equiv="refresh"]')).toHaveCount(0);
  await snap(noJs, 'vi-payment-cancel-confirm');
  await noJs.getByRole('button', { name: 'Có, hủy yêu cầu' }).click();
  await expect(noJs).toHaveURL(/\/membership$/);
  await noJs.goto('/history');
  await expect(noJs.locator('.contract-card').first()).toContainText('Đã hủy');
  await noJs.goto(`/membership/payment/${contractId}`);
  await expect(noJs.getByText('Yêu cầu mua gói này đã hủy hoặc hết hạn.')).toBeVisible();
  await noJs.context().close();
});

test('an unknown contract id (or a malformed one) is a 404 on every page of the payment step', async ({ page }) => {
  await newMember(page, 'vi');
  for (const path of [
    '/membership/payment/999999',
    '/membership/payment/result/999999',
    '/history/membership/999999',
    '/membership/payment/abc',
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
  }
});
