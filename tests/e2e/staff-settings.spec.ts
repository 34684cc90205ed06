import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { devices, type Browser, type BrowserContext } from '@playwright/test';
import { userAgents } from '#tests/support/user-agents.ts';
import {
  checkPhoneLayout,
  expect,
  signUp,
  snap,
  snapBothWidths,
  test,
  testClientIp,
  toastSaying,
  waitForHydrated,
} from './fixtures.ts';
import { JOURNEY_SYSTEM_READY_MS, startJourneySystem } from './journey-system.ts';
import { GM_PHONE, signInAtDesk } from './staff-steps.ts';

// Issue 17 "Settings (GM)": the GM changes the app version and a member's app offers the update;
// changes a freeze price (a wrong one refused and kept); creates a coupon campaign of two coupons
// and ends it; in Vietnamese on a phone, in English on a desktop, and a form without JavaScript.
//
// Its own system: a new app version must not prompt in other specs' pages, a changed freeze price
// must not reach their journeys, and the web server reads the version on every page here
// (APP_VERSION_CACHE_SECONDS=0; 15 minutes otherwise). It serves its own copy of the build, so a
// rebuild in the checkout while this runs changes nothing under it.

test.describe.configure({ mode: 'serial' });

let system: Awaited<ReturnType<typeof startJourneySystem>>;
let dataDir: string;
let buildDir: string;
const before = { base: process.env.E2E_BASE_URL, gateway: process.env.E2E_GATEWAY_URL };

test.beforeAll(async () => {
  // Two servers to start, the gateway on a fresh database.
  test.setTimeout(2 * JOURNEY_SYSTEM_READY_MS + 30_000);
  dataDir = mkdtempSync(path.join(tmpdir(), 'gym-e2e-settings-'));
  buildDir = mkdtempSync(path.resolve('test-results/settings-build-'));
  for (const part of ['client', 'server'])
    cpSync(path.resolve('build', part), path.join(buildDir, part), { recursive: true });
  system = await startJourneySystem({
    dataDir,
    build: false,
    logFile: path.resolve('test-results/servers-settings.log'),
    env: { APP_VERSION_CACHE_SECONDS: '0', BUILD_DIR: buildDir },
  });
  // The shared steps (sign-in, OTP from the sandbox) talk to this system while these tests run.
  process.env.E2E_BASE_URL = system.webUrl;
  process.env.E2E_GATEWAY_URL = system.gatewayUrl;
});

test.afterAll(async () => {
  process.env.E2E_BASE_URL = before.base;
  process.env.E2E_GATEWAY_URL = before.gateway;
  await system?.stop();
  for (const dir of [dataDir, buildDir]) if (dir) rmSync(dir, { recursive: true, force: true });
});

const context = (browser: Browser, options: Parameters<Browser['newContext']>[0] = {}) =>
  browser.newContext({
    baseURL: system.webUrl,
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
    ...options,
  });

/** A phone as the other journeys use (playwright.config.ts): the member app's pages are for phones. */
const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 } };

