import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { messageForCode, Codes } from '#api/codes.ts';
import { en } from '#app/locales/en/index.ts';
import { vi } from '#app/locales/vi/index.ts';
import { expect, randomPhone, skipNameStep, snap, test, testClientIp, typeOtp } from './fixtures.ts';
import { JOURNEY_SYSTEM_READY_MS, startJourneySystem } from './journey-system.ts';

// Issue 9: the gateway goes away under a member's feet. A form keeps what was typed and says the
// problem is temporary; a page answers 503 with the shell and Try again, in both languages.
test.describe('when the gateway is away', () => {
  let system: Awaited<ReturnType<typeof startJourneySystem>>;
  let dataDir: string;
  test.beforeAll(async () => {
    // Two servers to start, the gateway on a fresh database.
    test.setTimeout(2 * JOURNEY_SYSTEM_READY_MS + 30_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'gym-e2e-down-'));
    system = await startJourneySystem({
      dataDir,
      build: false,
      logFile: path.resolve('test-results/servers-gateway-down.log'),
    });
  });
  test.afterAll(async () => {
    await system?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function memberOnPlanPage(browser: Browser, lang: 'vi' | 'en'): Promise<Page> {
    const context = await browser.newContext({
      baseURL: system.webUrl,
      viewport: { width: 390, height: 844 },
      locale: 'vi-VN',
      extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
    });
    const page = await context.newPage();
    const phone = randomPhone();
    await page.goto('/login');
    await page.getByLabel('Số điện thoại').fill(phone);
    await page.getByRole('button', { name: 'Nhận mã OTP' }).click();
    await expect(page).toHaveURL(/\/verify-otp$/);
    const outbox = (await (await page.request.get(system.smsOutboxUrl(phone))).json()) as { data: { text: string }[] };
    await typeOtp(page, outbox.data[0].text.match(/\b(\d{4})\b/)![1]);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Đăng ký' }).click();
    await skipNameStep(page);
    if (lang === 'en') {
      await page.goto('/account');
      await page.getByRole('button', { name: 'English', exact: true }).click();
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    }
    await page.goto('/membership/1/plan/3');
    await expect(page.locator('.total-row dd')).toBeVisible();
    return page;
  }

  test('a form keeps what was typed; a page is a 503 with the shell and Try again (vi and en)', async ({ browser }) => {
    test.setTimeout(90_000);
    const pages = { vi: await memberOnPlanPage(browser, 'vi'), en: await memberOnPlanPage(browser, 'en') };
    const texts = { vi, en };
    const referralLabel = {
      vi: 'Số điện thoại người giới thiệu (không bắt buộc)',
      en: "Referrer's phone number (optional)",
    };
    const check = { vi: 'Kiểm tra', en: 'Check' };
    for (const lang of ['vi', 'en'] as const) {
      await pages[lang].getByLabel(referralLabel[lang]).fill('0912345678');
      await pages[lang]
        .getByRole('radio', { name: lang === 'vi' ? 'Tiền mặt tại quầy' : 'Cash at the counter' })
        .check();
    }

    await system.stopGateway();

    for (const lang of ['vi', 'en'] as const) {
      const page = pages[lang];
      await page.getByRole('button', { name: check[lang] }).click();
      await expect(page.locator('#referralCode-error')).toHaveText(messageForCode(Codes.TIMEOUT, lang));
      await expect(page.getByLabel(referralLabel[lang])).toHaveValue('0912345678');
      await expect(
        page.getByRole('radio', { name: lang === 'vi' ? 'Tiền mặt tại quầy' : 'Cash at the counter' }),
      ).toBeChecked();
      // Confirm while away: nothing bought, the message above Confirm, every choice still there.
      await page.getByRole('button', { name: lang === 'vi' ? 'Xác nhận' : 'Confirm' }).click();
      await expect(
        page.locator('.form-errors, [role=alert]').filter({ hasText: messageForCode(Codes.TIMEOUT, lang) }),
      ).toBeVisible();
      await expect(page.getByLabel(referralLabel[lang])).toHaveValue('0912345678');
      await snap(page, `${lang}-gateway-down-plan-form`);

      const response = await page.goto('/home');
      expect(response?.status()).toBe(503);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts[lang].error.unavailableTitle);
      await expect(page.getByText(texts[lang].error.unavailableLead)).toBeVisible();
      await expect(page.getByRole('link', { name: texts[lang].error.retry })).toHaveAttribute('href', '/home');
      await expect(page.getByRole('navigation').getByRole('link', { name: texts[lang].nav.membership })).toBeVisible();
      await snap(page, `${lang}-gateway-down-home`);
    }
  });
});
