import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gatewayUrl, readOtp, snap, snapBothWidths, test, toastSaying } from './fixtures.ts';
import { CLUB, newMember, type Lang } from './membership-steps.ts';

// Issue 12 §2 (ADR 038) at 390×844, Vietnamese and English: a monthly subscription bought by a
// saved card on the sandbox VNPAY page → the next month renewed by the sandbox's test clock →
// the Black Card upgrade confirmed with the SMS code (JavaScript off, a wrong code first) → a new
// card through VNPAY's token page.

test.use({ viewport: { width: 390, height: 844 } });

const texts = {
  vi: {
    cardsLink: 'Thẻ thanh toán đã lưu',
    addCard: 'Thêm thẻ qua VNPAY',
    payVnpay: /Thanh toán .* qua VNPAY/,
    success: 'Thanh toán thành công',
    title: 'Gói tháng tự động',
    active: 'Đang hoạt động',
    nextBilling: /Kỳ thanh toán tiếp theo: (\d\d\/\d\d\/\d{4})/,
    cancelTitle: 'Hủy gia hạn',
    cancelRule: /Hủy trước 4 ngày so với ngày kết thúc \(chậm nhất ngày \d\d\/\d\d\/\d{4}\)/,
    upgrade: 'Nâng cấp',
    upgradeTitle: 'Nâng cấp Black Card',
    difference: '+300.000\u00a0₫ / tháng',
    sendCode: 'Gửi mã OTP',
    codeLabel: 'Mã OTP',
    confirm: 'Xác nhận nâng cấp',
    otpShort: 'Mã OTP gồm 4 chữ số',
    wrongCode: 'Mã OTP không đúng, vui lòng thử lại.',
    upgraded: 'Nâng cấp lên thẻ Black thành công.',
    pending: /Từ ngày \d\d\/\d\d\/\d{4}: Black Card theo tháng/,
    changeCard: 'Đổi thẻ thanh toán',
    cardPage: 'Thẻ thanh toán gói tháng',
    addNew: 'Thêm thẻ mới qua VNPAY',
    cardAdded: 'Đã thêm thẻ thanh toán.',
  },
  en: {
    cardsLink: 'Saved payment cards',
    addCard: 'Add a card with VNPAY',
    payVnpay: /Pay .* with VNPAY/,
    success: 'Payment successful',
    title: 'Monthly subscription',
    active: 'Active',
    nextBilling: /Next payment: (\d\d\/\d\d\/\d{4})/,
    cancelTitle: 'Cancel the renewal',
    cancelRule: /Cancel at least 4 days before the end \(by \d\d\/\d\d\/\d{4}\)/,
    upgrade: 'Upgrade',
    upgradeTitle: 'Upgrade to Black Card',
    difference: '+300,000\u00a0₫ / month',
    sendCode: 'Send the code',
    codeLabel: 'Code',
    confirm: 'Confirm the upgrade',
    otpShort: 'The code has 4 digits',
    wrongCode: 'Wrong code. Please try again.',
    upgraded: 'Upgraded to Black Card.',
    pending: /From \d\d\/\d\d\/\d{4}: Black Card monthly/,
    changeCard: 'Change the payment card',
    cardPage: 'Subscription payment card',
    addNew: 'Add a new card with VNPAY',
    cardAdded: 'Card added.',
  },
} as const;

async function subscriptionPlanId(request: APIRequestContext) {
  const res = await request.get(`${gatewayUrl()}/api/v1/global/club/${String(CLUB)}/payment-plans`);
  const plans = ((await res.json()) as { data: { id: number; type: string }[] }).data;
  return plans.find((p) => p.type === 'SUBSCRIPTION')!.id;
}

/** DD/MM/YYYY → the instant 10:00 in Vietnam that day, for the sandbox's test clock. */
const vietnamMorning = (dmy: string) => {
  const [d, m, y] = dmy.split('/');
  return `${y}-${m}-${d}T03:00:00.000Z`;
};

async function nextBillingOf(page: Page, lang: Lang) {
  const text = await page.getByTestId('next-billing').innerText();
  return texts[lang].nextBilling.exec(text)![1];
}