test('GM on a phone (vi): a new app version reaches a member’s app; a freeze price, refused then saved; a form without JavaScript', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const memberContext = await context(browser, phone);
  const member = await memberContext.newPage();
  await signUp(member);
  // The update prompt remembers the version the app started with once the page is idle.
  await expect.poll(() => member.evaluate(() => localStorage.getItem('appVersion'))).toMatch(/^\d+\.\d+\.\d+$/);
  const started = (await member.evaluate(() => localStorage.getItem('appVersion')))!;
  await expect(member.getByRole('dialog')).toHaveCount(0);

  const gmContext = await context(browser, phone);
  const gm = await gmContext.newPage();
  await signInAtDesk(gm, request, GM_PHONE);
  await gm.getByRole('link', { name: 'Cài đặt' }).click();
  await expect(gm.getByRole('heading', { name: 'Cài đặt', level: 1 })).toBeVisible();
  await expect(gm.getByRole('heading', { name: 'Phiên bản ứng dụng' })).toBeVisible();
  await expect(gm.getByText(/^Đang dùng:/)).toContainText(started);
  await expect(gm.getByText('chậm nhất sau 15 phút')).toBeVisible();

  // A version that is not MAJOR.MINOR.PATCH is refused beside its field and stays typed.
  const next = started === '2.0.0' ? '2.0.1' : '2.0.0';
  const valueVi = gm.getByLabel('Phiên bản (tiếng Việt)');
  await waitForHydrated(valueVi);
  await valueVi.fill('2.0');
  await gm.getByLabel('Phiên bản (tiếng Anh)').fill(next);
  await gm.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(gm.getByText('Giá trị không hợp lệ')).toBeVisible();
  await expect(valueVi).toHaveValue('2.0');
  await expect(valueVi).toBeFocused();
  await valueVi.fill(next);
  await gm.getByRole('button', { name: 'Lưu', exact: true }).click();
  await expect(toastSaying(gm, 'Đã lưu phiên bản ứng dụng.')).toBeAttached();
  await expect(gm.getByText(`Đang dùng: ${next} (tiếng Việt) · ${next} (tiếng Anh)`)).toBeVisible();
  await snapBothWidths(gm, 'vi-staff-settings-version');
  // The GM's own browser started with the old version too: it takes the update (a reload).
  await gm.getByRole('dialog', { name: 'Đã có phiên bản mới' }).getByRole('button', { name: 'Cập nhật ngay' }).click();
  await expect(gm.getByRole('dialog')).toHaveCount(0);

  // The member's app notices it on its next page and offers the update.
  await member.reload();
  const prompt = member.getByRole('dialog', { name: 'Đã có phiên bản mới' });
  await expect(prompt).toBeVisible();
  await expect(prompt).toContainText(next);
  await snap(member, 'vi-member-update-prompt-after-settings');

  // Freeze prices: a price that is not a number is refused and kept; one typed with dots is saved.
  await gm.getByRole('link', { name: 'Giá bảo lưu' }).click();
  await expect(gm).toHaveURL(/section=freeze/);
  const week = gm.locator('.staff-item').filter({ hasText: 'Bảo lưu 7 ngày' });
  const price = week.getByLabel('Giá (VND)');
  await waitForHydrated(price);
  await price.fill('120k');
  await week.getByRole('button', { name: 'Lưu' }).click();
  await expect(week.getByText('Số không hợp lệ')).toBeVisible();
  await expect(price).toHaveValue('120k');
  await snap(gm, 'vi-staff-settings-freeze-refused');
  await price.fill('0');
  await week.getByRole('button', { name: 'Lưu' }).click();
  await expect(week.getByText('Số phải lớn hơn 0')).toBeVisible();
  await price.fill('125.000');
  await week.getByRole('button', { name: 'Lưu' }).click();
  await expect(toastSaying(gm, 'Đã lưu giá bảo lưu 7 ngày.')).toBeAttached();
  await expect(week.locator('.staff-amount')).toHaveText('125.000\u00a0₫');
  await expect(price).toHaveValue('125.000');
  await gm.reload();
  await expect(gm.locator('.staff-item').filter({ hasText: 'Bảo lưu 7 ngày' }).locator('.staff-amount')).toHaveText(
    '125.000\u00a0₫',
  );
  await snapBothWidths(gm, 'vi-staff-settings-freeze');

  // The other sections at phone size: content pages and plans, looked at.
  await gm.getByRole('link', { name: 'Trang nội dung' }).click();
  await expect(gm.getByLabel('Tiêu đề trang (tiếng Việt)')).not.toHaveValue('');
  await snap(gm, 'vi-staff-settings-pages');
  await checkPhoneLayout(gm);
  await gm.getByRole('link', { name: 'Giá gói tập' }).click();
  await expect(gm.locator('.staff-item').first()).toContainText('Hội viên trả');
  await snap(gm, 'vi-staff-settings-plans');
  await checkPhoneLayout(gm);

  // Without JavaScript (the same GM's session): a refused price comes back typed, with its message;
  // "add another coupon" is a plain post that comes back with one more row and what was typed.
  const plainContext = await context(browser, {
    ...phone,
    javaScriptEnabled: false,
    storageState: await gmContext.storageState(),
  });
  const plain = await plainContext.newPage();
  await plain.goto('/staff/settings?section=freeze');
  const month = plain.locator('.staff-item').filter({ hasText: 'Bảo lưu 30 ngày' });
  await month.getByLabel('Giá (VND)').fill('');
  await month.getByRole('button', { name: 'Lưu' }).click();
  await expect(month.getByText('Trường bắt buộc')).toBeVisible();
  await expect(month.getByLabel('Cho hội viên chọn')).toBeChecked();
  await plain.goto('/staff/settings?section=coupons');
  await plain.getByLabel('Tên chiến dịch (tiếng Việt)').fill('Tết không JavaScript');
  await plain.getByRole('textbox', { name: 'Mã giảm giá', exact: true }).fill('NOJS2027');
  await plain.getByRole('button', { name: 'Thêm mã khác' }).click();
  await expect(plain.getByRole('group', { name: 'Mã thứ 2' })).toBeVisible();
  await expect(plain.getByLabel('Tên chiến dịch (tiếng Việt)')).toHaveValue('Tết không JavaScript');
  await expect(plain.getByRole('group', { name: 'Mã thứ 1' }).getByLabel('Mã giảm giá')).toHaveValue('NOJS2027');
  await expect(plain.getByText('Chưa tạo: điền xong rồi bấm “Tạo chiến dịch”.')).toBeVisible();
  await snap(plain, 'vi-staff-settings-coupons-nojs');

  for (const c of [plainContext, gmContext, memberContext]) await c.close();
});

