import { expect, readOtp, snap, test, testClientIp, typeOtp, waitForHydrated, checkPhoneLayout } from './fixtures.ts';
import { buy, newMember, singleClubPlan, vnd } from './membership-steps.ts';
import { userAgents } from '#tests/support/user-agents.ts';

// Issue 17: the front desk's day in the staff area, in a second browser beside the member's phone:
// sign-in by OTP on the desk's computer, the cash a member chose to pay at the desk (a wrong count
// refused and kept, the right one settles it and prints a receipt), then the door scanner reading
// the member's QR from a photo of their screen, in English at phone size; without JavaScript, the
// typed code of a used QR is refused.

/** Seeded front-desk employee of club 1 (gateway/db/seed.ts DEMO_DESK_PHONE), used only here. */
const DESK_PHONE = '0100000004';

test('front desk: sign in, confirm a member’s cash, scan their check-in QR (vi and en, desktop and phone, JavaScript off)', async ({ page, request, browser }) => {
  test.setTimeout(180_000);
  const memberPhone = await newMember(page, request, 'vi');
  const plan = await singleClubPlan(request);
  const contractId = await buy(page, plan.id, 3);

  const desk = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    userAgent: userAgents.chromeWindows,
    viewport: { width: 1280, height: 800 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
  });
  const staff = await desk.newPage();
  // A desktop gets the staff area (no "open this on your phone" notice), signed out: the sign-in.
  await staff.goto('/staff/cash');
  await expect(staff).toHaveURL(/\/staff\/login$/);
  await staff.getByLabel('Số điện thoại').fill(DESK_PHONE);
  await staff.getByRole('button', { name: 'Nhận mã OTP' }).click();
  await expect(staff).toHaveURL(/\/staff\/verify-otp$/);
  await typeOtp(staff, await readOtp(request, DESK_PHONE));
  await expect(staff.getByRole('heading', { name: 'Xin chào, Võ Minh Quầy' })).toBeVisible({ timeout: 15_000 });
  await expect(staff.getByText('Lễ tân')).toBeVisible();
  await snap(staff, 'vi-staff-today-desktop');

  // The cash desk, found by the member's phone: a wrong count is refused and stays typed.
  await staff.getByRole('link', { name: 'Thu tiền mặt' }).first().click();
  await staff.getByLabel('Tìm theo số điện thoại hội viên').fill(memberPhone);
  await staff.getByRole('button', { name: 'Tìm', exact: true }).click();
  const item = staff.locator('.staff-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(plan.planNameVi);
  await expect(item).toContainText(vnd(plan.totalPaymentFirst, 'vi'));
  const amount = item.getByLabel('Số tiền đã nhận (VND)');
  await waitForHydrated(amount);
  await amount.fill('1000');
  await item.getByRole('button', { name: 'Xác nhận đã thu' }).click();
  await expect(item.getByText('Số tiền đã nhận không khớp với số tiền cần thu. Hãy đếm lại tiền.')).toBeVisible();
  await expect(amount).toHaveValue('1000');
  await snap(staff, 'vi-staff-cash-mismatch-desktop');
  // Typed as the desk reads a price: with dots.
  await amount.fill(vnd(plan.totalPaymentFirst, 'vi').replace('\u00a0₫', ''));
  await item.getByRole('button', { name: 'Xác nhận đã thu' }).click();
  const receipt = staff.getByRole('status').filter({ hasText: 'Biên nhận' });
  await expect(receipt).toContainText('Đã thu tiền. Gói tập của hội viên đã được kích hoạt.');
  await expect(receipt).toContainText(vnd(plan.totalPaymentFirst, 'vi'));
  await expect(staff.getByText('Không có khoản nào chờ thu của số điện thoại này.')).toBeVisible();
  await snap(staff, 'vi-staff-cash-receipt-desktop');

  // The member's payment page hears of it; their check-in QR is there.
  await page.goto(`/membership/payment/result/${String(contractId)}`);
  await page.goto('/home/check-in');
  const qr = page.getByRole('img', { name: 'Mã check-in, đổi sau mỗi 30 giây' });
  await waitForHydrated(qr);
  await expect(qr.locator('svg')).toBeVisible();

  // The door, in English on a phone-sized screen: a photo of the member's QR.
  await staff.getByRole('button', { name: /^EN/ }).click();
  await expect(staff.locator('html')).toHaveAttribute('lang', 'en');
  await staff.setViewportSize({ width: 390, height: 844 });
  await staff.goto('/staff/scanner');
  const photo = staff.getByLabel('Choose a photo of the QR code');
  await waitForHydrated(photo);
  const shot = await qr.screenshot();
  await photo.setInputFiles({ name: 'qr.png', mimeType: 'image/png', buffer: shot });
  const welcome = staff.getByRole('status').filter({ hasText: 'Welcome in' });
  await expect(welcome).toBeVisible({ timeout: 15_000 });
  await expect(welcome).toContainText(plan.planNameEn);
  await snap(staff, 'en-staff-door-accepted');
  await checkPhoneLayout(staff);
  // The same photo again: the code is spent.
  await photo.setInputFiles({ name: 'qr-again.png', mimeType: 'image/png', buffer: shot });
  await expect(staff.getByRole('alert').filter({ hasText: 'Not allowed in' })).toContainText('already been used');
  await snap(staff, 'en-staff-door-refused');

  // Without JavaScript, the same desk's session types the code: the form posts, the answer is the page.
  const plain = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    javaScriptEnabled: false,
    storageState: await desk.storageState(),
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
  });
  const noJs = await plain.newPage();
  await noJs.goto('/staff/scanner');
  await noJs.getByLabel('Check-in code').fill((await qr.getAttribute('data-code')) ?? 'VF1.x');
  await noJs.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(noJs.getByRole('alert').filter({ hasText: 'Not allowed in' })).toBeVisible();
  await snap(noJs, 'en-staff-door-nojs');

  // Sign out: the desk's pages ask for a sign-in again; the member's session is untouched.
  await staff.getByRole('button', { name: 'Sign out' }).click();
  await expect(staff).toHaveURL(/\/staff\/login$/);
  await staff.goto('/staff');
  await expect(staff).toHaveURL(/\/staff\/login$/);
  await page.goto('/home');
  await expect(page).toHaveURL(/\/home$/);
  await plain.close();
  await desk.close();
});
