import { expect, readOtp, randomPhone, snap, test, typeOtp, type Page } from './fixtures.ts';
import type { APIRequestContext } from '@playwright/test';

async function signUpInBrowser(page: Page, request: APIRequestContext, phone = randomPhone()) {
  await page.goto('/login');
  await page.getByLabel('Số điện thoại').fill(phone);
  await page.getByRole('button', { name: 'Nhận mã OTP' }).click();
  await expect(page).toHaveURL(/\/verify-otp$/);
  await typeOtp(page, await readOtp(request, phone));
  await expect(page).toHaveURL(/\/sign-up$/);
  await page.getByText('Tôi đồng ý với Điều khoản và điều kiện của VietFit').click();
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  await expect(page).toHaveURL(/\/home$/);
}

test('a revoked token: "Login session expired", then /landing after about 1 s (§4)', async ({ page, browser, request }) => {
  await signUpInBrowser(page, request);
  // A second device holding the same session cookie…
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await other.addCookies(await page.context().cookies());
  const otherPage = await other.newPage();
  // …then this one signs out, which revokes the gateway token.
  await page.getByRole('button', { name: 'Đăng xuất' }).click();
  await expect(page).toHaveURL(/\/landing$/);

  await otherPage.goto(`${process.env.E2E_BASE_URL}/home`);
  await expect(otherPage.getByRole('alert')).toHaveText('Phiên đăng nhập đã hết hạn, vui lòng đăng nhập lại.');
  await snap(otherPage, 'vi-session-expired');
  const shownAt = Date.now();
  await expect(otherPage).toHaveURL(/\/landing$/, { timeout: 5000 });
  expect(Date.now() - shownAt).toBeGreaterThan(500);
  // The dead session was cleared: /home now goes straight to /landing.
  await otherPage.goto(`${process.env.E2E_BASE_URL}/home`);
  await expect(otherPage).toHaveURL(/\/landing$/);
  await other.close();
});

test('the session cookie never reaches page JavaScript, and pages carry a nonce CSP', async ({ page, request }) => {
  await signUpInBrowser(page, request);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name.endsWith('gym_session'));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
  expect(await page.evaluate(() => document.cookie)).not.toContain('gym_session');

  const response = await page.goto('/home');
  const headers = response!.headers();
  expect(headers['content-security-policy']).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // No inline script runs without the nonce: the page hydrated, so the nonce reached every script.
  await expect(page.getByRole('heading', { name: 'Xin chào!' })).toBeVisible();
});

test('a form post from another origin is refused', async ({ request }) => {
  const res = await request.post(`${process.env.E2E_BASE_URL}/login`, {
    form: { phoneNumber: randomPhone() },
    headers: { Origin: 'https://evil.example' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
});
