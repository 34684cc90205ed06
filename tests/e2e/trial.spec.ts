import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gatewayUrl, snap, snapBothWidths, test, testClientIp, toastSaying } from './fixtures.ts';
import { DESK_PHONE, signInAtDesk } from './staff-steps.ts';
import { userAgents } from '#tests/support/user-agents.ts';
import { newMember, paidMember, staffToken } from './membership-steps.ts';

// Issue 13 §4 (ADR 048): a 12-month membership comes with two free trial sessions. The member books
// one at a start when a trainer is free; the club proposes another time; the member accepts it.

/** The demo front desk of the first club. */
const FRONT_DESK = '0100000001';

/**
 * Walks the day strip to the first day with more than four free starts (the journeys take the first
 * and the third, and the club proposes one an hour after the third; in the Vietnam evening today has
 * only a few left, and trainers rest some days).
 */
async function firstDayWithSlots(page: Page) {
  for (let day = 1; day < 14 && (await page.locator('.slot').count()) <= 4; day++) {
    await page.locator('.day-strip .day-link').nth(day).click();
    await expect(page.locator('.day-link[aria-current="date"]')).toBeVisible();
  }
  expect(await page.locator('.slot').count()).toBeGreaterThan(4);
}

/**
 * The front desk finds the member's waiting trial session and proposes the first of `afterMinutes`
 * (starts of `date`) that one of the club's trainers can take. Several are tried: the other journeys,
 * in parallel, book the same trainers' hours (CI once found none free at the one start it tried).
 */
async function clubProposes(request: APIRequestContext, memberPhone: string, date: string, afterMinutes: number[]) {
  const headers = { authorization: `Bearer ${await staffToken(request, FRONT_DESK)}` };
  const waiting = (await (await request.get(`${gatewayUrl()}/api/v1/staff/free-sessions`, { headers })).json()) as {
    data: { freeSessionId: number; status: string; member: { phoneNumber: string } }[];
  };
  const session = waiting.data.find((s) => s.status === 'WAITPTCONFIRM' && s.member.phoneNumber === memberPhone);
  if (!session) throw new Error('the front desk does not see the member’s waiting trial session');
  const trainers = (await (await request.get(`${gatewayUrl()}/api/v1/global/club/1/pts`)).json()) as {
    data: { ptId: number }[];
  };
  for (const afterMinute of afterMinutes) {
    for (const { ptId } of trainers.data) {
      const res = await request.post(
        `${gatewayUrl()}/api/v1/staff/free-session/${String(session.freeSessionId)}/propose`,
        { headers, data: { date, afterMinute, ptId } },
      );
      if (res.ok()) return;
      // This trainer does not work then, or is taken: the next one.
      expect([400, 409]).toContain(res.status());
    }
  }
  throw new Error(`no trainer of the first club can take ${date} at any of the minutes ${afterMinutes.join(', ')}`);
}

