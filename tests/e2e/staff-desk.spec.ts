import type { APIRequestContext } from '@playwright/test';
import { expect, gatewayUrl, snap, snapBothWidths, test, testClientIp, toastSaying } from './fixtures.ts';
import { CLUB, paidMember } from './membership-steps.ts';
import { LEADER_PHONE, signInAtDesk } from './staff-steps.ts';
import { vietnamDay } from '#api/vietnam-time.ts';
import { userAgents } from '#tests/support/user-agents.ts';
import { INSTRUCTOR_NAMES } from '#gateway/db/seed-classes.ts';

// Issue 17: the club manager's day beyond the door and the cash desk — the classes of the day (who
// came, a class cancelled with its reason, the members told), a notice sent to one member, and the
// staff list — in Vietnamese at phone size, English on a desktop, and a notice refused without
// JavaScript keeping what was typed.

/** A one-off class at CLUB starting this many minutes from now (the sandbox stands in for the timetable). */
async function classIn(request: APIRequestContext, minutes: number, classTypeSlug: string) {
  const res = await request.post(`${gatewayUrl()}/sandbox/class-session`, {
    data: { clubId: CLUB, startsInMinutes: minutes, capacity: 8, classTypeSlug },
  });
  expect(res.status()).toBe(200);
  const { id, startsAt } = (await res.json()).data as { id: number; startsAt: string };
  return { id, day: vietnamDay(Date.parse(startsAt)) };
}

/** Moves a class to start this many minutes from now; its new Vietnam day (late in the evening it can change). */
async function moveClass(request: APIRequestContext, id: number, minutes: number) {
  const res = await request.post(`${gatewayUrl()}/sandbox/class-session/${String(id)}/move`, {
    data: { startsInMinutes: minutes },
  });
  expect(res.status()).toBe(200);
  return vietnamDay(Date.parse(((await res.json()).data as { startsAt: string }).startsAt));
}

