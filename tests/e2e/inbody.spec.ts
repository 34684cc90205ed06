import type { Page } from '@playwright/test';
import { randomTruth, SHEET_READ_TIMEOUT, sheetPhoto, type SheetTruth } from '#tests/support/inbody-sheet.ts';
import { englishMemberWithoutJs, expect, signUp, snapBothWidths, test, toastSaying } from './fixtures.ts';

// Issue 14 §3 (ADR 043): a member photographs an InBody sheet (generated, read by the gateway's
// offline reader), checks and corrects the values, and follows their scans on the tab.

const jpeg = (buffer: Buffer) => ({ name: 'sheet.jpg', mimeType: 'image/jpeg', buffer });
/** A number as the Vietnamese page writes it in a form (the gateway takes the comma). */
const vi = (n: number) => String(n).replace('.', ',');
/** A measure as the page prints it: one decimal, the page's mark. */
const shown = (n: number, lang: 'vi' | 'en') => (lang === 'vi' ? n.toFixed(1).replace('.', ',') : n.toFixed(1));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function fillCore(page: Page, truth: SheetTruth, labels: { weight: string; muscle: string; fat: string }) {
  await page.getByLabel(labels.weight).fill(vi(truth.weight));
  await page.getByLabel(labels.muscle).fill(vi(truth.skeletalMuscleMass));
  await page.getByLabel(labels.fat).fill(vi(truth.percentBodyFat));
}

