import { expect, snap, snapBothWidths, test, toastSaying, waitForHydrated, watchConsole } from './fixtures.ts';
import { paidMember, type Lang } from './membership-steps.ts';

// Issue 16 §2 (ADR 039): after paying a membership the member is asked to rate it, once: a dialog
// over the page (not on the payment pages), stars required for Send, or Not now for the visit.

const T = {
  vi: {
    question: /Bạn thấy gói .+ tại .+ thế nào\?/,
    star4: '4 ngôi sao',
    send: 'Gửi',
    dismiss: 'Để sau',
    thanks: 'Cảm ơn bạn đã đánh giá!',
    banner: 'Đánh giá ngay',
    required: 'Trường bắt buộc',
    comment: 'Nhận xét (không bắt buộc)',
  },
  en: {
    question: /How is your .+ membership at .+\?/,
    star4: '4 stars',
    send: 'Send',
    dismiss: 'Not now',
    thanks: 'Thanks for your rating!',
    banner: 'Rate now',
    required: 'Required field',
    comment: 'Comment (optional)',
  },
} as const;

for (const lang of ['vi', 'en'] as const satisfies Lang[]) {
  test(`${lang}: a member pays a membership, sees the rating prompt on Home and sends 4 stars`, async ({ page }) => {
    test.slow();
    const t = T[lang];
    const problems = watchConsole(page);
    await paidMember(page, lang);
    // Not on the payment's result page.
    await expect(page.locator('.rating-dialog')).toHaveCount(0);
    await page.goto('/home');
    // The banner over the page; it opens the dialog (the page itself stays usable until then).
    const banner = page.locator('.rating-banner').getByRole('link', { name: t.banner });
    await waitForHydrated(banner);
    await banner.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    await expect(dialog.getByRole('heading')).toHaveText(t.question);
    const send = dialog.getByRole('button', { name: t.send, exact: true });
    await expect(send).toBeDisabled();
    await snap(page, `${lang}-rating-prompt`);
    await dialog.getByLabel(t.star4).check();
    await expect(send).toBeEnabled();
    await dialog.getByLabel(t.comment).fill('Phòng tập sạch sẽ');
    await expect(dialog.locator('.comment-counter')).toContainText('17/1000');
    await snap(page, `${lang}-rating-prompt-filled`);
    await send.click();
    await expect(toastSaying(page, t.thanks)).toBeAttached();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('.rating-banner')).toHaveCount(0);
    await page.reload();
    await expect(page.locator('.rating-dialog, .rating-banner')).toHaveCount(0);
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  });
}

test('vi: another member dismisses the prompt; no prompt again in the visit', async ({ page }) => {
  test.slow();
  const t = T.vi;
  await paidMember(page, 'vi');
  await page.goto('/home');
  const banner = page.locator('.rating-banner').getByRole('link', { name: t.banner });
  await waitForHydrated(banner);
  await banner.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: t.dismiss }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.goto('/membership');
  await expect(page.locator('.rating-dialog, .rating-banner')).toHaveCount(0);
  await snap(page, 'vi-rating-dismissed');
});

test('en, JavaScript off: a banner leads to the rating page; stars are required; 4 stars go back to the page', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const t = T.en;
  await paidMember(page, 'en');
  const context = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
    baseURL,
    viewport: { width: 390, height: 844 },
  });
  const plain = await context.newPage();
  await plain.goto('/history');
  await plain.locator('.rating-banner').getByRole('link', { name: t.banner }).click();
  await expect(plain).toHaveURL(/\/rating\?returnTo=%2Fhistory$/);
  await snapBothWidths(plain, 'en-rating-page-nojs');
  await plain.getByRole('button', { name: t.send, exact: true }).click();
  await expect(plain.locator('.stars-field .field-error')).toHaveText(t.required);
  await plain.getByLabel(t.star4).check();
  await plain.getByRole('button', { name: t.send, exact: true }).click();
  await expect(plain).toHaveURL(/\/history$/);
  await expect(toastSaying(plain, t.thanks)).toBeAttached();
  await expect(plain.locator('.rating-banner')).toHaveCount(0);
  await snap(plain, 'en-rating-sent-nojs');
  await context.close();
});
