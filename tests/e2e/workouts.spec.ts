import { timeLimit } from '#tests/support/time-limit.ts';
import {
  controlledByServiceWorker,
  expect,
  englishMemberWithoutJs,
  signUp,
  snap,
  snapBothWidths,
  test,
  toEnglish,
} from './fixtures.ts';

// This file's journeys need the service worker (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: 'allow' });

// Issue 15: a member browses the guided workouts, plays a lesson with the timer and rest, finishes it
// and sees it marked; favourites; the warm-up toggle is remembered; without JavaScript, done marks are forms.

test('vi: browse, favourite, warm-up off remembered, play sets with the rest timer, finish, marked done', async ({
  page,
}) => {
  test.slow();
  await page.clock.install();
  await signUp(page);
  await page.goto('/workout');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tập luyện');
  await expect(page.getByText('Danh sách yêu thích đang trống.', { exact: false })).toBeVisible();
  await snapBothWidths(page, 'vi-workout');
  await page.getByRole('link', { name: /Ngực/ }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ngực');
  await snapBothWidths(page, 'vi-workout-type');
  await page.locator('.lesson-row').first().click();
  await expect(page.getByRole('heading', { name: 'Khởi động' })).toBeVisible();
  await snapBothWidths(page, 'vi-lesson');

  // Favourite: the toast says 1118's text; the lesson is then on /workout.
  await page.getByRole('button', { name: /Thêm vào yêu thích/ }).click();
  await expect(page.getByRole('button', { name: /Bỏ khỏi yêu thích/ })).toBeVisible();
  await expect(page.getByText('Đã thêm vào danh sách yêu thích.')).toBeVisible();
  // Warm-up off, and still off after a reload.
  await page.getByLabel('Khởi động trước khi tập').uncheck();
  await expect(page.getByRole('heading', { name: 'Khởi động' })).toBeHidden();
  await page.reload();
  await expect(page.getByLabel('Khởi động trước khi tập')).not.toBeChecked();
  await expect(page.getByRole('heading', { name: 'Khởi động' })).toBeHidden();

  await page.getByRole('link', { name: 'Bắt đầu tập' }).click();
  await expect(page.getByText(/^Bài 1\//)).toBeVisible();
  await expect(page.getByText('Hiệp 1/', { exact: false })).toBeVisible();
  await snapBothWidths(page, 'vi-player');
  // Landscape: the drawing beside the controls, nothing sideways.
  await page.setViewportSize({ width: 844, height: 390 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(844);
  await snap(page, 'vi-player-landscape');
  await page.setViewportSize({ width: 390, height: 844 });
  // One set, then the rest counts down and ends with the next set ready.
  await page.getByRole('button', { name: 'Bắt đầu hiệp' }).click();
  await page.getByRole('button', { name: 'Xong hiệp' }).click();
  await expect(page.getByText('Nghỉ giữa hiệp')).toBeVisible();
  await expect(page.getByRole('timer')).toBeVisible();
  await snapBothWidths(page, 'vi-player-rest');
  await page.clock.fastForward('05:00');
  await expect(page.getByText('Hiệp 2/', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Bắt đầu hiệp' })).toBeVisible();
  // Leave in the middle and come back: the same set.
  await page.reload();
  await expect(page.getByText('Hiệp 2/', { exact: false })).toBeVisible();

  // The rest of the lesson exercise by exercise.
  for (let i = 0; i < 30; i++) {
    if (await page.getByRole('heading', { name: 'Hoàn thành buổi tập' }).isVisible()) break;
    await page.getByRole('button', { name: 'Xong bài này' }).click();
    await page.waitForTimeout(200);
  }
  await expect(page.getByRole('heading', { name: 'Hoàn thành buổi tập' })).toBeVisible();
  await snapBothWidths(page, 'vi-player-summary');
  await page.getByRole('link', { name: 'Về buổi tập' }).click();
  await expect(page.getByText('Đã tập 1 lần')).toBeVisible();
  await page.goto('/workout');
  await expect(page.locator('.lesson-list .lesson-row')).toHaveCount(1);
  await expect(page.locator('.lesson-list .lesson-row .badge')).toContainText('Đã tập');
  // Out of the favourites again: 1119's toast, then 752's text on the tab.
  await page.locator('.lesson-list .lesson-row').first().click();
  await page.getByRole('button', { name: /Bỏ khỏi yêu thích/ }).click();
  await expect(page.getByText('Đã xóa khỏi danh sách yêu thích.')).toBeVisible();
  await page.goto('/workout');
  await expect(page.getByText('Danh sách yêu thích đang trống.', { exact: false })).toBeVisible();
});

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  test('en: a lesson page marks exercises done and confirms the whole lesson with plain forms', async ({ browser }) => {
    test.slow();
    const page = await englishMemberWithoutJs(browser);
    await page.goto('/workout/newbie');
    await expect(page.getByRole('heading', { name: 'Week 1' })).toBeVisible();
    await snapBothWidths(page, 'en-workout-programme');
    await page.locator('.lesson-row').first().click();
    const first = page.locator('.exercise-list').nth(1).locator('.exercise-row').first();
    await first.getByRole('button', { name: /Mark as done/ }).click();
    await expect(
      page.locator('.exercise-list').nth(1).locator('.exercise-row').first().getByText('Done'),
    ).toBeVisible();
    await page.getByText('Confirm the whole lesson as done').first().click();
    await page.getByRole('button', { name: 'Confirm the whole lesson as done' }).click();
    await expect(page.getByText('Times done: 1')).toBeVisible();
    await snapBothWidths(page, 'en-lesson-done');
    await page.context().close();
  });
});

test('vi: a lesson opened online plays with no network; back online its progress is on another browser of the member', async ({
  page,
  context,
  browser,
}) => {
  test.slow();
  await signUp(page);
  await page.goto('/workout/newbie');
  await page.locator('.lesson-row').first().click();
  await expect(page.getByRole('link', { name: 'Bắt đầu tập' })).toBeVisible();
  await controlledByServiceWorker(page);
  // The lesson page keeps the lesson and fetches its drawings (the worker keeps them).
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('vietfit.workout.lessons')?.length ?? 0))
    .toBeGreaterThan(100);
  await expect
    .poll(() => page.evaluate(async () => (await (await caches.open('workout-drawings')).keys()).length))
    .toBeGreaterThan(4);
  const lessonUrl = page.url();

  await context.setOffline(true);
  await page.getByRole('link', { name: 'Bắt đầu tập' }).click();
  await expect(page.getByText(/^Bài 1\//)).toBeVisible();
  // The drawings come from the worker's cache.
  await expect
    .poll(() =>
      page
        .locator('.movement img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0);
  for (let i = 0; i < 40; i++) {
    if (await page.getByRole('heading', { name: 'Hoàn thành buổi tập' }).isVisible()) break;
    await page.getByRole('button', { name: 'Xong bài này' }).click();
    await page.waitForTimeout(150);
  }
  await expect(page.getByRole('heading', { name: 'Hoàn thành buổi tập' })).toBeVisible();
  await expect(page.getByText('Đang ngoại tuyến', { exact: false })).toBeVisible();
  await snapBothWidths(page, 'vi-player-offline-summary');
  expect(
    await page.evaluate(() => JSON.parse(localStorage.getItem('vietfit.workout.pending') ?? '[]').length),
  ).toBeGreaterThan(3);

  // Back online: the queue goes to the gateway by itself.
  await context.setOffline(false);
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('vietfit.workout.pending') ?? '[]').length), {
      timeout: timeLimit(15_000),
    })
    .toBe(0);
  const other = await browser.newContext({ storageState: await context.storageState() });
  const second = await other.newPage();
  await second.goto(lessonUrl);
  await expect(second.getByText('Đã tập 1 lần')).toBeVisible();
  await other.close();
});

test('en: the player in English to the summary; the About page credits Everkinetic', async ({ page }) => {
  test.slow();
  await signUp(page);
  await toEnglish(page);
  await page.goto('/workout/type/1/lesson/101');
  await expect(page.getByRole('heading', { name: 'Warm-up' })).toBeVisible();
  await page.getByRole('link', { name: 'Start workout' }).click();
  await expect(page.getByText(/^Exercise 1\//)).toBeVisible();
  await expect(page.getByText('Set 1/', { exact: false })).toBeVisible();
  await expect(page.getByText('Everkinetic (everkinetic.com), CC BY-SA 4.0', { exact: false })).toBeVisible();
  await snapBothWidths(page, 'en-player');
  for (let i = 0; i < 40; i++) {
    if (await page.getByRole('heading', { name: 'Workout complete' }).isVisible()) break;
    await page.getByRole('button', { name: 'Finish this exercise' }).click();
    await page.waitForTimeout(150);
  }
  await expect(page.getByRole('heading', { name: 'Workout complete' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to the lesson' }).click();
  await expect(page.getByText('Times done: 1')).toBeVisible();
  await page.goto('/account/about');
  await expect(page.getByText('Everkinetic (everkinetic.com), CC BY-SA 4.0', { exact: false })).toBeVisible();
});
