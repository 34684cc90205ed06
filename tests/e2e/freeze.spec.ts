import { timeLimit } from '#tests/support/time-limit.ts';
import type { Page } from '@playwright/test';
import { expect, gatewayUrl, snap, snapBothWidths, test, toastSaying } from './fixtures.ts';
import { copyValue, paidMember, transfer, type Lang } from './membership-steps.ts';

// Issue 12 §1 (ADR 036): a member freezes their membership without visiting the club. The preview
// says the exact new end date before anything is created; paying by bank QR (the sandbox bank)
// makes exactly that date; once the freeze is in effect the home card says "frozen until" with
// "cancel freeze", and ending it early gives the unused days back.

const T = {
  vi: {
    ask: 'Bảo lưu gói tập',
    days14: '14 ngày',
    preview: 'Xem trước',
    endsNow: 'Hết hạn hiện tại',
    newEnd: 'Ngày hết hạn mới',
    pay: 'Thanh toán 180.000\u00a0₫',
    memo: 'Nội dung',
    paid: 'Bảo lưu thành công',
    frozenUntil: /^Đang bảo lưu đến \d{2}\/\d{2}\/\d{4}$/,
    cancel: 'Hủy bảo lưu',
    confirm: 'Hủy bảo lưu ngay',
    unfrozen: 'Đã hủy bảo lưu. Gói tập của bạn hoạt động trở lại.',
    ended: 'Đã kết thúc',
    validUntil: 'Hiệu lực đến',
  },
  en: {
    ask: 'Freeze this membership',
    days14: '14 days',
    preview: 'Preview',
    endsNow: 'Ends now on',
    newEnd: 'New end date',
    pay: 'Pay 180,000\u00a0₫',
    memo: 'Transfer message',
    paid: 'Freeze confirmed',
    frozenUntil: /^Frozen until \d{2}\/\d{2}\/\d{4}$/,
    cancel: 'Cancel freeze',
    confirm: 'End the freeze now',
    unfrozen: 'Freeze ended. Your membership is active again.',
    ended: 'Ended',
    validUntil: 'Valid until',
  },
};

/** dd/mm/yyyy plus days, as the pages print dates. */
function plusDays(text: string, days: number) {
  const [d, m, y] = text.split('/').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d + days));
  return `${String(date.getUTCDate()).padStart(2, '0')}/${String(date.getUTCMonth() + 1).padStart(2, '0')}/${String(date.getUTCFullYear())}`;
}

const fact = (page: Page, label: string) =>
  page.locator('.freeze-preview .facts div', { hasText: label }).locator('dd');

/** From the membership's page: 14 days from the earliest day, previewed; returns the end before and the previewed one. */
async function chooseAndPreview(page: Page, lang: Lang, contractId: string) {
  await page.goto(`/history/membership/${contractId}`);
  await page.getByRole('link', { name: T[lang].ask }).click();
  await expect(page).toHaveURL(/\/membership\/freeze\/payment\?contract=\d+/);
  await page.getByLabel(T[lang].days14).check();
  await page.getByRole('button', { name: T[lang].preview }).click();
  await expect(page.locator('.freeze-preview')).toBeVisible();
  // The preview is brought into view and announced (issue 38 §8).
  await expect(page.locator('.freeze-preview .facts')).toBeInViewport({ ratio: 1 });
  await expect(page.locator('#freeze-preview')).toHaveAttribute('aria-live', 'polite');
  const endsNow = (await fact(page, T[lang].endsNow).innerText()).trim();
  const newEnd = (await fact(page, T[lang].newEnd).innerText()).trim();
  expect(newEnd).toBe(plusDays(endsNow, 14));
  return { endsNow, newEnd };
}

for (const lang of ['vi', 'en'] as const) {
  test(`${lang}: freeze with a preview, pay by QR, frozen until on home, cancel the freeze`, async ({
    page,
    request,
  }) => {
    test.slow(); // a whole member's journey: buy, freeze, pay, wait for the bank, end it
    await paidMember(page, lang);
    const contractId = /(\d+)$/.exec(new URL(page.url()).pathname)![1];
    const { endsNow, newEnd } = await chooseAndPreview(page, lang, contractId);
    await snapBothWidths(page, `${lang}-freeze-preview`);

    await page.getByRole('button', { name: T[lang].pay }).click();
    await expect(page).toHaveURL(/\/membership\/freeze\/payment\/result\/\d+$/);
    const freezeId = /(\d+)$/.exec(new URL(page.url()).pathname)![1];
    await snap(page, `${lang}-freeze-qr`);
    const memo = (await copyValue(page, T[lang].memo).innerText()).trim();
    await transfer(request, memo, 180_000);
    // The page notices the payment by itself and says the date the preview promised.
    await expect(page.getByRole('heading', { name: T[lang].paid })).toBeVisible({ timeout: timeLimit(15_000) });
    await expect(page.locator('.result-facts .lead')).toContainText(newEnd);
    await snap(page, `${lang}-freeze-paid`);

    // Time passes: the freeze began yesterday. Home says until when, with "cancel freeze".
    const began = await request.post(`${gatewayUrl()}/sandbox/freeze/${freezeId}/began-yesterday`);
    expect(began.ok(), await began.text()).toBe(true);
    await page.goto('/home');
    await expect(page.locator('.membership-card-frozen')).toHaveText(T[lang].frozenUntil);
    await snap(page, `${lang}-freeze-home`);
    await page.getByRole('link', { name: T[lang].cancel }).click();
    await expect(page).toHaveURL(new RegExp(`/history/freeze/${freezeId}`));
    await page.getByRole('button', { name: T[lang].confirm }).click();
    await expect(toastSaying(page, T[lang].unfrozen)).toBeAttached();
    await expect(page.locator('.contract-card .status-badge')).toHaveText(T[lang].ended);
    await snapBothWidths(page, `${lang}-freeze-ended`);
    // One day frozen (yesterday): the membership ends one day later than before the freeze.
    await page.goto('/home');
    await expect(page.locator('.membership-card-dates')).toContainText(plusDays(endsNow, 1));
  });
}

test('with JavaScript off: preview, pay in cash at the counter, and the request can be withdrawn', async ({
  page,
  browser,
}) => {
  test.slow();
  await paidMember(page, 'vi');
  const contractId = /(\d+)$/.exec(new URL(page.url()).pathname)![1];
  const plain = await (
    await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      baseURL: new URL(page.url()).origin,
    })
  ).newPage();
  await chooseAndPreview(plain, 'vi', contractId);
  await plain.getByLabel('Tiền mặt tại quầy').check();
  await plain.getByRole('button', { name: T.vi.pay }).click();
  await expect(plain).toHaveURL(/\/membership\/freeze\/payment\/result\/\d+$/);
  await expect(plain.locator('.counter-code strong')).toHaveText(/^CASH/);
  await snap(plain, 'vi-freeze-cash-nojs');
  // A second request while this one waits is refused (168) with the way to it.
  await plain.goto(`/membership/freeze/payment?contract=${contractId}`);
  await expect(plain.getByText('Gói tập này đang có một yêu cầu bảo lưu.')).toBeVisible();
  await plain.getByRole('link', { name: 'Xem yêu cầu bảo lưu' }).click();
  await plain.getByRole('link', { name: 'Hủy yêu cầu bảo lưu' }).click();
  await plain.getByRole('button', { name: 'Hủy yêu cầu' }).click();
  await expect(toastSaying(plain, 'Đã hủy yêu cầu bảo lưu.')).toBeAttached();
  await expect(plain.locator('.contract-card .status-badge')).toHaveText('Đã hủy');
  await plain.context().close();
});
