import { timeLimit } from '#tests/support/time-limit.ts';
import type { Browser, Locator, Page } from '@playwright/test';
import { userAgents as ua } from '#tests/support/user-agents.ts';
import { expect, signUp, snap, snapBothWidths, test, toEnglish, waitForHydrated } from './fixtures.ts';
import { buy, CLUB, copyValue, singleClubPlan, transfer, type Lang } from './membership-steps.ts';

// This file's journeys need the service worker (playwright.config.ts blocks it for the others).
test.use({ serviceWorkers: 'allow' });

// Issue 37 items 2, 3, 7, 11, 15, 16: stars that show only what was chosen (and say it), an offline
// alert and toasts that cover no control, Support without a stale promise, forms that preselect the
// member's club and drop an error once its field is right, aligned labels and links, §9's panels.

const T = {
  vi: {
    star: (n: number) => `${String(n)} ngôi sao`,
    chosen: (n: number) => `Bạn chọn ${String(n)}/5 sao`,
    required: 'Trường bắt buộc',
    phoneInvalid: 'Số điện thoại không đúng',
    send: 'Gửi',
    comment: 'Mô tả',
    phone: 'Số điện thoại (không bắt buộc)',
    offline: 'Không có kết nối mạng',
    closeOffline: 'Đóng thông báo',
    soon: /sớm có/,
    iosSheet: 'Thêm VietFit vào màn hình chính',
    inAppSheet: 'Mở VietFit bằng trình duyệt',
    how: 'Cách cài',
  },
  en: {
    star: (n: number) => (n === 1 ? '1 star' : `${String(n)} stars`),
    chosen: (n: number) => `Your rating: ${String(n)} of 5`,
    required: 'Required field',
    phoneInvalid: 'Phone number is incorrect',
    send: 'Send',
    comment: 'Description',
    phone: 'Phone number (optional)',
    offline: 'No internet connection',
    closeOffline: 'Close this message',
    soon: /coming soon/i,
    iosSheet: 'Add VietFit to your Home Screen',
    inAppSheet: 'Open VietFit in your browser',
    how: 'Show how',
  },
} as const;

/** The colour of each star of a star field, in the order 1 → 5. */
const starColours = (field: Locator) =>
  field.locator('label').evaluateAll((labels) =>
    labels
      .map((label) => ({ n: Number(label.querySelector('input')?.value), colour: getComputedStyle(label).color }))
      .sort((a, b) => a.n - b.n)
      .map((star) => star.colour),
  );

/** Only stars 1…n look chosen (one colour), the others look like no star was chosen, and the choice is said. */
async function expectStars(page: Page, lang: Lang, n: number) {
  const field = page.locator('fieldset.stars-field');
  await expect(field.getByRole('radio', { name: T[lang].star(n), exact: true })).toBeChecked();
  const colours = await starColours(field);
  expect(colours).toHaveLength(5);
  const unchosen = colours[4]!;
  const chosen = colours[0]!;
  if (n < 5) expect(chosen).not.toBe(unchosen);
  expect(colours).toEqual([...Array<string>(n).fill(chosen), ...Array<string>(5 - n).fill(n < 5 ? unchosen : chosen)]);
  // Said to screen readers (a live status) and shown: what was chosen.
  await expect.poll(() => field.getByRole('status').innerText()).toBe(T[lang].chosen(n));
}