test('club manager: marks who came to a class, cancels another with its reason, sends a member a notice (vi phone, en desktop, JavaScript off)', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const memberPhone = await paidMember(page, 'vi');
  // Two classes booked ahead (booking closes 30 min before the start); then the first one's time
  // comes (the sandbox moves it to 5 minutes from now: attendance opens 30 min before the start).
  const now = await classIn(request, 150, 'yoga'); // more than 2 h ahead: booked in one tap (a later one asks to confirm)
  const later = await classIn(request, 4 * 60, 'hiit');
  for (const session of [now, later]) {
    await page.goto(`/class/${String(session.id)}`);
    await page.getByRole('button', { name: 'Đặt chỗ', exact: true }).click();
    await expect(page.locator('.status-badge', { hasText: 'Đã đặt chỗ' })).toBeVisible();
  }
  // Late in the evening in Vietnam the class booked ahead fell on tomorrow; moved, it is today's.
  const nowDay = await moveClass(request, now.id, 5);

  const phone = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: { width: 390, height: 844 },
    locale: 'vi-VN',
    timezoneId: 'Asia/Ho_Chi_Minh',
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
  });
  const leader = await phone.newPage();
  await signInAtDesk(leader, request, LEADER_PHONE);
  await expect(leader.getByText('Quản lý câu lạc bộ')).toBeVisible();
  // Today says what waits, with today's classes of the club (the demo's bookings and the two above).
  await expect(leader.getByRole('link', { name: /^Lớp học hôm nay: \d+$/ })).toBeVisible();
  await snap(leader, 'vi-staff-today-leader');
  await leader.getByRole('link', { name: 'Lớp học', exact: true }).click();
  await expect(leader.getByRole('heading', { level: 1, name: 'Lớp học trong ngày' })).toBeVisible();
  await leader.goto(`/staff/classes?date=${nowDay}`);

  // Who came: the member's spot, not marked yet; "Có mặt" marks it.
  const spot = leader.locator('.class-booking', { hasText: memberPhone }).first();
  await expect(spot).toContainText('Chưa điểm danh');
  await spot.getByRole('button', { name: 'Có mặt' }).click();
  await expect(toastSaying(leader, 'Đã điểm danh.')).toBeAttached();
  await expect(leader.locator('.class-booking-attended', { hasText: memberPhone }).first()).toContainText('Có mặt');
  await snapBothWidths(leader, 'vi-staff-classes');

  // Cancel the evening class: no reason is refused beside the field; with one, every booking goes and the member is told.
  await leader.goto(`/staff/classes?date=${later.day}`);
  const eveningCancel = leader
    .locator('form')
    .filter({ has: leader.locator(`input[name="sessionId"][value="${String(later.id)}"]`) });
  await leader.locator('details.class-cancel').filter({ has: eveningCancel }).locator('summary').click();
  await eveningCancel.getByRole('button', { name: 'Hủy lớp và báo hội viên' }).click();
  await expect(eveningCancel.locator('.field-error, [id$="-error"]').first()).toBeVisible();
  await eveningCancel.getByLabel('Lý do hủy (hội viên sẽ đọc)').fill('Huấn luyện viên bị ốm');
  await eveningCancel.getByRole('button', { name: 'Hủy lớp và báo hội viên' }).click();
  await expect(leader.getByText(/Đã hủy lớp và báo cho \d+ hội viên\./)).toBeVisible();
  await expect(leader.locator('.class-session-cancelled').first()).toContainText('Lý do hủy: Huấn luyện viên bị ốm');
  await snap(leader, 'vi-staff-class-cancelled');

  // A notice to the member by phone.
  await leader.getByRole('link', { name: 'Gửi thông báo' }).click();
  await leader.getByLabel('Số điện thoại hội viên').fill(memberPhone);
  await leader.getByLabel('Tiêu đề (tiếng Việt)').fill('Hồ bơi tạm đóng');
  await leader.getByLabel('Nội dung (tiếng Việt)').fill('Hồ bơi bảo trì đến thứ Hai.');
  await leader.getByLabel('Tiêu đề (tiếng Anh)').fill('Pool closed');
  await leader.getByLabel('Nội dung (tiếng Anh)').fill('The pool is closed for upkeep until Monday.');
  await snapBothWidths(leader, 'vi-staff-notify');
  await leader.getByRole('button', { name: 'Gửi thông báo' }).click();
  await expect(leader.getByText('Đã gửi thông báo đến 1 hội viên.')).toBeVisible();

  // The member's inbox has both: the class cancelled with its reason, and the notice.
  await page.goto('/notification');
  await expect(page.getByText('Hồ bơi tạm đóng')).toBeVisible();
  await expect(page.getByText(/Huấn luyện viên bị ốm/).first()).toBeVisible();
  await snap(page, 'vi-member-notices-from-club');
  const signedIn = await phone.storageState();
  await phone.close();

  // English on the manager's computer (the same session): the staff list.
  const desk = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    storageState: signedIn,
    userAgent: userAgents.chromeWindows,
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Asia/Ho_Chi_Minh',
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
  });
  const computer = await desk.newPage();
  await computer.goto('/staff');
  await computer.getByRole('button', { name: /Switch to English/ }).click();
  await computer.getByRole('link', { name: 'Staff', exact: true }).click();
  await expect(computer.getByRole('heading', { level: 1, name: 'Club staff' })).toBeVisible();
  await expect(computer.locator('.team-row', { hasText: 'Võ Minh Quầy' })).toContainText('Front desk');
  await expect(computer.locator('.team-row', { hasText: 'Phạm Thu Trưởng' })).toContainText('Club manager');
  // Class instructors are not the front desk (issue 38 §16).
  const instructor = computer.locator('.team-row', { hasText: INSTRUCTOR_NAMES[0] }).first();
  await expect(instructor).toContainText('Class instructor');
  await expect(instructor).not.toContainText('Front desk');
  await snap(computer, 'en-staff-team-desktop');
  await computer.goto(`/staff/classes?date=${nowDay}`);
  await expect(computer.locator('.class-booking-attended', { hasText: memberPhone }).first()).toContainText('Came');
  // Rooms by their English names (issue 38 §20).
  await expect(computer.locator('.class-session').first()).not.toContainText('Phòng');
  await snap(computer, 'en-staff-classes-desktop');
  await desk.close();

  // Without JavaScript: a phone that is not a number is refused, and every text typed stays.
  const plain = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    javaScriptEnabled: false,
    storageState: signedIn,
    viewport: { width: 360, height: 740 },
    locale: 'vi-VN',
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
  });
  const noJs = await plain.newPage();
  await noJs.goto('/staff/notify');
  await noJs.getByLabel('Số điện thoại hội viên').fill('12345');
  await noJs.getByLabel('Tiêu đề (tiếng Việt)').fill('Giờ mở cửa dịp lễ');
  await noJs.getByLabel('Nội dung (tiếng Việt)').fill('Câu lạc bộ mở cửa 8:00–20:00.');
  await noJs.getByLabel('Tiêu đề (tiếng Anh)').fill('Holiday hours');
  await noJs.getByLabel('Nội dung (tiếng Anh)').fill('The club is open 8:00–20:00.');
  await noJs.getByRole('button', { name: 'Gửi thông báo' }).click();
  await expect(noJs.getByText('Số điện thoại không đúng')).toBeVisible();
  await expect(noJs.getByLabel('Tiêu đề (tiếng Việt)')).toHaveValue('Giờ mở cửa dịp lễ');
  await expect(noJs.getByLabel('Nội dung (tiếng Anh)')).toHaveValue('The club is open 8:00–20:00.');
  await snap(noJs, 'vi-staff-notify-refused-nojs');
  await plain.close();
});