for (const lang of ['vi', 'en'] as const) {
  const t = texts[lang];

  test(`monthly subscription: bought by card, renewed by the test clock, upgraded with the SMS code, card changed (${lang})`, async ({
    page,
    request,
    browser,
    baseURL,
  }) => {
    test.setTimeout(150_000);
    // A prompt that may open over any page (a dialog, e.g. the rating request after a purchase) is closed as a person would.
    await page.addLocatorHandler(page.locator('dialog[open]'), () => page.keyboard.press('Escape'));
    const phone = await newMember(page, lang);

    // A saved card first (VNPAY token page), then the monthly plan paid with it (token_pay).
    await page.goto('/account/information');
    await page.getByRole('link', { name: t.cardsLink }).click();
    await page.getByRole('button', { name: t.addCard }).click();
    await expect(page.getByText('SANDBOX').first()).toBeVisible();
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account\/information\/payment-method$/);

    await page.goto(`/membership/${String(CLUB)}/plan/${String(await subscriptionPlanId(request))}`);
    await page.locator('input[name="paymentMethod"][value="2"]').check();
    await page.locator('button[name="intent"][value="confirm"]').click();
    await expect(page).toHaveURL(/\/membership\/payment\/\d+$/);
    await page.getByRole('link', { name: t.payVnpay }).click();
    await expect(page.getByText('SANDBOX').first()).toBeVisible();
    await page.locator('input[name="outcome"][value="00"]').check();
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: t.success })).toBeVisible();

    // Your plan: the subscription, its next payment, the card, the 4-day rule before the confirm.
    await page.goto('/home/your-plan');
    const section = page.getByTestId('subscription');
    await expect(section.getByRole('heading', { name: t.title })).toBeVisible();
    await expect(section.getByText(t.active)).toBeVisible();
    const firstBilling = await nextBillingOf(page, lang);
    await section.locator('summary', { hasText: t.cancelTitle }).click();
    await expect(section.getByText(t.cancelRule)).toBeVisible();
    await expect(section.getByTestId('cancel-effect')).toBeVisible();
    await snapBothWidths(page, `${lang}-subscription-your-plan`);

    // The renewal: the sandbox's test clock runs the job on the billing day; the card is charged.
    const run = await request.post(`${gatewayUrl()}/sandbox/subscriptions/run`, {
      data: { at: vietnamMorning(firstBilling) },
    });
    expect(run.ok(), await run.text()).toBe(true);
    await page.goto('/home/your-plan');
    const secondBilling = await nextBillingOf(page, lang);
    expect(vietnamMorning(secondBilling) > vietnamMorning(firstBilling)).toBe(true);
    await expect(page.getByTestId('subscription').getByText(t.active)).toBeVisible();
    await snapBothWidths(page, `${lang}-subscription-renewed`);

    // The upgrade, without JavaScript: the difference first, a code too short, a wrong one (kept), the right one.
    await page.getByTestId('subscription').getByRole('link', { name: t.upgrade, exact: true }).click();
    await expect(page).toHaveURL(/\/membership\/subscription\/verify-upgrade$/);
    const noJs = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      baseURL,
      storageState: await page.context().storageState(),
    });
    const plain = await noJs.newPage();
    await plain.goto('/membership/subscription/verify-upgrade');
    await expect(plain.getByRole('heading', { name: t.upgradeTitle })).toBeVisible();
    await expect(plain.getByTestId('upgrade-compare')).toContainText(t.difference);
    await snapBothWidths(plain, `${lang}-subscription-upgrade`);
    await plain.getByRole('button', { name: t.sendCode }).click();
    await expect(plain).toHaveURL(/\?sent=1$/);
    const code = await readOtp(request, phone);
    await plain.getByLabel(t.codeLabel).fill('12');
    await plain.getByRole('button', { name: t.confirm }).click();
    await expect(plain.getByText(t.otpShort)).toBeVisible();
    await expect(plain.getByLabel(t.codeLabel)).toHaveValue('12');
    const wrong = code === '0000' ? '1111' : '0000';
    await plain.getByLabel(t.codeLabel).fill(wrong);
    await plain.getByRole('button', { name: t.confirm }).click();
    await expect(plain.getByText(t.wrongCode)).toBeVisible();
    await expect(plain.getByLabel(t.codeLabel)).toHaveValue(wrong);
    await snap(plain, `${lang}-subscription-upgrade-wrong`);
    await plain.getByLabel(t.codeLabel).fill(code);
    await plain.getByRole('button', { name: t.confirm }).click();
    await expect(plain).toHaveURL(/\/home\/your-plan$/);
    await expect(plain.getByText(t.upgraded)).toBeVisible();
    await expect(plain.getByTestId('pending-upgrade')).toHaveText(t.pending);
    await snap(plain, `${lang}-subscription-upgraded`);
    await noJs.close();

    // A new card for the subscription through VNPAY's token page.
    await page.goto('/home/your-plan');
    await page.getByTestId('subscription').getByRole('link', { name: t.changeCard }).click();
    await expect(page.getByRole('heading', { name: t.cardPage })).toBeVisible();
    const before = await page.getByTestId('subscription-card').innerText();
    await page.locator('input[name="cardType"][value="02"]').check();
    await snap(page, `${lang}-subscription-card`);
    await page.getByRole('button', { name: t.addNew }).click();
    await expect(page.getByText('SANDBOX').first()).toBeVisible();
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/account\/information\/payment-method\/subscription-card$/);
    await expect(toastSaying(page, t.cardAdded)).toBeAttached();
    await expect(page.getByTestId('subscription-card')).toContainText('VISA');
    expect(await page.getByTestId('subscription-card').innerText()).not.toBe(before);
    await snapBothWidths(page, `${lang}-subscription-card-changed`);
  });
}
