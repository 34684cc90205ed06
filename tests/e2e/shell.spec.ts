import type { APIRequestContext, Page } from '@playwright/test';
import {
  expect,
  gatewayUrl,
  randomPhone,
  readOtp,
  signUp,
  skipNameStep,
  snap,
  test,
  toEnglish,
  typeOtp,
  waitForHydrated,
} from './fixtures.ts';

const tabs = [
  { path: '/home', vi: 'Trang chủ', en: 'Home' },
  { path: '/membership', vi: 'Gói tập', en: 'Membership' },
  { path: '/workout', vi: 'Tập luyện', en: 'Workout' },
  { path: '/inbody', vi: 'InBody', en: 'InBody' },
  { path: '/history', vi: 'Lịch sử', en: 'History' },
];

async function notify(request: APIRequestContext, phoneNumber: string, n: number, link: string | null = '/support') {
  const res = await request.post(`${gatewayUrl()}/sandbox/notifications`, {
    data: {
      phoneNumber,
      kind: 'GENERAL',
      titleVi: `Thông báo thử số ${n}`,
      titleEn: `Test notification ${n}`,
      bodyVi: `Nội dung thông báo số ${n}: lịch tập tuần này của câu lạc bộ đã được cập nhật.`,
      bodyEn: `Body of notification ${n}: this week's club timetable has been updated.`,
      link,
    },
  });
  expect(res.ok()).toBe(true);
}

