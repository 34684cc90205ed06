import { randomTruth, SHEET_READ_TIMEOUT, sheetPhoto } from '#tests/support/inbody-sheet.ts';
import { englishMemberWithoutJs, expect, signUp, snapBothWidths, test, toastSaying } from './fixtures.ts';

// Issue 37 item 18: the InBody page keeps a read across a reload, asks for an empty value, shows
// the regions before they are saved (with the sheet's decimals), water in litres, dates with their
// year when the scans span years, and corrects a saved record (§7 update).

const jpeg = (buffer: Buffer) => ({ name: 'sheet.jpg', mimeType: 'image/jpeg', buffer });
const vi = (n: number) => String(n).replace('.', ',');

test('vi: a read survives a reload, regions shown and kept with their decimals, water in litres, empty weight asked for; dates with the year; a saved result corrected', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  await page.goto('/inbody');
  const truth = randomTruth(13);
  const photo = jpeg(await sheetPhoto(truth, '570', 'vi', 'clean', 13));
  await page.getByLabel('Ảnh tờ kết quả').setInputFiles(photo);
  await page.getByRole('button', { name: 'Đọc tờ kết quả' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cập nhật dữ liệu InBody' });
  await expect(dialog).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
  await expect(dialog.getByLabel('Tổng lượng nước (lít)')).toBeVisible();
  // The regions read, lean and (a 570 sheet) fat, are in the dialog before anything is saved.
  await expect(dialog.getByRole('table', { name: 'Phân tích theo vùng: Cơ' })).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Phân tích theo vùng: Mỡ' })).toBeVisible();
  await expect(dialog.getByLabel('Thân, Cơ (kg)')).toHaveValue(/^\d{1,2}(,\d{1,2})?$/);

  // A reload (or coming back later) brings the read back from the gateway.
  await page.reload();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Thân, Cơ (kg)')).toHaveValue(/^\d{1,2}(,\d{1,2})?$/);
  await snapBothWidths(page, 'vi-inbody-draft-after-reload');

  // An empty weight asks for a value, not for another range.
  await dialog.getByLabel('Cân nặng (kg)').fill('');
  await dialog.getByLabel('Cơ xương (kg)').fill(vi(truth.skeletalMuscleMass));
  await dialog.getByLabel('Tỷ lệ mỡ (%)').fill(vi(truth.percentBodyFat));
  await dialog.getByRole('button', { name: 'Xác nhận và lưu' }).click();
  await expect(dialog.locator('#inbody-weight-error')).toHaveText('Trường bắt buộc');
  await expect(dialog.getByText('Giá trị nằm ngoài khoảng cho phép')).toBeHidden();
  await snapBothWidths(page, 'vi-inbody-confirm-required');

  await dialog.getByLabel('Cân nặng (kg)').fill(vi(truth.weight));
  await dialog.getByLabel('Thân, Cơ (kg)').fill('24,36');
  await dialog.getByLabel('Thân, Cơ (% so với chuẩn)').fill('104,7');
  await dialog.getByLabel('Ngày đo').fill('2025-12-20');
  await dialog.getByRole('button', { name: 'Xác nhận và lưu' }).click();
  await expect(toastSaying(page, 'Đã cập nhật kết quả InBody.')).toBeAttached();
  await page.reload();
  await expect(dialog).toBeHidden();

  // A second scan half a year later: the charts' dates carry their years.
  await page.getByLabel('Ảnh tờ kết quả').setInputFiles(photo);
  await page.getByRole('button', { name: 'Đọc tờ kết quả' }).click();
  await expect(dialog).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
  await dialog.getByLabel('Cân nặng (kg)').fill(vi(truth.weight - 1.5));
  await dialog.getByLabel('Cơ xương (kg)').fill(vi(truth.skeletalMuscleMass));
  await dialog.getByLabel('Tỷ lệ mỡ (%)').fill(vi(truth.percentBodyFat));
  await dialog.getByLabel('Ngày đo').fill('2026-06-01');
  await dialog.getByRole('button', { name: 'Xác nhận và lưu' }).click();
  await expect(toastSaying(page, 'Đã cập nhật kết quả InBody.')).toBeAttached();
  const chart = page.getByRole('img', { name: 'Cân nặng qua các lần đo' });
  await expect(chart).toContainText('20/12/2025');
  await expect(chart).toContainText('01/06/2026');
  await page.getByRole('navigation', { name: 'Phần xem InBody' }).getByRole('link', { name: 'Lịch sử' }).click();
  await expect(page.getByRole('img', { name: 'Tỷ lệ mỡ qua các lần đo' })).toContainText('20/12/2025');
  await snapBothWidths(page, 'vi-inbody-history-years');

  // Detail of the older scan: the regions with the decimals typed; then correct its weight.
  await page.getByRole('navigation', { name: 'Phần xem InBody' }).getByRole('link', { name: 'Chi tiết' }).click();
  await page.getByRole('link', { name: /Lần đo trước/ }).click();
  await expect(page.getByText('Kết quả ngày 20/12/2025')).toBeVisible();
  await expect(page.locator('.segments-table')).toContainText('24,36 kg');
  await expect(page.locator('.segments-table')).toContainText('104,7 %');
  await page.getByRole('link', { name: 'Sửa kết quả này' }).click();
  const correct = page.getByRole('dialog', { name: 'Sửa kết quả InBody' });
  await expect(correct.getByLabel('Cân nặng (kg)')).toHaveValue(vi(truth.weight));
  await expect(correct.getByLabel('Thân, Cơ (kg)')).toHaveValue('24,36');
  await snapBothWidths(page, 'vi-inbody-correct');
  await correct.getByLabel('Cân nặng (kg)').fill('70,35');
  await correct.getByRole('button', { name: 'Xác nhận và lưu' }).click();
  await expect(toastSaying(page, 'Đã cập nhật kết quả InBody.')).toBeAttached();
  await expect(page.getByText('Kết quả ngày 20/12/2025')).toBeVisible();
  await expect(page.locator('.inbody-bars')).toContainText('70,4 kg');
  await snapBothWidths(page, 'vi-inbody-detail-corrected');
  // Cancelling a correction leaves the record as it was.
  await page.getByRole('link', { name: 'Sửa kết quả này' }).click();
  await page.getByRole('link', { name: 'Không sửa' }).click();
  await expect(page.getByText('Kết quả ngày 20/12/2025')).toBeVisible();
  await expect(page.getByText('Lần đo 1 / 2')).toBeVisible();
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('en: a read comes back on reload; an empty weight asks for a value; water in litres; discarding drops the read', async ({
    browser,
  }) => {
    test.slow();
    const page = await englishMemberWithoutJs(browser);

    await page.goto('/inbody');
    await page
      .getByLabel('Photo of the result sheet')
      .setInputFiles(jpeg(await sheetPhoto(randomTruth(11), '270', 'en', 'clean', 11)));
    await page.getByRole('button', { name: 'Read the sheet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update InBody data' });
    await expect(dialog).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
    await page.goto('/inbody');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Total body water (L)')).toBeVisible();
    await expect(dialog.getByRole('table', { name: 'By body region: Muscle' })).toBeVisible();
    // A 270 sheet has no segmental fat.
    await expect(dialog.getByRole('table', { name: 'By body region: Fat' })).toHaveCount(0);
    await dialog.getByLabel('Weight (kg)').fill('');
    await dialog.getByRole('button', { name: 'Confirm and save' }).click();
    await expect(dialog.locator('#inbody-weight-error')).toHaveText('Required field');
    await snapBothWidths(page, 'en-inbody-required-nojs');

    await dialog.getByRole('button', { name: 'Discard this photo' }).click();
    await expect(page.getByText('No InBody results yet')).toBeVisible();
    await page.goto('/inbody');
    await expect(dialog).toBeHidden();
    await expect(page.getByText('No InBody results yet')).toBeVisible();
  });
});
