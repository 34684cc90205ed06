import { timeLimit } from '#tests/support/time-limit.ts';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { randomTruth, SHEET_READ_TIMEOUT, sheetPhoto } from '#tests/support/inbody-sheet.ts';
import {
  englishMemberWithoutJs,
  expect,
  signUp,
  snap,
  snapBothWidths,
  test,
  toastSaying,
  waitForHydrated,
} from './fixtures.ts';

// This file's journeys need the service worker (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: 'allow' });

// Issue 36 §6 and issue 39 §3 (ADR 066): the member's side of a sheet photo. A guide before the
// picker; the upload shows how much has gone up, then its reading step; a doubtful value is marked
// in words and corrected; an unreadable photo says why and offers to retake or type the values;
// without JavaScript the plain form says it may take a few seconds and all of it still works.

const jpeg = (buffer: Buffer) => ({ name: 'sheet.jpg', mimeType: 'image/jpeg', buffer });
const vi = (n: number) => String(n).replace('.', ',');
const shown = (n: number, lang: 'vi' | 'en') => (lang === 'vi' ? n.toFixed(1).replace('.', ',') : n.toFixed(1));
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const blackPhoto = () =>
  sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#050505' } })
    .jpeg()
    .toBuffer();

test('vi, 390 px: the guide; a black photo says it is too dark and offers to retake or type; a typed result; then a photo whose upload shows its progress and reading step, a doubtful weight marked “Kiểm tra lại”, corrected, in the chart', async ({
  page,
}) => {
  test.slow();
  await signUp(page);
  const requested: string[] = [];
  page.on('request', (r) => requested.push(`${r.method()} ${new URL(r.url()).pathname}`));
  await page.goto('/inbody');
  const guide = page.getByRole('region', { name: 'Chụp thế nào để đọc được' });
  await expect(guide).toBeVisible();
  await expect(guide.getByRole('listitem')).toHaveCount(4);
  await expect(guide).toContainText('Cả tờ giấy trong khung');
  // With JavaScript the progress replaces the "may take a few seconds" line.
  await expect(page.getByText('có thể mất vài giây')).toBeHidden();
  await snapBothWidths(page, 'vi-inbody-guide');

  // An unreadable photo: why, in words, and the two offers.
  const input = page.getByLabel('Ảnh tờ kết quả');
  await waitForHydrated(input);
  // Issue 39 (ADR 082): the shrinking and the upload's code come once the page is idle, before a photo is picked.
  await expect
    .poll(() => ['shrink-image', 'upload-send'].filter((chunk) => !requested.some((r) => r.includes(`/${chunk}-`))))
    .toEqual([]);
  await input.setInputFiles(jpeg(await blackPhoto()));
  const read = page.getByRole('button', { name: 'Đọc tờ kết quả' });
  await read.click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Không đọc được ảnh này' });
  await expect(refusal).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
  await expect(refusal).toContainText('Ảnh quá tối');
  const retake = refusal.getByText('Chụp lại', { exact: true });
  await expect(retake).toBeVisible();
  await snapBothWidths(page, 'vi-inbody-unreadable');
  // "Chụp lại" opens the photo picker again.
  const chooser = page.waitForEvent('filechooser');
  await retake.click();
  await (await chooser).setFiles([]);

  // "Nhập tay": the same dialog, empty, nothing marked; saved as an earlier scan.
  await refusal.getByRole('button', { name: 'Nhập tay' }).click();
  const manual = page.getByRole('dialog', { name: 'Nhập kết quả InBody' });
  await expect(manual).toBeVisible();
  await expect(manual.getByLabel('Cân nặng (kg)')).toHaveValue('');
  await expect(manual.getByText('Kiểm tra lại')).toHaveCount(0);
  await snap(page, 'vi-inbody-manual');
  await manual.getByLabel('Cân nặng (kg)').fill('90,4');
  await manual.getByLabel('Cơ xương (kg)').fill('29,9');
  await manual.getByLabel('Tỷ lệ mỡ (%)').fill('21,5');
  await manual.getByLabel('Ngày đo').fill('2026-01-10');
  await manual.getByRole('button', { name: 'Xác nhận và lưu' }).click();
  await expect(toastSaying(page, 'Đã cập nhật kết quả InBody.')).toBeAttached();
  await expect(page.getByRole('link', { name: /Cân nặng\s*90,4/ })).toBeVisible();

  // The sheet prints a weight 3 kg off its own parts: the reader cannot confirm it.
  const truth = randomTruth(11);
  const printed = { ...truth, weight: Math.round((truth.weight + 3) * 10) / 10 };
  await waitForHydrated(input);
  await input.setInputFiles(jpeg(await sheetPhoto(printed, '270', 'en', 'clean', 11)));
  await expect(read).toBeEnabled();

  // A slow uplink (about 3G), so the photo takes a few seconds to go up.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 400_000,
    uploadThroughput: 60_000,
  });
  const before = requested.length;
  // The upload's two steps are looked at on the narrowest phone (issue 39).
  const width = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  await read.click();
  const bar = page.getByRole('progressbar', { name: 'Đang gửi ảnh…' });
  await expect(bar).toBeVisible();
  // Part of the photo has gone up, not all of it: the bar is really following the upload.
  await expect.poll(async () => Number(await bar.getAttribute('value')), { intervals: [100] }).toBeGreaterThan(0);
  expect(Number(await bar.getAttribute('value'))).toBeLessThan(100);
  await expect(read).toBeDisabled();
  await snap(page, 'vi-inbody-upload-progress-360');
  await expect(page.getByRole('status').filter({ hasText: 'Đang đọc phiếu…' })).toBeVisible({
    timeout: timeLimit(30_000),
  });
  await expect(page.getByText('Đã gửi ảnh')).toBeVisible();
  await snap(page, 'vi-inbody-upload-reading-360');
  await page.setViewportSize(width);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const dialog = page.getByRole('dialog', { name: 'Cập nhật dữ liệu InBody' });
  await expect(dialog).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
  // The reading's answer opened the dialog by itself: no reload of the page's data after it (ADR 082).
  expect(requested.slice(before).filter((r) => r.endsWith('.data'))).toEqual(['POST /inbody.data']);
  const weight = dialog.getByLabel('Cân nặng (kg)');
  // Marked in words and by an icon, and tied to the input for a screen reader.
  await expect(weight).toHaveAccessibleDescription(/Kiểm tra lại/);
  await expect(dialog.locator('#inbody-weight-doubtful')).toHaveText('Kiểm tra lại');
  await expect(dialog.locator('#inbody-weight-doubtful svg')).toBeVisible();
  await expect(dialog.getByText(/số ứng dụng đọc chưa chắc chắn/)).toBeVisible();
  await snapBothWidths(page, 'vi-inbody-doubtful');

  await weight.fill(vi(truth.weight));
  await dialog.getByLabel('Cơ xương (kg)').fill(vi(truth.skeletalMuscleMass));
  await dialog.getByLabel('Tỷ lệ mỡ (%)').fill(vi(truth.percentBodyFat));
  await dialog.getByLabel('Ngày đo').fill('2026-06-01');
  await dialog.getByRole('button', { name: 'Xác nhận và lưu' }).click();
  await expect(toastSaying(page, 'Đã cập nhật kết quả InBody.')).toBeAttached();
  await expect(
    page.getByRole('link', { name: new RegExp(`Cân nặng\\s*${escape(shown(truth.weight, 'vi'))}`) }),
  ).toBeVisible();
  const chart = page.getByRole('img', { name: 'Cân nặng qua các lần đo' });
  await expect(chart).toContainText(shown(truth.weight, 'vi'));
  await expect(chart).toContainText('90,4');
  await snap(page, 'vi-inbody-corrected-in-chart');
});