/** The report form of the first club, in the language asked for. */
async function reportForm(page: Page, lang: Lang) {
  await page.goto(`/public/customer-report?club=${String(CLUB)}`);
  if (lang === 'en') {
    await page.getByRole('button', { name: /^EN/ }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  }
  await page.goto(`/public/customer-report/MACHINE?club=${String(CLUB)}`);
  await expect(page.locator('fieldset.stars-field')).toBeVisible();
}

const CONTROLS =
  'a[href], button, input:not([type=hidden]), select, textarea, summary, label, [role=button], [tabindex="0"]';
/** The header's controls (account, gift, support, bell), the back bar's and the bottom navigation's. */
const SHELL_CONTROLS = ['.app-header', '.sub-header', '.bottom-nav']
  .flatMap((bar) => CONTROLS.split(', ').map((c) => `${bar} ${c}`))
  .join(', ');

/** The boxes of every visible control (links, buttons, fields, summaries) outside `except`. */
const controlsOutside = (page: Page, except: string, controlsSelector = CONTROLS) =>
  page.evaluate(
    ([exceptSelector, selector]) => {
      const controls = [...document.querySelectorAll(selector)];
      return controls
        .filter(
          (el) =>
            !el.closest(exceptSelector) &&
            (el as HTMLElement).offsetParent !== null &&
            getComputedStyle(el).visibility !== 'hidden',
        )
        .map((el) => {
          const box = el.getBoundingClientRect();
          return {
            text: (el.textContent || el.getAttribute('aria-label') || el.tagName).trim().slice(0, 40),
            x: box.x,
            y: box.y,
            width: box.width,
            height: box.height,
          };
        })
        .filter((box) => box.width > 1 && box.height > 1);
    },
    [except, controlsSelector] as const,
  );

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Nothing clickable of the page lies under the element (compared in the viewport, as it is seen). */
async function coversNoControl(page: Page, cover: Locator, coverSelector: string, controls = CONTROLS) {
  const box = await cover.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const covered = (await controlsOutside(page, coverSelector, controls)).filter((control) => overlaps(box, control));
  expect(covered).toEqual([]);
}

for (const lang of ['vi', 'en'] as const satisfies Lang[]) {
  test(`${lang}: report stars light only the chosen ones and say the choice, JavaScript on; a field's error goes once it is right`, async ({
    page,
  }) => {
    const t = T[lang];
    await reportForm(page, lang);
    await waitForHydrated(page.getByRole('button', { name: t.send, exact: true }));
    await page.getByRole('button', { name: t.send, exact: true }).click();
    await expect(page.locator('.stars-field .field-error')).toHaveText(t.required);
    await expect(page.locator('#report-comment-error')).toHaveText(t.required);
    await page.getByLabel(t.phone).fill('0901');
    await page.getByRole('button', { name: t.send, exact: true }).click();
    await expect(page.locator('#report-phone-error')).toHaveText(t.phoneInvalid);

    await page.getByRole('radio', { name: t.star(2), exact: true }).click();
    await expectStars(page, lang, 2);
    // The stars are chosen now: their "Required field" goes; the description's stays until it is filled.
    await expect(page.locator('.stars-field .field-error')).toHaveCount(0);
    await expect(page.locator('#report-comment-error')).toHaveText(t.required);
    await snapBothWidths(page, `${lang}-report-stars-2`);
    await page.getByLabel(t.comment).fill('Máy chạy bộ số 3 kêu to');
    await expect(page.locator('#report-comment-error')).toHaveCount(0);
    await expect(page.getByLabel(t.comment)).not.toHaveAttribute('aria-invalid', 'true');
    // A phone still too short keeps its error; a whole number drops it.
    await page.getByLabel(t.phone).fill('09012');
    await expect(page.locator('#report-phone-error')).toHaveText(t.phoneInvalid);
    await page.getByLabel(t.phone).fill('0901234567');
    await expect(page.locator('#report-phone-error')).toHaveCount(0);

    await page.getByRole('radio', { name: t.star(4), exact: true }).click();
    await expectStars(page, lang, 4);
    await snap(page, `${lang}-report-stars-4`);
    // The keyboard's arrows move the choice, and the stars follow.
    await page.getByRole('radio', { name: t.star(4), exact: true }).press('ArrowLeft');
    await expectStars(page, lang, 3);
  });
}

test.describe('JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  for (const lang of ['vi', 'en'] as const satisfies Lang[]) {
    test(`${lang}: report stars light only the chosen ones and say the choice without JavaScript`, async ({ page }) => {
      await reportForm(page, lang);
      await expect(page.locator('fieldset.stars-field').getByRole('status')).toHaveCount(1);
      for (const n of [2, 4, 1, 5]) {
        await page.getByRole('radio', { name: T[lang].star(n), exact: true }).click();
        await expectStars(page, lang, n);
        if (n === 2) await snap(page, `${lang}-report-stars-2-nojs`);
      }
    });
  }
});

