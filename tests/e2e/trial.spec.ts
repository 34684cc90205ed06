import type { APIRequestContext, Page } from '@playwright/test';
import { expect, gatewayUrl, snap, snapBothWidths, test } from './fixtures.ts';
import { paidMember, staffToken } from './membership-steps.ts';

// Issue 13 §4 (ADR 048): a 12-month membership comes with two free trial sessions. The member books
// one at a start when a trainer is free; the club proposes another time; the member accepts it.

/** The demo front desk of the first club. */
const FRONT_DESK = '0100000001';

/**
 * Walks the day strip to the first day with more than two free starts (the journeys take the first
 * and the third; in the Vietnam evening today has one or two left, and trainers rest some days).
 */
async function firstDayWithSlots(page: Page) {
  for (let day = 1; day < 14 && (await page.locator('.slot').count()) <= 2; day++) {
    await page.locator('.day-strip .day-link').nth(day).click();
    await expect(page.locator('.day-link[aria-current="date"]')).toBeVisible();
  }
  expect(await page.locator('.slot').count()).toBeGreaterThan(2);
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
  const trainers = (await (await request.get(`${gatewayUrl()}/api/v1/global/club/1/pts`)).json()) as { data: { ptId: number }[] };
  for (const afterMinute of afterMinutes) {
    for (const { ptId } of trainers.data) {
      const res = await request.post(`${gatewayUrl()}/api/v1/staff/free-session/${String(session.freeSessionId)}/propose`, { headers, data: { date, afterMinute, ptId } });
      if (res.ok()) return;
      // This trainer does not work then, or is taken: the next one.
      expect([400, 409]).toContain(res.status());
    }
  }
  throw new Error(`no trainer of the first club can take ${date} at any of the minutes ${afterMinutes.join(', ')}`);
}

test('vi: book a free trial session, the club proposes another time, accept it', async ({ page, request }) => {
  test.slow(); // a membership through the sandbox bank first
  const phone = await paidMember(page, request, 'vi');
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
  const starts = await page.locator('.slot input[name="afterMinute"]').evaluateAll((inputs) => inputs.map((input) => Number((input as HTMLInputElement).value)));
  await page.locator('.slot').nth(2).click();
  await snapBothWidths(page, 'vi-trial-pick');
  await page.getByRole('button', { name: 'Đặt buổi tập thử' }).click();
  await expect(page.getByText('Đã gửi lịch tập, đang chờ huấn luyện viên xác nhận.')).toBeVisible();
  const booking = page.locator('.booking-card').first();
  await expect(booking.locator('.booking-state')).toHaveText('Chờ PT xác nhận');
  await expect(booking).toContainText(first);
  await expect(page.getByText('Hãy hoàn thành buổi tập thử hiện tại trước khi đặt buổi tiếp theo.')).toBeVisible();

  // The club proposes another start, an hour or more later, among those a trainer was free for.
  const later = starts.filter((minute) => minute >= startMinute(first) + 60);
  await clubProposes(request, phone, date, later.length > 0 ? later : [startMinute(first) + 60]);
  await page.reload();
  const proposed = page.locator('.booking-card').first();
  await expect(proposed.locator('.booking-state')).toHaveText('Chờ bạn xác nhận');
  await snapBothWidths(page, 'vi-trial-proposed');
  await proposed.getByRole('button', { name: 'Đồng ý' }).click();
  await expect(page.getByText('Đã xác nhận buổi tập thử.')).toBeVisible();
  await expect(page.locator('.booking-card').first().locator('.booking-state')).toHaveText('Đã đặt lịch');
  await expect(page.locator('.booking-card').first().getByRole('button')).toHaveCount(0);

  await page.goto('/pt');
  await expect(page.locator('.trial-card')).toContainText('Buổi tập thử của bạn');
  await expect(page.locator('.trial-card')).toContainText('Đã đặt lịch');
  await snap(page, 'vi-trial-on-pt');
});

test('en, with JavaScript off: book a trial session and cancel it', async ({ page, request, browser }) => {
  test.slow();
  await paidMember(page, request, 'en');
  const plain = await (
    await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL: new URL(page.url()).origin })
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
