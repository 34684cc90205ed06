import { expect, snap, test } from './fixtures.ts';
import { userAgents } from '#tests/support/user-agents.ts';

// Issue 10 §18: someone trying the sandbox on a desktop gets the app in a phone-sized frame (never in production: unit tests).
test.use({
  viewport: { width: 1280, height: 1000 },
  isMobile: false,
  hasTouch: false,
  userAgent: userAgents.chromeWindows,
});

test('the desktop notice offers the app in a phone frame, where it runs at 390 px', async ({ page }) => {
  await page.goto('/membership');
  await expect(page.getByRole('heading', { name: 'Mở liên kết này trên điện thoại' })).toBeVisible();
  await page.getByRole('link', { name: /Dùng thử trong khung điện thoại/ }).click();
  await expect(page).toHaveURL(/\/try\?path=%2Fmembership$/);
  const frame = page.frameLocator('iframe');
  // /membership for a signed-out visitor goes to the landing page, inside the frame.
  await expect(frame.getByRole('link', { name: 'Đăng nhập / Đăng ký' })).toBeVisible();
  expect(await page.locator('iframe').evaluate((el) => (el as HTMLIFrameElement).contentWindow!.innerWidth)).toBe(390);
  await frame.getByRole('link', { name: 'Đăng nhập / Đăng ký' }).click();
  await expect(frame.getByRole('heading', { level: 1, name: 'Đăng nhập' })).toBeVisible();
  await snap(page, 'desktop-try-phone-frame');
});