test('vi: a paying member: payment labels line up with their values, the rating prompt’s stars, a toast clear of the header, feedback for their club', async ({
  page,
  request,
}) => {
  test.slow();
  await signUp(page);
  const plan = await singleClubPlan(request);
  await buy(page, plan.id, 1);
  // The QR page: each label starts where its value starts (not centred above it).
  const rows = page.locator('.copy-facts .copy-row');
  await expect(rows.first()).toBeVisible();
  for (const row of await rows.all()) {
    const label = await row.locator('dt').boundingBox();
    const value = await row.locator('.copy-value').boundingBox();
    expect(Math.abs(label!.x - value!.x), await row.innerText()).toBeLessThanOrEqual(1);
  }
  await expectLinksAligned(page);
  await snap(page, 'vi-payment-qr-labels');
  const memo = (await copyValue(page, 'Nội dung').innerText()).trim();
  await transfer(request, memo, plan.totalPaymentFirst);
  await expect(page).toHaveURL(/\/membership\/payment\/result\/\d+$/, { timeout: timeLimit(15_000) });

  // Home's rating prompt: the same stars.
  await page.goto('/home');
  const banner = page.locator('.rating-banner').getByRole('link', { name: 'Đánh giá ngay' });
  await waitForHydrated(banner);
  await banner.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('radio', { name: '2 ngôi sao', exact: true }).click();
  await expectStars(page, 'vi', 2);
  await snap(page, 'vi-rating-prompt-stars-2');
  await dialog.getByRole('button', { name: 'Gửi', exact: true }).click();
  // The thank-you toast leaves the header's controls (and the bottom navigation) uncovered.
  const toast = page.locator('.toast');
  await expect(toast).toContainText('Cảm ơn bạn đã đánh giá!');
  await coversNoControl(page, toast, '.toast', SHELL_CONTROLS);
  await snap(page, 'vi-toast-home');

  // Support: no stale "coming soon" above the working feedback button; the form has the member's club.
  await page.goto('/support');
  await expect(page.locator('#feedback')).not.toContainText(T.vi.soon);
  await page.getByRole('link', { name: 'Gửi góp ý cho câu lạc bộ' }).click();
  await expect(page).toHaveURL(/\/support\/feedback$/);
  await expect(page.getByLabel('Câu lạc bộ')).toHaveValue(String(CLUB));
  await snap(page, 'vi-feedback-club-preselected');
});

