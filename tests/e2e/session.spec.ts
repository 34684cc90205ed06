import { expect, randomPhone, signUpInBrowser, snap, test } from './fixtures.ts';

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

test('no console errors, CSP violations or hydration warnings on any screen', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.goto('/landing');
  await expect(page.locator('.hero')).toBeVisible();
  // Styled by the inlined stylesheet: the primary button has the brand colour.
  await expect(page.getByRole('link', { name: 'Đăng nhập / Đăng ký' })).toHaveCSS('background-color', 'rgb(249, 115, 22)');
  await signUpInBrowser(page, request);
  for (const path of ['/membership', '/workout', '/inbody', '/history', '/notification', '/support']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  }
  await page.goto('/account');
  await page.getByRole('button', { name: 'English', exact: true }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Hello!' })).toBeVisible();
  expect(problems).toEqual([]);
});