for (const lang of ['vi', 'en'] as const) {
  test(`${lang}: the bottom navigation reaches every tab and marks the active one`, async ({ page }) => {
    await signUp(page);
    if (lang === 'en') await toEnglish(page);
    const nav = page.getByRole('navigation', { name: lang === 'vi' ? 'Điều hướng chính' : 'Main navigation' });
    for (const tab of [...tabs].reverse()) {
      await nav.getByRole('link', { name: tab[lang], exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${tab.path}$`));
      await expect(nav.getByRole('link', { name: tab[lang], exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      // Nothing hides under the fixed bar: the page's last element stays reachable.
      await page.mouse.wheel(0, 5000);
      await expect(page.locator('.app-footer .slogan')).toBeInViewport();
      await snap(page, `${lang}-tab${tab.path.replace('/', '-')}`);
    }
    // Header icons lead to the account, support and notification pages.
    await page
      .getByRole('link', { name: lang === 'vi' ? 'Thông báo' : 'Notifications' })
      .first()
      .click();
    await expect(page).toHaveURL(/\/notification$/);
  });
}

test('a page carries only its own style rules; the whole sheet is there before a client navigation needs it (ADR 029)', async ({
  page,
  request,
}) => {
  const landing = await (await request.get('/landing')).text();
  const pageCss = /<style[^>]*id="page-css"[^>]*>([\s\S]*?)<\/style>/.exec(landing)?.[1] ?? '';
  expect(pageCss).toContain(':root{');
  expect(pageCss).not.toContain('.clubs-title-row');
  expect(pageCss.length).toBeLessThan(12_000);

  await signUp(page);
  await expect(page).toHaveURL(/\/home$/);
  expect(await page.locator('#page-css').textContent()).not.toContain('.clubs-title-row');
  await expect(page.locator('link[rel="stylesheet"][href^="/assets/styles-"]')).toHaveCount(1);
  // A client navigation to another domain's page: its rules come from the whole sheet.
  await page
    .getByRole('navigation', { name: 'Điều hướng chính' })
    .getByRole('link', { name: 'Gói tập', exact: true })
    .click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.locator('.clubs-title-row .section-title')).toHaveCSS('margin-top', '16px');
});

test("a reload keeps the page's scroll position; a new visit starts at the top, its scroll script reading no sessionStorage (ADR 087)", async ({
  page,
  request,
}) => {
  const html = await (await request.get('/terms')).text();
  expect(html).toMatch(/replaceState\(\{ key \}, ""\);\s*if \(!restoreKey\) return;/);
  await page.goto('/terms');
  await expect(page.locator('h1')).toBeVisible();
  // The hydrated page keeps the position when it is left (React Router, on pagehide).
  await waitForHydrated(page.locator('h1'));
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(900 + 844);
  await page.evaluate(() => window.scrollTo(0, 900));
  await page.reload();
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(900);
  // The same address as a new entry: no stored position under its new key.
  await page.goto('/landing');
  await page.goto('/terms');
  await expect(page.locator('h1')).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => typeof (history.state as { key?: unknown } | null)?.key)).toBe('string');
});

test('a page downloads only the strings parts its routes name; a client navigation fetches the new part first (ADR 030)', async ({
  page,
  request,
}) => {
  const partChunk =
    /\/assets\/(shell|auth|home|notifications|account|membership|directory|guide|purchase|payments|history|contracts|receipts|platform|prompts|gift|busyness|newcomer|classes|classCards|referral|subscription|freeze|feedback|workouts|inbody|pt|staff|staffToday|staffCash|staffAgenda|staffTrials|staffAudit|staffInbox|staffPayments|staffScanner|staffClasses|staffNotify|staffTeam|staffSettings)-[\w-]{8}\.js$/;
  // The server names the page's parts among the modules it preloads, beside the entry (not after it).
  const landing = await (await request.get('/landing')).text();
  const preloaded = /id="deferred-modulepreloads">[^<]*/.exec(landing)?.[0] ?? '';
  expect(
    [...preloaded.matchAll(/\/assets\/(\w+)-[\w-]{8}\.js/g)]
      .map((m) => m[1])
      .filter((name) => partChunk.test(`/assets/${name}-xxxxxxxx.js`))
      .sort(),
  ).toEqual(['account', 'auth', 'shell']);
  const fetched: string[] = [];
  page.on('request', (req) => {
    const part = partChunk.exec(new URL(req.url()).pathname)?.[1];
    if (part) fetched.push(part);
  });
  await signUp(page);
  await expect(page).toHaveURL(/\/home$/);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-strings', 'busyness classCards home shell');
  await expect(page.getByRole('heading', { name: 'Xin chào!' })).toBeVisible();
  fetched.length = 0;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Xin chào!' })).toBeVisible();
  // Once idle, pull-to-reload and the update prompt come with their own part (prompts).
  await expect(page.locator('.pull[data-armed]')).toBeAttached();
  expect([...new Set(fetched)].sort()).toEqual(['busyness', 'classCards', 'home', 'prompts', 'shell']);

  // The membership part comes with the navigation: the page shows texts, never a key.
  await page
    .getByRole('navigation', { name: 'Điều hướng chính' })
    .getByRole('link', { name: 'Gói tập', exact: true })
    .click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.locator('html')).toHaveAttribute('data-strings', 'busyness directory guide membership shell');
  expect(fetched).toContain('membership');
  await expect(page.locator('main')).not.toContainText(/\b(membership|homeCard|payment|club)\.[a-z]/);

  // Switched to English (on /account), the English parts load as pages need them.
  await toEnglish(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Account/);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Membership', exact: true })
    .click();
  await expect(page).toHaveURL(/\/membership$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('main')).not.toContainText(/\b(membership|homeCard|payment|club)\.[a-z]/);
  await snap(page, 'en-membership-after-switch');
});

test('notifications: unread dot, list, detail with its deep link, mark all read, other members see none', async ({
  page,
  request,
  browser,
}) => {
  const phone = await signUp(page);
  // The welcome notification of sign-up is unread.
  await expect(page.getByTestId('unread-dot')).toBeVisible();
  await notify(request, phone, 1, '/support');
  await notify(request, phone, 2, null);
  await page.reload();
  await page.getByRole('link', { name: /Thông báo, 3 chưa đọc/ }).click();
  await expect(page.getByRole('heading', { name: 'Thông báo', exact: true })).toBeVisible();
  const cards = page.locator('.notification-card');
  await expect(cards).toHaveCount(3);
  // Newest first, all unread.
  await expect(cards.first()).toContainText('Thông báo thử số 2');
  await expect(page.locator('.notification-card.unread')).toHaveCount(3);
  // The push card paints with the page (issue 18) and its button works once the phone is checked.
  await expect(page.getByRole('button', { name: 'Bật thông báo' })).toBeEnabled();
  await snap(page, 'vi-notification-list');

  await cards.filter({ hasText: 'Thông báo thử số 1' }).click();
  await expect(page.getByRole('heading', { name: 'Thông báo thử số 1' })).toBeVisible();
  await expect(page.getByText('lịch tập tuần này')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Thông báo, 2 chưa đọc' })).toBeVisible();
  await snap(page, 'vi-notification-detail');
  const detailUrl = page.url();
  await page.getByRole('link', { name: 'Xem chi tiết' }).click();
  await expect(page).toHaveURL(/\/support$/);

  // Another member opening this notification gets "not found", never its text.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const otherPage = await other.newPage();
  await signUp(otherPage);
  await otherPage.goto(detailUrl);
  await expect(otherPage.getByRole('heading', { name: 'Không tìm thấy thông báo' })).toBeVisible();
  await expect(otherPage.getByText('Thông báo thử số 1')).toHaveCount(0);
  await snap(otherPage, 'vi-notification-not-found');
  await other.close();

  await page.goto('/notification');
  await page.getByRole('button', { name: 'Đánh dấu tất cả đã đọc' }).click();
  await expect(page.getByRole('status')).toHaveText('Đã đánh dấu tất cả thông báo là đã đọc.');
  await expect(page.locator('.notification-card.unread')).toHaveCount(0);
  await expect(page.getByTestId('unread-dot')).toHaveCount(0);
  await snap(page, 'vi-notification-all-read');
});

test('notifications in English, paged 20 to a page, with JavaScript off', async ({ browser, request }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    javaScriptEnabled: false,
    locale: 'vi-VN',
  });
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  const phone = await signUpInBrowserNoJs(page, request);
  for (let n = 1; n <= 21; n++) await notify(request, phone, n);
  await toEnglish(page);
  await page.goto('/notification');
  await expect(page.locator('.notification-card')).toHaveCount(20);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  // Server-rendered as "off"; without JavaScript its button cannot work, so it is disabled.
  await expect(page.getByText('Get notifications on your phone')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn on notifications' })).toBeDisabled();
  await snap(page, 'en-notification-list');
  await page.getByRole('link', { name: 'Older' }).click();
  await expect(page).toHaveURL(/page=2$/);
  // 22 in all: 21 sent here and the welcome one, the oldest.
  await expect(page.locator('.notification-card')).toHaveCount(2);
  await expect(page.locator('.notification-card').last()).toContainText('Welcome');
  await page.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(page.locator('.notification-card.unread')).toHaveCount(0);
  await page.goto('/notification?page=9');
  await expect(page.getByRole('heading', { name: 'No more notifications' })).toBeVisible();
  await context.close();
});

test('a member with a gift sees the gift icon, with its hint popup only the first time', async ({
  page,
  request,
  browser,
}) => {
  // The popover and its strings are their own chunks (ADR 030): fetched only for a member with a gift.
  const giftChunks: string[] = [];
  page.on('request', (r) => {
    if (/\/assets\/gift(-popover)?-[\w-]+\.js$/.test(r.url())) giftChunks.push(r.url());
  });
  const phone = await signUp(page);
  await expect(page.getByLabel('Quà tặng của bạn')).toHaveCount(0);
  expect(giftChunks).toEqual([]);
  const res = await request.put(`${gatewayUrl()}/sandbox/gift`, {
    data: {
      phoneNumber: phone,
      titleVi: 'Tặng 1 buổi tập thử miễn phí',
      titleEn: 'One free trial session',
      descriptionVi: 'Dẫn một người bạn đến tập thử một buổi tại bất kỳ câu lạc bộ nào.',
      descriptionEn: 'Bring a friend for one free trial session at any club.',
    },
  });
  expect(res.ok()).toBe(true);
  await page.reload();
  const hint = page.getByText('Bạn có một món quà!');
  await expect(hint).toBeVisible();
  await expect(page.getByText('Tặng 1 buổi tập thử miễn phí')).toBeVisible();
  await snap(page, 'vi-gift-hint');
  await page.goto('/membership');
  await expect(hint).toHaveCount(0);
  await expect(page.getByText('Tặng 1 buổi tập thử miễn phí')).toBeHidden();
  await page.getByLabel('Quà tặng của bạn').first().click();
  await expect(page.getByText('Tặng 1 buổi tập thử miễn phí')).toBeVisible();
  await snap(page, 'vi-gift-open');
  // A tap elsewhere on the page closes it.
  await page.mouse.click(30, 700);
  await expect(page.getByText('Tặng 1 buổi tập thử miễn phí')).toBeHidden();
  expect(giftChunks.length).toBeGreaterThan(0);

  // Without JavaScript the server's HTML has it in place, and the disclosure opens by itself.
  const noJs = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plain = await noJs.newPage();
  await plain.goto('/membership');
  await expect(plain.getByText('Tặng 1 buổi tập thử miễn phí')).toBeHidden();
  await plain.getByLabel('Quà tặng của bạn').first().click();
  await expect(plain.getByText('Tặng 1 buổi tập thử miễn phí')).toBeVisible();
  await noJs.close();
});

/** Sign-up through plain form posts (no JavaScript): the code boxes are posted as typed. */
async function signUpInBrowserNoJs(page: Page, request: APIRequestContext) {
  const phone = randomPhone();
  await page.goto('/login');
  await page.getByLabel('Số điện thoại').fill(phone);
  await page.getByRole('button', { name: 'Nhận mã OTP' }).click();
  await typeOtp(page, await readOtp(request, phone));
  await page.getByRole('button', { name: 'Xác nhận' }).click();
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Đăng ký' }).click();
  await skipNameStep(page);
  return phone;
}
