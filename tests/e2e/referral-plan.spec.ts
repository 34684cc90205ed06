import { expect, gatewayUrl, randomPhone, signUp, snap, snapBothWidths, test, toEnglish } from './fixtures.ts';
import { CLUB, paidMember, singleClubPlan } from './membership-steps.ts';
import { formatDate } from '#api/format.ts';
import { addDays } from '#api/vietnam-time.ts';

// Issue 38 §9 and §10 (ADR 037): on the plan page a checked referral code moves the summary's end
// date at once, by the days it adds; a friend whose 14 days after joining are over is told so in
// place of the promise, with the code they signed up with, in words that agree with the refusal.

/** "dd/MM/yyyy" plus days, as the page writes it. */
const plusDays = (shown: string, days: number) => formatDate(addDays(shown.split('/').reverse().join('-'), days));

test('referral on the plan page: the end date moves at once; past the 14 days the page says so and keeps the code (vi, en)', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.slow();
  const referrer = await paidMember(page, 'vi');
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const friend = await context.newPage();
  const friendPhone = await signUp(friend, randomPhone(), referrer);
  const plan = await singleClubPlan(request);
  await friend.goto(`/membership/${CLUB}/plan/${String(plan.id)}`);

  // The sign-up's code is carried, the hint promises the days until the deal's last day.
  const code = friend.locator('#referralCode');
  await expect(code).toHaveValue(referrer);
  await expect(friend.locator('#referral-hint')).toContainText('Bạn được thêm 14 ngày tập nếu mua gói đến hết ngày');
  const dates = friend.locator('.planned-dates');
  const [, end] = /đến (\d\d\/\d\d\/\d{4})/.exec(await dates.innerText())!;
  await friend.getByRole('button', { name: 'Kiểm tra', exact: true }).click();
  await expect(friend.getByText('Đã áp dụng mã giới thiệu.', { exact: false })).toBeVisible();
  await expect(dates).toContainText(`đến ${plusDays(end, 14)}`);
  await expect(dates).toContainText('Đã gồm 14 ngày tặng thêm nhờ mã giới thiệu.');
  await snap(friend, 'vi-plan-referral-applied');

  // 15 days later (the sandbox ages the join): no promise, the reason and the code, no field to type a refused code in.
  const aged = await request.put(`${gatewayUrl()}/sandbox/referral/joined`, {
    data: { phoneNumber: friendPhone, daysAgo: 15 },
  });
  expect(aged.ok(), await aged.text()).toBe(true);
  await friend.reload();
  const closed = friend.locator('#referral-closed');
  await expect(closed).toContainText(
    'Mã giới thiệu chỉ dành cho hội viên mới: mua gói tập đầu tiên trong vòng 14 ngày kể từ ngày đăng ký. Thời hạn của bạn đã kết thúc ngày',
  );
  await expect(closed).toContainText(`Mã giới thiệu ${referrer} bạn nhập khi đăng ký không còn được áp dụng.`);
  await expect(friend.locator('#referralCode')).toHaveCount(0);
  await expect(friend.getByText('Bạn được thêm 14 ngày tập')).toHaveCount(0);
  await snapBothWidths(friend, 'vi-plan-referral-closed');
  // In English too.
  await toEnglish(friend);
  await friend.goto(`/membership/${CLUB}/plan/${String(plan.id)}`);
  await expect(friend.locator('#referral-closed')).toContainText(
    'Referral codes are for new members only: a first membership bought within 14 days of signing up. Yours ended on',
  );
  await expect(friend.locator('#referral-closed')).toContainText(
    `The referral code ${referrer} you gave when signing up no longer applies.`,
  );
  await snap(friend, 'en-plan-referral-closed');
  await context.close();
});