test('GM on a desktop (en): creates a campaign of two coupons, then ends it', async ({ browser, request }) => {
  test.setTimeout(150_000);
  const desk: BrowserContext = await context(browser, {
    userAgent: userAgents.chromeWindows,
    viewport: { width: 1280, height: 800 },
  });
  const gm = await desk.newPage();
  await signInAtDesk(gm, request, GM_PHONE);
  await gm.getByRole('button', { name: /^EN/ }).click();
  await expect(gm.locator('html')).toHaveAttribute('lang', 'en');
  await gm.goto('/staff/settings?section=coupons');
  await expect(gm.getByRole('heading', { name: 'Create a campaign' })).toBeVisible();

  const suffix = String(Date.now() % 100000);
  const name = `Summer ${suffix}`;
  await waitForHydrated(gm.getByLabel('Campaign name (English)'));
  await gm.getByLabel('Campaign name (Vietnamese)').fill(`Chào hè ${suffix}`);
  await gm.getByLabel('Campaign name (English)').fill(name);
  await gm.getByLabel('Description (Vietnamese)').fill('Giảm giá gói tập mùa hè.');
  await gm.getByLabel('Description (English)').fill('Summer plan discount.');
  const first = gm.getByRole('group', { name: 'Coupon 1' });
  await first.getByLabel('Coupon code').fill(`sum${suffix}`);
  await first.getByLabel('Percent off (%)').fill('10');
  await first.getByLabel('At most (VND, optional)').fill('200,000');
  await gm.getByRole('button', { name: 'Add another coupon' }).click();
  const second = gm.getByRole('group', { name: 'Coupon 2' });
  await expect(second).toBeVisible();
  await expect(first.getByLabel('Coupon code')).toHaveValue(`sum${suffix}`);
  await expect(second.getByLabel('From')).toHaveValue(await first.getByLabel('From').inputValue());
  // A coupon without a discount is refused on its row; the rest stays typed.
  await second.getByLabel('Coupon code').fill(`HE${suffix}`);
  await gm.getByRole('button', { name: 'Create campaign' }).click();
  await expect(second.getByText('Required field')).toBeVisible();
  await expect(gm.getByLabel('Campaign name (English)')).toHaveValue(name);
  await snap(gm, 'en-staff-settings-campaign-refused-desktop');
  await second.getByLabel('Or an amount off (VND)').fill('100 000');
  await second.getByLabel('Applies').selectOption('both');
  await second.getByLabel('Most uses (optional)').fill('50');
  await gm.getByRole('button', { name: 'Create campaign' }).click();
  await expect(toastSaying(gm, `Campaign “${name}” created.`)).toBeAttached();

  const campaign = gm.locator('.settings-campaign').filter({ hasText: name });
  await expect(campaign).toContainText('Running');
  await expect(campaign).toContainText(`SUM${suffix}`);
  await expect(campaign).toContainText('10% off, at most 200,000\u00a0₫');
  await expect(campaign).toContainText(`HE${suffix}`);
  await expect(campaign).toContainText('100,000\u00a0₫ off');
  await expect(campaign).toContainText('Used 0 of 50 times');
  await snap(gm, 'en-staff-settings-coupons-desktop');

  // Ending asks first.
  await campaign.getByRole('link', { name: 'End campaign' }).click();
  await expect(campaign.getByText(`End the campaign “${name}”?`)).toBeVisible();
  await snap(gm, 'en-staff-settings-end-ask-desktop');
  await campaign.getByRole('button', { name: 'Yes, end it' }).click();
  await expect(toastSaying(gm, `Campaign “${name}” ended.`)).toBeAttached();
  await expect(gm.locator('.settings-campaign').filter({ hasText: name })).toContainText('Ended');
  await expect(
    gm.locator('.settings-campaign').filter({ hasText: name }).getByRole('link', { name: 'End campaign' }),
  ).toHaveCount(0);

  // The other sections at desktop size, looked at.
  await gm.getByRole('link', { name: 'Plan prices' }).click();
  await expect(gm.locator('.staff-item').first()).toContainText('Members pay');
  await snap(gm, 'en-staff-settings-plans-desktop');
  await gm.getByRole('link', { name: 'Content pages' }).click();
  await gm.getByRole('link', { name: 'Support' }).click();
  await expect(gm.getByLabel('Page title (English)')).not.toHaveValue('');
  await snap(gm, 'en-staff-settings-pages-desktop');
  await desk.close();
});