test('vi: empty tab → a sheet photo read into the dialog → a refused value keeps the typing → confirmed; a second scan, the chart, detail, regions, delete; the tab remembered', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  await page.goto('/inbody');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('InBody');
  await expect(page.getByText('Chưa có kết quả InBody')).toBeVisible();
  await snapBothWidths(page, 'vi-inbody-empty');

  const first = randomTruth(11);
  await page.getByLabel('Ảnh tờ kết quả').setInputFiles(jpeg(await sheetPhoto(first, '270', 'en', 'clean', 11)));
  await page.getByRole('button', { name: 'Đọc tờ kết quả' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cập nhật dữ liệu InBody' });
  await expect(dialog).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
  // What the reader found is in the form, with the page's decimal mark.
  await expect(dialog.getByLabel(/Cân nặng/)).toHaveValue(/^\d{2,3}(,\d)?$/);
  await snapBothWidths(page, 'vi-inbody-confirm');

  // Out of §5's bounds: refused under the field, the rest as typed.
  await dialog.getByLabel(/Cân nặng/).fill('300');
  await dialog.getByLabel(/Cơ xương/).fill(vi(first.skeletalMuscleMass));
  await dialog.getByRole('button', { name: 'Xác nhận và lưu' }).click();
  await expect(dialog.getByRole('alert')).toContainText('khoảng');
  await expect(dialog.getByLabel(/Cân nặng/)).toHaveValue('300');
  await expect(dialog.getByLabel(/Cơ xương/)).toHaveValue(vi(first.skeletalMuscleMass));
  await fillCore(page, first, { weight: 'Cân nặng (kg)', muscle: 'Cơ xương (kg)', fat: 'Tỷ lệ mỡ (%)' });
  await dialog.getByLabel('Ngày đo').fill('2026-06-01');
  await dialog.getByRole('button', { name: 'Xác nhận và lưu' }).click();
  await expect(toastSaying(page, 'Đã cập nhật kết quả InBody.')).toBeAttached();
  await expect(
    page.getByRole('link', { name: new RegExp(`Cân nặng\\s*${escape(shown(first.weight, 'vi'))}`) }),
  ).toBeVisible();
  await expect(page.getByText('Mới có một lần đo')).toBeVisible();

  // A second scan: the chart appears, the cards show the change.
  const second = randomTruth(13);
  await page.getByLabel('Ảnh tờ kết quả').setInputFiles(jpeg(await sheetPhoto(second, '570', 'vi', 'clean', 13)));
  await page.getByRole('button', { name: 'Đọc tờ kết quả' }).click();
  await expect(dialog).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
  await fillCore(page, second, { weight: 'Cân nặng (kg)', muscle: 'Cơ xương (kg)', fat: 'Tỷ lệ mỡ (%)' });
  // Both sheets print their own test date: the later one is the newer scan whatever the order.
  await dialog.getByLabel('Ngày đo').fill('2026-11-20');
  await dialog.getByRole('button', { name: 'Xác nhận và lưu' }).click();
  await expect(toastSaying(page, 'Đã cập nhật kết quả InBody.')).toBeAttached();
  await expect(page.locator('.inbody-chart svg')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Cân nặng qua các lần đo' })).toBeVisible();
  await page.getByRole('link', { name: /Cơ xương/ }).click();
  await expect(page).toHaveURL(/metric=skeletalMuscleMass/);
  await expect(page.getByRole('img', { name: 'Cơ xương qua các lần đo' })).toBeVisible();
  await snapBothWidths(page, 'vi-inbody-summary');

  // Detail: the newest first, older and back, regions, then delete the older one.
  await page.getByRole('navigation', { name: 'Phần xem InBody' }).getByRole('link', { name: 'Chi tiết' }).click();
  await expect(page.getByText('Lần đo 2 / 2')).toBeVisible();
  await expect(page.getByText('Kết quả ngày 20/11/2026')).toBeVisible();
  await expect(page.locator('.inbody-bars')).toContainText(/Giảm|Tăng|Không đổi/);
  await snapBothWidths(page, 'vi-inbody-detail');
  await page.getByRole('link', { name: 'Mỡ', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Mỡ', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('.segments-table').or(page.getByText('không có phân tích mỡ theo vùng'))).toBeVisible();
  await page.getByRole('link', { name: /Lần đo trước/ }).click();
  await expect(page.getByText('Lần đo 1 / 2')).toBeVisible();
  await expect(page.getByText('Tờ kết quả này (InBody 270) không có phân tích mỡ theo vùng.')).toBeHidden();
  await page.getByRole('link', { name: 'Xóa kết quả này' }).click();
  await page.getByRole('button', { name: 'Có, xóa kết quả' }).click();
  await expect(toastSaying(page, 'Đã xóa kết quả InBody.')).toBeAttached();
  await expect(page.getByText('Lần đo 1 / 1')).toBeVisible();

  // History, then a reload comes back to it.
  const views = page.getByRole('navigation', { name: 'Phần xem InBody' });
  await views.getByRole('link', { name: 'Lịch sử' }).click();
  await expect(page.getByRole('heading', { name: 'Tiến trình' })).toBeVisible();
  await snapBothWidths(page, 'vi-inbody-history');
  await page.goto('/inbody');
  await expect(page.getByRole('heading', { name: 'Tiến trình' })).toBeVisible();
  await expect(views.getByRole('link', { name: 'Lịch sử' })).toHaveAttribute('aria-current', 'page');
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('en: upload a sheet and confirm it with plain forms; the summary shows it', async ({ browser }) => {
    test.slow();
    const page = await englishMemberWithoutJs(browser);

    await page.goto('/inbody');
    await expect(page.getByText('No InBody results yet')).toBeVisible();
    const truth = randomTruth(11);
    await page
      .getByLabel('Photo of the result sheet')
      .setInputFiles(jpeg(await sheetPhoto(truth, '270', 'en', 'clean', 11)));
    await page.getByRole('button', { name: 'Read the sheet' }).click();
    await expect(page.getByRole('dialog', { name: 'Update InBody data' })).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
    await page.getByLabel('Weight (kg)').fill(String(truth.weight));
    await page.getByLabel('Skeletal muscle (kg)').fill(String(truth.skeletalMuscleMass));
    await page.getByLabel('Body fat (%)').fill(String(truth.percentBodyFat));
    await snapBothWidths(page, 'en-inbody-confirm-nojs');
    await page.getByRole('button', { name: 'Confirm and save' }).click();
    await expect(toastSaying(page, 'InBody result updated.')).toBeAttached();
    await expect(page.getByText('One scan so far')).toBeVisible();
    await expect(
      page.getByRole('link', { name: new RegExp(`Weight\\s*${escape(shown(truth.weight, 'en'))}`) }),
    ).toBeVisible();
  });
});
