import { timeLimit } from '#tests/support/time-limit.ts';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, readOtp, toastSaying } from './fixtures.ts';

/**
 * The member signs their (only) unsigned PT e-contract through the pages, typed name as the mark:
 * sessions are booked under a signed contract only (issue 38 §6). A profile without a name gives it
 * first, on /account/name.
 */
export async function signPtContract(
  page: Page,
  request: APIRequestContext,
  phone: string,
  fullName = 'Phạm Minh Khoa',
) {
  await page.goto('/pt/contract');
  await page.locator('.e-contract-card').getByRole('link', { name: 'Ký hợp đồng' }).first().click();
  await expect(page).toHaveURL(/\/preview$/);
  await expect(page.getByRole('heading', { name: /HỢP ĐỒNG DỊCH VỤ/ })).toBeVisible();
  // A profile without a name goes through the one name form (/account/name), which leads back here.
  const askName = page.getByRole('link', { name: 'Nhập họ tên' });
  if (await askName.isVisible()) {
    await askName.click();
    await page.getByLabel('Họ và tên').fill(fullName);
    await page.getByRole('button', { name: 'Lưu tên' }).click();
    await expect(page).toHaveURL(/\/pt\/contract\/\d+\/preview$/);
    await expect(askName).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Ký hợp đồng' }).click();
  await expect(page).toHaveURL(/\/preview\/sign$/);
  await page.getByLabel('Tôi đã đọc, hiểu và đồng ý với toàn bộ nội dung hợp đồng.').check();
  await page.getByRole('button', { name: 'Gửi mã OTP' }).click();
  await expect(page.getByText('Đã gửi mã OTP đến số điện thoại của bạn.')).toBeVisible();
  await page.getByLabel('Mã OTP').fill(await readOtp(request, phone));
  await page.getByRole('button', { name: 'Ký hợp đồng' }).click();
  await expect(toastSaying(page, 'Ký hợp đồng thành công.')).toBeAttached({ timeout: timeLimit(20_000) });
}