for (const lang of ['vi', 'en'] as const satisfies Lang[]) {
  test(`${lang}: cut off after the page is ready, the offline alert covers no control (back bar, header, player's exit) and can be closed`, async ({
    page,
    context,
  }) => {
    test.slow();
    const t = T[lang];
    await signUp(page);
    if (lang === 'en') await toEnglish(page);
    // Support has no stale promise; its link-style actions start at the content's edge.
    await page.goto('/support');
    await expect(page.locator('#feedback')).not.toContainText(t.soon);
    await expectLinksAligned(page);
    await snap(page, `${lang}-support`);

    // A page with a back bar.
    await page.goto('/support/feedback');
    await waitForHydrated(page.locator('.sub-header-link').first());
    await context.setOffline(true);
    const alert = page.locator('.offline-alert');
    await expect(alert).toContainText(t.offline);
    await coversNoControl(page, alert, '.offline-alert');
    await snap(page, `${lang}-offline-back-bar`);
    // Scrolled down, still nothing under it.
    await page.mouse.wheel(0, 400);
    await page.waitForTimeout(200);
    await coversNoControl(page, alert, '.offline-alert');
    await alert.getByRole('button', { name: t.closeOffline }).click();
    await expect(alert).toHaveCount(0);
    await context.setOffline(false);

    // The workout player.
    await page.goto('/workout/newbie');
    await page.locator('.lesson-row').first().click();
    // A toast (the favourite's) leaves the header's controls uncovered.
    await page.getByRole('button', { name: lang === 'vi' ? /Thêm vào yêu thích/ : /Add to favourites/ }).click();
    const toast = page.locator('.toast');
    await expect(toast).toBeVisible();
    await coversNoControl(page, toast, '.toast', SHELL_CONTROLS);
    await snap(page, `${lang}-toast-lesson`);
    await page.getByRole('link', { name: lang === 'vi' ? 'Bắt đầu tập' : 'Start workout' }).click();
    await expect(page.getByText(lang === 'vi' ? /^Bài 1\// : /^Exercise 1\//)).toBeVisible();
    await waitForHydrated(page.locator('.player-top a, .player-top button').first());
    await context.setOffline(true);
    await expect(alert).toContainText(t.offline);
    await coversNoControl(page, alert, '.offline-alert');
    const counter = await page.getByText(lang === 'vi' ? /^Bài 1\// : /^Exercise 1\//).boundingBox();
    expect(overlaps((await alert.boundingBox())!, counter!)).toBe(false);
    await snapBothWidths(page, `${lang}-offline-player`);
    await alert.getByRole('button', { name: t.closeOffline }).click();
    await expect(alert).toHaveCount(0);
    await context.setOffline(false);
  });
}

/** Link-style actions (plain links, link buttons) of the page start at the content's left edge, as its text does. */
async function expectLinksAligned(page: Page) {
  const offsets = await page.evaluate(() =>
    [...document.querySelectorAll('main .link, main .button-link')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        // The text's left edge against the left edge of its parent's content box.
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        const parent = el.parentElement!;
        const style = getComputedStyle(parent);
        const edge =
          parent.getBoundingClientRect().left + parseFloat(style.paddingLeft) + parseFloat(style.borderLeftWidth);
        return { text: (el.textContent ?? '').trim(), offset: Math.round(text.left - edge) };
      }),
  );
  expect(offsets.length).toBeGreaterThan(0);
  expect(offsets.filter((link) => Math.abs(link.offset) > 1)).toEqual([]);
}

/** §9: a panel opens to 60 % of the window's height, and never lower than 350 px. */
async function expectPanelHeight(page: Page, sheet: Locator) {
  const { height } = page.viewportSize()!;
  // Polled: the sheet slides in, and an in-app browser's page may come twice (the open-in-browser attempt).
  await expect
    .poll(async () => Math.abs(((await sheet.boundingBox())?.height ?? 0) - Math.max(0.6 * height, 350)))
    .toBeLessThanOrEqual(2);
}

async function phone(browser: Browser, userAgent: string, size: { width: number; height: number }) {
  const context = await browser.newContext({
    viewport: size,
    isMobile: true,
    hasTouch: true,
    locale: 'vi-VN',
    userAgent,
  });
  return { context, page: await context.newPage() };
}

for (const size of [
  { width: 390, height: 844 },
  { width: 360, height: 640 },
  { width: 390, height: 520 },
]) {
  test(`§9 panels at ${String(size.width)}×${String(size.height)}: the iOS install help and the in-app-browser help open to 60 % of the window or 350 px`, async ({
    browser,
  }) => {
    const ios = await phone(browser, ua.iosSafari, size);
    await ios.page.goto('/landing');
    await ios.page.getByRole('button', { name: T.vi.how }).click();
    const iosSheet = ios.page.getByRole('dialog', { name: T.vi.iosSheet });
    await expect(iosSheet).toBeVisible();
    await expectPanelHeight(ios.page, iosSheet);
    await snap(ios.page, `vi-ios-sheet-${String(size.width)}x${String(size.height)}`);
    await ios.context.close();

    const inApp = await phone(browser, ua.zaloIos, size);
    await inApp.page.goto('/landing');
    const inAppSheet = inApp.page.getByRole('dialog', { name: T.vi.inAppSheet });
    await expect(inAppSheet).toBeVisible();
    await expectPanelHeight(inApp.page, inAppSheet);
    await snap(inApp.page, `vi-inapp-sheet-${String(size.width)}x${String(size.height)}`);
    await inApp.context.close();
  });
}
