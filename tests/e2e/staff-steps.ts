import { timeLimit } from '#tests/support/time-limit.ts';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { readOtp, testClientIp, typeOtp } from './fixtures.ts';
import { userAgents } from '#tests/support/user-agents.ts';

// The staff area's journeys (issue 17): signing a staff phone in through its pages.

/** Seeded staff of club 1 (gateway/db/seed.ts): front desk, the club's manager; the GM of every club. */
export const DESK_PHONE = '0100000004';
export const LEADER_PHONE = '0100000005';
export const GM_PHONE = '0100000003';

/**
 * Signs a staff phone in through /staff/login. Other journeys sign the seeded trainers in through
 * the API (membership-steps staffToken): a code asked for less than 30 s ago, or replaced by theirs
 * before it was typed, is asked for again after the wait.
 */
export async function signInAtDesk(page: Page, request: APIRequestContext, phone: string) {
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.goto('/staff/login');
    await page.getByLabel(/^(Số điện thoại|Phone number)$/).fill(phone);
    await page.getByRole('button', { name: /^(Nhận mã OTP|Get a code)$/ }).click();
    if (
      /\/staff\/verify-otp$/.test(page.url()) ||
      (await page.waitForURL(/\/staff\/verify-otp$/, { timeout: timeLimit(10_000) }).then(
        () => true,
        () => false,
      ))
    ) {
      await typeOtp(page, await readOtp(request, phone));
      if (
        await page
          .waitForURL((url) => !url.pathname.startsWith('/staff/verify-otp'), { timeout: timeLimit(20_000) })
          .then(
            () => true,
            () => false,
          )
      )
        return;
    }
    await page.waitForTimeout(31_000);
  }
  throw new Error(`staff sign-in of ${phone} did not succeed`);
}

/** The front desk's computer: a Windows desktop browser at 1280 px, in Vietnamese, with its own client address. */
export const deskComputer = (browser: Browser) =>
  browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    userAgent: userAgents.chromeWindows,
    viewport: { width: 1280, height: 800 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
  });