test('vi: book a free trial session, the club proposes another time, accept it', async ({ page, request, browser }) => {
  test.slow(); // a membership through the sandbox bank first
  const phone = await paidMember(page, 'vi');
  await page.goto('/pt');
  const card = page.locator('.trial-card');
  await expect(card).toContainText('Bạn có buổi tập thử miễn phí với PT');
  await expect(card).toContainText('còn 2 buổi');
  await card.click();
  await expect(page).toHaveURL(/\/pt\/free-session\?club=\d+$/);
  await expect(page.getByText('Còn 2/2 buổi tập thử')).toBeVisible();
  await firstDayWithSlots(page);
  const date = await page.locator('input[name="date"]').inputValue();
  // The third start (the test beside this one takes the first).
  const first = (await page.locator('.slot').nth(2).innerText()).trim();
  const startMinute = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  const starts = await page
    .locator('.slot input[name="afterMinute"]')
    .evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value)));
  await page.locator('.slot').nth(2).click();
  await snapBothWidths(page, 'vi-trial-pick');
  await page.getByRole('button', { name: 'Đặt buổi tập thử' }).click();
  await expect(toastSaying(page, 'Đã gửi lịch tập, đang chờ huấn luyện viên xác nhận.')).toBeAttached();
  const booking = page.locator('.booking-card').first();
  await expect(booking.locator('.booking-state')).toHaveText('Chờ PT xác nhận');
  await expect(booking).toContainText(first);
  await expect(page.getByText('Hãy hoàn thành buổi tập thử hiện tại trước khi đặt buổi tiếp theo.')).toBeVisible();

  // The other desk of the club, on a 1280 px computer: the trainer the member got is the one the form starts from (issue 38 §17).
  const deskContext = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    viewport: { width: 1280, height: 800 },
    userAgent: userAgents.chromeWindows,
    extraHTTPHeaders: { 'x-forwarded-for': testClientIp() },
  });
  const desk = await deskContext.newPage();
  await signInAtDesk(desk, request, DESK_PHONE);
  await desk.goto('/staff/trials');
  const waitingItem = desk.locator('.staff-item').filter({ hasText: phone });
  await expect(waitingItem).toHaveCount(1);
  await expect(waitingItem).toContainText('Hội viên đã chọn giờ, chờ xác nhận');
  const bookedTrainer = (await waitingItem.locator('p', { hasText: first }).innerText()).split(' · ').at(-1)!.trim();
  await expect(waitingItem.getByLabel('Huấn luyện viên').locator('option:checked')).toHaveText(bookedTrainer);
  await snap(desk, 'vi-staff-trials-waiting-desktop');

  // The club proposes another start, an hour or more later, among those a trainer was free for.
  const later = starts.filter((minute) => minute >= startMinute(first) + 60);
  await clubProposes(request, phone, date, later.length > 0 ? later : [startMinute(first) + 60]);
  await page.reload();
  const proposed = page.locator('.booking-card').first();
  await expect(proposed.locator('.booking-state')).toHaveText('Chờ bạn xác nhận');
  await snapBothWidths(page, 'vi-trial-proposed');
  await proposed.getByRole('button', { name: 'Đồng ý' }).click();
  await expect(toastSaying(page, 'Đã xác nhận buổi tập thử.')).toBeAttached();
  await expect(page.locator('.booking-card').first().locator('.booking-state')).toHaveText('Đã đặt lịch');
  await expect(page.locator('.booking-card').first().getByRole('button')).toHaveCount(0);
  // Booked: the member may book no other trial until this one is done (167), so the desk sees nothing of theirs waiting.
  await desk.goto('/staff/trials');
  await expect(desk.locator('.staff-item').filter({ hasText: phone })).toHaveCount(0);
  await snap(desk, 'vi-staff-trials-after-booked-desktop');
  await deskContext.close();

  await page.goto('/pt');
  await expect(page.locator('.trial-card')).toContainText('Buổi tập thử của bạn');
  await expect(page.locator('.trial-card')).toContainText('Đã đặt lịch');
  await snap(page, 'vi-trial-on-pt');
});

test('en, with JavaScript off: book a trial session and cancel it', async ({ page, browser }) => {
  test.slow();
  await paidMember(page, 'en');
  const plain = await (
    await browser.newContext({
      javaScriptEnabled: false,
      storageState: await page.context().storageState(),
      baseURL: new URL(page.url()).origin,
    })
  ).newPage();
  await plain.goto('/pt/free-session');
  await expect(plain.getByRole('heading', { name: 'Free trial sessions' })).toBeVisible();
  await firstDayWithSlots(plain);
  // Book without a time: the refusal says so and nothing is booked.
  await plain.getByRole('button', { name: 'Book a trial session' }).click();
  await expect(plain.getByText('Please choose a start time.')).toBeVisible();
  await plain.locator('.slot').first().click();
  await plain.getByRole('button', { name: 'Book a trial session' }).click();
  await expect(plain.locator('.booking-card').first().locator('.booking-state')).toHaveText('Waiting for your PT');
  await snap(plain, 'en-trial-booked-nojs');
  await plain.locator('.booking-card').first().getByRole('button', { name: 'Cancel session' }).click();
  await expect(plain.locator('.booking-card').first().locator('.booking-state')).toHaveText('Cancelled');
  await expect(plain.getByText('2 of 2 trial sessions left')).toBeVisible();
  await plain.context().close();
});

test('no trial sessions yet: the empty state says which plans come with one, true to what the clubs sell (vi)', async ({
  page,
}) => {
  await newMember(page, 'vi');
  await page.goto('/pt/free-session');
  // Issue 38 §18: no "1-day experience pass" on sale; the "7-day trial" plan the clubs sell has no PT session.
  const empty = page.locator('main');
  // The plans named come from the plans' own data (issue 37 §5): the 12-month ones, not the 7-day trial.
  await expect(empty).toContainText('tặng 2 buổi tập với PT trong 14 ngày đầu');
  await expect(empty).toContainText('12 tháng');
  await expect(empty).not.toContainText('Tập thử 7 ngày');
  await expect(empty).not.toContainText('vé trải nghiệm');
  await snapBothWidths(page, 'vi-pt-trial-none');
});