// The same component on another photo form (issue 39 §3): the avatar's bytes, then "Đang xử lý ảnh…".
test('vi: an avatar upload shows how much has gone up (its processing step next in the list), then the account page', async ({
  page,
}) => {
  await signUp(page);
  await page.goto('/account/information');
  const input = page.getByLabel('Ảnh đại diện');
  await waitForHydrated(input);
  await page.getByLabel('Họ và tên').fill('Lê Văn Tám');
  // Noise does not compress: the shrunk JPEG stays a few hundred KB.
  const noise = await sharp(randomBytes(1000 * 1000 * 3), { raw: { width: 1000, height: 1000, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
  await input.setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: noise });
  await expect(page.getByText('Ảnh đã sẵn sàng, bấm Lưu thay đổi để cập nhật.')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 150,
    downloadThroughput: 400_000,
    uploadThroughput: 80_000,
  });
  await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
  const bar = page.getByRole('progressbar', { name: 'Đang gửi ảnh…' });
  await expect.poll(async () => Number(await bar.getAttribute('value')), { intervals: [100] }).toBeGreaterThan(0);
  expect(Number(await bar.getAttribute('value'))).toBeLessThan(100);
  await expect(page.getByRole('list', { name: 'Tiến trình gửi ảnh' })).toContainText('Đang xử lý ảnh…');
  await snap(page, 'vi-avatar-upload-progress');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
  await expect(page).toHaveURL(/\/account$/, { timeout: timeLimit(30_000) });
  await expect(toastSaying(page, 'Đã cập nhật thông tin tài khoản.')).toBeAttached();
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('en: the plain form says it may take a few seconds; a black photo says why with both offers; typing works; a sheet is read', async ({
    browser,
  }) => {
    test.slow();
    const page = await englishMemberWithoutJs(browser);

    await page.goto('/inbody');
    await expect(page.getByRole('region', { name: 'How to take a photo we can read' })).toBeVisible();
    await expect(page.getByText('the page may take a few seconds')).toBeVisible();
    await snapBothWidths(page, 'en-inbody-guide-nojs');

    await page.getByLabel('Photo of the result sheet').setInputFiles(jpeg(await blackPhoto()));
    await page.getByRole('button', { name: 'Read the sheet' }).click();
    const refusal = page.getByRole('alert').filter({ hasText: 'We could not read this photo' });
    await expect(refusal).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
    await expect(refusal).toContainText('too dark');
    await expect(refusal.getByText('Take it again')).toBeVisible();
    await snapBothWidths(page, 'en-inbody-unreadable-nojs');

    await refusal.getByRole('button', { name: 'Type the values' }).click();
    const manual = page.getByRole('dialog', { name: 'Enter an InBody result' });
    await expect(manual).toBeVisible();
    // Discard it: the plain upload form comes back and reads a real sheet.
    await manual.getByRole('button', { name: 'Cancel' }).click();
    const truth = randomTruth(13);
    await page
      .getByLabel('Photo of the result sheet')
      .setInputFiles(jpeg(await sheetPhoto(truth, '270', 'en', 'clean', 13)));
    await page.getByRole('button', { name: 'Read the sheet' }).click();
    await expect(page.getByRole('dialog', { name: 'Update InBody data' })).toBeVisible({ timeout: SHEET_READ_TIMEOUT });
  });
});
